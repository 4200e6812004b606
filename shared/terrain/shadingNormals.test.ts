import { describe, expect, it } from 'vitest';
import { createHeightfield } from './heightfield';
import { writeNormals } from './mesh';
import { CREASE_FROM, CREASE_TO, creaseKept, normalSlopeDeg, shadingNormalAt, writeShadingNormals } from './shadingNormals';

/** h = a·x² + b·z² plus talus steps (−1)^i · β·x that alternate from cell to cell and grow along x. */
function steppedBowl(width: number, depth: number, cell: number, beta: number) {
  const field = createHeightfield(width, depth, cell);
  const a = 0.01;
  const b = 0.02;
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) field.heights[j * width + i] = a * (i * cell) ** 2 + b * (j * cell) ** 2 + (i % 2 === 0 ? 1 : -1) * beta * i * cell;
  return { field, slope: (i: number, j: number) => [2 * a * i * cell, 2 * b * j * cell] as const };
}

const gradientOf = (normals: Float32Array, k: number) => [-normals[3 * k] / normals[3 * k + 1], -normals[3 * k + 2] / normals[3 * k + 1]];

describe('writeShadingNormals', () => {
  it('gives the smooth surface’s exact gradient under talus steps that alternate and grow (closed form)', () => {
    const { field, slope } = steppedBowl(12, 9, 2, 0.05);
    const normals = new Float32Array(12 * 9 * 3);
    writeShadingNormals(field, normals);
    for (let j = 2; j < 7; j++)
      for (let i = 2; i < 10; i++) {
        const [gx, gz] = gradientOf(normals, j * 12 + i);
        const [ex, ez] = slope(i, j);
        expect(gx).toBeCloseTo(ex, 4);
        expect(gz).toBeCloseTo(ez, 4);
        const n = normals.subarray(3 * (j * 12 + i), 3 * (j * 12 + i) + 3);
        expect(Math.hypot(n[0], n[1], n[2])).toBeCloseTo(1, 6);
      }
  });

  it('where plain central differences alternate by the steps’ growth from cell to cell (the lattice it removes)', () => {
    const { field, slope } = steppedBowl(12, 9, 2, 0.05);
    const plain = new Float32Array(12 * 9 * 3);
    writeNormals(field, plain);
    const errors = [4, 5].map((i) => gradientOf(plain, 4 * 12 + i)[0] - slope(i, 4)[0]);
    // ±β, opposite signs on neighbouring vertices.
    expect(Math.abs(errors[0])).toBeCloseTo(0.05, 4);
    expect(errors[0] * errors[1]).toBeLessThan(0);
  });

  it('keeps a cliff’s rim and foot sharp: the level ground beside a one-cell face stays level (closed form)', () => {
    // Level at 10 m up to column 5, a one-cell face down to 0 m at column 6, level again: rows alike.
    const width = 12;
    const cell = 2;
    const field = createHeightfield(width, 5, cell);
    for (let j = 0; j < 5; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = i <= 5 ? 10 : 0;
    const normals = new Float32Array(width * 5 * 3);
    writeShadingNormals(field, normals);
    const gx = (i: number) => gradientOf(normals, 2 * width + i)[0];
    // The 1-2-1 average gave the vertices a cell from the face an eighth of its drop over the two cells
    // (−10 / 4 / 4 = −0.625, 32°) and the face's own two vertices three eighths; the median gives them
    // the central differences' level 0 and the face's −10 / (2 · 2) = −2.5.
    expect(gx(4)).toBe(0);
    expect(gx(5)).toBeCloseTo(-2.5, 6);
    expect(gx(6)).toBeCloseTo(-2.5, 6);
    expect(gx(7)).toBe(0);
    expect(gx(2)).toBe(0);
  });

  it('blends from the 1-2-1 mean to the median as the slope’s change grows from CREASE_FROM to CREASE_TO', () => {
    // a, b, d: a level side and a steepening one; the mean (a + 2b + d) / 4, the median b.
    const at = (change: number) => creaseKept(0, 0.1, change);
    expect(at(CREASE_FROM)).toBeCloseTo((0.2 + CREASE_FROM) / 4, 12);
    expect(at(CREASE_TO)).toBeCloseTo(0.1, 12);
    expect(at(3)).toBeCloseTo(0.1, 12);
    const half = (CREASE_FROM + CREASE_TO) / 2;
    expect(at(half)).toBeCloseTo(((0.2 + half) / 4 + 0.1) / 2, 12);
  });

  it('refreshing a band of rows equals recomputing everything', () => {
    const { field } = steppedBowl(10, 11, 1.5, 0.1);
    const full = new Float32Array(10 * 11 * 3);
    writeShadingNormals(field, full);
    const banded = new Float32Array(full.length);
    writeShadingNormals(field, banded, 0, 4);
    writeShadingNormals(field, banded, 4, 11);
    expect(banded).toEqual(full);
  });
});

describe('normalSlopeDeg', () => {
  it('reads a plane’s slope from its vertex normal: atan of its gradient (closed form), at the border too', () => {
    for (const [gx, gz] of [
      [0, 0],
      [0.5, 0],
      [0.3, -0.4],
      [-2, 1],
    ]) {
      const field = createHeightfield(6, 5, 1.5);
      for (let j = 0; j < 5; j++) for (let i = 0; i < 6; i++) field.heights[j * 6 + i] = 3 + gx * i * 1.5 + gz * j * 1.5;
      const normal = new Float32Array(3);
      const expected = (Math.atan(Math.hypot(gx, gz)) * 180) / Math.PI;
      for (const [i, j] of [
        [0, 0],
        [2, 3],
        [5, 4],
      ]) {
        shadingNormalAt(field, i, j, normal, 0);
        expect(normalSlopeDeg(normal[1])).toBeCloseTo(expected, 3);
      }
    }
    expect(normalSlopeDeg(1.0000001)).toBe(0);
    expect(normalSlopeDeg(0)).toBe(90);
  });
});
