import { describe, expect, it } from 'vitest';
import { replayTerrain } from '../recipe/replay';
import { diagonalTeeth } from '../terrain/diagonalTeeth';
import { buildPreset } from './terrainPresets';

/**
 * Saw-teeth on ridges (issue 34): where a ridge runs along the cells' other diagonal, the fixed split
 * dips under its crest once a cell (shared/terrain/diagonalTeeth.ts). Measured at 257² × 2 m, the
 * map the editor opens with, where a ridge's teeth showed against the sky up close. Without crease
 * rounding Mountains had 1.8–2.5 % of its cells breaking by more than a quarter of a cell (0.5 m) and
 * 5–6 % by more than an eighth; a crease drawn exactly (along a row, a column or the split) or smooth
 * ground breaks by none.
 */
const SEEDS = [1, 3, 11];
const CELL = 2;

describe('Mountains: ridges without saw-teeth', () => {
  it(`at seeds ${SEEDS.join(', ')}: ≤ 0.1 % of cells break by more than a quarter cell, ≤ 2.5 % by more than an eighth`, () => {
    for (const seed of SEEDS) {
      const target = { width: 257, depth: 257, cellSize: CELL, seed };
      const { recipe, finishing } = buildPreset('mountains', target);
      const field = replayTerrain({ ...target, recipe, steps: finishing });
      expect(diagonalTeeth(field, CELL / 4).share, `seed ${seed}`).toBeLessThanOrEqual(0.001);
      expect(diagonalTeeth(field, CELL / 8).share, `seed ${seed}`).toBeLessThanOrEqual(0.025);
    }
  }, 120_000);
});
