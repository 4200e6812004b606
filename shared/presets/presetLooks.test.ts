import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import type { Heightfield } from '../terrain/heightfield';
import { flatLevels, flatShareBetween, slopeHistogram } from '../terrain/slopeHistogram';
import { buildPreset } from './terrainPresets';

/** Presets that look like their names (issue 22 item 5), measured on the slope histogram at 513² × 1 m. */
const target = (seed: number) => ({ width: 513, depth: 513, cellSize: 1, seed });

/** Connected areas (4-neighbours) of at least `least` vertices where `inside` holds. */
function regions(field: Heightfield, inside: (height: number) => boolean, least: number): number {
  const { width, depth, heights } = field;
  const seen = new Uint8Array(heights.length);
  const stack: number[] = [];
  let count = 0;
  for (let k = 0; k < heights.length; k++) {
    if (seen[k] || !inside(heights[k])) continue;
    let size = 0;
    seen[k] = 1;
    stack.push(k);
    while (stack.length > 0) {
      const c = stack.pop() ?? 0;
      size++;
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
        if (!seen[n] && inside(heights[n])) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (size >= least) count++;
  }
  return count;
}

/** Fraction of vertices whose height satisfies `inside`. */
const share = (field: Heightfield, inside: (height: number) => boolean): number =>
  field.heights.reduce((sum, h) => sum + (inside(h) ? 1 : 0), 0) / field.heights.length;

describe('presets measured by their slopes', () => {
  for (const seed of [1, 2, 3]) {
    it(`Mesas: flat tops at three or more levels, steep faces with talus at their feet (seed ${seed})`, () => {
      const { recipe, finishing } = buildPreset('mesas', target(seed));
      const field = replayTerrainOnce({ ...target(seed), recipe, steps: finishing });
      const histogram = slopeHistogram(field);
      // ≥ 30 % of the area under 5° of slope…
      expect(histogram.between(0, 5)).toBeGreaterThanOrEqual(0.3);
      // …at three or more distinct levels (flat ground, 2 m bins, each level ≥ 3 % of the map)…
      const levels = flatLevels(field, 5, 2, 0.03);
      expect(levels.length).toBeGreaterThanOrEqual(3);
      for (let k = 1; k < levels.length; k++) expect(levels[k].height - levels[k - 1].height).toBeGreaterThan(10);
      // …steep faces over 45°, and the skirts between faces and treads (15°–45°).
      expect(histogram.between(45, 90)).toBeGreaterThanOrEqual(0.1);
      expect(histogram.between(15, 45)).toBeGreaterThanOrEqual(0.08);
    });
  }

  for (const seed of [1, 2, 3]) {
    it(`Canyons: a plateau cut by a few canyon networks at least 30 m deep, with ledges in their walls (seed ${seed})`, () => {
      const { recipe, finishing } = buildPreset('canyons', target(seed));
      const field = replayTerrainOnce({ ...target(seed), recipe, steps: finishing });
      const histogram = slopeHistogram(field);
      // The plateau: ≥ 50 % of the area under 10°.
      expect(histogram.between(0, 10)).toBeGreaterThanOrEqual(0.5);
      // Its height: the flat level holding most of the map (2 m bins).
      const levels = flatLevels(field, 10, 2, 0.02);
      const plateau = levels.reduce((a, b) => (b.share > a.share ? b : a)).height;
      // Canyons: ground 30 m or more below the plateau, a few separate systems of it, not a pitted
      // sheet. Since issue 35 they are cut by the fluvial layer: branching networks of narrow
      // canyons heading into the plateau from the rivers' mouths (0.5 % of the map 30 m deep or
      // more, where the old wide chamfered cuts along D8 lines made 3 %). Specks under 25 m² (single
      // vertices of a floor at the threshold: 9 of seed 3's 12 areas before the plateau's washes, 12 of
      // 15 with them) are not systems.
      const deep = (h: number): boolean => h <= plateau - 30;
      expect(share(field, deep)).toBeGreaterThanOrEqual(0.005);
      const systems = regions(field, deep, 25);
      expect(systems).toBeGreaterThanOrEqual(1);
      expect(systems).toBeLessThanOrEqual(12);
      // Stepped walls: steep faces (1.5 % of the map over 45°: narrower canyons have less wall) and
      // flat ledges between the floor and the rim.
      expect(histogram.between(45, 90)).toBeGreaterThanOrEqual(0.015);
      expect(flatShareBetween(field, 10, plateau - 40, plateau - 8)).toBeGreaterThanOrEqual(0.005);
    });
  }
});
