/**
 * Flow accumulation by multiple flow directions (Freeman 1991): each vertex passes everything that
 * reaches it, plus its own area (grid.ts: its Voronoi cell), to its lower neighbours in proportion
 * to slope^p, slope = drop / distance (√2 cells on a diagonal). Freeman used p = 1.1; the default
 * here is p = 1 (Quinn et al. 1991's weighting by slope): a fractional power costs a Math.pow per
 * receiver, about three times the whole pass at 4097², for a difference in dispersion Freeman found
 * small. Any p > 0 may be asked for. Sums are float64, in the drainage order, so the result is the
 * same on every machine.
 */
import { donorCounts } from './drainage';
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, neighbourOffsets, type HydrologyGrid } from './grid';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

export const DEFAULT_MFD_EXPONENT = 1;

export interface Accumulation {
  /** Upstream contributing area per vertex, m², its own area included. */
  readonly area: Float64Array;
  /** Area that leaves the map through its outlets, m² (the map's area: nothing is lost). */
  readonly outflow: number;
  /**
   * Every vertex, upstream first: each after all its higher neighbours (Kahn's algorithm from the
   * vertices nothing drains into, depth first, so each path is followed downstream while its
   * neighbourhood is in cache). Walk it backwards for outlets first.
   */
  readonly order: Int32Array;
}

/** Fills `area` with each vertex's own area: cellSize² inside, half on an edge, a quarter at a corner. */
export function ownAreas(grid: HydrologyGrid, area: Float64Array): void {
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

/**
 * The buffers of one routing, reusable: a solver that routes the same grid every time step
 * (shared/erosion/fluvial.ts) allocates them once.
 */
export interface FlowRouting {
  /** Upstream contributing area per vertex, m², its own area included. */
  readonly area: Float64Array;
  /** Every vertex, upstream first (as `Accumulation.order`). */
  readonly order: Int32Array;
  /** Scratch: per vertex, its donors not yet placed. */
  readonly pending: Uint8Array;
  /** 1 on the map's edge: the only vertices whose neighbours need bounds checks (no division per vertex). */
  readonly onEdge: Uint8Array;
  /** Area that leaves the map through its outlets, m². */
  outflow: number;
}

export function flowRouting(grid: HydrologyGrid): FlowRouting {
  const { width, depth } = grid;
  const count = width * depth;
  const onEdge = new Uint8Array(count);
  onEdge.fill(1, 0, width);
  onEdge.fill(1, count - width);
  for (let j = 1; j < depth - 1; j++) onEdge[j * width] = onEdge[j * width + width - 1] = 1;
  return { area: new Float64Array(count), order: new Int32Array(count), pending: new Uint8Array(count), onEdge, outflow: 0 };
}

/** MFD contributing areas on `drainage` (priorityFlood's: every vertex off the edge has a lower neighbour). */
export function accumulateFlow(grid: HydrologyGrid, drainage: Float64Array, exponent = DEFAULT_MFD_EXPONENT): Accumulation {
  const routing = flowRouting(grid);
  routeFlow(grid, drainage, routing, exponent);
  return { area: routing.area, outflow: routing.outflow, order: routing.order };
}

/**
 * `accumulateFlow` into `routing`'s buffers (the same bytes). With `donorsCounted`, `routing.pending`
 * already holds `donorCounts` of `drainage` (a caller that counted them in a pass of its own).
 */
export function routeFlow(grid: HydrologyGrid, drainage: Float64Array, routing: FlowRouting, exponent = DEFAULT_MFD_EXPONENT, donorsCounted = false): void {
  if (!(exponent > 0) || !Number.isFinite(exponent)) throw new RangeError(`the MFD exponent must be a positive number, got ${exponent}`);
  const { width, depth } = grid;
  const count = width * depth;
  const { area, order, pending, onEdge } = routing;
  if (area.length !== count) throw new RangeError(`the routing's buffers hold ${area.length} vertices, the grid has ${count}`);
  const offsets = neighbourOffsets(width);
  ownAreas(grid, area);
  const weights = new Float64Array(8);
  const linear = exponent === 1;
  let outflow = 0;
  if (!donorsCounted) donorCounts(grid, drainage, pending);
  // Placed vertices fill `order` from the front; those ready wait on a stack at its back.
  let placed = 0;
  let top = count;
  for (let v = count - 1; v >= 0; v--) if (pending[v] === 0) order[--top] = v;
  // Neighbour offsets as constants for the interior path (grid.ts's order, k = 0 … 7).
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  const DIAGONAL = Math.SQRT1_2;
  while (top < count) {
    const v = order[top++];
    order[placed++] = v;
    const h = drainage[v];
    const a = area[v];
    if (onEdge[v] === 0 && linear) {
      // Unrolled, no bounds checks, weights in locals: the same operations in the same order as
      // the general path below (the stack order and every sum depend on it).
      const d0 = h - drainage[v + 1];
      const d1 = h - drainage[v - 1];
      const d2 = h - drainage[v + o2];
      const d3 = h - drainage[v - o2];
      const d4 = h - drainage[v + o4];
      const d5 = h - drainage[v - o4];
      const d6 = h - drainage[v + o6];
      const d7 = h - drainage[v + o7];
      const w0 = d0 > 0 ? d0 : 0;
      const w1 = d1 > 0 ? d1 : 0;
      const w2 = d2 > 0 ? d2 : 0;
      const w3 = d3 > 0 ? d3 : 0;
      const w4 = d4 > 0 ? d4 * DIAGONAL : 0;
      const w5 = d5 > 0 ? d5 * DIAGONAL : 0;
      const w6 = d6 > 0 ? d6 * DIAGONAL : 0;
      const w7 = d7 > 0 ? d7 * DIAGONAL : 0;
      // A tree of comparisons: Math.max's NaN and −0 handling is not needed on these (≥ +0, never NaN).
      const m01 = w0 > w1 ? w0 : w1;
      const m23 = w2 > w3 ? w2 : w3;
      const m45 = w4 > w5 ? w4 : w5;
      const m67 = w6 > w7 ? w6 : w7;
      const m03 = m01 > m23 ? m01 : m23;
      const m47 = m45 > m67 ? m45 : m67;
      const steepest = m03 > m47 ? m03 : m47;
      if (steepest > 0) {
        // Adding a zero ratio leaves the total exactly as it was, so only the writes are skipped;
        // a zero slope's ratio is +0 without its division (0 / steepest is +0 too), about a fifth of the pass.
        const r0 = w0 > 0 ? w0 / steepest : 0;
        const r1 = w1 > 0 ? w1 / steepest : 0;
        const r2 = w2 > 0 ? w2 / steepest : 0;
        const r3 = w3 > 0 ? w3 / steepest : 0;
        const r4 = w4 > 0 ? w4 / steepest : 0;
        const r5 = w5 > 0 ? w5 / steepest : 0;
        const r6 = w6 > 0 ? w6 / steepest : 0;
        const r7 = w7 > 0 ? w7 / steepest : 0;
        const share = a / (r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7);
        // Each receiver's share, then its place on the stack if that was its last donor (in k order: the
        // stack's order). Where no neighbour is lower there is nothing to push.
        if (d0 > 0) {
          area[v + 1] += r0 * share;
          if (--pending[v + 1] === 0) order[--top] = v + 1;
        }
        if (d1 > 0) {
          area[v - 1] += r1 * share;
          if (--pending[v - 1] === 0) order[--top] = v - 1;
        }
        if (d2 > 0) {
          area[v + o2] += r2 * share;
          if (--pending[v + o2] === 0) order[--top] = v + o2;
        }
        if (d3 > 0) {
          area[v - o2] += r3 * share;
          if (--pending[v - o2] === 0) order[--top] = v - o2;
        }
        if (d4 > 0) {
          area[v + o4] += r4 * share;
          if (--pending[v + o4] === 0) order[--top] = v + o4;
        }
        if (d5 > 0) {
          area[v - o4] += r5 * share;
          if (--pending[v - o4] === 0) order[--top] = v - o4;
        }
        if (d6 > 0) {
          area[v + o6] += r6 * share;
          if (--pending[v + o6] === 0) order[--top] = v + o6;
        }
        if (d7 > 0) {
          area[v + o7] += r7 * share;
          if (--pending[v + o7] === 0) order[--top] = v + o7;
        }
      } else {
        outflow += a;
      }
      continue;
    }
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
        const slope = k < 4 ? drop : drop * DIAGONAL;
        weights[k] = slope;
        if (slope > steepest) steepest = slope;
        if (--pending[n] === 0) order[--top] = n;
      }
    }
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
  routing.outflow = outflow;
}
