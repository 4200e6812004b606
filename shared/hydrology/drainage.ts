/**
 * Where water goes on a drainage surface (priorityFlood's `drainage`): every vertex sends its water
 * to all of its strictly lower neighbours (MFD). A vertex with no lower neighbour — on a resolved
 * surface only ever on the map's edge — is an outlet: its water leaves the map there.
 *
 * accumulation.ts walks that graph in topological order (every vertex after all the vertices that
 * send it water) and returns the order: walked backwards (outlets first) it is the order an implicit
 * stream-power solver (Braun & Willett 2013) updates heights in, with `steepestReceivers` or the MFD
 * receivers (every lower neighbour).
 */
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

/** Whether vertex (i, j) has all 8 neighbours on the map (no bounds checks needed). */
export const isInterior = (i: number, j: number, width: number, depth: number) => i > 0 && i < width - 1 && j > 0 && j < depth - 1;

/**
 * Per vertex, in one pass: `receivers`, a bit per strictly lower neighbour (bit k for neighbour k
 * of grid.ts's order: the MFD receivers, only neighbours on the map), and `donors`, how many
 * neighbours are strictly higher (send it water).
 */
export function receiversAndDonors(grid: HydrologyGrid, drainage: Float64Array, receivers: Uint8Array, donors: Uint8Array): void {
  const { width, depth } = grid;
  const offsets = neighbourOffsets(width);
  // The edge with bounds checks, then the interior row by row without them.
  const edgeVertex = (i: number, j: number) => {
    const v = j * width + i;
    const h = drainage[v];
    let lower = 0;
    let count = 0;
    for (let k = 0; k < 8; k++) {
      const ni = i + STEP_I[k];
      const nj = j + STEP_J[k];
      if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      const n = drainage[v + offsets[k]];
      if (n > h) count++;
      else if (n < h) lower |= 1 << k;
    }
    donors[v] = count;
    receivers[v] = lower;
  };
  for (let i = 0; i < width; i++) {
    edgeVertex(i, 0);
    if (depth > 1) edgeVertex(i, depth - 1);
  }
  // Offsets as constants in grid.ts's order (k = 0 … 7).
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  for (let j = 1; j < depth - 1; j++) {
    edgeVertex(0, j);
    if (width > 1) edgeVertex(width - 1, j);
    const end = j * width + width - 1;
    for (let v = j * width + 1; v < end; v++) {
      const h = drainage[v];
      const h0 = drainage[v + 1];
      const h1 = drainage[v - 1];
      const h2 = drainage[v + o2];
      const h3 = drainage[v - o2];
      const h4 = drainage[v + o4];
      const h5 = drainage[v - o4];
      const h6 = drainage[v + o6];
      const h7 = drainage[v + o7];
      donors[v] =
        (h0 > h ? 1 : 0) + (h1 > h ? 1 : 0) + (h2 > h ? 1 : 0) + (h3 > h ? 1 : 0) + (h4 > h ? 1 : 0) + (h5 > h ? 1 : 0) + (h6 > h ? 1 : 0) + (h7 > h ? 1 : 0);
      receivers[v] =
        (h0 < h ? 1 : 0) |
        (h1 < h ? 2 : 0) |
        (h2 < h ? 4 : 0) |
        (h3 < h ? 8 : 0) |
        (h4 < h ? 16 : 0) |
        (h5 < h ? 32 : 0) |
        (h6 < h ? 64 : 0) |
        (h7 < h ? 128 : 0);
    }
  }
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
          const ni = i + STEP_I[k];
          const nj = j + STEP_J[k];
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
