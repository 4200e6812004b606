/**
 * Where water goes on a drainage surface (priorityFlood's `drainage`): every vertex sends its water
 * to all of its strictly lower neighbours (MFD). A vertex with no lower neighbour — on a resolved
 * surface only ever on the map's edge — is an outlet: its water leaves the map there.
 *
 * `drainageOrder` is the topological order of that graph (every vertex after all the vertices that
 * send it water), the order flow accumulation walks and, walked backwards (outlets first), the order
 * an implicit stream-power solver (Braun & Willett 2013) updates heights in.
 */
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';

/** Whether vertex (i, j) has all 8 neighbours on the map (no bounds checks needed). */
export const isInterior = (i: number, j: number, width: number, depth: number) => i > 0 && i < width - 1 && j > 0 && j < depth - 1;

/**
 * Vertices upstream first: each comes after every neighbour higher than it (Kahn's algorithm from
 * the vertices nothing drains into). Deterministic: ties go by index.
 */
export function drainageOrder(grid: HydrologyGrid, drainage: Float64Array): Int32Array {
  const { width, depth } = grid;
  const count = width * depth;
  const offsets = neighbourOffsets(width);
  // Number of higher neighbours (donors) not yet placed.
  const pending = new Uint8Array(count);
  for (let j = 0, v = 0; j < depth; j++) {
    for (let i = 0; i < width; i++, v++) {
      const h = drainage[v];
      let donors = 0;
      if (isInterior(i, j, width, depth)) {
        for (let k = 0; k < 8; k++) if (drainage[v + offsets[k]] > h) donors++;
      } else {
        for (let k = 0; k < 8; k++) {
          const ni = i + NEIGHBOUR_DI[k];
          const nj = j + NEIGHBOUR_DJ[k];
          if (ni >= 0 && nj >= 0 && ni < width && nj < depth && drainage[v + offsets[k]] > h) donors++;
        }
      }
      pending[v] = donors;
    }
  }
  const order = new Int32Array(count);
  let tail = 0;
  for (let v = 0; v < count; v++) if (pending[v] === 0) order[tail++] = v;
  for (let head = 0; head < tail; head++) {
    const v = order[head];
    const h = drainage[v];
    const i = v % width;
    const j = (v - i) / width;
    const interior = isInterior(i, j, width, depth);
    for (let k = 0; k < 8; k++) {
      if (!interior) {
        const ni = i + NEIGHBOUR_DI[k];
        const nj = j + NEIGHBOUR_DJ[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      }
      const n = v + offsets[k];
      if (drainage[n] < h && --pending[n] === 0) order[tail++] = n;
    }
  }
  if (tail !== count) throw new Error(`drainage order placed ${tail} of ${count} vertices: the surface has a cycle (NaN heights?)`);
  return order;
}

/**
 * The steepest lower neighbour of each vertex (index), or −1 at an outlet: the single receiver of
 * D8 routing, for watershed labels and a stream-power solver's receivers — never for anything drawn.
 */
export function steepestReceivers(grid: HydrologyGrid, drainage: Float64Array): Int32Array {
  const { width, depth } = grid;
  const offsets = neighbourOffsets(width);
  const receivers = new Int32Array(width * depth);
  for (let j = 0, v = 0; j < depth; j++) {
    for (let i = 0; i < width; i++, v++) {
      const h = drainage[v];
      const interior = isInterior(i, j, width, depth);
      let best = -1;
      let bestSlope = 0;
      for (let k = 0; k < 8; k++) {
        if (!interior) {
          const ni = i + NEIGHBOUR_DI[k];
          const nj = j + NEIGHBOUR_DJ[k];
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        }
        const n = v + offsets[k];
        const slope = (h - drainage[n]) * (k < 4 ? 1 : Math.SQRT1_2);
        if (slope > bestSlope) {
          bestSlope = slope;
          best = n;
        }
      }
      receivers[v] = best;
    }
  }
  return receivers;
}
