import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { heightRange } from '../terrain/heightfield';
import { groundLayers } from '../ground/groundMaterials';
import { defaultMaskSet, layerWeights, MaskSources } from '../export/masks';
import { gridFromField } from '../export/grid';
import { presetClimate } from './presetClimates';
import { buildPreset, type PresetId } from './terrainPresets';

const target = (seed: number) => ({ width: 257, depth: 257, cellSize: 2, seed });
const land = (id: PresetId, seed: number) => {
  const { recipe, finishing } = buildPreset(id, target(seed));
  return replayTerrainOnce({ ...target(seed), recipe, steps: finishing });
};
const shareAbove = (heights: Float32Array, line: number) => heights.reduce((n, h) => n + (h >= line ? 1 : 0), 0) / heights.length;

describe('each preset’s climate', () => {
  it('Canyons and Mesas are deserts: no snow layer, and the snow line far above their land (the drive finds no snow)', () => {
    for (const id of ['canyons', 'mesas'] as const) {
      const climate = presetClimate(id, target(1));
      expect(climate.climate).toBe('desert');
      expect(groundLayers(climate.climate, climate, { erosion: true, road: true }).some((l) => l.material === 'snow')).toBe(false);
      for (const seed of [1, 2]) expect(heightRange(land(id, seed).heights).max).toBeLessThan(climate.snowLine);
    }
  });

  it('Canyons’ talus aprons (28–40° below a cliff) are scree in the engine’s splat masks, its cliffs rock', () => {
    // Talus rests at scree's angle of repose, 33–37° (Statham 1977; Carson 1977); a cliff stands steeper.
    const field = land('canyons', 1);
    const { width, depth } = field;
    const n = width * depth;
    const climate = presetClimate('canyons', target(1));
    const range = heightRange(field.heights);
    const set = defaultMaskSet(range.min, range.max, false, climate.snowLine, { climate: climate.climate, treeLine: climate.treeLine });
    const sources = new MaskSources(gridFromField(field), {});
    const slope = sources.values('slope');
    const weights = layerWeights(set, sources, n);
    const scree = set.layers.findIndex((l) => l.name === 'scree');
    const rock = set.layers.findIndex((l) => l.name === 'rock');
    expect(scree).toBeGreaterThan(0);
    const most = (k: number) => weights.reduce((best, w, l) => (w[k] > weights[best][k] ? l : best), 0);
    // An apron cell: 28–40° with a higher cliff cell (over 55°) within 5 cells.
    const reach = 5;
    let aprons = 0;
    let screeAprons = 0;
    let cliffs = 0;
    let rockCliffs = 0;
    for (let j = reach; j < depth - reach; j++)
      for (let i = reach; i < width - reach; i++) {
        const k = j * width + i;
        if (slope[k] > 60) {
          cliffs++;
          if (most(k) === rock) rockCliffs++;
        }
        if (slope[k] < 28 || slope[k] > 40) continue;
        let belowCliff = false;
        for (let dj = -reach; dj <= reach && !belowCliff; dj++)
          for (let di = -reach; di <= reach && !belowCliff; di++) {
            const m = k + dj * width + di;
            belowCliff = slope[m] > 55 && field.heights[m] > field.heights[k];
          }
        if (!belowCliff) continue;
        aprons++;
        if (most(k) === scree) screeAprons++;
      }
    expect(aprons).toBeGreaterThan(200);
    expect(screeAprons / aprons).toBeGreaterThan(0.9);
    expect(rockCliffs / cliffs).toBeGreaterThan(0.95);
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
