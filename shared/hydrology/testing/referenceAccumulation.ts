/**
 * The accumulation as it was before it was tuned for speed (session 12), kept unchanged as the
 * reference the tuned accumulation.ts must equal bit for bit.
 *
 * Flow accumulation by multiple flow directions (Freeman 1991): each vertex passes everything that
 * reaches it, plus its own area (grid.ts: its Voronoi cell), to its lower neighbours in proportion
 * to slope^p, slope = drop / distance (√2 cells on a diagonal). Freeman used p = 1.1; the default
 * here is p = 1 (Quinn et al. 1991's weighting by slope): a fractional power costs a Math.pow per
 * receiver, about three times the whole pass at 4097², for a difference in dispersion Freeman found
 * small. Any p > 0 may be asked for. Sums are float64, in the drainage order, so the result is the
 * same on every machine.
 */
import type { Accumulation } from '../accumulation';
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, neighbourOffsets, type HydrologyGrid } from '../grid';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

const DEFAULT_MFD_EXPONENT = 1;

/** Per vertex, how many of its neighbours are higher on `drainage` (send it water). */
function donorCounts(grid: HydrologyGrid, drainage: Float64Array): Uint8Array {
  const { width, depth } = grid;
  const offsets = neighbourOffsets(width);
  const donors = new Uint8Array(width * depth);
  for (let j = 0, v = 0; j < depth; j++) {
    for (let i = 0; i < width; i++, v++) {
      const h = drainage[v];
      let count = 0;
      if (i > 0 && i < width - 1 && j > 0 && j < depth - 1) {
        for (let k = 0; k < 8; k++) if (drainage[v + offsets[k]] > h) count++;
      } else {
        for (let k = 0; k < 8; k++) {
          const ni = i + STEP_I[k];
          const nj = j + STEP_J[k];
          if (ni >= 0 && nj >= 0 && ni < width && nj < depth && drainage[v + offsets[k]] > h) count++;
        }
      }
      donors[v] = count;
    }
  }
  return donors;
}

/** Fills `area` with each vertex's own area: cellSize² inside, half on an edge, a quarter at a corner. */
function ownAreas(grid: HydrologyGrid, area: Float64Array): void {
  const { width, depth, cellSize } = grid;
  const full = cellSize * cellSize;
  area.fill(full);
  for (let i = 0; i < width; i++) {
    area[i] *= 0.5;
    area[(depth - 1) * width + i] *= 0.5;
  }
  for (let j = 0; j < depth; j++) {
    area[j * width] *= 0.5;
    area[j * width + width - 1] *= 0.5;
  }
}

/** MFD contributing areas on `drainage` (priorityFlood's: every vertex off the edge has a lower neighbour). */
export function referenceAccumulateFlow(grid: HydrologyGrid, drainage: Float64Array, exponent = DEFAULT_MFD_EXPONENT): Accumulation {
  if (!(exponent > 0) || !Number.isFinite(exponent)) throw new RangeError(`the MFD exponent must be a positive number, got ${exponent}`);
  const { width, depth } = grid;
  const count = width * depth;
  const offsets = neighbourOffsets(width);
  const area = new Float64Array(count);
  ownAreas(grid, area);
  const weights = new Float64Array(8);
  const linear = exponent === 1;
  let outflow = 0;
  const pending = donorCounts(grid, drainage);
  // 1 on the map's edge: the only vertices whose neighbours need bounds checks (no division per vertex).
  const onEdge = new Uint8Array(count);
  onEdge.fill(1, 0, width);
  onEdge.fill(1, count - width);
  for (let j = 1; j < depth - 1; j++) onEdge[j * width] = onEdge[j * width + width - 1] = 1;
  // Placed vertices fill `order` from the front; those ready wait on a stack at its back.
  const order = new Int32Array(count);
  let placed = 0;
  let top = count;
  for (let v = count - 1; v >= 0; v--) if (pending[v] === 0) order[--top] = v;
  while (top < count) {
    const v = order[top++];
    order[placed++] = v;
    const h = drainage[v];
    const interior = onEdge[v] === 0;
    const i = interior ? 0 : v % width;
    const j = interior ? 0 : (v - i) / width;
    let steepest = 0;
    for (let k = 0; k < 8; k++) {
      weights[k] = 0;
      if (!interior) {
        const ni = i + STEP_I[k];
        const nj = j + STEP_J[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      }
      const n = v + offsets[k];
      const drop = h - drainage[n];
      if (drop > 0) {
        const slope = k < 4 ? drop : drop * Math.SQRT1_2;
        weights[k] = slope;
        if (slope > steepest) steepest = slope;
        if (--pending[n] === 0) order[--top] = n;
      }
    }
    const a = area[v];
    if (steepest > 0) {
      // Slopes as fractions of the steepest: on an ε-resolved flat the drops are a few ulps (near
      // 0 m, subnormal), and their ratios are still exact where their sum or powers would not be.
      let total = 0;
      for (let k = 0; k < 8; k++) {
        if (weights[k] === 0) continue;
        const ratio = weights[k] / steepest;
        const w = linear ? ratio : Math.pow(ratio, exponent);
        weights[k] = w;
        total += w;
      }
      const share = a / total;
      for (let k = 0; k < 8; k++) if (weights[k] > 0) area[v + offsets[k]] += weights[k] * share;
    } else {
      outflow += a;
    }
  }
  if (placed !== count) throw new Error(`flow accumulation placed ${placed} of ${count} vertices: the surface has a cycle (NaN heights?)`);
  return { area, outflow, order };
}
