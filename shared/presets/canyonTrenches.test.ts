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
 * Before the keys, finished at 257²: one at each of seeds 1, 3 and 11, 27, 28 and 29 cells long (the slot, the
 * groove, a slot near the east edge); at 513² the first layer alone left 2, 0 and 9 (seed 3: a 62-cell groove
 * bent more than the line allows). With `cutOnlyFalling` on the first layer the finished 513² maps still kept 7,
 * 3, 7 and 5 at seeds 1, 3, 11 and 29: the plateau's own washes (the second fluvial layer, no uplift, where the
 * key never applies) cut each channel one vertex wide down to its outlet or its 12 m floor, and the thermal
 * passes laid their sides back at 33°, a V whose floor is one line of vertices. The second layer's
 * `channelWidth` (2 m ×scale; shared/erosion/channelTroughs.ts) widens each wash into a trough with a flat floor
 * that wide and banks under 40°: none at seeds 1, 3, 11 and 29, at 257² and 513².
 */
const MIN_LENGTH = 10;
const OFF_LINE = 1.5;
/**
 * The preset's steps without `cutOnlyFalling` and `channelWidth` (the recipe before them), the washes' layer
 * with its erodibility and channel area of then (4× today's: 8·10⁻⁵ ×1/scale from 400 m² ×scale²; since
 * session 30 it cuts from a quarter of that area at a quarter of the rate, so its washes head in tapering
 * grooves rather than at full depth).
 */
const withoutKeys = (steps: readonly FinishingStep[]): FinishingStep[] =>
  steps.map((step) => {
    if (step.kind !== 'fluvial') return step;
    const washes = step.incisionDepth !== undefined ? { k: step.k * 4, channelArea: step.channelArea * 4 } : {};
    return { ...step, ...washes, cutOnlyFalling: undefined, channelWidth: undefined };
  });

/** The straight trenches on the caprock of Canyons at `size`², finished (its own steps, or `options.steps` of them). */
function straightOnTop(size: number, seed: number, options: { steps?: (finishing: FinishingStep[]) => FinishingStep[] } = {}) {
  const target = { width: size, depth: size, cellSize: 2, seed };
  const { recipe, finishing } = buildPreset('canyons', target);
  const fluvial = finishing.find((step) => step.kind === 'fluvial');
  if (fluvial?.kind !== 'fluvial' || !fluvial.strata) throw new Error('Canyons has no fluvial layer with strata');
  const { base, beds, dipDeg } = fluvial.strata;
  expect(dipDeg).toBe(0);
  const caprockBase = base + beds.slice(0, -1).reduce((sum, bed) => sum + bed.thickness, 0);
  const steps = options.steps ? options.steps(finishing) : finishing;
  const field = replayTerrainOnce({ ...target, recipe, steps });
  const rise = target.cellSize * Math.tan((15 * Math.PI) / 180);
  return straightTrenches(trenches(field, { rise, topFrom: caprockBase }), MIN_LENGTH, OFF_LINE);
}

describe('Canyons: no straight one-cell trenches on the plateau', () => {
  for (const seed of [1, 3]) {
    it(`the recipe without cutOnlyFalling and channelWidth has one at seed ${seed} (257²): the measure finds them`, () => {
      const found = straightOnTop(257, seed, { steps: withoutKeys });
      expect(found.length).toBeGreaterThanOrEqual(1);
      expect(found[0].length).toBeGreaterThanOrEqual(25);
    }, 120_000);
  }
  for (const size of [257, 513]) {
    for (const seed of [1, 3, 11, 29]) {
      it(`none ${MIN_LENGTH} cells or longer on the finished map at ${size}², seed ${seed}`, () => {
        expect(straightOnTop(size, seed)).toEqual([]);
      }, 240_000);
    }
  }
});
