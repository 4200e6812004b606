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

/** Per vertex, how many of its neighbours are higher on `drainage` (send it water), into `donors` if given. */
export function donorCounts(grid: HydrologyGrid, drainage: Float64Array, donors: Uint8Array = new Uint8Array(grid.width * grid.depth)): Uint8Array {
  const { width, depth } = grid;
  const offsets = neighbourOffsets(width);
  // The edge with bounds checks, then the interior row by row without them.
  const edgeVertex = (i: number, j: number) => {
    const v = j * width + i;
    const h = drainage[v];
    let count = 0;
    for (let k = 0; k < 8; k++) {
      const ni = i + STEP_I[k];
      const nj = j + STEP_J[k];
      if (ni >= 0 && nj >= 0 && ni < width && nj < depth && drainage[v + offsets[k]] > h) count++;
    }
    donors[v] = count;
  };
  for (let i = 0; i < width; i++) {
    edgeVertex(i, 0);
    if (depth > 1) edgeVertex(i, depth - 1);
  }
  for (let j = 1; j < depth - 1; j++) {
    edgeVertex(0, j);
    if (width > 1) edgeVertex(width - 1, j);
    const end = j * width + width - 1;
    // A 3 × 3 window slides along the row in locals: three new reads per vertex instead of nine.
    let upLeft = drainage[j * width - width];
    let up = drainage[j * width - width + 1];
    let left = drainage[j * width];
    let h = drainage[j * width + 1];
    let downLeft = drainage[j * width + width];
    let down = drainage[j * width + width + 1];
    for (let v = j * width + 1; v < end; v++) {
      const upRight = drainage[v - width + 1];
      const right = drainage[v + 1];
      const downRight = drainage[v + width + 1];
      donors[v] =
        (right > h ? 1 : 0) +
        (left > h ? 1 : 0) +
        (down > h ? 1 : 0) +
        (up > h ? 1 : 0) +
        (downRight > h ? 1 : 0) +
        (upLeft > h ? 1 : 0) +
        (upRight > h ? 1 : 0) +
        (downLeft > h ? 1 : 0);
      upLeft = up;
      up = upRight;
      left = h;
      h = right;
      downLeft = down;
      down = downRight;
    }
  }
  return donors;
}

/** A growing list of vertex indices (`list[0 … length)`), reused across calls. */
export interface VertexList {
  list: Int32Array;
  length: number;
}

/** Recounts vertex `v`'s donors (after its or a neighbour's height changed). */
export function recountDonors(grid: HydrologyGrid, drainage: Float64Array, donors: Uint8Array, v: number): void {
  const { width, depth } = grid;
  const i = v % width;
  const j = (v - i) / width;
  const h = drainage[v];
  let count = 0;
  for (let k = 0; k < 8; k++) {
    const ni = i + STEP_I[k];
    const nj = j + STEP_J[k];
    if (ni >= 0 && nj >= 0 && ni < width && nj < depth && drainage[nj * width + ni] > h) count++;
  }
  donors[v] = count;
}

/**
 * `donorCounts`, and in the same pass the interior vertices with no lower neighbour (pits: none on a
 * drainage surface), in vertex order into `pits`: a solver that fills the pits each step
 * (shared/erosion/pitFill.ts) finds them without a pass of its own.
 */
export function donorCountsAndPits(grid: HydrologyGrid, drainage: Float64Array, donors: Uint8Array, pits: VertexList): void {
  const { width, depth } = grid;
  pits.length = 0;
  if (width < 3 || depth < 3) {
    donorCounts(grid, drainage, donors);
    return;
  }
  for (let i = 0; i < width; i++) {
    recountDonors(grid, drainage, donors, i);
    recountDonors(grid, drainage, donors, (depth - 1) * width + i);
  }
  for (let j = 1; j < depth - 1; j++) {
    recountDonors(grid, drainage, donors, j * width);
    recountDonors(grid, drainage, donors, j * width + width - 1);
    const end = j * width + width - 1;
    let upLeft = drainage[j * width - width];
    let up = drainage[j * width - width + 1];
    let left = drainage[j * width];
    let h = drainage[j * width + 1];
    let downLeft = drainage[j * width + width];
    let down = drainage[j * width + width + 1];
    for (let v = j * width + 1; v < end; v++) {
      const upRight = drainage[v - width + 1];
      const right = drainage[v + 1];
      const downRight = drainage[v + width + 1];
      donors[v] =
        (right > h ? 1 : 0) +
        (left > h ? 1 : 0) +
        (down > h ? 1 : 0) +
        (up > h ? 1 : 0) +
        (downRight > h ? 1 : 0) +
        (upLeft > h ? 1 : 0) +
        (upRight > h ? 1 : 0) +
        (downLeft > h ? 1 : 0);
      if (!(right < h || left < h || down < h || up < h || downRight < h || upLeft < h || upRight < h || downLeft < h)) {
        if (pits.length === pits.list.length) {
          const grown = new Int32Array(pits.list.length * 2);
          grown.set(pits.list);
          pits.list = grown;
        }
        pits.list[pits.length++] = v;
      }
      upLeft = up;
      up = upRight;
      left = h;
      h = right;
      downLeft = down;
      down = downRight;
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
