/**
 * A square pit with vertical walls in a plane tilted along x: h = 0.1·x, and 0.1·x − 5 on the pit's
 * vertices (|i − ci| ≤ a, |j − cj| ≤ a). Its water, in closed form: the pit fills to the lowest
 * vertex of the ring around it, the column i = ci − a − 1 at h = 0.1·(ci − a − 1)·cell (the ring
 * itself is at that level: depth 0, dry), so every pit vertex is wet, (spill − h) deep, as long as
 * the pit is under 50 m across; nothing else holds water.
 */
import type { HydrologyGrid } from '../grid';

export interface Pit {
  grid: HydrologyGrid;
  heights: Float32Array;
  /** Whether vertex (i, j) is in the pit. */
  inPit(i: number, j: number): boolean;
  /** The closed-form water depth at vertex (i, j), metres. */
  depthAt(i: number, j: number): number;
}

export function tiltedPit(width = 65, depth = 49, cellSize = 2, ci = 30, cj = 24, a = 5): Pit {
  const grid = { width, depth, cellSize };
  const plane = (i: number) => Math.fround(0.1 * i * cellSize);
  const inPit = (i: number, j: number) => Math.abs(i - ci) <= a && Math.abs(j - cj) <= a;
  const ground = (i: number, j: number) => Math.fround(plane(i) - (inPit(i, j) ? 5 : 0));
  const heights = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = ground(i, j);
  const spill = plane(ci - a - 1);
  return { grid, heights, inPit, depthAt: (i, j) => (inPit(i, j) ? spill - ground(i, j) : 0) };
}
