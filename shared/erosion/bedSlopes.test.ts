import { describe, expect, it } from 'vitest';
import { bedSlopes, FACE_CELLS, unitThicknesses } from './bedSlopes';

const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);
const beds = (...hardness: number[]) => ({ beds: hardness.map((h) => ({ thickness: 1, hardness: h })) });

describe('each bed’s standing slope', () => {
  it('without a cliff angle: √hardness · tan(angle), the rule of layers saved before it', () => {
    const slopes = bedSlopes(beds(0.5, 1, 4, 7), 35);
    [0.5, 1, 4, 7].forEach((h, n) => expect(slopes[n]).toBe(Math.sqrt(h) * tan(35)));
  });

  it('with one: the softest at the angle, the hardest at the cliff angle, between by a smoothstep of log hardness', () => {
    const slopes = bedSlopes(beds(0.5, 1, 8, 0.5), 35, 75);
    // log 1 lies a quarter of the way from log 0.5 to log 8: smoothstep(1/4) = 5/32, so 35° + 40° · 5/32.
    expect(slopes[0]).toBeCloseTo(tan(35), 12);
    expect(slopes[1]).toBeCloseTo(tan(41.25), 12);
    expect(slopes[2]).toBeCloseTo(tan(75), 12);
    expect(slopes[3]).toBeCloseTo(tan(35), 12);
  });

  it('on a grid, a thin bed stands no steeper than its thickness over FACE_CELLS cells (nor gentler than the layer’s angle)', () => {
    const column = {
      beds: [
        { thickness: 10, hardness: 0.5 },
        { thickness: 4, hardness: 8 },
        { thickness: 40, hardness: 8 },
        { thickness: 1, hardness: 8 },
      ],
    };
    const slopes = bedSlopes(column, 35, 75, 0.5);
    expect(FACE_CELLS).toBe(4);
    expect(slopes[0]).toBeCloseTo(tan(35), 12);
    // 4 m over 4 cells of 0.5 m: a slope of 2 (63.4°), under tan 75° (3.73).
    expect(slopes[1]).toBe(2);
    // 40 m: 20 over 4 cells allowed, so the cliff angle holds.
    expect(slopes[2]).toBeCloseTo(tan(75), 12);
    // 1 m: 0.5 allowed, gentler than the layer's 35°, which holds instead.
    expect(slopes[3]).toBeCloseTo(tan(35), 12);
    // Without a cliff angle the cells do not matter (the old rule).
    expect(bedSlopes(column, 35, undefined, 0.5)[1]).toBe(Math.sqrt(8) * tan(35));
  });

  it('faceCells sets how many cells a face spans instead of FACE_CELLS; absent, the same slopes as four', () => {
    const column = {
      beds: [
        { thickness: 10, hardness: 0.5 },
        { thickness: 6, hardness: 8 },
        { thickness: 1, hardness: 8 },
      ],
    };
    const two = bedSlopes(column, 35, 82, 1, 2);
    // 6 m over 2 cells of 1 m: a slope of 3 (71.6°), under tan 82° (7.1); over four cells it was 1.5.
    expect(two[1]).toBe(3);
    expect(bedSlopes(column, 35, 82, 1, 4)[1]).toBe(1.5);
    // 1 m over 2 cells: 0.5, gentler than the layer's 35°, which holds.
    expect(two[2]).toBeCloseTo(tan(35), 12);
    expect(Array.from(bedSlopes(column, 35, 82, 1))).toEqual(Array.from(bedSlopes(column, 35, 82, 1, FACE_CELLS)));
  });

  it('faceUnits: touching cliff-formers make one face, read round the repeating column; absent or false, each bed alone', () => {
    // Bottom first: a sandstone, a shale, a thick sandstone, a thin cap on it, then (round the column) the bottom sandstone again.
    const column = {
      beds: [
        { thickness: 2, hardness: 6 },
        { thickness: 4, hardness: 0.5 },
        { thickness: 12, hardness: 7 },
        { thickness: 3, hardness: 5 },
      ],
    };
    // The middle of 0.5 and 7 is √3.5 ≈ 1.87: the three sandstones form cliffs; the 3 m cap and the 2 m
    // bed above it (the next column's bottom) touch the 12 m bed, so all three are one 17 m face.
    expect(unitThicknesses(column.beds)).toEqual([17, 4, 17, 17]);
    const units = bedSlopes(column, 35, 82, 1, 4, true);
    const alone = bedSlopes(column, 35, 82, 1, 4);
    // The cap over four 1 m cells: 17/4 (77°) with the unit, under its own cliff angle; alone 3/4 (37°),
    // a shoulder barely steeper than the shale's 35°.
    expect(units[3]).toBe(17 / 4);
    expect(alone[3]).toBe(3 / 4);
    // The shale is its own thickness either way; the default is each bed alone.
    expect(units[1]).toBe(alone[1]);
    expect(Array.from(bedSlopes(column, 35, 82, 1, 4, false))).toEqual(Array.from(alone));
    // A column of one hardness has no cliff-formers: each bed alone.
    expect(
      unitThicknesses([
        { thickness: 2, hardness: 3 },
        { thickness: 5, hardness: 3 },
      ]),
    ).toEqual([2, 5]);
  });

  it('a column of one hardness stands halfway', () => {
    const slopes = bedSlopes(beds(3, 3), 30, 70);
    expect(slopes[0]).toBeCloseTo(tan(50), 12);
    expect(slopes[1]).toBeCloseTo(tan(50), 12);
  });
});
