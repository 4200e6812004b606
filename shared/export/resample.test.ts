import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';
import { cropGrid, gridFromField } from './grid';
import { resampleExact, resampleValues, sampleAtTexelCentres } from './resample';

function bumpy(width: number, depth: number, cellSize: number) {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) field.heights[j * width + i] = 30 * Math.sin(i * 0.7) * Math.cos(j * 0.45) + ((i * 13 + j * 7) % 5);
  return field;
}

describe('resampling from the exact surface', () => {
  it('gives every new vertex the height of the drawn triangles at its position', () => {
    const field = bumpy(33, 21, 1.5);
    const grid = resampleExact(field, 50, 37);
    expect(grid.cellX).toBeCloseTo((32 * 1.5) / 49, 12);
    expect(grid.cellZ).toBeCloseTo((20 * 1.5) / 36, 12);
    let worst = 0;
    for (let j = 0; j < 37; j++) {
      for (let i = 0; i < 50; i++) {
        const x = -16 * 1.5 + i * grid.cellX;
        const z = -10 * 1.5 + j * grid.cellZ;
        const exact = heightAt(field, Math.min(24, Math.max(-24, x)), Math.min(15, Math.max(-15, z)));
        worst = Math.max(worst, Math.abs(grid.heights[j * 50 + i] - exact));
      }
    }
    expect(worst).toBeLessThan(1e-4);
  });

  it('is the identity at the same size and picks vertices exactly at whole ratios', () => {
    const field = bumpy(33, 33, 2);
    expect(resampleExact(field, 33, 33).heights).toBe(field.heights);
    const half = resampleExact(field, 17, 17);
    for (let j = 0; j < 17; j++) for (let i = 0; i < 17; i++) expect(half.heights[j * 17 + i]).toBe(field.heights[2 * j * 33 + 2 * i]);
    // Corners stay on corners whatever the size.
    const odd = resampleExact(field, 20, 9);
    expect([odd.heights[0], odd.heights[19], odd.heights[8 * 20], odd.heights[8 * 20 + 19]]).toEqual([
      field.heights[0],
      field.heights[32],
      field.heights[32 * 33],
      field.heights[33 * 33 - 1],
    ]);
  });

  it('follows the diagonal split: a saddle cell is not bilinear', () => {
    // One cell with h00 = h11 = 0, h10 = h01 = 1: the (x0, z1)–(x1, z0) diagonal is a ridge at height 1.
    const values = Float32Array.of(0, 1, 1, 0);
    const centre = resampleValues(values, 2, 2, 3, 3)[4];
    expect(centre).toBe(1); // bilinear would give 0.5
  });

  it('reproduces a plane at vertices and texel centres', () => {
    const field = createHeightfield(9, 9, 1);
    for (let j = 0; j < 9; j++) for (let i = 0; i < 9; i++) field.heights[j * 9 + i] = 2 * vertexX(field, i) - 3 * vertexZ(field, j) + 5;
    const grid = resampleExact(field, 13, 13);
    for (let j = 0; j < 13; j++)
      for (let i = 0; i < 13; i++) expect(grid.heights[j * 13 + i]).toBeCloseTo(2 * (-4 + i * grid.cellX) - 3 * (-4 + j * grid.cellZ) + 5, 4);
    const texels = sampleAtTexelCentres(field.heights, 9, 9, 4, 4);
    for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) expect(texels[j * 4 + i]).toBeCloseTo(2 * (-4 + (i + 0.5) * 2) - 3 * (-4 + (j + 0.5) * 2) + 5, 4);
  });

  it('crops exact vertices and refuses windows that do not fit', () => {
    const field = bumpy(10, 8, 1);
    const crop = cropGrid(gridFromField(field), 3, 2, 4, 5);
    expect([...crop.heights.subarray(4, 8)]).toEqual([...field.heights.subarray(3 * 10 + 3, 3 * 10 + 7)]);
    expect(() => cropGrid(gridFromField(field), 7, 0, 4, 4)).toThrow(/does not fit/);
  });
});
