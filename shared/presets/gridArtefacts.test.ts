import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { gridAlignedAspect } from '../terrain/aspectAlignment';
import { TERRAIN_PRESETS } from './terrainPresets';

/**
 * No grid artefacts (issue 35): on every preset, at the seeds and 513² × 2 m (the CLI's
 * output it was measured on), at most 15 % of the steep ground (slope > 20°) faces within ±2.5° of a
 * multiple of 45°, where ground facing every direction alike gives 11.1 %. Aspect from central
 * differences (shared/terrain/aspectAlignment.ts).
 *
 * Classic faults is left out on purpose: it is the plain fault formation with hard one-cell steps
 * (its description says so), and a step one cell wide across an oblique line is the grid's own
 * staircase — that preset shows the raw algorithm.
 */
const SEEDS = [3, 11, 29];
const measured = TERRAIN_PRESETS.filter((preset) => preset.id !== 'classic');

describe('presets without grid artefacts', () => {
  for (const preset of measured) {
    it(`${preset.label}: ≤ 15 % of steep ground faces along the grid at seeds ${SEEDS.join(', ')}`, () => {
      for (const seed of SEEDS) {
        const target = { width: 513, depth: 513, cellSize: 2, seed };
        const { recipe, finishing } = preset.build(target);
        const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
        const { steep, alignedShare } = gridAlignedAspect(field);
        expect(steep, `${preset.id} seed ${seed}`).toBeGreaterThan(1000);
        expect(alignedShare, `${preset.id} seed ${seed}`).toBeLessThanOrEqual(0.15);
      }
    }, 120_000);
  }
});
