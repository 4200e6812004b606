import { describe, expect, it } from 'vitest';
import { tileLayout, tileName, tileSpecProblem } from './tiles';

describe('tile layout', () => {
  it('shares one edge row between neighbours and covers the map exactly', () => {
    const tiles = tileLayout(9, 5, { size: 5, overlap: 1 });
    expect(tiles.map((t) => [t.x, t.y, t.i0, t.j0, t.width, t.depth])).toEqual([
      [0, 0, 0, 0, 5, 5],
      [1, 0, 4, 0, 5, 5],
    ]);
    const covered = new Uint8Array(9 * 5);
    for (const t of tiles) for (let j = t.j0; j < t.j0 + t.depth; j++) for (let i = t.i0; i < t.i0 + t.width; i++) covered[j * 9 + i]++;
    expect(covered.every((c, k) => c === (k % 9 === 4 ? 2 : 1))).toBe(true);
  });

  it('cuts a shorter last tile when the map does not divide, and overlaps by more when asked', () => {
    expect(tileLayout(10, 4, { size: 4, overlap: 0 }).map((t) => [t.i0, t.width])).toEqual([
      [0, 4],
      [4, 4],
      [8, 2],
    ]);
    expect(tileLayout(12, 3, { size: 6, overlap: 3 }).map((t) => t.i0)).toEqual([0, 3, 6]);
  });

  it('names tiles NAME_x{X}_y{Y} and explains bad specs', () => {
    expect(tileName('island', { x: 2, y: 0 })).toBe('island_x2_y0');
    expect(tileSpecProblem({ size: 1, overlap: 0 }, 9, 9)).toMatch(/tile size/);
    expect(tileSpecProblem({ size: 4, overlap: 4 }, 9, 9)).toMatch(/overlap/);
    expect(tileSpecProblem({ size: 4, overlap: 0 }, 9, 8)).toMatch(/one vertex wide/);
    expect(tileSpecProblem({ size: 2, overlap: 1 }, 8193, 8193)).toMatch(/more than the 4096/);
    expect(tileSpecProblem({ size: 5, overlap: 1 }, 9, 9)).toBeNull();
  });
});
