import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { stepProblem } from '../recipe/steps';
import { slopeStats } from '../terrain/slopeStats';
import { heightRange } from '../terrain/heightfield';
import { buildPreset, DEFAULT_PRESET_ID, PRESET_IDS, presetById } from './terrainPresets';

const target = (size: number, cellSize = 2, seed = 1) => ({ width: size, depth: size, cellSize, seed });

describe('terrain presets', () => {
  it('every preset builds a valid recipe and steps at every size, with the seed given', () => {
    for (const id of PRESET_IDS) {
      for (const size of [129, 257, 1025, 4097]) {
        const { recipe, finishing } = buildPreset(id, target(size, 2, 77));
        expect(recipe.seed).toBe(77);
        expect(Number.isInteger(recipe.iterations) && recipe.iterations > 0).toBe(true);
        if (recipe.profile?.kind === 'smooth') expect(recipe.profile.width).toBeGreaterThan(0);
        for (const step of finishing) {
          expect(stepProblem(step)).toBeNull();
          if (step.kind === 'hydraulic') expect(step.seed).toBe(77);
        }
      }
    }
    expect(presetById('nope')).toBeUndefined();
    expect(() => buildPreset('nope' as never, target(257))).toThrow(/unknown preset "nope"/);
  });

  // The promise for the default: at 2 m cells, ≥ 70 % of triangles under 30°, no vertical cliffs.
  for (const seed of [1, 2, 3]) {
    it(`the default preset is natural land at 257² × 2 m (seed ${seed})`, () => {
      const size = target(257, 2, seed);
      const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, size);
      const field = replayTerrainOnce({ ...size, recipe, steps: finishing });
      const stats = slopeStats(field, 30);
      expect(stats.fractionUnder).toBeGreaterThanOrEqual(0.7);
      expect(stats.maxDeg).toBeLessThan(60);
      const { min, max } = heightRange(field.heights);
      // Land, not a flat sheet: tens of metres of relief.
      expect(max - min).toBeGreaterThan(20);
    });
  }

  it('presets differ from each other and the islands preset has sea below 0 m and land above', () => {
    const size = target(129, 2, 4);
    const fields = PRESET_IDS.map((id) => {
      const { recipe, finishing } = buildPreset(id, size);
      return replayTerrainOnce({ ...size, recipe, steps: finishing });
    });
    for (let a = 0; a < fields.length; a++)
      for (let b = a + 1; b < fields.length; b++) expect(Buffer.from(fields[a].heights.buffer).equals(Buffer.from(fields[b].heights.buffer))).toBe(false);
    const islands = fields[PRESET_IDS.indexOf('islands')].heights;
    expect(islands.some((h) => h < -1)).toBe(true);
    expect(islands.some((h) => h > 10)).toBe(true);
  });
});
