import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { diagonalTeeth } from '../terrain/diagonalTeeth';
import { buildPreset } from './terrainPresets';
import { loneSteepSteps } from './testing/loneSteps';

/**
 * Mesas close up (issue 35 §3): its caprock faces were drawn as a comb — the face jogged a cell from
 * vertex to vertex along every rim slanting across the grid, so the triangles stood as tall slivers
 * with notches cut into the rim between them. Measured at 513² × 2 m (the close-up pictures' size):
 * - slivers: steep one-cell steps along a row or column standing alone between two gentle ones
 *   (testing/loneSteps.ts): 3.9 %, 3.7 % and 4.8 % of the steep steps at seeds 3, 11 and 29 before
 *   the thermal step's lipDrop, 0.9 %, 0.9 % and 1.1 % with it;
 * - teeth: cells whose fixed split breaks the surface by more than 3/4 of a cell
 *   (shared/terrain/diagonalTeeth.ts): 0.39 %, 0.23 % and 0.21 % before, 0.21 %, 0.10 % and 0.10 % with it.
 */
const SEEDS = [3, 11, 29];
const CELL = 2;

describe('Mesas: caprock lips without a comb of teeth', () => {
  it(`at seeds ${SEEDS.join(', ')}: ≤ 2 % of the steep one-cell steps stand alone, ≤ 0.25 % of cells break by over 3/4 of a cell`, () => {
    for (const seed of SEEDS) {
      const target = { width: 513, depth: 513, cellSize: CELL, seed };
      const { recipe, finishing } = buildPreset('mesas', target);
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      expect(loneSteepSteps(field).aloneShare, `seed ${seed}`).toBeLessThanOrEqual(0.02);
      expect(diagonalTeeth(field, 0.75 * CELL).share, `seed ${seed}`).toBeLessThanOrEqual(0.0025);
    }
  }, 120_000);
});
