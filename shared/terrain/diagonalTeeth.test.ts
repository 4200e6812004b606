import { describe, expect, it } from 'vitest';
import { diagonalTeeth } from './diagonalTeeth';
import { RIDGE_SLOPE, ridgeFields } from './testing/ridgeFields';

const SIZE = 40;
const CELL = 2;
const SLOPE = RIDGE_SLOPE;
/** Heights of f(i, j) at every vertex of a SIZE² map of CELL-metre cells, and sharp ridges at SLOPE (ridgeFields). */
const { fieldOf, ridge } = ridgeFields(SIZE, CELL);

describe('saw-teeth of the fixed split', () => {
  it('a sharp ridge along the other diagonal: every cell on its crest breaks by slope · cell / √2', () => {
    // The crest cells' corners (i, i) and (i + 1, i + 1) are on the crest; the split's corners are
    // one half-diagonal off it on either side, so the split edge dips that far under the crest.
    const alongOther = ridge((i, j) => i - j);
    const teeth = diagonalTeeth(alongOther, 0.1);
    const measured = (SIZE - 3) ** 2;
    expect(teeth.cells).toBe(measured);
    expect(teeth.toothed).toBe(SIZE - 3);
    expect(teeth.largestBreak).toBeCloseTo((SLOPE * CELL) / Math.SQRT2, 4);
  });

  it('the same ridge along the split, along a row or along a column has no teeth', () => {
    const alongSplit = ridge((i, j) => i + j - SIZE);
    const alongRow = ridge((_i, j) => (j - SIZE / 2) * Math.SQRT2);
    const alongColumn = ridge((i) => (i - SIZE / 2) * Math.SQRT2);
    for (const field of [alongSplit, alongRow, alongColumn]) expect(diagonalTeeth(field, 0).toothed).toBe(0);
  });

  it('a valley floor along the other diagonal: the split rises over it by the same break', () => {
    const valley = fieldOf((i, j) => (SLOPE * Math.abs(i - j) * CELL) / Math.SQRT2);
    const teeth = diagonalTeeth(valley, 0.1);
    expect(teeth.toothed).toBe(SIZE - 3);
    expect(teeth.largestBreak).toBeCloseTo((SLOPE * CELL) / Math.SQRT2, 4);
  });

  it('a rounded ridge breaks by curvature · cell² / 4 at most, and below that by none', () => {
    // A parabola across the other diagonal, curvature κ: the split's corners stand d = cell / √2 off
    // the line of the other two, so each cell breaks by κ · d² / 2 = κ · cell² / 4.
    const curvature = 0.05;
    const round = fieldOf((i, j) => 100 - ((curvature / 2) * ((i - j) * CELL) ** 2) / 2);
    const expected = (curvature * CELL * CELL) / 4;
    expect(diagonalTeeth(round, expected * 0.99).largestBreak).toBeCloseTo(expected, 4);
    expect(diagonalTeeth(round, expected * 1.01).toothed).toBe(0);
  });

  it('a tilted plane has none', () => {
    expect(
      diagonalTeeth(
        fieldOf((i, j) => 3 * i - 2 * j),
        0,
      ).toothed,
    ).toBe(0);
  });
});
