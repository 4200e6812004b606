import type { HydrologyGrid } from '../grid';

/** Edges beside the water steeper than they may be, found by `edgesOver`. */
export interface EdgesOver {
  /** Grid edges looked at: an end carved, not both ends under water. */
  edges: number;
  /** How many of them rise more steeply than the bound (by more than 1e-4). */
  count: number;
  /** The most any rises more steeply than the bound (a slope, m/m). */
  worst: number;
}

/**
 * Every grid edge (along x, along z and both diagonals) with a carved end, not both ends under water:
 * the carved heights' slope along it against the larger of the ground's own slope along it and
 * `limit` (`fall` added to the limit's square root, for a water surface falling along the river).
 */
export function edgesOver(grid: HydrologyGrid, input: Float32Array, out: Float32Array, depth: Float32Array, limit: number, fall = 0): EdgesOver {
  const bank = Math.hypot(limit, fall);
  let edges = 0;
  let count = 0;
  let worst = 0;
  for (let j = 0; j < grid.depth; j++) {
    for (let i = 0; i < grid.width; i++) {
      for (const [di, dj] of [
        [1, 0],
        [0, 1],
        [1, 1],
        [1, -1],
      ] as const) {
        const ni = i + di;
        const nj = j + dj;
        if (ni >= grid.width || nj < 0 || nj >= grid.depth) continue;
        const a = j * grid.width + i;
        const b = nj * grid.width + ni;
        if ((Object.is(out[a], input[a]) && Object.is(out[b], input[b])) || (depth[a] > 0 && depth[b] > 0)) continue;
        edges++;
        const length = Math.hypot(di, dj) * grid.cellSize;
        const excess = Math.abs(out[a] - out[b]) / length - Math.max(Math.abs(input[a] - input[b]) / length, bank);
        if (excess > 1e-4) count++;
        worst = Math.max(worst, excess);
      }
    }
  }
  return { edges, count, worst };
}
