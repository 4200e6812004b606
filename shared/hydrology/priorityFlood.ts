/**
 * Depression filling by Priority-Flood (Barnes, Lehman & Mulla 2014), seeded from every vertex on
 * the map's edge (the edges are where water leaves the map).
 *
 * Two surfaces come out of one flood:
 * - `level`: the water level — the ground, or in a depression the height at which it spills (their
 *   Algorithm 2, with the pit queue). Always one of the input's float32 heights, so a lake is flat
 *   exactly.
 * - `drainage`: the same surface with flats resolved by epsilon (their Algorithm 3, "Priority-Flood+ε"),
 *   in float64: a vertex the flood raises gets the next float64 above its neighbour's, so every vertex
 *   off the edge has a strictly lower neighbour and flow directions are defined everywhere, lakes
 *   included, draining towards their outlet. The rise is a few float64 ulps per vertex of a flat
 *   (nanometres across the largest map): routing only, never heights anyone sees.
 */
import { gridProblem, neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';
import { HeightHeap } from './minHeap';

export interface FilledSurface {
  /** Water level per vertex: the ground, or the spill height of the depression it lies in. */
  readonly level: Float32Array;
  /** The level with flats resolved by epsilon: every vertex off the edge has a strictly lower neighbour. */
  readonly drainage: Float64Array;
}

/** The smallest float64 step above `x` (one or two ulps; strictly greater for every finite x). */
export function stepAbove(x: number): number {
  return x + Math.abs(x) * 2 ** -52 + 2 ** -1000;
}

/** Fills every depression of `heights` (finite float32s, row-major on `grid`) to its spill height. */
export function priorityFlood(grid: HydrologyGrid, heights: Float32Array): FilledSurface {
  const problem = gridProblem(grid, heights);
  if (problem) throw new RangeError(problem);
  const { width, depth } = grid;
  const count = width * depth;
  const level = new Float32Array(count);
  const drainage = new Float64Array(count);
  const closed = new Uint8Array(count);
  const open = new HeightHeap(Math.max(1 << 12, 2 * (width + depth)));
  // The pit queue: vertices flooded to the level of the one that reached them, handled first in
  // FIFO order. Each vertex enters it at most once, so a ring of `count` never overflows.
  const pit = new Int32Array(count);
  let pitHead = 0;
  let pitTail = 0;

  const seed = (v: number) => {
    closed[v] = 1;
    level[v] = heights[v];
    drainage[v] = heights[v];
    open.push(v, heights[v]);
  };
  for (let i = 0; i < width; i++) {
    seed(i);
    if (depth > 1) seed((depth - 1) * width + i);
  }
  for (let j = 1; j < depth - 1; j++) {
    seed(j * width);
    seed(j * width + width - 1);
  }

  const offsets = neighbourOffsets(width);
  while (pitHead < pitTail || open.size > 0) {
    const c = pitHead < pitTail ? pit[pitHead++] : open.pop();
    const ci = c % width;
    const cj = (c - ci) / width;
    const interior = ci > 0 && ci < width - 1 && cj > 0 && cj < depth - 1;
    const cLevel = level[c];
    const cDrain = drainage[c];
    const raised = stepAbove(cDrain);
    for (let k = 0; k < 8; k++) {
      if (!interior) {
        const ni = ci + NEIGHBOUR_DI[k];
        const nj = cj + NEIGHBOUR_DJ[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      }
      const n = c + offsets[k];
      if (closed[n]) continue;
      closed[n] = 1;
      const h = heights[n];
      if (h <= cDrain) {
        // In a depression (or on a flat): the water stands at c's level, the routing rises by ε.
        level[n] = h > cLevel ? h : cLevel;
        drainage[n] = raised;
        pit[pitTail++] = n;
      } else {
        level[n] = h;
        drainage[n] = h;
        open.push(n, h);
      }
    }
  }
  return { level, drainage };
}
