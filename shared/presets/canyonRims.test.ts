import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { buildPreset } from './terrainPresets';
import { bedSlopeCounts, shareBetween } from './testing/bedSlopes';
import { rimWidths } from './testing/rimWidths';

/**
 * Canyons' rims are edges, not shoulders (issue 35 §3: "would a designer who uses Gaea call Canyons a
 * canyon?"). In canyon country the plateau runs flat to the top of the sandstone and breaks off over its
 * cliff (Canyonlands' Island in the Sky, the Grand Canyon's Kaibab rim): a rim a few metres wide,
 * where soil-mantled hills round over convex shoulders (Gilbert 1909). At 513² × 2 m, seeds 3, 11 and
 * 29 (testing/rimWidths.ts: from level ground under 15° down the steepest path to a cliff over 60° in
 * a cliff-forming bed):
 * - the median rim is at most 10 m (five cells) wide. With each cliff-former standing no steeper than
 *   its own thickness over the face's cells, the thin caprock and the sandstone over it stood at 55–60°
 *   and the ground fell over a shoulder 16.1/13.7/11.3 m wide; with the touching cliff-formers one
 *   face (faceUnits), 8.5/6.8/10 m;
 * - and a quarter of the rims are at most 7 m wide (three and a half cells): the quartile was
 *   10.5/8.5/9.7 m before, 5.7/5.7/6.8 m with it.
 * - The cliff-formers' faces stand steep: of their triangles over 45°, at least 48 % over 70° at seeds
 *   3 and 11, whose canyons cut the whole column (44.5–45.6 % before, 50.7–50.9 % with it); seed 29's
 *   shallow canyons cut mostly the caprock (25 % either way; canyonCliffs.test.ts asks a fifth).
 */
const CASES = [
  { seed: 3, faces: 0.48 },
  { seed: 11, faces: 0.48 },
  { seed: 29, faces: 0.2 },
];
const MAX_MEDIAN_M = 10;

describe('Canyons: crisp rims over steep sandstone faces', () => {
  for (const { seed, faces } of CASES) {
    it(`seed ${seed}: the median rim at most ${MAX_MEDIAN_M} m wide, a quarter within 7 m; ${faces * 100} % of the faces over 70°`, () => {
      const target = { width: 513, depth: 513, cellSize: 2, seed };
      const { recipe, finishing } = buildPreset('canyons', target);
      const fluvial = finishing.find((step) => step.kind === 'fluvial');
      if (fluvial?.kind !== 'fluvial' || !fluvial.strata) throw new Error('Canyons has no fluvial layer with strata');
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      const rims = rimWidths(field, fluvial.strata).sort((a, b) => a - b);
      expect(rims.length).toBeGreaterThan(300);
      expect(rims[Math.floor(rims.length / 2)]).toBeLessThanOrEqual(MAX_MEDIAN_M);
      expect(rims[Math.floor(rims.length / 4)]).toBeLessThanOrEqual(7);
      expect(shareBetween(bedSlopeCounts(field, fluvial.strata).faces, 70, 91)).toBeGreaterThanOrEqual(faces);
    }, 120_000);
  }
});
