import { describe, expect, it } from 'vitest';
import { replayTerrain } from '../recipe/replay';
import { heightRange } from '../terrain/heightfield';
import { groundLayers } from '../ground/groundMaterials';
import { presetClimate } from './presetClimates';
import { buildPreset, type PresetId } from './terrainPresets';

const target = (seed: number) => ({ width: 257, depth: 257, cellSize: 2, seed });
const land = (id: PresetId, seed: number) => {
  const { recipe, finishing } = buildPreset(id, target(seed));
  return replayTerrain({ ...target(seed), recipe, steps: finishing });
};
const shareAbove = (heights: Float32Array, line: number) => heights.reduce((n, h) => n + (h >= line ? 1 : 0), 0) / heights.length;

describe('each preset’s climate', () => {
  it('Canyons and Mesas are deserts: no snow or scree layer, and the snow line far above their land (the drive finds no snow)', () => {
    for (const id of ['canyons', 'mesas'] as const) {
      const climate = presetClimate(id, target(1));
      expect(climate.climate).toBe('desert');
      expect(groundLayers(climate.climate, climate, { erosion: true, road: true }).some((l) => l.material === 'snow' || l.name === 'scree')).toBe(false);
      for (const seed of [1, 2]) expect(heightRange(land(id, seed).heights).max).toBeLessThan(climate.snowLine);
    }
  });

  it('Mountains and Classic have snow on their peaks only (4–8 % of the land, every seed), scree above their upper third; Rolling hills none', () => {
    for (const id of ['mountains', 'classic'] as const) {
      for (const seed of [1, 2, 3]) {
        const { heights } = land(id, seed);
        const lines = presetClimate(id, target(seed), heights);
        expect(lines.climate).toBe('temperate');
        const snow = shareAbove(heights, lines.snowLine);
        expect(snow, `${id} seed ${seed}`).toBeGreaterThan(0.04);
        expect(snow, `${id} seed ${seed}`).toBeLessThan(0.08);
        expect(shareAbove(heights, lines.treeLine), `${id} seed ${seed}`).toBeGreaterThan(0.2);
        expect(shareAbove(heights, lines.treeLine), `${id} seed ${seed}`).toBeLessThan(0.35);
      }
    }
    const hills = presetClimate('rolling-hills', target(1));
    expect(shareAbove(land('rolling-hills', 1).heights, hills.snowLine)).toBe(0);
  });

  it('scales its lines with the preset’s relief: a 4097² × 1 m Mountains has its snow line 4 × higher (relief × 4)', () => {
    const small = presetClimate('mountains', target(1));
    const large = presetClimate('mountains', { width: 4097, depth: 4097, cellSize: 1 });
    expect(large.snowLine).toBeCloseTo(small.snowLine * 4, 6);
    expect(large.treeLine).toBeCloseTo(small.treeLine * 4, 6);
  });
});
