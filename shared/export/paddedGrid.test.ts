import { describe, expect, it } from 'vitest';
import { PaddedGrid } from './grid';
import { MaskSources } from './masks';

// Terrain3D's padded image is read a block of rows at a time while the masks are made: the same
// numbers as the padded map made whole.
describe('PaddedGrid', () => {
  const width = 37;
  const depth = 23;
  const source = new Float32Array(width * depth).map((_, k) => Math.sin(k * 0.37) * 20 + (k % 5));

  it('reads rows with copies of the first column and row in front, as the whole padded map has them', () => {
    const grid = new PaddedGrid(source, width, 5, 3, depth, 2, 2);
    expect([grid.width, grid.depth]).toEqual([42, 26]);
    const rows = grid.rows(1, 6);
    for (let j = 1; j < 6; j++) {
      const from = Math.max(0, j - 3) * width;
      for (let i = 0; i < 42; i++) expect(rows[(j - 1) * 42 + i]).toBe(source[from + Math.max(0, i - 5)]);
    }
    expect(Array.from(grid.heights.subarray(42 * 4, 42 * 5))).toEqual(Array.from(grid.rows(4, 5)));
  });

  it('gives masks the block values (height, slope, curvature, normals) of the materialised map', () => {
    const padded = new PaddedGrid(source, width, 4, 6, depth, 1.5, 1.5);
    const whole = { width: padded.width, depth: padded.depth, cellX: 1.5, cellZ: 1.5, heights: new PaddedGrid(source, width, 4, 6, depth, 1.5, 1.5).heights };
    const a = new MaskSources(padded);
    const b = new MaskSources(whole);
    for (const [j0, j1] of [
      [0, 2],
      [0, 7],
      [5, 9],
      [20, 29],
    ]) {
      for (const source of ['height', 'slope', 'curvature', 'aspect', 'cavity'] as const)
        expect(Array.from(a.blockValues(source, j0, j1)), `${source} ${j0}`).toEqual(Array.from(b.blockValues(source, j0, j1)));
      expect(Array.from(a.blockNormals(j0, j1))).toEqual(Array.from(b.blockNormals(j0, j1)));
    }
  });
});
