import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { flatLevels } from '../terrain/slopeHistogram';
import { strataPeriod } from '../terrain/strata';
import { buildPreset } from './terrainPresets';
import { cliffBandsDownWalls } from './testing/wallProfile';

/**
 * Canyons' walls read as layered rock, not as contour lines (issue 35 §3, issue 34): at 513² × 2 m,
 * seeds 3, 11 and 29.
 * - Stepped walls. Down a wall of flat-lying beds of uneven hardness the profile alternates: a
 *   cliff (over 50°) where a hard bed stands, then gentler ground (under 35°: a bench, a shale slope,
 *   talus) where a soft bed has weathered back, then the next cliff — the Grand Canyon's Kaibab,
 *   Coconino, Redwall and Tapeats cliffs over the Toroweap, Hermit and Bright Angel slopes. Every path
 *   of steepest descent from flat ground that falls 30 m or more into a canyon is followed to the floor
 *   and its cliff bands counted (testing/wallProfile.ts). A wall that is one face, whatever colour
 *   its stripes, has one band; a wall that cuts two or more cliff-forming beds has one per bed. So at
 *   least half the descents (the median) are asked to cross two bands or more. The regular column of
 *   10 m of shale and 4 m of sandstone (×scale) before this made one face: 99.3–99.9 % of the
 *   descents crossed a single band.
 * - No bed twice in a wall. A column that repeats within the canyons' depth paints the same pair of
 *   stripes up every wall at an even spacing — the contour-line look; a sedimentary sequence such as
 *   the Grand Canyon's does not repeat between rim and river. So the column's period is asked to be at
 *   least the depth of the deepest ground below the plateau (the flat level holding most of the map).
 *   The old column’s period was 28 m, in canyons 66–87 m deep.
 */
const SEEDS = [3, 11, 29];
const MIN_DROP_M = 30;

describe('Canyons: walls stepped by uneven beds', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: most descents into the canyons cross two or more cliff bands; no bed shows twice in a wall`, () => {
      const target = { width: 513, depth: 513, cellSize: 2, seed };
      const { recipe, finishing } = buildPreset('canyons', target);
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });

      const bands = cliffBandsDownWalls(field, MIN_DROP_M).sort((a, b) => a - b);
      expect(bands.length).toBeGreaterThan(500);
      expect(bands[Math.floor(bands.length / 2)]).toBeGreaterThanOrEqual(2);

      const fluvial = finishing.find((step) => step.kind === 'fluvial');
      if (fluvial?.kind !== 'fluvial' || !fluvial.strata) throw new Error('Canyons has no fluvial layer with strata');
      const levels = flatLevels(field, 10, 2, 0.02);
      const plateau = levels.reduce((a, b) => (b.share > a.share ? b : a)).height;
      const lowest = field.heights.reduce((a, b) => Math.min(a, b), Infinity);
      expect(strataPeriod(fluvial.strata)).toBeGreaterThanOrEqual(plateau - lowest);
    }, 60_000);
  }
});
