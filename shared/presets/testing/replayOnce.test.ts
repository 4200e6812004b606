import { describe, expect, it } from 'vitest';
import { replayTerrain } from '../../recipe/replay';
import { buildPreset } from '../terrainPresets';
import { replayTerrainOnce } from './replayOnce';

describe('replayTerrainOnce', () => {
  const target = { width: 65, depth: 65, cellSize: 2, seed: 5 };
  const { recipe, finishing } = buildPreset('mountains', target);
  const input = { ...target, recipe, steps: finishing };

  it('gives the replay’s bytes, each call its own copy, and another input its own terrain', () => {
    const fresh = replayTerrain(input).heights;
    const first = replayTerrainOnce(input);
    expect(first.heights).toEqual(fresh);
    first.heights.fill(0);
    const second = replayTerrainOnce(input);
    expect(second.heights).toEqual(fresh);
    expect(second.heights).not.toBe(first.heights);
    const target6 = { ...target, seed: 6 };
    const seed6 = buildPreset('mountains', target6);
    const other = replayTerrainOnce({ ...target6, recipe: seed6.recipe, steps: seed6.finishing });
    expect(other.heights).not.toEqual(fresh);
  });
});
