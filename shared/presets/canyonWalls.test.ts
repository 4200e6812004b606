import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import type { Heightfield } from '../terrain/heightfield';
import { slopeHistogram } from '../terrain/slopeHistogram';
import { hardnessMap, type Strata } from '../terrain/strata';
import { TERRAIN_PRESETS } from './terrainPresets';

/**
 * Canyons' walls stepped by the hard beds (issue 35): cliff bands where the sandstone is, slopes and
 * talus where the shale is, not one smooth slope from rim to floor. The preset's thermal step does it:
 * the walls retreat to each bed's standing angle, then shed talus (shared/erosion/wallRetreat.ts).
 *
 * Measure: over the wall vertices (slope > 20°, central differences), the mean slope (tangent) of
 * those in hard beds over the mean of those in soft beds, beds from the recipe's own strata: hard
 * are the beds harder than the geometric mean of the column's softest and hardest (with two kinds of
 * rock, the harder kind). On a
 * wall whose slope does not depend on the rock — a slot cut by the fluvial layer and smoothed by one
 * talus everywhere, the recipe before this — the two means are equal, a ratio of 1 up to sampling
 * (0.98–1.02). On a stepped wall the hard beds stand steeper than the soft ones between them, so the
 * ratio is above 1; 1.06 is asked, three times the spread of the unstepped walls. And the canyons are
 * canyons, not a sheet of walls: at 513² at least half the map stays plateau (under 10°, as presetLooks).
 */
const CASES = [257, 513].flatMap((size) => [3, 11, 29].map((seed) => ({ size, seed })));
const WALL_SLOPE = Math.tan((20 * Math.PI) / 180);
const MIN_RATIO = 1.06;
const canyons = TERRAIN_PRESETS.find((preset) => preset.id === 'canyons');

function hardOverSoftWallSlope(field: Heightfield, strata: Strata): number {
  const { width, depth, cellSize, heights: h } = field;
  const hardness = hardnessMap(strata, field, h);
  const hardnesses = strata.beds.map((bed) => bed.hardness);
  const middle = Math.sqrt(Math.min(...hardnesses) * Math.max(...hardnesses));
  let hardSum = 0;
  let hardCount = 0;
  let softSum = 0;
  let softCount = 0;
  for (let j = 1; j < depth - 1; j++)
    for (let i = 1; i < width - 1; i++) {
      const k = j * width + i;
      const slope = Math.hypot(h[k + 1] - h[k - 1], h[k + width] - h[k - width]) / (2 * cellSize);
      if (slope < WALL_SLOPE) continue;
      if (hardness[k] > middle) {
        hardSum += slope;
        hardCount++;
      } else {
        softSum += slope;
        softCount++;
      }
    }
  expect(hardCount).toBeGreaterThan(1000);
  expect(softCount).toBeGreaterThan(1000);
  return hardSum / hardCount / (softSum / softCount);
}

describe('Canyons: walls stepped by the hard beds', () => {
  for (const { size, seed } of CASES) {
    it(`${size}², seed ${seed}: wall vertices in hard beds stand steeper than in soft`, () => {
      if (!canyons) throw new Error('no Canyons preset');
      const target = { width: size, depth: size, cellSize: 2, seed };
      const { recipe, finishing } = canyons.build(target);
      const fluvial = finishing.find((step) => step.kind === 'fluvial');
      const thermal = finishing.find((step) => step.kind === 'thermal');
      if (fluvial?.kind !== 'fluvial' || !fluvial.strata) throw new Error('Canyons has no fluvial layer with strata');
      // The walls stand in the rock the rivers cut: the thermal step's beds are the fluvial layer's.
      expect(thermal?.kind === 'thermal' ? thermal.strata : undefined).toEqual(fluvial.strata);
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      expect(hardOverSoftWallSlope(field, fluvial.strata)).toBeGreaterThanOrEqual(MIN_RATIO);
      // At 257² × 2 m the fluvial layer's network is denser on the coarser grid (26–42 % plateau with
      // the recipe before this too); the plateau is asked where presetLooks asks it, at 513².
      if (size === 513) expect(slopeHistogram(field).between(0, 10)).toBeGreaterThanOrEqual(0.5);
    }, 60_000);
  }
});
