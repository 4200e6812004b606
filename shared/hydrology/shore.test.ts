import { describe, expect, it } from 'vitest';
import { SHORE_DISTANCE_M, shoreWetness } from './shore';

describe('shore wetness', () => {
  it('fades linearly from 1 at a straight shore to 0 at the shore distance', () => {
    const grid = { width: 40, depth: 7, cellSize: 1.5 };
    const depth = new Float32Array(grid.width * grid.depth);
    for (let j = 0; j < grid.depth; j++) for (let i = 0; i <= 4; i++) depth[j * grid.width + i] = 0.5;
    const wet = shoreWetness(grid, depth);
    for (let j = 0; j < grid.depth; j++) {
      for (let i = 0; i < grid.width; i++) {
        const metres = Math.max(0, i - 4) * grid.cellSize;
        expect(wet[j * grid.width + i]).toBeCloseTo(Math.max(0, 1 - metres / SHORE_DISTANCE_M), 6);
      }
    }
  });

  it('measures the straight-line distance to the nearest wet vertex (two ponds, checked against every pair)', () => {
    const grid = { width: 53, depth: 41, cellSize: 0.75 };
    const depth = new Float32Array(grid.width * grid.depth);
    const wetAt = [
      [10, 12],
      [11, 12],
      [40, 30],
      [41, 31],
    ];
    for (const [i, j] of wetAt) depth[j * grid.width + i] = 1;
    const wet = shoreWetness(grid, depth, 12);
    for (let j = 0; j < grid.depth; j++) {
      for (let i = 0; i < grid.width; i++) {
        const nearest = Math.min(...wetAt.map(([wi, wj]) => Math.hypot(i - wi, j - wj) * grid.cellSize));
        expect(wet[j * grid.width + i]).toBeCloseTo(Math.max(0, 1 - nearest / 12), 5);
      }
    }
  });

  it('is 0 everywhere on a dry map', () => {
    const grid = { width: 9, depth: 5, cellSize: 1 };
    expect(shoreWetness(grid, new Float32Array(45)).every((w) => w === 0)).toBe(true);
  });
});
