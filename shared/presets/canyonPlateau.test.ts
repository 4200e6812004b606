import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import type { FinishingStep } from '../recipe/steps';
import type { Heightfield } from '../terrain/heightfield';
import { buildPreset, reliefScale } from './terrainPresets';

/**
 * Canyons' plateau between the canyons (issue 35 §3: "side canyons that taper and head into the
 * plateau"). The recipe before it left the plateau a smooth sheet: the big canyons' side canyons head
 * where 300 m² (×scale²) gathers, and below that only diffusion acted. A second fluvial layer cuts the
 * plateau's top only (its incisionMask: ground from 98 m ×scale up, in the caprock), no deeper than
 * 6 m ×scale (incisionDepth), on swells laid on the rock (swells): washes and short side canyons that
 * head into the plateau, each shallower than the canyon it joins.
 *
 * Measure: of the plateau's top (ground at 98 m ×scale or higher), the share lying in a valley — a
 * vertex with ground at least 1.5 m (×scale) higher than it on both sides 6 m (×scale) away, along a
 * row, a column or a diagonal. A wash or a slot cut into the top is such a valley; the plateau's
 * broad swells and the faults' long slopes are not (a swell 5 m high and 70 m across curves by about
 * 0.3 m over 6 m). At 513² × 2 m, seeds 3, 11 and 29, against the same recipe without that layer:
 * 1.79/2.59/2.58 % of the top with it at seeds 3/11/29, 1.40/1.21/1.71 % without (ratios 1.28, 2.14,
 * 1.51). Stronger cutting (m = 0.5 and K = 3·10⁻³ from 75 m² ×scale², the washes far denser) left
 * lone one-cell risers on the washes' walls: 13.8 % of the steep steps at seed 29, over the 5 % of
 * thermalStaircase.test.ts (4.4 % with this layer, as without it).
 */
const SEEDS = [3, 11, 29];
const RATIO = 1.25;

function valleyShare(field: Heightfield, scale: number): number {
  const { width, depth, heights: h, cellSize } = field;
  const r = Math.round((6 * scale) / cellSize);
  const d = Math.max(1, Math.round(r / Math.SQRT2));
  const rise = 1.5 * scale;
  let top = 0;
  let valley = 0;
  for (let j = r; j < depth - r; j++)
    for (let i = r; i < width - r; i++) {
      const k = j * width + i;
      if (h[k] < 98 * scale) continue;
      top++;
      const lim = h[k] + rise;
      const across = (a: number, b: number) => h[a] >= lim && h[b] >= lim;
      if (
        across(k - r, k + r) ||
        across(k - r * width, k + r * width) ||
        across(k - d * width - d, k + d * width + d) ||
        across(k - d * width + d, k + d * width - d)
      )
        valley++;
    }
  return top > 0 ? valley / top : 0;
}

/** The plateau-cutting layer: the fluvial step with an incision limit. */
const cutsPlateau = (step: FinishingStep) => step.kind === 'fluvial' && step.incisionDepth !== undefined;

describe('Canyons: washes and side canyons cut into the plateau between the canyons', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: at least ${RATIO}× the plateau's valleys of the recipe without the plateau's own layer`, () => {
      const target = { width: 513, depth: 513, cellSize: 2, seed };
      const { recipe, finishing } = buildPreset('canyons', target);
      expect(finishing.filter(cutsPlateau)).toHaveLength(1);
      const scale = reliefScale(target);
      const withLayer = valleyShare(replayTerrainOnce({ ...target, recipe, steps: finishing }), scale);
      const without = valleyShare(replayTerrainOnce({ ...target, recipe, steps: finishing.filter((step) => !cutsPlateau(step)) }), scale);
      expect(without).toBeGreaterThan(0.005);
      expect(withLayer).toBeGreaterThanOrEqual(RATIO * without);
    }, 180_000);
  }
});
