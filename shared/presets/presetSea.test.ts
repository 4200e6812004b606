import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import type { Heightfield } from '../terrain/heightfield';
import { presetSea } from './presetSea';
import { buildPreset, PRESET_IDS } from './terrainPresets';

/** Connected areas (4-neighbours) of the vertices whose height is above `level`, of at least `minCount` vertices. */
function landRegions(field: Heightfield, level: number, minCount: number): number {
  const { width, depth, heights } = field;
  const seen = new Uint8Array(heights.length);
  let regions = 0;
  for (let start = 0; start < heights.length; start++) {
    if (seen[start] || heights[start] <= level) continue;
    seen[start] = 1;
    const stack = [start];
    let count = 0;
    while (stack.length > 0) {
      const c = stack.pop() ?? 0;
      count++;
      const x = c % width;
      const y = (c - x) / width;
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ]) {
        if (nx < 0 || ny < 0 || nx >= width || ny >= depth) continue;
        const n = ny * width + nx;
        if (!seen[n] && heights[n] > level) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (count >= minCount) regions++;
  }
  return regions;
}

describe('the sea a preset shows', () => {
  it('Islands turns the sea plane on at 0 m; no other preset has a sea', () => {
    expect(presetSea('islands')).toEqual({ water: true, seaLevel: 0 });
    for (const id of PRESET_IDS.filter((p) => p !== 'islands')) expect(presetSea(id), id).toEqual({ water: false });
  });

  for (const [size, seed] of [
    [257, 1],
    [257, 2],
    [513, 3],
  ] as const) {
    it(`Islands at ${size}² (seed ${seed}): a tenth to four fifths of the map is under its sea, and land rises from it`, () => {
      const target = { width: size, depth: size, cellSize: 512 / (size - 1), seed };
      const { recipe, finishing } = buildPreset('islands', target);
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      const sea = presetSea('islands');
      if (!sea.water) throw new Error('Islands has no sea');
      const under = field.heights.reduce((n, h) => n + (h < sea.seaLevel ? 1 : 0), 0) / field.heights.length;
      expect(under).toBeGreaterThan(0.1);
      expect(under).toBeLessThan(0.8);
      // An island: at least 0.2 % of the map above the sea.
      expect(landRegions(field, sea.seaLevel, Math.ceil(0.002 * field.heights.length))).toBeGreaterThanOrEqual(1);
    });
  }
});
