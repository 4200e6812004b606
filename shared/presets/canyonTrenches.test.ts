import { describe, expect, it } from 'vitest';
import type { FinishingStep } from '../recipe/steps';
import { replayTerrainOnce } from './testing/replayOnce';
import { straightTrenches, trenches } from './testing/trenches';
import { buildPreset } from './terrainPresets';

/**
 * Straight one-cell trenches on Canyons' plateau (issue 35). The first fluvial layer cuts a channel wherever
 * 300 m² (×scale²) gathers, also where the water leaves the map across an edge that follows the land inside
 * it, or runs along the plateau to a vertex only uplifted: that outlet rises with the land, the implicit
 * solve holds the channel level with it while the ground beside it rises 8 m a step, and the channel stands
 * as a trench one vertex wide deepening upstream, which takes its neighbours' water and cannot move (seed 1:
 * a slot along row 96; seed 3: a staircase groove across the rows). The layer's optional `cutOnlyFalling`
 * (shared/erosion/fluvialParams.ts) leaves a channel the step would raise only uplifted, so the plateau
 * rises whole and only rivers cutting back from the lowered mouths incise.
 *
 * Measure (testing/trenches.ts): on the caprock (ground at or above its base, the plateau's top), a trench
 * floor is a vertex with both neighbours across it, along a row, a column or a diagonal, standing more
 * than a cell's rise at 15° over it (0.54 m on 2 m cells): ground falling into one vertex from both sides
 * at over 15° within a cell, where the top's own ground (swells ±5 m ×scale, 70 m ×scale apart) slopes
 * gently. Floors that touch make one trench; a straight one lies within 1.5 cells of its fitted line.
 * The preset as it is, finished at 257²: one at each of seeds 1, 3 and 11, 27, 28 and 29 cells long (the
 * slot, the groove, a slot near the east edge); with the key on its first layer none over 9 cells. At 513²
 * the first layer alone leaves 2, 0 and 9 (seed 3: a 62-cell groove bent more than the line allows), with
 * the key none.
 *
 * The preset does not take the key yet: with it Canyons' lone one-cell steps at 513² seed 29 rise to 5.38 %
 * (thermalStaircase.test.ts, limit 5 %), and the finished 513² maps keep 7, 3 and 7 straight trenches at
 * seeds 1, 3, 11 (9, 2 and 10 without it): the plateau's own washes (the second fluvial layer, no uplift,
 * where the key never applies) cut each channel one vertex wide down to its outlet or its 12 m floor, and
 * the thermal passes lay their sides back at 33°, a V whose floor is one line of vertices.
 */
const MIN_LENGTH = 10;
const OFF_LINE = 1.5;
/** The preset's steps with `cutOnlyFalling` on its first fluvial layer. */
const withKey = (steps: readonly FinishingStep[]): FinishingStep[] => {
  const first = steps.findIndex((step) => step.kind === 'fluvial');
  return steps.map((step, at) => (at === first && step.kind === 'fluvial' ? { ...step, cutOnlyFalling: true } : step));
};

/** The straight trenches on the caprock of Canyons at `size`², on the recipe's first `upTo` steps (all by default). */
function straightOnTop(size: number, seed: number, options: { steps?: (finishing: FinishingStep[]) => FinishingStep[]; upTo?: number } = {}) {
  const target = { width: size, depth: size, cellSize: 2, seed };
  const { recipe, finishing } = buildPreset('canyons', target);
  const fluvial = finishing.find((step) => step.kind === 'fluvial');
  if (fluvial?.kind !== 'fluvial' || !fluvial.strata) throw new Error('Canyons has no fluvial layer with strata');
  const { base, beds, dipDeg } = fluvial.strata;
  expect(dipDeg).toBe(0);
  const caprockBase = base + beds.slice(0, -1).reduce((sum, bed) => sum + bed.thickness, 0);
  const steps = (options.steps ? options.steps(finishing) : finishing).slice(0, options.upTo);
  const field = replayTerrainOnce({ ...target, recipe, steps });
  const rise = target.cellSize * Math.tan((15 * Math.PI) / 180);
  return straightTrenches(trenches(field, { rise, topFrom: caprockBase }), MIN_LENGTH, OFF_LINE);
}

/** The steps up to and with the first fluvial layer. */
const firstLayer = (size: number) => {
  const { finishing } = buildPreset('canyons', { width: size, depth: size, cellSize: 2, seed: 1 });
  return finishing.findIndex((step) => step.kind === 'fluvial') + 1;
};

describe('Canyons: straight one-cell trenches on the plateau, and the first layer with cutOnlyFalling', () => {
  for (const seed of [1, 3]) {
    it(`the preset's finished map has one at seed ${seed} (257²)`, () => {
      const found = straightOnTop(257, seed);
      expect(found.length).toBeGreaterThanOrEqual(1);
      expect(found[0].length).toBeGreaterThanOrEqual(25);
    }, 120_000);
  }
  for (const seed of [1, 3, 11]) {
    it(`with the key none ${MIN_LENGTH} cells or longer on the finished map at 257², seed ${seed}`, () => {
      expect(straightOnTop(257, seed, { steps: withKey })).toEqual([]);
    }, 120_000);
  }
  it("the preset's first layer leaves some at 513², seed 11", () => {
    expect(straightOnTop(513, 11, { upTo: firstLayer(513) }).length).toBeGreaterThanOrEqual(5);
  }, 240_000);
  for (const seed of [1, 3, 11]) {
    it(`with the key none ${MIN_LENGTH} cells or longer after the first fluvial layer at 513², seed ${seed}`, () => {
      expect(straightOnTop(513, seed, { steps: withKey, upTo: firstLayer(513) })).toEqual([]);
    }, 240_000);
  }
});
