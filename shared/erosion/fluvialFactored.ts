/**
 * The fluvial layer's `scheme: 'factored'` (fluvialParams.ts): the same step as the reference (MFD routing
 * with exponent 1 in Kahn's depth-first order, then Braun & Willett's implicit n = 1 solve over every lower
 * neighbour, fluvial.ts), with its arithmetic arranged so that what waits on the walk's last vertex is
 * only multiplies and adds:
 * - the routing gives receiver k a·(r_k·inv), inv = 1 / Σ r_j (its own division), not r_k·(a / Σ r_j);
 * - the solve writes h = (h0 + U·dt)·inv + Σ (c_k·inv)·h'_k with inv = 1 / (1 + Σ c_k), not
 *   (h0 + U·dt + Σ c_k·h'_k) / (1 + Σ c_k), so the division and square roots depend only on the step's start.
 * The sums are taken pairwise in the order the compiled kernel's f64x2 lanes take them. The results are the
 * reference's up to rounding: not the same bytes, so it is a layer parameter and a layer without it keeps
 * the reference's. Deterministic as the reference: float64 +, −, ×, ÷ and √ in a fixed order. This file is
 * the reference of the compiled kernel's factored calls (wasm/fluvialStep.ts).
 */
import { ownAreas, type FlowRouting } from '../hydrology/accumulation';
import type { HydrologyGrid } from '../hydrology/grid';
import { strataReader } from '../terrain/strata';
import type { FluvialParams } from './fluvialParams';

/** The name of the scheme (the layer's optional `scheme`). */
export const FACTORED = 'factored';

const DIAGONAL = Math.SQRT1_2;
/** Below this a sum's reciprocal could overflow: the few-ulp drops near 0 m take the slower exact path. */
const TINY = 2 ** -960;

/**
 * The factored routing of `drainage` into `routing` (its `pending` holds the donor counts already, as
 * fluvial.ts counts them): Kahn's walk as accumulation.ts `routeFlow` walks it (the same order: the same
 * branches in the same order), each receiver k given a·(r_k·inv), r_k = w_k / steepest (w_k the slope,
 * a diagonal's drop / √2), inv = 1 / (((r0 + r2) + (r4 + r6)) + ((r1 + r3) + (r5 + r7))): the walk's chain
 * through the areas is a multiply and an add, the division is the vertex's own.
 */
export function routeFactored(grid: HydrologyGrid, drainage: Float64Array, routing: FlowRouting): void {
  const { width, depth } = grid;
  const count = width * depth;
  const { area, order, pending, onEdge } = routing;
  const h = drainage;
  ownAreas(grid, area);
  let outflow = 0;
  let placed = 0;
  let top = count;
  for (let v = count - 1; v >= 0; v--) if (pending[v] === 0) order[--top] = v;
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  while (top < count) {
    const v = order[top++];
    order[placed++] = v;
    const hv = h[v];
    const a = area[v];
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    let d4 = 0;
    let d5 = 0;
    let d6 = 0;
    let d7 = 0;
    if (onEdge[v] === 0) {
      d0 = hv - h[v + 1];
      d1 = hv - h[v - 1];
      d2 = hv - h[v + o2];
      d3 = hv - h[v - o2];
      d4 = hv - h[v + o4];
      d5 = hv - h[v - o4];
      d6 = hv - h[v + o6];
      d7 = hv - h[v + o7];
    } else {
      // The edge: a neighbour off the map is no receiver.
      const i = v % width;
      const j = (v - i) / width;
      const right = i < width - 1;
      const left = i > 0;
      const down = j < depth - 1;
      const up = j > 0;
      if (right) d0 = hv - h[v + 1];
      if (left) d1 = hv - h[v - 1];
      if (down) d2 = hv - h[v + o2];
      if (up) d3 = hv - h[v - o2];
      if (down && right) d4 = hv - h[v + o4];
      if (up && left) d5 = hv - h[v - o4];
      if (up && right) d6 = hv - h[v + o6];
      if (down && left) d7 = hv - h[v + o7];
    }
    const w0 = d0 > 0 ? d0 : 0;
    const w1 = d1 > 0 ? d1 : 0;
    const w2 = d2 > 0 ? d2 : 0;
    const w3 = d3 > 0 ? d3 : 0;
    const w4 = d4 > 0 ? d4 * DIAGONAL : 0;
    const w5 = d5 > 0 ? d5 * DIAGONAL : 0;
    const w6 = d6 > 0 ? d6 * DIAGONAL : 0;
    const w7 = d7 > 0 ? d7 * DIAGONAL : 0;
    const m01 = w0 > w1 ? w0 : w1;
    const m23 = w2 > w3 ? w2 : w3;
    const m45 = w4 > w5 ? w4 : w5;
    const m67 = w6 > w7 ? w6 : w7;
    const m03 = m01 > m23 ? m01 : m23;
    const m47 = m45 > m67 ? m45 : m67;
    const steepest = m03 > m47 ? m03 : m47;
    if (!(steepest > 0)) {
      outflow += a;
      continue;
    }
    // Each receiver's fraction w_k / Σ w: one division a vertex. Where Σ w is so small (drops of a few ulps
    // near 0 m, subnormal) that 1 / Σ w would overflow, the ratios to the steepest first (exact there).
    const total = w0 + w2 + (w4 + w6) + (w1 + w3 + (w5 + w7));
    let f0: number, f1: number, f2: number, f3: number, f4: number, f5: number, f6: number, f7: number;
    if (total >= TINY) {
      const inv = 1 / total;
      f0 = w0 * inv;
      f1 = w1 * inv;
      f2 = w2 * inv;
      f3 = w3 * inv;
      f4 = w4 * inv;
      f5 = w5 * inv;
      f6 = w6 * inv;
      f7 = w7 * inv;
    } else {
      const r0 = w0 / steepest;
      const r1 = w1 / steepest;
      const r2 = w2 / steepest;
      const r3 = w3 / steepest;
      const r4 = w4 / steepest;
      const r5 = w5 / steepest;
      const r6 = w6 / steepest;
      const r7 = w7 / steepest;
      const inv = 1 / (r0 + r2 + (r4 + r6) + (r1 + r3 + (r5 + r7)));
      f0 = r0 * inv;
      f1 = r1 * inv;
      f2 = r2 * inv;
      f3 = r3 * inv;
      f4 = r4 * inv;
      f5 = r5 * inv;
      f6 = r6 * inv;
      f7 = r7 * inv;
    }
    if (d0 > 0) {
      area[v + 1] += a * f0;
      if (--pending[v + 1] === 0) order[--top] = v + 1;
    }
    if (d1 > 0) {
      area[v - 1] += a * f1;
      if (--pending[v - 1] === 0) order[--top] = v - 1;
    }
    if (d2 > 0) {
      area[v + o2] += a * f2;
      if (--pending[v + o2] === 0) order[--top] = v + o2;
    }
    if (d3 > 0) {
      area[v - o2] += a * f3;
      if (--pending[v - o2] === 0) order[--top] = v - o2;
    }
    if (d4 > 0) {
      area[v + o4] += a * f4;
      if (--pending[v + o4] === 0) order[--top] = v + o4;
    }
    if (d5 > 0) {
      area[v - o4] += a * f5;
      if (--pending[v - o4] === 0) order[--top] = v - o4;
    }
    if (d6 > 0) {
      area[v + o6] += a * f6;
      if (--pending[v + o6] === 0) order[--top] = v + o6;
    }
    if (d7 > 0) {
      area[v + o7] += a * f7;
      if (--pending[v + o7] === 0) order[--top] = v + o7;
    }
  }
  if (placed !== count) throw new Error(`flow accumulation placed ${placed} of ${count} vertices: the surface has a cycle (NaN heights?)`);
  routing.outflow = outflow;
}

/** Vertex roles (fluvial.ts). */
const BASE_LEVEL = 1;
const FREE_EDGE = 2;
const INNER_RING = 3;

/** What the factored solve needs of a fluvial state. */
export interface FactoredSolveState {
  readonly grid: HydrologyGrid;
  readonly bedOffset: Float64Array | null;
  readonly role: Uint8Array;
  readonly routing: FlowRouting;
}

/**
 * The factored solve (n = 1), outlets first (the drainage order walked backwards): `prev` the heights at
 * the step's start, `h` the result. Each vertex's c_k = (scale·s_k)/L_k (scale = K·A^m·dt·S / Σ s², as the
 * reference), inv = 1 / (1 + ((c0 + c2) + (c4 + c6)) + ((c1 + c3) + (c5 + c7))) and c'_k = c_k·inv depend
 * only on the step's start, so the walk can work them out ahead; what waits on the receivers' new heights
 * is h = min((h0 + U·dt)·inv + ((c'0h0 + c'2h2) + (c'4h4 + c'6h6)) + ((c'1h1 + c'3h3) + (c'5h5 + c'7h7)),
 * h0 + U·dt): multiplies and adds. A neighbour that is no receiver has c' = +0 (its height in `h` is finite).
 */
export function solveFactored(
  state: FactoredSolveState,
  prev: Float64Array,
  h: Float64Array,
  params: FluvialParams,
  dt: number,
  upliftWeights?: Float32Array,
): void {
  const { grid, bedOffset, role, routing } = state;
  const { width, cellSize } = grid;
  const { area, order } = routing;
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  const across = 1 / cellSize;
  const diagonal = 1 / (Math.SQRT2 * cellSize);
  const upliftDt = params.uplift * dt;
  const { m, channelArea } = params;
  const onlyFalling = params.cutOnlyFalling === true;
  const kDt = params.k * dt;
  const reader = params.strata ? strataReader(params.strata) : null;
  const hardness = params.strata ? Float64Array.from(params.strata.beds, (bed) => bed.hardness) : null;
  for (let at = order.length - 1; at >= 0; at--) {
    const v = order[at];
    const vertexRole = role[v];
    const h0 = prev[v];
    if (vertexRole === BASE_LEVEL) {
      h[v] = h0;
      continue;
    }
    const raised = h0 + (upliftWeights ? upliftWeights[v] * upliftDt : upliftDt);
    const a = area[v];
    if (vertexRole === FREE_EDGE || a < channelArea) {
      h[v] = raised;
      continue;
    }
    let d0 = h0 - prev[v + 1];
    let d1 = h0 - prev[v - 1];
    let d2 = h0 - prev[v + o2];
    let d3 = h0 - prev[v - o2];
    let d4 = h0 - prev[v + o4];
    let d5 = h0 - prev[v - o4];
    let d6 = h0 - prev[v + o6];
    let d7 = h0 - prev[v + o7];
    if (vertexRole === INNER_RING) {
      if (role[v + 1] === FREE_EDGE) d0 = 0;
      if (role[v - 1] === FREE_EDGE) d1 = 0;
      if (role[v + o2] === FREE_EDGE) d2 = 0;
      if (role[v - o2] === FREE_EDGE) d3 = 0;
      if (role[v + o4] === FREE_EDGE) d4 = 0;
      if (role[v - o4] === FREE_EDGE) d5 = 0;
      if (role[v + o6] === FREE_EDGE) d6 = 0;
      if (role[v + o7] === FREE_EDGE) d7 = 0;
    }
    const s0 = d0 > 0 ? d0 * across : 0;
    const s1 = d1 > 0 ? d1 * across : 0;
    const s2 = d2 > 0 ? d2 * across : 0;
    const s3 = d3 > 0 ? d3 * across : 0;
    const s4 = d4 > 0 ? d4 * diagonal : 0;
    const s5 = d5 > 0 ? d5 * diagonal : 0;
    const s6 = d6 > 0 ? d6 * diagonal : 0;
    const s7 = d7 > 0 ? d7 * diagonal : 0;
    const sum2 = s0 * s0 + s2 * s2 + (s4 * s4 + s6 * s6) + (s1 * s1 + s3 * s3 + (s5 * s5 + s7 * s7));
    if (sum2 === 0) {
      h[v] = raised;
      continue;
    }
    const m01 = s0 > s1 ? s0 : s1;
    const m23 = s2 > s3 ? s2 : s3;
    const m45 = s4 > s5 ? s4 : s5;
    const m67 = s6 > s7 ? s6 : s7;
    const m03 = m01 > m23 ? m01 : m23;
    const m47 = m45 > m67 ? m45 : m67;
    const steepest = m03 > m47 ? m03 : m47;
    const planeSlope = Math.sqrt(sum2 * 0.5);
    const s = steepest > planeSlope ? steepest : planeSlope;
    const areaTerm = m === 0.5 ? Math.sqrt(a) : m === 0 ? 1 : m === 1 ? a : Math.pow(a, m);
    const erodibility = reader && hardness && bedOffset ? kDt / hardness[reader.bedAtElevation(h0 - bedOffset[v])] : kDt;
    // c'_k = c_k / (1 + Σ c) = (f·s·D)·l_k and b = (h0 + U·dt)·sum2·D, with l_k = s_k / L_k and D = 1 / (sum2 + f·s·Σ l):
    // one division a vertex. Where that sum is too small for its reciprocal, c_k and 1 / (1 + Σ c) as such.
    const fs = erodibility * areaTerm * s;
    const l0 = s0 * across;
    const l1 = s1 * across;
    const l2 = s2 * across;
    const l3 = s3 * across;
    const l4 = s4 * diagonal;
    const l5 = s5 * diagonal;
    const l6 = s6 * diagonal;
    const l7 = s7 * diagonal;
    const den = sum2 + fs * (l0 + l2 + (l4 + l6) + (l1 + l3 + (l5 + l7)));
    let c0: number, c1: number, c2: number, c3: number, c4: number, c5: number, c6: number, c7: number, b: number;
    if (den >= TINY) {
      const d = 1 / den;
      const q = fs * d;
      c0 = q * l0;
      c1 = q * l1;
      c2 = q * l2;
      c3 = q * l3;
      c4 = q * l4;
      c5 = q * l5;
      c6 = q * l6;
      c7 = q * l7;
      b = raised * sum2 * d;
    } else {
      const scale = fs / sum2;
      const inv = 1 / (1 + (scale * l0 + scale * l2 + (scale * l4 + scale * l6) + (scale * l1 + scale * l3 + (scale * l5 + scale * l7))));
      const q = scale * inv;
      c0 = q * l0;
      c1 = q * l1;
      c2 = q * l2;
      c3 = q * l3;
      c4 = q * l4;
      c5 = q * l5;
      c6 = q * l6;
      c7 = q * l7;
      b = raised * inv;
    }
    const next =
      b + (c0 * h[v + 1] + c2 * h[v + o2] + (c4 * h[v + o4] + c6 * h[v + o6]) + (c1 * h[v - 1] + c3 * h[v - o2] + (c5 * h[v - o4] + c7 * h[v + o7])));
    // cutOnlyFalling: a channel the step would leave higher than it was is only uplifted (fluvialParams.ts).
    h[v] = next < raised && !(onlyFalling && next > h0) ? next : raised;
  }
}
