/**
 * AssemblyScript: the hot loops of one fluvial step (shared/erosion/fluvial.ts), compiled to
 * WebAssembly by `npm run build:wasm` into shared/erosion/fluvialWasmBytes.ts.
 *
 * Every function is a line-for-line port of its JavaScript reference, named beside it: the same
 * float64 +, −, ×, ÷ and √ in the same order (WebAssembly's are IEEE 754, as JavaScript's; nothing
 * here calls pow, exp or log), so the bytes are the reference's. The arrays live in the imported
 * memory at byte offsets the caller lays out (shared/erosion/fluvialWasm.ts); nothing here allocates.
 */

// Vertex roles (fluvial.ts).
const BASE_LEVEL: u8 = 1;
const FREE_EDGE: u8 = 2;
const INNER_RING: u8 = 3;

@inline function getF64(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
@inline function setF64(base: usize, i: i32, x: f64): void {
  store<f64>(base + ((<usize>i) << 3), x);
}
@inline function getI32(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
@inline function setI32(base: usize, i: i32, x: i32): void {
  store<i32>(base + ((<usize>i) << 2), x);
}
@inline function getU8(base: usize, i: i32): u8 {
  return load<u8>(base + <usize>i);
}
@inline function setU8(base: usize, i: i32, x: u8): void {
  store<u8>(base + <usize>i, x);
}

// Neighbour steps in grid.ts's order (k = 0 … 7).
@inline function stepI(k: i32): i32 {
  return k == 0 ? 1 : k == 1 ? -1 : k == 2 ? 0 : k == 3 ? 0 : k == 4 ? 1 : k == 5 ? -1 : k == 6 ? 1 : -1;
}
@inline function stepJ(k: i32): i32 {
  return k == 0 ? 0 : k == 1 ? 0 : k == 2 ? 1 : k == 3 ? -1 : k == 4 ? 1 : k == 5 ? -1 : k == 6 ? -1 : 1;
}

/** drainage.ts `recountDonors`. */
function recountDonors(h: usize, donors: usize, v: i32, width: i32, depth: i32): void {
  const i = v % width;
  const j = (v - i) / width;
  const hv = getF64(h, v);
  let count: i32 = 0;
  for (let k = 0; k < 8; k++) {
    const ni = i + stepI(k);
    const nj = j + stepJ(k);
    if (ni >= 0 && nj >= 0 && ni < width && nj < depth && getF64(h, nj * width + ni) > hv) count++;
  }
  setU8(donors, v, <u8>count);
}

/** `donorCountsAndPits` on the interior of row j (a 3 × 3 window sliding along it); returns the pits found so far. */
@inline function countRow(h: usize, donors: usize, pits: usize, found: i32, j: i32, width: i32, listPits: i32): i32 {
  const end = j * width + width - 1;
  const rowBytes = (<usize>width) << 3;
  let v = j * width + 1;
  // Two vertices a turn: each f64x2 compare is the reference's per lane (a lane of all ones where true).
  for (; v + 1 < end; v += 2) {
    const at = h + ((<usize>v) << 3);
    const c = v128.load(at);
    const right = v128.load(at + 8);
    const left = v128.load(at - 8);
    const down = v128.load(at + rowBytes);
    const up = v128.load(at - rowBytes);
    const downRight = v128.load(at + rowBytes + 8);
    const upLeft = v128.load(at - rowBytes - 8);
    const upRight = v128.load(at - rowBytes + 8);
    const downLeft = v128.load(at + rowBytes - 8);
    let higher = i64x2.add(f64x2.gt(right, c), f64x2.gt(left, c));
    higher = i64x2.add(higher, i64x2.add(f64x2.gt(down, c), f64x2.gt(up, c)));
    higher = i64x2.add(higher, i64x2.add(f64x2.gt(downRight, c), f64x2.gt(upLeft, c)));
    higher = i64x2.add(higher, i64x2.add(f64x2.gt(upRight, c), f64x2.gt(downLeft, c)));
    setU8(donors, v, <u8>-i64x2.extract_lane(higher, 0));
    setU8(donors, v + 1, <u8>-i64x2.extract_lane(higher, 1));
    if (listPits != 0) {
      let lower = v128.or(f64x2.lt(right, c), f64x2.lt(left, c));
      lower = v128.or(lower, v128.or(f64x2.lt(down, c), f64x2.lt(up, c)));
      lower = v128.or(lower, v128.or(f64x2.lt(downRight, c), f64x2.lt(upLeft, c)));
      lower = v128.or(lower, v128.or(f64x2.lt(upRight, c), f64x2.lt(downLeft, c)));
      // No neighbour lower: the reference's !(right < c || …).
      if (i64x2.extract_lane(lower, 0) == 0) setI32(pits, found++, v);
      if (i64x2.extract_lane(lower, 1) == 0) setI32(pits, found++, v + 1);
    }
  }
  for (; v < end; v++) {
    const c = getF64(h, v);
    const right = getF64(h, v + 1);
    const left = getF64(h, v - 1);
    const down = getF64(h, v + width);
    const up = getF64(h, v - width);
    const downRight = getF64(h, v + width + 1);
    const upLeft = getF64(h, v - width - 1);
    const upRight = getF64(h, v - width + 1);
    const downLeft = getF64(h, v + width - 1);
    const count =
      <i32>(right > c) + <i32>(left > c) + <i32>(down > c) + <i32>(up > c) +
      <i32>(downRight > c) + <i32>(upLeft > c) + <i32>(upRight > c) + <i32>(downLeft > c);
    setU8(donors, v, <u8>count);
    if (listPits != 0 && !(right < c || left < c || down < c || up < c || downRight < c || upLeft < c || upRight < c || downLeft < c)) {
      setI32(pits, found++, v);
    }
  }
  return found;
}

/**
 * drainage.ts `donorCountsAndPits` (width, depth ≥ 3): the pits go to `pits` in vertex order
 * (with `listPits` 0, `donorCounts`: only the counts). Returns how many pits.
 */
export function donorCountsAndPits(h: usize, donors: usize, pits: usize, width: i32, depth: i32, listPits: i32): i32 {
  let found: i32 = 0;
  for (let i = 0; i < width; i++) {
    recountDonors(h, donors, i, width, depth);
    recountDonors(h, donors, (depth - 1) * width + i, width, depth);
  }
  for (let j = 1; j < depth - 1; j++) {
    recountDonors(h, donors, j * width, width, depth);
    recountDonors(h, donors, j * width + width - 1, width, depth);
    found = countRow(h, donors, pits, found, j, width, listPits);
  }
  return found;
}

/** An edge vertex owns half a cell, a corner a quarter (accumulation.ts `ownAreas`): the same halvings in the same order. */
function halveEdgeAreas(area: usize, width: i32, depth: i32): void {
  for (let i = 0; i < width; i++) {
    setF64(area, i, getF64(area, i) * 0.5);
    const b = (depth - 1) * width + i;
    setF64(area, b, getF64(area, b) * 0.5);
  }
  for (let j = 0; j < depth; j++) {
    const l = j * width;
    setF64(area, l, getF64(area, l) * 0.5);
    const r = j * width + width - 1;
    setF64(area, r, getF64(area, r) * 0.5);
  }
}

/** accumulation.ts `ownAreas`. */
function ownAreas(area: usize, width: i32, depth: i32, cellSize: f64): void {
  const full = cellSize * cellSize;
  const count = width * depth;
  for (let v = 0; v < count; v++) setF64(area, v, full);
  halveEdgeAreas(area, width, depth);
}

/** The eight neighbours of the vertex at byte address p, in grid.ts's order, as four pairs: (k = 0, 1), (2, 3), (4, 5), (6, 7). */
@inline function pairAcross(p: usize): v128 {
  return v128.load64_lane(p - 8, v128.load64_zero(p + 8), 1);
}
@inline function pairAlong(p: usize, rowBytes: usize): v128 {
  return v128.load64_lane(p - rowBytes, v128.load64_zero(p + rowBytes), 1);
}
@inline function pairFalling(p: usize, rowBytes: usize): v128 {
  return v128.load64_lane(p - rowBytes - 8, v128.load64_zero(p + rowBytes + 8), 1);
}
@inline function pairRising(p: usize, rowBytes: usize): v128 {
  return v128.load64_lane(p + rowBytes - 8, v128.load64_zero(p - rowBytes + 8), 1);
}
/** The lanes' sum, lane 0 first (the reference's left-to-right order). */
@inline function addLanes(sum: f64, x: v128): f64 {
  return sum + f64x2.extract_lane(x, 0) + f64x2.extract_lane(x, 1);
}

/** One receiver of the unrolled path: its share, and its place on the stack after its last donor. */
@inline function give(area: usize, pending: usize, order: usize, n: i32, amount: f64, top: i32): i32 {
  setF64(area, n, getF64(area, n) + amount);
  const left = <u8>(getU8(pending, n) - 1);
  setU8(pending, n, left);
  if (left == 0) {
    top--;
    setI32(order, top, n);
  }
  return top;
}

/**
 * accumulation.ts `routeFlow` with exponent 1 and the donors counted: fills `area` and `order`.
 * Returns the outflow (m²), or −1 when it placed fewer vertices than the grid has (a cycle).
 */
export function routeFlow(h: usize, area: usize, order: usize, pending: usize, onEdge: usize, width: i32, depth: i32, cellSize: f64): f64 {
  const count = width * depth;
  ownAreas(area, width, depth, cellSize);
  let outflow: f64 = 0;
  let placed: i32 = 0;
  let top: i32 = count;
  for (let v = count - 1; v >= 0; v--) if (getU8(pending, v) == 0) setI32(order, --top, v);
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  const DIAGONAL: f64 = Math.SQRT1_2;
  while (top < count) {
    const v = getI32(order, top++);
    setI32(order, placed++, v);
    const hv = getF64(h, v);
    const a = getF64(area, v);
    if (getU8(onEdge, v) == 0) {
      const d0 = hv - getF64(h, v + 1);
      const d1 = hv - getF64(h, v - 1);
      const d2 = hv - getF64(h, v + o2);
      const d3 = hv - getF64(h, v - o2);
      const d4 = hv - getF64(h, v + o4);
      const d5 = hv - getF64(h, v - o4);
      const d6 = hv - getF64(h, v + o6);
      const d7 = hv - getF64(h, v + o7);
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
      if (steepest > 0) {
        const r0 = w0 > 0 ? w0 / steepest : 0;
        const r1 = w1 > 0 ? w1 / steepest : 0;
        const r2 = w2 > 0 ? w2 / steepest : 0;
        const r3 = w3 > 0 ? w3 / steepest : 0;
        const r4 = w4 > 0 ? w4 / steepest : 0;
        const r5 = w5 > 0 ? w5 / steepest : 0;
        const r6 = w6 > 0 ? w6 / steepest : 0;
        const r7 = w7 > 0 ? w7 / steepest : 0;
        const share = a / (r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7);
        if (d0 > 0) top = give(area, pending, order, v + 1, r0 * share, top);
        if (d1 > 0) top = give(area, pending, order, v - 1, r1 * share, top);
        if (d2 > 0) top = give(area, pending, order, v + o2, r2 * share, top);
        if (d3 > 0) top = give(area, pending, order, v - o2, r3 * share, top);
        if (d4 > 0) top = give(area, pending, order, v + o4, r4 * share, top);
        if (d5 > 0) top = give(area, pending, order, v - o4, r5 * share, top);
        if (d6 > 0) top = give(area, pending, order, v + o6, r6 * share, top);
        if (d7 > 0) top = give(area, pending, order, v + o7, r7 * share, top);
      } else {
        outflow += a;
      }
      continue;
    }
    // The edge: bounds checks, the general path of the reference (exponent 1).
    const i = v % width;
    const j = (v - i) / width;
    let steepest: f64 = 0;
    let w0: f64 = 0, w1: f64 = 0, w2: f64 = 0, w3: f64 = 0, w4: f64 = 0, w5: f64 = 0, w6: f64 = 0, w7: f64 = 0;
    for (let k = 0; k < 8; k++) {
      const ni = i + stepI(k);
      const nj = j + stepJ(k);
      if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      const n = v + stepJ(k) * width + stepI(k);
      const drop = hv - getF64(h, n);
      if (drop > 0) {
        const slope = k < 4 ? drop : drop * DIAGONAL;
        if (k == 0) w0 = slope;
        else if (k == 1) w1 = slope;
        else if (k == 2) w2 = slope;
        else if (k == 3) w3 = slope;
        else if (k == 4) w4 = slope;
        else if (k == 5) w5 = slope;
        else if (k == 6) w6 = slope;
        else w7 = slope;
        if (slope > steepest) steepest = slope;
        const left = <u8>(getU8(pending, n) - 1);
        setU8(pending, n, left);
        if (left == 0) setI32(order, --top, n);
      }
    }
    if (steepest > 0) {
      let total: f64 = 0;
      if (w0 != 0) total += (w0 = w0 / steepest);
      if (w1 != 0) total += (w1 = w1 / steepest);
      if (w2 != 0) total += (w2 = w2 / steepest);
      if (w3 != 0) total += (w3 = w3 / steepest);
      if (w4 != 0) total += (w4 = w4 / steepest);
      if (w5 != 0) total += (w5 = w5 / steepest);
      if (w6 != 0) total += (w6 = w6 / steepest);
      if (w7 != 0) total += (w7 = w7 / steepest);
      const share = a / total;
      if (w0 > 0) setF64(area, v + 1, getF64(area, v + 1) + w0 * share);
      if (w1 > 0) setF64(area, v - 1, getF64(area, v - 1) + w1 * share);
      if (w2 > 0) setF64(area, v + o2, getF64(area, v + o2) + w2 * share);
      if (w3 > 0) setF64(area, v - o2, getF64(area, v - o2) + w3 * share);
      if (w4 > 0) setF64(area, v + o4, getF64(area, v + o4) + w4 * share);
      if (w5 > 0) setF64(area, v - o4, getF64(area, v - o4) + w5 * share);
      if (w6 > 0) setF64(area, v + o6, getF64(area, v + o6) + w6 * share);
      if (w7 > 0) setF64(area, v + o7, getF64(area, v + o7) + w7 * share);
    } else {
      outflow += a;
    }
  }
  return placed == count ? outflow : -1;
}

/** strata.ts `strataReader(…).bedAtElevation`: `tops` the beds' cumulative tops, `last` the last bed. */
function bedAtElevation(e: f64, period: f64, tops: usize, last: i32): i32 {
  let r = e - Math.floor(e / period) * period;
  if (r >= period) r = 0;
  for (let n = 0; n < last; n++) if (r < getF64(tops, n)) return n;
  return last;
}

/**
 * The solve's constants for a step (fluvial.ts `solveStreamPower`), set once by `setSolveTerms`:
 * `areaPower` 0 for m = 0.5 (√A), 1 for m = 0 (1), 2 for m = 1 (A); `weights` the uplift weights
 * (float32) or 0; `bedOffset` 0 without strata.
 */
let across: f64 = 0;
let diagonal: f64 = 0;
let kDt: f64 = 0;
let upliftDt: f64 = 0;
let channelArea: f64 = 0;
let areaPower: i32 = 0;
let weights: usize = 0;
let bedOffset: usize = 0;
let tops: usize = 0;
let hardness: usize = 0;
let lastBed: i32 = 0;
let period: f64 = 0;
/** fluvialParams.ts `cutOnlyFalling`: 1 where a vertex the step would raise is only uplifted, else 0. */
let onlyFalling: i32 = 0;

export function setSolveTerms(
  acrossIn: f64,
  diagonalIn: f64,
  kDtIn: f64,
  upliftDtIn: f64,
  channelAreaIn: f64,
  areaPowerIn: i32,
  weightsIn: usize,
  bedOffsetIn: usize,
  topsIn: usize,
  hardnessIn: usize,
  lastBedIn: i32,
  periodIn: f64,
  onlyFallingIn: i32,
): void {
  across = acrossIn;
  diagonal = diagonalIn;
  kDt = kDtIn;
  upliftDt = upliftDtIn;
  channelArea = channelAreaIn;
  areaPower = areaPowerIn;
  weights = weightsIn;
  bedOffset = bedOffsetIn;
  tops = topsIn;
  hardness = hardnessIn;
  lastBed = lastBedIn;
  period = periodIn;
  onlyFalling = onlyFallingIn;
}

/** The solve's result for a vertex: `next < raised && !(onlyFalling && next > h0) ? next : raised` (pmin picks it). */
@inline function solved(raised: f64, next: f64, h0: f64): f64 {
  const kept = onlyFalling != 0 && next > h0 ? raised : next;
  return f64x2.extract_lane(f64x2.pmin(f64x2.splat(raised), f64x2.splat(kept)), 0);
}

@inline function raisedAt(v: i32, h0: f64): f64 {
  return h0 + (weights != 0 ? <f64>load<f32>(weights + ((<usize>v) << 2)) * upliftDt : upliftDt);
}

/** The erodibility × A^m of vertex v (its ground h0 at the step's start, its area a). */
@inline function streamPowerFactor(v: i32, h0: f64, a: f64): f64 {
  const areaTerm = areaPower == 0 ? Math.sqrt(a) : areaPower == 1 ? 1.0 : a;
  const erodibility = bedOffset != 0 ? kDt / getF64(hardness, bedAtElevation(h0 - getF64(bedOffset, v), period, tops, lastBed)) : kDt;
  return erodibility * areaTerm;
}

/** `d`'s lanes with 0 where the neighbour at byte offset `first` (lane 0) or `second` (lane 1) from v's role is a free edge. */
@inline function dropFreeEdges(d: v128, role: usize, v: i32, first: i32, second: i32): v128 {
  let out = d;
  if (getU8(role, v + first) == FREE_EDGE) out = f64x2.replace_lane(out, 0, 0);
  if (getU8(role, v + second) == FREE_EDGE) out = f64x2.replace_lane(out, 1, 0);
  return out;
}

/**
 * fluvial.ts `solveStreamPower`'s loop body for vertex v (n = 1), the neighbours two at a time in
 * f64x2 lanes in grid.ts's order (`pairAcross` …): `d > 0 ? d·x : 0` is d·x AND (d > 0); the steepest
 * of slopes ≥ +0 and `s` (pmax), the result (pmin) are the values the reference's comparisons pick; every
 * sum is taken lane by lane in the reference's order.
 */
function solveVertex(prev: usize, h: usize, area: usize, role: usize, v: i32, width: i32): void {
  const vertexRole = getU8(role, v);
  const p = prev + ((<usize>v) << 3);
  const h0 = load<f64>(p);
  if (vertexRole == BASE_LEVEL) {
    setF64(h, v, h0);
    return;
  }
  const raised = raisedAt(v, h0);
  const a = getF64(area, v);
  if (vertexRole == FREE_EDGE || a < channelArea) {
    setF64(h, v, raised);
    return;
  }
  const rowBytes = (<usize>width) << 3;
  const here = f64x2.splat(h0);
  let dA = f64x2.sub(here, pairAcross(p));
  let dB = f64x2.sub(here, pairAlong(p, rowBytes));
  let dC = f64x2.sub(here, pairFalling(p, rowBytes));
  let dD = f64x2.sub(here, pairRising(p, rowBytes));
  if (vertexRole == INNER_RING) {
    dA = dropFreeEdges(dA, role, v, 1, -1);
    dB = dropFreeEdges(dB, role, v, width, -width);
    dC = dropFreeEdges(dC, role, v, width + 1, -width - 1);
    dD = dropFreeEdges(dD, role, v, 1 - width, width - 1);
  }
  const zeros = f64x2.splat(0);
  const acrossLanes = f64x2.splat(across);
  const diagonalLanes = f64x2.splat(diagonal);
  const sA = v128.and(f64x2.mul(dA, acrossLanes), f64x2.gt(dA, zeros));
  const sB = v128.and(f64x2.mul(dB, acrossLanes), f64x2.gt(dB, zeros));
  const sC = v128.and(f64x2.mul(dC, diagonalLanes), f64x2.gt(dC, zeros));
  const sD = v128.and(f64x2.mul(dD, diagonalLanes), f64x2.gt(dD, zeros));
  const qA = f64x2.mul(sA, sA);
  const sum2 = addLanes(addLanes(addLanes(f64x2.extract_lane(qA, 0) + f64x2.extract_lane(qA, 1), f64x2.mul(sB, sB)), f64x2.mul(sC, sC)), f64x2.mul(sD, sD));
  if (sum2 == 0) {
    setF64(h, v, raised);
    return;
  }
  const steepest = f64x2.pmax(f64x2.pmax(sA, sB), f64x2.pmax(sC, sD));
  const planeSlope = Math.sqrt(sum2 * 0.5);
  // steepest > planeSlope ? steepest : planeSlope, with the lanes' larger as the steepest.
  const s = f64x2.extract_lane(f64x2.pmax(f64x2.pmax(f64x2.splat(planeSlope), steepest), v128.shuffle<f64>(steepest, steepest, 1, 0)), 0);
  const f = streamPowerFactor(v, h0, a);
  const scales = f64x2.splat((f * s) / sum2);
  const cA = f64x2.mul(f64x2.mul(scales, sA), acrossLanes);
  const cB = f64x2.mul(f64x2.mul(scales, sB), acrossLanes);
  const cC = f64x2.mul(f64x2.mul(scales, sC), diagonalLanes);
  const cD = f64x2.mul(f64x2.mul(scales, sD), diagonalLanes);
  const q = h + ((<usize>v) << 3);
  const numerator = addLanes(
    addLanes(addLanes(addLanes(raised, f64x2.mul(cA, pairAcross(q))), f64x2.mul(cB, pairAlong(q, rowBytes))), f64x2.mul(cC, pairFalling(q, rowBytes))),
    f64x2.mul(cD, pairRising(q, rowBytes)),
  );
  const denominator = addLanes(addLanes(addLanes(addLanes(1, cA), cB), cC), cD);
  store<f64>(q, solved(raised, numerator / denominator, h0));
}

/** fluvial.ts `solveStreamPower` for n = 1 (after `setSolveTerms`): `prev` the heights at the step's start, `h` the result. */
export function solveStreamPower(prev: usize, h: usize, area: usize, order: usize, role: usize, count: i32, width: i32): void {
  for (let at = count - 1; at >= 0; at--) solveVertex(prev, h, area, role, getI32(order, at), width);
}

/** hillslopeDiffusion.ts `copyEdge`. */
function copyEdge(from: usize, to: usize, width: i32, depth: i32): void {
  for (let i = 0; i < width; i++) {
    setF64(to, i, getF64(from, i));
    const b = (depth - 1) * width + i;
    setF64(to, b, getF64(from, b));
  }
  for (let j = 1; j < depth - 1; j++) {
    setF64(to, j * width, getF64(from, j * width));
    setF64(to, j * width + width - 1, getF64(from, j * width + width - 1));
  }
}

/**
 * hillslopeDiffusion.ts `explicitSteps`: `substeps` sweeps of r each, between `heights` and
 * `scratch`. Returns 0 when the result is in `heights`, 1 when in `scratch`.
 */
export function diffuseExplicit(heights: usize, scratch: usize, width: i32, depth: i32, r: f64, substeps: i32): i32 {
  let from = heights;
  let to = scratch;
  copyEdge(from, to, width, depth);
  for (let step = 0; step < substeps; step++) {
    for (let j = 1; j < depth - 1; j++) {
      const end = j * width + width - 1;
      let left = getF64(from, j * width);
      let c = getF64(from, j * width + 1);
      for (let v = j * width + 1; v < end; v++) {
        const right = getF64(from, v + 1);
        setF64(to, v, c + r * (right + left + getF64(from, v + width) + getF64(from, v - width) - 4 * c));
        left = c;
        c = right;
      }
    }
    const written = to;
    to = from;
    from = written;
  }
  return from == heights ? 0 : 1;
}

/** Most sub-steps `diffuseAndCount` takes (r ≤ 1 at r ≤ 0.2 a sub-step: 5), with a ring of 3 rows each. */
const MAX_BLOCKED_SUBSTEPS = 5;

/**
 * `diffuseExplicit` and then `donorCountsAndPits`, in one pass down the rows: sub-step s of row j needs
 * only rows j − 1 … j + 1 of sub-step s − 1, so each sub-step's rows wait in a ring of three rows
 * (`rings`: 3·(MAX_BLOCKED_SUBSTEPS − 1) rows) and the map is read and written once, not once a
 * sub-step; each row's donors are counted as soon as the row below it is done. Every height is the
 * same sum in the same order as the reference's. The result is always in `to` (with `from` as it
 * was). Returns how many pits it listed, or −1 for more sub-steps than the rings hold.
 */
export function diffuseAndCount(from: usize, to: usize, rings: usize, width: i32, depth: i32, r: f64, substeps: i32, donors: usize, pits: usize, listPits: i32): i32 {
  if (substeps < 1 || substeps > MAX_BLOCKED_SUBSTEPS) return -1;
  copyEdge(from, to, width, depth);
  const rowBytes = (<usize>width) << 3;
  let found: i32 = 0;
  const last = depth - 2;
  for (let t = 1; t <= last + substeps; t++) {
    for (let level = 1; level <= substeps; level++) {
      const j = t - (level - 1);
      if (j < 1 || j > last) continue;
      const target = level == substeps ? to + (<usize>j) * rowBytes : rings + (<usize>((level - 1) * 3 + (j % 3))) * rowBytes;
      if (level < substeps) {
        // A ring row's edge columns are the map's (they never change).
        store<f64>(target, getF64(from, j * width));
        store<f64>(target + ((<usize>(width - 1)) << 3), getF64(from, j * width + width - 1));
      }
      const above = levelRow(from, to, rings, rowBytes, level - 1, j - 1, depth, substeps, width);
      const here = levelRow(from, to, rings, rowBytes, level - 1, j, depth, substeps, width);
      const below = levelRow(from, to, rings, rowBytes, level - 1, j + 1, depth, substeps, width);
      // Two vertices a turn (f64x2: each lane the reference's operations), then the row's odd one.
      const rs = f64x2.splat(r);
      const fours = f64x2.splat(4);
      let i = 1;
      for (; i + 1 < width - 1; i += 2) {
        const at = (<usize>i) << 3;
        const cs = v128.load(here + at);
        const sum = f64x2.add(f64x2.add(f64x2.add(v128.load(here + at + 8), v128.load(here + at - 8)), v128.load(below + at)), v128.load(above + at));
        v128.store(target + at, f64x2.add(cs, f64x2.mul(rs, f64x2.sub(sum, f64x2.mul(fours, cs)))));
      }
      let left = getF64(here, i - 1);
      let c = getF64(here, i);
      for (; i < width - 1; i++) {
        const right = getF64(here, i + 1);
        setF64(target, i, c + r * (right + left + getF64(below, i) + getF64(above, i) - 4 * c));
        left = c;
        c = right;
      }
      // The last sub-step's row j is done, so row j − 1 has all its neighbours.
      if (level == substeps && j > 1) found = countRow(to, donors, pits, found, j - 1, width, listPits);
    }
  }
  found = countRow(to, donors, pits, found, last, width, listPits);
  for (let i = 0; i < width; i++) {
    recountDonors(to, donors, i, width, depth);
    recountDonors(to, donors, (depth - 1) * width + i, width, depth);
  }
  for (let j = 1; j < depth - 1; j++) {
    recountDonors(to, donors, j * width, width, depth);
    recountDonors(to, donors, j * width + width - 1, width, depth);
  }
  return found;
}

/** Row j of sub-step `level` for `diffuseAndCount`: the input's at level 0 and on the edge rows, else a ring's or `to`'s. */
@inline function levelRow(from: usize, to: usize, rings: usize, rowBytes: usize, level: i32, j: i32, depth: i32, substeps: i32, width: i32): usize {
  if (level == 0 || j == 0 || j == depth - 1) return from + (<usize>j) * rowBytes;
  if (level == substeps) return to + (<usize>j) * rowBytes;
  return rings + (<usize>((level - 1) * 3 + (j % 3))) * rowBytes;
}

/** hillslopeDiffusion.ts `thomasCoefficients` into `inversePivot` and `upper` (count + 1 each). */
function thomasCoefficients(inversePivot: usize, upper: usize, count: i32, r: f64): void {
  setF64(inversePivot, 0, 0);
  setF64(upper, 0, 0);
  for (let i = 1; i <= count; i++) {
    const pivot = 1 / (1 + 2 * r + r * getF64(upper, i - 1));
    setF64(inversePivot, i, pivot);
    setF64(upper, i, -r * pivot);
  }
}

/**
 * hillslopeDiffusion.ts `implicitSteps`: the result is in `heights`. `coefficients` holds
 * 4·(max(width, depth) + 1) float64 of scratch.
 */
export function diffuseImplicit(heights: usize, scratch: usize, coefficients: usize, width: i32, depth: i32, r: f64, substeps: i32): void {
  const longest = (width > depth ? width : depth) + 1;
  const rowPivot = coefficients;
  const rowUpper = coefficients + ((<usize>longest) << 3);
  const columnPivot = coefficients + ((<usize>(2 * longest)) << 3);
  const columnUpper = coefficients + ((<usize>(3 * longest)) << 3);
  thomasCoefficients(rowPivot, rowUpper, width - 2, r);
  thomasCoefficients(columnPivot, columnUpper, depth - 2, r);
  copyEdge(heights, scratch, width, depth);
  const rs = f64x2.splat(r);
  for (let step = 0; step < substeps; step++) {
    // Rows two at a time, one in each f64x2 lane (each line's solve is a chain: two chains overlap).
    let j = 1;
    for (; j + 1 < depth - 1; j += 2) {
      const row = j * width;
      const next = row + width;
      let previous = f64x2.replace_lane(f64x2.splat(getF64(heights, row)), 1, getF64(heights, next));
      for (let i = 1; i < width - 1; i++) {
        const x = f64x2.replace_lane(f64x2.splat(getF64(heights, row + i)), 1, getF64(heights, next + i));
        previous = f64x2.mul(f64x2.add(x, f64x2.mul(rs, previous)), f64x2.splat(getF64(rowPivot, i)));
        setF64(scratch, row + i, f64x2.extract_lane(previous, 0));
        setF64(scratch, next + i, f64x2.extract_lane(previous, 1));
      }
      let after = f64x2.replace_lane(f64x2.splat(getF64(heights, row + width - 1)), 1, getF64(heights, next + width - 1));
      for (let i = width - 2; i >= 1; i--) {
        const x = f64x2.replace_lane(f64x2.splat(getF64(scratch, row + i)), 1, getF64(scratch, next + i));
        after = f64x2.sub(x, f64x2.mul(f64x2.splat(getF64(rowUpper, i)), after));
        setF64(scratch, row + i, f64x2.extract_lane(after, 0));
        setF64(scratch, next + i, f64x2.extract_lane(after, 1));
      }
    }
    for (; j < depth - 1; j++) {
      const row = j * width;
      let previous = getF64(heights, row);
      for (let i = 1; i < width - 1; i++) {
        previous = (getF64(heights, row + i) + r * previous) * getF64(rowPivot, i);
        setF64(scratch, row + i, previous);
      }
      let next = getF64(heights, row + width - 1);
      for (let i = width - 2; i >= 1; i--) {
        next = getF64(scratch, row + i) - getF64(rowUpper, i) * next;
        setF64(scratch, row + i, next);
      }
    }
    for (let j = 1; j < depth - 1; j++) {
      const row = j * width;
      const above = row - width;
      const pivot = getF64(columnPivot, j);
      const pivots = f64x2.splat(pivot);
      let i = 1;
      for (; i + 1 < width - 1; i += 2) {
        const at = (<usize>(row + i)) << 3;
        const sum = f64x2.add(v128.load(scratch + at), f64x2.mul(rs, v128.load(heights + ((<usize>(above + i)) << 3))));
        v128.store(heights + at, f64x2.mul(sum, pivots));
      }
      for (; i < width - 1; i++) setF64(heights, row + i, (getF64(scratch, row + i) + r * getF64(heights, above + i)) * pivot);
    }
    for (let j = depth - 2; j >= 1; j--) {
      const row = j * width;
      const below = row + width;
      const up = getF64(columnUpper, j);
      const ups = f64x2.splat(up);
      let i = 1;
      for (; i + 1 < width - 1; i += 2) {
        const at = (<usize>(row + i)) << 3;
        v128.store(heights + at, f64x2.sub(v128.load(heights + at), f64x2.mul(ups, v128.load(heights + ((<usize>(below + i)) << 3)))));
      }
      for (; i < width - 1; i++) setF64(heights, row + i, getF64(heights, row + i) - up * getF64(heights, below + i));
    }
  }
}


// The factored scheme (fluvialFactored.ts): the same operations in the same order as its reference; the
// solve's memory-order pass two vertices a turn (lane 0 vertex v, lane 1 vertex v + 1), the walks with a
// vertex's eight neighbours in pairs as `solveVertex` takes them.

const DIAGONAL_SLOPE: f64 = Math.SQRT1_2;
/** fluvialFactored.ts `TINY`: below it a sum's reciprocal could overflow. */
const TINY: f64 = reinterpret<f64>(<u64>63 << 52); // 2^-960

/** fluvialFactored.ts `routeFactored`'s edge vertex v: its receivers' shares and places. Returns the stack's top, or −1 − top when v has no receiver. */
function routeFactoredEdge(h: usize, area: usize, order: usize, pending: usize, v: i32, width: i32, depth: i32, top: i32): i32 {
  const i = v % width;
  const j = (v - i) / width;
  const hv = getF64(h, v);
  let d0: f64 = 0, d1: f64 = 0, d2: f64 = 0, d3: f64 = 0, d4: f64 = 0, d5: f64 = 0, d6: f64 = 0, d7: f64 = 0;
  const right = i < width - 1;
  const left = i > 0;
  const down = j < depth - 1;
  const up = j > 0;
  if (right) d0 = hv - getF64(h, v + 1);
  if (left) d1 = hv - getF64(h, v - 1);
  if (down) d2 = hv - getF64(h, v + width);
  if (up) d3 = hv - getF64(h, v - width);
  if (down && right) d4 = hv - getF64(h, v + width + 1);
  if (up && left) d5 = hv - getF64(h, v - width - 1);
  if (up && right) d6 = hv - getF64(h, v - width + 1);
  if (down && left) d7 = hv - getF64(h, v + width - 1);
  const w0 = d0 > 0 ? d0 : 0;
  const w1 = d1 > 0 ? d1 : 0;
  const w2 = d2 > 0 ? d2 : 0;
  const w3 = d3 > 0 ? d3 : 0;
  const w4 = d4 > 0 ? d4 * DIAGONAL_SLOPE : 0;
  const w5 = d5 > 0 ? d5 * DIAGONAL_SLOPE : 0;
  const w6 = d6 > 0 ? d6 * DIAGONAL_SLOPE : 0;
  const w7 = d7 > 0 ? d7 * DIAGONAL_SLOPE : 0;
  const m01 = w0 > w1 ? w0 : w1;
  const m23 = w2 > w3 ? w2 : w3;
  const m45 = w4 > w5 ? w4 : w5;
  const m67 = w6 > w7 ? w6 : w7;
  const m03 = m01 > m23 ? m01 : m23;
  const m47 = m45 > m67 ? m45 : m67;
  const steepest = m03 > m47 ? m03 : m47;
  if (!(steepest > 0)) return -1 - top;
  let f0: f64, f1: f64, f2: f64, f3: f64, f4: f64, f5: f64, f6: f64, f7: f64;
  const total = ((w0 + w2) + (w4 + w6)) + ((w1 + w3) + (w5 + w7));
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
    const inv = 1 / (((r0 + r2) + (r4 + r6)) + ((r1 + r3) + (r5 + r7)));
    f0 = r0 * inv;
    f1 = r1 * inv;
    f2 = r2 * inv;
    f3 = r3 * inv;
    f4 = r4 * inv;
    f5 = r5 * inv;
    f6 = r6 * inv;
    f7 = r7 * inv;
  }
  const a = getF64(area, v);
  if (d0 > 0) top = give(area, pending, order, v + 1, a * f0, top);
  if (d1 > 0) top = give(area, pending, order, v - 1, a * f1, top);
  if (d2 > 0) top = give(area, pending, order, v + width, a * f2, top);
  if (d3 > 0) top = give(area, pending, order, v - width, a * f3, top);
  if (d4 > 0) top = give(area, pending, order, v + width + 1, a * f4, top);
  if (d5 > 0) top = give(area, pending, order, v - width - 1, a * f5, top);
  if (d6 > 0) top = give(area, pending, order, v - width + 1, a * f6, top);
  if (d7 > 0) top = give(area, pending, order, v + width - 1, a * f7, top);
  return top;
}

/** `ownAreas`, the fill sixteen bytes a store: the same numbers. */
function ownAreasWide(area: usize, width: i32, depth: i32, cellSize: f64): void {
  const full = cellSize * cellSize;
  const count = width * depth;
  const fill = f64x2.splat(full);
  let v = 0;
  for (; v + 1 < count; v += 2) v128.store(area + ((<usize>v) << 3), fill);
  for (; v < count; v++) setF64(area, v, full);
  halveEdgeAreas(area, width, depth);
}

/**
 * The vertices without donors (`pending` 0) onto the stack at the end of `order`, highest index first as the
 * scalar scan pushes them (the lowest ends on top), sixteen counts a compare; returns the stack's top.
 */
function pushSources(pending: usize, order: usize, count: i32): i32 {
  let top = count;
  let v = count;
  // The tail above the last whole block of sixteen, one at a time.
  const whole = count & ~15;
  for (v = count - 1; v >= whole; v--) if (getU8(pending, v) == 0) setI32(order, --top, v);
  for (let block = whole - 16; block >= 0; block -= 16) {
    let bits = i8x16.bitmask(i8x16.eq(v128.load(pending + <usize>block), i8x16.splat(0)));
    while (bits != 0) {
      const k = 31 - clz(bits);
      setI32(order, --top, block + k);
      bits ^= 1 << k;
    }
  }
  return top;
}

/**
 * fluvialFactored.ts `routeFactored` (the donors counted): fills `area` and `order`, and beside the order each
 * placed vertex's final area and role (`placeArea`, `placeRole`: the solve walks the order and reads them in
 * sequence, not scattered over the map). The edge is where `role` is the base level or a free edge (every edge
 * vertex is one or the other). Returns the outflow (m²), or −1 when it placed fewer vertices than the grid has (a cycle).
 */
export function routeFactored(
  h: usize,
  area: usize,
  order: usize,
  pending: usize,
  role: usize,
  placeArea: usize,
  placeRole: usize,
  width: i32,
  depth: i32,
  cellSize: f64,
): f64 {
  const count = width * depth;
  ownAreasWide(area, width, depth, cellSize);
  let outflow: f64 = 0;
  let placed: i32 = 0;
  let top: i32 = pushSources(pending, order, count);
  const rowBytes = (<usize>width) << 3;
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  while (top < count) {
    const v = getI32(order, top++);
    // v's donors have all given their shares: its area is final.
    const vertexRole = getU8(role, v);
    setF64(placeArea, placed, getF64(area, v));
    setU8(placeRole, placed, vertexRole);
    setI32(order, placed++, v);
    if (<u8>(vertexRole - BASE_LEVEL) < 2) {
      const next = routeFactoredEdge(h, area, order, pending, v, width, depth, top);
      if (next < 0) {
        outflow += getF64(area, v);
        top = -1 - next;
      } else top = next;
      continue;
    }
    // The eight drops in pairs as the solve takes them, (k0, k1), (k2, k3), (k4, k5), (k6, k7); w = the drop (a
    // diagonal's times √½) where it is > 0, else +0: the lane's AND with its compare, no branch per neighbour.
    const p = h + ((<usize>v) << 3);
    const a = getF64(area, v);
    const here = v128.load64_splat(p);
    const zeros = f64x2.splat(0);
    const diagonalLanes = f64x2.splat(DIAGONAL_SLOPE);
    const dA = f64x2.sub(here, pairAcross(p));
    const dB = f64x2.sub(here, pairAlong(p, rowBytes));
    const dC = f64x2.sub(here, pairFalling(p, rowBytes));
    const dD = f64x2.sub(here, pairRising(p, rowBytes));
    const mA = f64x2.gt(dA, zeros);
    const mB = f64x2.gt(dB, zeros);
    const mC = f64x2.gt(dC, zeros);
    const mD = f64x2.gt(dD, zeros);
    const wA = v128.and(dA, mA);
    const wB = v128.and(dB, mB);
    const wC = v128.and(f64x2.mul(dC, diagonalLanes), mC);
    const wD = v128.and(f64x2.mul(dD, diagonalLanes), mD);
    // Σ w > 0 exactly where the steepest is (no sum of slopes ≥ the least subnormal rounds to 0); the
    // steepest itself only where the sum is too small for its reciprocal: the same numbers as the reference.
    // ((w0 + w2) + (w4 + w6)) + ((w1 + w3) + (w5 + w7)), the lanes' sums then their sum.
    const sums = f64x2.add(f64x2.add(wA, wB), f64x2.add(wC, wD));
    const total = f64x2.extract_lane(sums, 0) + f64x2.extract_lane(sums, 1);
    if (!(total > 0)) {
      outflow += a;
      continue;
    }
    let fA: v128, fB: v128, fC: v128, fD: v128;
    if (total >= TINY) {
      const inv = f64x2.splat(1 / total);
      fA = f64x2.mul(wA, inv);
      fB = f64x2.mul(wB, inv);
      fC = f64x2.mul(wC, inv);
      fD = f64x2.mul(wD, inv);
    } else {
      const w0 = f64x2.extract_lane(wA, 0);
      const w1 = f64x2.extract_lane(wA, 1);
      const w2 = f64x2.extract_lane(wB, 0);
      const w3 = f64x2.extract_lane(wB, 1);
      const w4 = f64x2.extract_lane(wC, 0);
      const w5 = f64x2.extract_lane(wC, 1);
      const w6 = f64x2.extract_lane(wD, 0);
      const w7 = f64x2.extract_lane(wD, 1);
      const m01 = w0 > w1 ? w0 : w1;
      const m23 = w2 > w3 ? w2 : w3;
      const m45 = w4 > w5 ? w4 : w5;
      const m67 = w6 > w7 ? w6 : w7;
      const m03 = m01 > m23 ? m01 : m23;
      const m47 = m45 > m67 ? m45 : m67;
      const steepest = m03 > m47 ? m03 : m47;
      const r0 = w0 / steepest;
      const r1 = w1 / steepest;
      const r2 = w2 / steepest;
      const r3 = w3 / steepest;
      const r4 = w4 / steepest;
      const r5 = w5 / steepest;
      const r6 = w6 / steepest;
      const r7 = w7 / steepest;
      const inv = f64x2.splat(1 / (((r0 + r2) + (r4 + r6)) + ((r1 + r3) + (r5 + r7))));
      fA = f64x2.mul(f64x2.replace_lane(f64x2.splat(r0), 1, r1), inv);
      fB = f64x2.mul(f64x2.replace_lane(f64x2.splat(r2), 1, r3), inv);
      fC = f64x2.mul(f64x2.replace_lane(f64x2.splat(r4), 1, r5), inv);
      fD = f64x2.mul(f64x2.replace_lane(f64x2.splat(r6), 1, r7), inv);
    }
    const as = f64x2.splat(a);
    const gA = f64x2.mul(as, fA);
    const gB = f64x2.mul(as, fB);
    const gC = f64x2.mul(as, fC);
    const gD = f64x2.mul(as, fD);
    const receivers = i64x2.bitmask(mA) | (i64x2.bitmask(mB) << 2) | (i64x2.bitmask(mC) << 4) | (i64x2.bitmask(mD) << 6);
    if (receivers & 1) top = give(area, pending, order, v + 1, f64x2.extract_lane(gA, 0), top);
    if (receivers & 2) top = give(area, pending, order, v - 1, f64x2.extract_lane(gA, 1), top);
    if (receivers & 4) top = give(area, pending, order, v + o2, f64x2.extract_lane(gB, 0), top);
    if (receivers & 8) top = give(area, pending, order, v - o2, f64x2.extract_lane(gB, 1), top);
    if (receivers & 16) top = give(area, pending, order, v + o4, f64x2.extract_lane(gC, 0), top);
    if (receivers & 32) top = give(area, pending, order, v - o4, f64x2.extract_lane(gC, 1), top);
    if (receivers & 64) top = give(area, pending, order, v + o6, f64x2.extract_lane(gD, 0), top);
    if (receivers & 128) top = give(area, pending, order, v + o7, f64x2.extract_lane(gD, 1), top);
  }
  return placed == count ? outflow : -1;
}

/**
 * fluvialFactored.ts `solveFactored`'s loop body for vertex v, its eight neighbours in pairs as `solveVertex`
 * takes them: (k0, k1), (k2, k3), (k4, k5), (k6, k7), each sum over the pairs lane by lane, then the lanes.
 */
@inline function solveFactoredVertex(prev: usize, h: usize, a: f64, vertexRole: u8, role: usize, v: i32, width: i32): void {
  const p = prev + ((<usize>v) << 3);
  const h0 = load<f64>(p);
  if (vertexRole == BASE_LEVEL) {
    setF64(h, v, h0);
    return;
  }
  const raised = raisedAt(v, h0);
  if (vertexRole == FREE_EDGE || a < channelArea) {
    setF64(h, v, raised);
    return;
  }
  const rowBytes = (<usize>width) << 3;
  const here = f64x2.splat(h0);
  let dA = f64x2.sub(here, pairAcross(p));
  let dB = f64x2.sub(here, pairAlong(p, rowBytes));
  let dC = f64x2.sub(here, pairFalling(p, rowBytes));
  let dD = f64x2.sub(here, pairRising(p, rowBytes));
  if (vertexRole == INNER_RING) {
    dA = dropFreeEdges(dA, role, v, 1, -1);
    dB = dropFreeEdges(dB, role, v, width, -width);
    dC = dropFreeEdges(dC, role, v, width + 1, -width - 1);
    dD = dropFreeEdges(dD, role, v, 1 - width, width - 1);
  }
  const zeros = f64x2.splat(0);
  const acrossLanes = f64x2.splat(across);
  const diagonalLanes = f64x2.splat(diagonal);
  const sA = v128.and(f64x2.mul(dA, acrossLanes), f64x2.gt(dA, zeros));
  const sB = v128.and(f64x2.mul(dB, acrossLanes), f64x2.gt(dB, zeros));
  const sC = v128.and(f64x2.mul(dC, diagonalLanes), f64x2.gt(dC, zeros));
  const sD = v128.and(f64x2.mul(dD, diagonalLanes), f64x2.gt(dD, zeros));
  const squares = f64x2.add(f64x2.add(f64x2.mul(sA, sA), f64x2.mul(sB, sB)), f64x2.add(f64x2.mul(sC, sC), f64x2.mul(sD, sD)));
  const sum2 = f64x2.extract_lane(squares, 0) + f64x2.extract_lane(squares, 1);
  if (sum2 == 0) {
    setF64(h, v, raised);
    return;
  }
  const steepest = f64x2.pmax(f64x2.pmax(sA, sB), f64x2.pmax(sC, sD));
  // √(Σ s²/2) and, for m = ½, √A in one f64x2.sqrt (each lane IEEE's, as Math.sqrt): the divider is what a vertex waits for.
  const roots = f64x2.sqrt(f64x2.replace_lane(f64x2.splat(sum2 * 0.5), 1, a));
  const planeSlope = f64x2.extract_lane(roots, 0);
  // steepest > planeSlope ? steepest : planeSlope, with the lanes' larger as the steepest.
  const s = f64x2.extract_lane(f64x2.pmax(f64x2.pmax(f64x2.splat(planeSlope), steepest), v128.shuffle<f64>(steepest, steepest, 1, 0)), 0);
  const areaTerm = areaPower == 0 ? f64x2.extract_lane(roots, 1) : areaPower == 1 ? 1.0 : a;
  const erodibility = bedOffset != 0 ? kDt / getF64(hardness, bedAtElevation(h0 - getF64(bedOffset, v), period, tops, lastBed)) : kDt;
  const fs = erodibility * areaTerm * s;
  const lA = f64x2.mul(sA, acrossLanes);
  const lB = f64x2.mul(sB, acrossLanes);
  const lC = f64x2.mul(sC, diagonalLanes);
  const lD = f64x2.mul(sD, diagonalLanes);
  const lengths = f64x2.add(f64x2.add(lA, lB), f64x2.add(lC, lD));
  const den = sum2 + fs * (f64x2.extract_lane(lengths, 0) + f64x2.extract_lane(lengths, 1));
  let qs: v128;
  let b: f64;
  if (den >= TINY) {
    const d = 1 / den;
    qs = f64x2.splat(fs * d);
    b = raised * sum2 * d;
  } else {
    const scales = f64x2.splat(fs / sum2);
    const cs = f64x2.add(f64x2.add(f64x2.mul(scales, lA), f64x2.mul(scales, lB)), f64x2.add(f64x2.mul(scales, lC), f64x2.mul(scales, lD)));
    const inv = 1 / (1 + (f64x2.extract_lane(cs, 0) + f64x2.extract_lane(cs, 1)));
    qs = f64x2.mul(scales, f64x2.splat(inv));
    b = raised * inv;
  }
  const q = h + ((<usize>v) << 3);
  const near = f64x2.add(f64x2.mul(f64x2.mul(qs, lA), pairAcross(q)), f64x2.mul(f64x2.mul(qs, lB), pairAlong(q, rowBytes)));
  const far = f64x2.add(f64x2.mul(f64x2.mul(qs, lC), pairFalling(q, rowBytes)), f64x2.mul(f64x2.mul(qs, lD), pairRising(q, rowBytes)));
  const sum = f64x2.add(near, far);
  const next = b + (f64x2.extract_lane(sum, 0) + f64x2.extract_lane(sum, 1));
  store<f64>(q, solved(raised, next, h0));
}

/**
 * fluvialFactored.ts `solveFactored` (after `setSolveTerms`): `prev` the heights at the step's start, `h` the result;
 * each vertex's area and role from `placeArea` and `placeRole` beside the order (`routeFactored` wrote them; an
 * edge vertex's role from `role`, where the mouths were set since).
 */
export function solveFactored(prev: usize, h: usize, placeArea: usize, placeRole: usize, order: usize, role: usize, count: i32, width: i32): void {
  for (let at = count - 1; at >= 0; at--) {
    const v = getI32(order, at);
    let vertexRole = getU8(placeRole, at);
    // An edge vertex's role is read again: a river's mouth turns base level or free edge after the routing.
    if (<u8>(vertexRole - BASE_LEVEL) < 2) vertexRole = getU8(role, v);
    solveFactoredVertex(prev, h, getF64(placeArea, at), vertexRole, role, v, width);
  }
}

// ---- pitFill.ts `fillListedPits`: the pits a step leaves, filled ----

/** priorityFlood.ts `stepAbove`: the next float64 above x. */
@inline function stepAbove(x: f64): f64 {
  if (x == 0) return 9.332636185032189e-302; // 2^-1000
  const bits = reinterpret<u64>(x);
  return reinterpret<f64>(x > 0 ? bits + 1 : bits - 1);
}

// `fillState`'s i32 slots: the last fill's number (shared with the JavaScript), and where a stopped walk stands.
const FILL_NUMBER = 0;
const LATER_LENGTH = 1;
const NEXT_PIT = 2;
const LAST_PIT = 3;
const STOPPED = 4;

/** pitFill.ts `pushLeast` on the min-heap `later` of `length` entries; returns the new length. */
function pushLeast(later: usize, length: i32, v: i32): i32 {
  let at = length;
  while (at > 0) {
    const up = (at - 1) >> 1;
    const a = getI32(later, up);
    if (a <= v) break;
    setI32(later, at, a);
    at = up;
  }
  setI32(later, at, v);
  return length + 1;
}

/** pitFill.ts `popLeast`: the least of `length` entries (the heap is then one shorter). */
function popLeast(later: usize, length: i32): i32 {
  const least = getI32(later, 0);
  const size = length - 1;
  const moved = getI32(later, size);
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && getI32(later, child + 1) < getI32(later, child)) child++;
    if (moved <= getI32(later, child)) break;
    setI32(later, at, getI32(later, child));
    at = child;
  }
  setI32(later, at, moved);
  return least;
}

/** pitFill.ts `isPit`. */
@inline function isPit(h: usize, v: i32, width: i32): bool {
  const c = getF64(h, v);
  return !(
    getF64(h, v + 1) < c ||
    getF64(h, v - 1) < c ||
    getF64(h, v + width) < c ||
    getF64(h, v - width) < c ||
    getF64(h, v + width + 1) < c ||
    getF64(h, v + width - 1) < c ||
    getF64(h, v - width + 1) < c ||
    getF64(h, v - width - 1) < c
  );
}

/** pitFill.ts `heapPush` (the flood's heap, keyed by height then index). */
function heapPush(ids: usize, keys: usize, h: usize, v: i32, size: i32): i32 {
  const key = getF64(h, v);
  let at = size;
  while (at > 0) {
    const up = (at - 1) >> 1;
    const upKey = getF64(keys, up);
    const upId = getI32(ids, up);
    if (upKey < key || (upKey == key && upId < v)) break;
    setI32(ids, at, upId);
    setF64(keys, at, upKey);
    at = up;
  }
  setI32(ids, at, v);
  setF64(keys, at, key);
  return size + 1;
}

/** pitFill.ts `heapPop`. */
function heapPop(ids: usize, keys: usize, size: i32): i32 {
  const top = getI32(ids, 0);
  const last = size - 1;
  const lastId = getI32(ids, last);
  const lastKey = getF64(keys, last);
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= last) break;
    const right = child + 1;
    if (right < last) {
      const rk = getF64(keys, right);
      const ck = getF64(keys, child);
      if (rk < ck || (rk == ck && getI32(ids, right) < getI32(ids, child))) child = right;
    }
    const childKey = getF64(keys, child);
    if (lastKey < childKey || (lastKey == childKey && lastId < getI32(ids, child))) break;
    setI32(ids, at, getI32(ids, child));
    setF64(keys, at, childKey);
    at = child;
  }
  setI32(ids, at, lastId);
  setF64(keys, at, lastKey);
  return top;
}

/**
 * pitFill.ts `fillFrom`: returns how many vertices the fill reached (in `list`), 0 with no outlet, or −1 when a
 * scratch (`cap` entries each; `later` `laterCap`, `laterLength` in use) would overflow: then nothing of `h` changed.
 */
function fillFrom(
  h: usize,
  seen: usize,
  inside: usize,
  ids: usize,
  keys: usize,
  list: usize,
  cap: i32,
  laterLength: i32,
  laterCap: i32,
  fill: i32,
  pit: i32,
  width: i32,
  depth: i32,
): i32 {
  let size: i32 = 0;
  let listed: i32 = 0;
  const lastColumn = width - 1;
  const lastRowStart = (depth - 1) * width;
  setI32(seen, pit, fill);
  size = heapPush(ids, keys, h, pit, size);
  let level: f64 = -Infinity;
  let outlet: i32 = -1;
  while (size > 0) {
    const c = heapPop(ids, keys, size--);
    const i = c % width;
    if (c < width || c >= lastRowStart || i == 0 || i == lastColumn || getF64(h, c) < level) {
      outlet = c;
      break;
    }
    level = getF64(h, c);
    setI32(inside, c, fill);
    if (listed == cap || size + 8 > cap) return -1;
    setI32(list, listed++, c);
    for (let dj = -width; dj <= width; dj += width) {
      for (let di = -1; di <= 1; di++) {
        const n = c + dj + di;
        if (getI32(seen, n) == fill) continue;
        setI32(seen, n, fill);
        size = heapPush(ids, keys, h, n, size);
      }
    }
  }
  if (outlet < 0) return 0;
  let joined: i32 = 0;
  while (size > 0 && getF64(keys, 0) <= level) {
    const c = heapPop(ids, keys, size--);
    const i = c % width;
    if (c < width || c >= lastRowStart || i == 0 || i == lastColumn) continue;
    setI32(inside, c, fill);
    joined++;
  }
  // The walk below lists each vertex inside once, and the caller's recount may push nine a vertex to `later`.
  const reached = listed + joined;
  if (reached > cap || <i64>laterLength + 9 * <i64>reached > <i64>laterCap) return -1;
  let head: i32 = 0;
  let tail: i32 = 0;
  let from = outlet;
  for (;;) {
    const floor = stepAbove(getF64(h, from));
    for (let dj = -width; dj <= width; dj += width) {
      for (let di = -1; di <= 1; di++) {
        const n = from + dj + di;
        if (getI32(inside, n) != fill) continue;
        setI32(inside, n, 0);
        if (getF64(h, n) < floor) setF64(h, n, floor);
        setI32(list, tail++, n);
      }
    }
    if (head >= tail) break;
    from = getI32(list, head++);
  }
  return tail;
}

/**
 * pitFill.ts `fillListedPits` with `donors`: fills the `pitCount` pits listed at `pits` and recounts the donors around
 * them. The fill numbers go on from `state`'s FILL_NUMBER. Returns how many fills; when a scratch would overflow it
 * stops before the fill that would (STOPPED 1, with NEXT_PIT, LAST_PIT and `later`'s LATER_LENGTH entries for the
 * JavaScript to go on from).
 */
export function fillListedPits(
  h: usize,
  donors: usize,
  pits: usize,
  pitCount: i32,
  seen: usize,
  inside: usize,
  ids: usize,
  keys: usize,
  list: usize,
  later: usize,
  cap: i32,
  laterCap: i32,
  state: usize,
  width: i32,
  depth: i32,
): i32 {
  let laterLength: i32 = 0;
  let filled: i32 = 0;
  let next: i32 = 0;
  let last: i32 = -1;
  let fill = getI32(state, FILL_NUMBER);
  setI32(state, STOPPED, 0);
  for (;;) {
    let pit: i32 = 0;
    let fromLater = false;
    if (laterLength > 0 && (next >= pitCount || getI32(later, 0) < getI32(pits, next))) {
      pit = popLeast(later, laterLength--);
      fromLater = true;
    } else if (next < pitCount) pit = getI32(pits, next++);
    else break;
    if (pit == last || !isPit(h, pit, width)) continue;
    const reached = fillFrom(h, seen, inside, ids, keys, list, cap, laterLength, laterCap, ++fill, pit, width, depth);
    if (reached < 0) {
      // Put the pit back where it came from: the JavaScript takes it again.
      if (fromLater) laterLength = pushLeast(later, laterLength, pit);
      else next--;
      setI32(state, STOPPED, 1);
      break;
    }
    last = pit;
    filled++;
    const done = -fill;
    for (let q = 0; q < reached; q++) {
      const c = getI32(list, q);
      const ci = c % width;
      const cj = (c - ci) / width;
      for (let dj = -1; dj <= 1; dj++) {
        const rowInside = cj + dj > 0 && cj + dj < depth - 1;
        for (let di = -1; di <= 1; di++) {
          const n = c + dj * width + di;
          if (getI32(seen, n) == done) continue;
          setI32(seen, n, done);
          if (!(rowInside && ci + di > 0 && ci + di < width - 1)) {
            recountDonors(h, donors, n, width, depth);
            continue;
          }
          const x = getF64(h, n);
          const right = getF64(h, n + 1);
          const left = getF64(h, n - 1);
          const down = getF64(h, n + width);
          const up = getF64(h, n - width);
          const downRight = getF64(h, n + width + 1);
          const upLeft = getF64(h, n - width - 1);
          const upRight = getF64(h, n - width + 1);
          const downLeft = getF64(h, n + width - 1);
          setU8(
            donors,
            n,
            <u8>(
              (<i32>(right > x) +
                <i32>(left > x) +
                <i32>(down > x) +
                <i32>(up > x) +
                <i32>(downRight > x) +
                <i32>(upLeft > x) +
                <i32>(upRight > x) +
                <i32>(downLeft > x))
            ),
          );
          if (n > pit && !(right < x || left < x || down < x || up < x || downRight < x || downLeft < x || upRight < x || upLeft < x)) {
            laterLength = pushLeast(later, laterLength, n);
          }
        }
      }
    }
  }
  setI32(state, FILL_NUMBER, fill);
  setI32(state, LATER_LENGTH, laterLength);
  setI32(state, NEXT_PIT, next);
  setI32(state, LAST_PIT, last);
  return filled;
}

// ---- priorityFlood.ts `floodGrid` (no labels): the input's drainage surface, Priority-Flood+ε, for the state ----
// The arrays are laid out by fluvialWasm.ts `compiledDrainage` in a memory of the flood's own. The sets of vertices
// (reached, on the edge, raised) are a byte a vertex, not a bit: the same questions, the same answers. The height queue
// (heightQueue.ts) keeps each bucket as a list of its vertices linked newest first, which is the order the blocks of
// heightQueue.ts give back (newest block first, each block's entries last first): every vertex enters it at most once.

// floodGrid's arrays, set by `floodDrainage` for the functions below.
let fHeights: usize = 0;
let fLevel: usize = 0;
let fDrainage: usize = 0;
let fReached: usize = 0;
let fOnEdge: usize = 0;
let fRaised: usize = 0;
let fQueue: usize = 0;
let fDeferred: usize = 0;
let fWidth: i32 = 0;
let fDepth: i32 = 0;
let fCount: i32 = 0;
// heightQueue.ts `HeightQueue`: per bucket its newest vertex (or −1), per vertex the one pushed to its bucket before it.
let qNewest: usize = 0;
let qNext: usize = 0;
let qLow: f64 = 0;
let qScale: f64 = 0;
let qBucket: i32 = -1;
let qWaiting: i32 = 0;
// minHeap.ts `HeightHeap`: the current bucket, float32 keys.
let hKeys: usize = 0;
let hIds: usize = 0;
let hCount: i32 = 0;

@inline function getF32(base: usize, i: i32): f32 {
  return load<f32>(base + ((<usize>i) << 2));
}
@inline function setF32(base: usize, i: i32, x: f32): void {
  store<f32>(base + ((<usize>i) << 2), x);
}
/** Neighbour k's offset in grid.ts's order (a jump table, not a chain of selects: k varies in the flood's loops). */
@inline function offsetOf(k: i32, width: i32): i32 {
  switch (k) {
    case 0:
      return 1;
    case 1:
      return -1;
    case 2:
      return width;
    case 3:
      return -width;
    case 4:
      return width + 1;
    case 5:
      return -width - 1;
    case 6:
      return 1 - width;
    default:
      return width - 1;
  }
}

/** minHeap.ts `HeightHeap.push`. */
function heightHeapPush(id: i32, k: f32): void {
  let at = hCount++;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    const pk = getF32(hKeys, parent);
    if (pk <= k) break;
    setF32(hKeys, at, pk);
    setI32(hIds, at, getI32(hIds, parent));
    at = parent;
  }
  setF32(hKeys, at, k);
  setI32(hIds, at, id);
}

/** minHeap.ts `HeightHeap.pop`. */
function heightHeapPop(): i32 {
  const top = getI32(hIds, 0);
  const last = --hCount;
  const k = getF32(hKeys, last);
  const id = getI32(hIds, last);
  let at = 0;
  const half = last >> 1;
  while (at < half) {
    let child = 2 * at + 1;
    if (child + 1 < last && getF32(hKeys, child + 1) < getF32(hKeys, child)) child++;
    const ck = getF32(hKeys, child);
    if (ck >= k) break;
    setF32(hKeys, at, ck);
    setI32(hIds, at, getI32(hIds, child));
    at = child;
  }
  setF32(hKeys, at, k);
  setI32(hIds, at, id);
  return top;
}

/** heightQueue.ts `push`, of vertex v at its own height (the flood pushes nothing else). */
function queuePush(v: i32, height: f32): void {
  qWaiting++;
  const b = <i32>Math.floor((<f64>height - qLow) * qScale);
  if (b <= qBucket) {
    heightHeapPush(v, height);
    return;
  }
  setI32(qNext, v, getI32(qNewest, b));
  setI32(qNewest, b, v);
}

/** heightQueue.ts `fill`: the next bucket into the heap while the heap is empty, newest first. */
function queueFill(): void {
  while (hCount == 0) {
    const b = ++qBucket;
    for (let v = getI32(qNewest, b); v >= 0; v = getI32(qNext, v)) heightHeapPush(v, getF32(fHeights, v));
    setI32(qNewest, b, -1);
  }
}

/** vertexBits.ts `unreachedAround` on the byte set `reached`: bit k set where interior v's neighbour k is not in it. */
@inline function unreachedAt(v: i32, width: i32): i32 {
  const r = fReached + <usize>v;
  const w = <usize>width;
  return (
    <i32>(load<u8>(r + 1) == 0) |
    (<i32>(load<u8>(r - 1) == 0) << 1) |
    (<i32>(load<u8>(r + w) == 0) << 2) |
    (<i32>(load<u8>(r - w) == 0) << 3) |
    (<i32>(load<u8>(r + w + 1) == 0) << 4) |
    (<i32>(load<u8>(r - w - 1) == 0) << 5) |
    (<i32>(load<u8>(r - w + 1) == 0) << 6) |
    (<i32>(load<u8>(r + w - 1) == 0) << 7)
  );
}

/** grid.ts `neighboursOnMap`. */
function onMapAround(v: i32, width: i32, depth: i32): i32 {
  const i = v % width;
  const j = (v - i) / width;
  let bits: i32 = 0;
  for (let k = 0; k < 8; k++) {
    const ni = i + stepI(k);
    const nj = j + stepJ(k);
    if (ni >= 0 && nj >= 0 && ni < width && nj < depth) bits |= 1 << k;
  }
  return bits;
}

/** priorityFlood.ts `lowerReached`, as a yes or no (without labels the vertex itself is not needed). */
function hasLowerReached(m: i32, h: f32): bool {
  const w = fWidth;
  // Whether any is (which one is a label's question only): the neighbours in any order.
  return (
    lowerAndReached(m + 1, h) ||
    lowerAndReached(m - 1, h) ||
    lowerAndReached(m + w, h) ||
    lowerAndReached(m - w, h) ||
    lowerAndReached(m + w + 1, h) ||
    lowerAndReached(m - w - 1, h) ||
    lowerAndReached(m - w + 1, h) ||
    lowerAndReached(m + w - 1, h)
  );
}
/** Vertex n is reached, below h, and (if a pit chain raised it) its level is below h too. */
@inline function lowerAndReached(n: i32, h: f32): bool {
  return getF32(fHeights, n) < h && getU8(fReached, n) != 0 && (getU8(fRaised, n) == 0 || getF32(fLevel, n) < h);
}

/** priorityFlood.ts `reachNeighbours`. */
function reachNeighbours(t: i32, top: i32, revisit: bool): i32 {
  const width = fWidth;
  let unreached: i32 = 0;
  if (getU8(fOnEdge, t) == 0) {
    unreached = unreachedAt(t, width);
    if (unreached == 0) return top;
  } else {
    const onMap = onMapAround(t, width, fDepth);
    for (let q = 0; q < 8; q++) if (((onMap >>> q) & 1) != 0 && getU8(fReached, t + offsetOf(q, width)) == 0) unreached |= 1 << q;
  }
  const th = getF32(fHeights, t);
  let waiting = false;
  for (let q = 0; q < 8; q++) {
    if (((unreached >>> q) & 1) == 0) continue;
    const m = t + offsetOf(q, width);
    const mh = getF32(fHeights, m);
    const from = mh > th ? true : revisit || !waiting ? hasLowerReached(m, mh) : false;
    if (from) {
      setU8(fReached, m, 1);
      setI32(fQueue, --top, m);
    } else waiting = true;
  }
  return waiting ? -top : top;
}

/** priorityFlood.ts `trace`. */
function trace(top: i32): void {
  const count = fCount;
  let deferredCount: i32 = 0;
  let next: i32 = 0;
  for (;;) {
    while (top < count) {
      const t = getI32(fQueue, top++);
      top = reachNeighbours(t, top, false);
      if (top < 0) {
        top = -top;
        setI32(fDeferred, deferredCount++, t);
      }
    }
    if (next == deferredCount) break;
    const t = getI32(fDeferred, next++);
    top = reachNeighbours(t, top, true);
    if (top < 0) {
      top = -top;
      queuePush(t, getF32(fHeights, t));
    }
  }
}

/**
 * priorityFlood.ts `floodGrid` without labels: `drainage` and `level` hold the heights on entry, the flood's surfaces
 * on return. `reached`, `onEdge`, `raised` and `newest` must be zero (`newest`: −1 in each of `buckets` words);
 * `low` and `scale` are heightQueue.ts's for the heights' range.
 */
export function floodDrainage(
  heights: usize,
  level: usize,
  drainage: usize,
  reached: usize,
  onEdge: usize,
  raised: usize,
  queue: usize,
  deferred: usize,
  newest: usize,
  bucketNext: usize,
  heapKeys: usize,
  heapIds: usize,
  width: i32,
  depth: i32,
  low: f64,
  scale: f64,
): void {
  const count = width * depth;
  fHeights = heights;
  fLevel = level;
  fDrainage = drainage;
  fReached = reached;
  fOnEdge = onEdge;
  fRaised = raised;
  fQueue = queue;
  fDeferred = deferred;
  fWidth = width;
  fDepth = depth;
  fCount = count;
  qNewest = newest;
  qNext = bucketNext;
  qLow = low;
  qScale = scale;
  qBucket = -1;
  qWaiting = 0;
  hKeys = heapKeys;
  hIds = heapIds;
  hCount = 0;

  let top = count;
  for (let j = 0; j < depth; j++) {
    const step = j == 0 || j == depth - 1 ? 1 : width - 1;
    for (let i = 0; i < width; i += step) {
      const v = j * width + i;
      setU8(onEdge, v, 1);
      setU8(reached, v, 1);
      setI32(queue, --top, v);
    }
  }
  trace(top);

  let stepFrom: f64 = NaN;
  let stepTo: f64 = NaN;
  let pitHead: i32 = 0;
  let pitTail: i32 = 0;
  for (;;) {
    let c: i32 = 0;
    let cDrain: f64 = 0;
    let unreached: i32 = 0;
    if (pitHead < pitTail) {
      c = getI32(queue, pitHead++);
      unreached = unreachedAt(c, width);
      if (unreached == 0) continue;
      cDrain = getF64(drainage, c);
    } else if (qWaiting > 0) {
      queueFill();
      cDrain = <f64>getF32(hKeys, 0);
      qWaiting--;
      c = heightHeapPop();
      if (getU8(onEdge, c) == 0) {
        unreached = unreachedAt(c, width);
        if (unreached == 0) continue;
      } else unreached = onMapAround(c, width, depth);
    } else break;
    for (let k = 0; k < 8; k++) {
      if (((unreached >>> k) & 1) == 0) continue;
      const n = c + offsetOf(k, width);
      if (getU8(reached, n) != 0) continue;
      setU8(reached, n, 1);
      const h = <f64>getF32(heights, n);
      if (h <= cDrain) {
        // stepFrom != cDrain, written so that NaN (the first time) steps as well.
        if (!(cDrain == stepFrom)) {
          stepFrom = cDrain;
          stepTo = stepAbove(cDrain);
        }
        setF64(drainage, n, stepTo);
        setF32(level, n, <f32>stepTo);
        setU8(raised, n, 1);
        setI32(queue, pitTail++, n);
      } else {
        setI32(queue, count - 1, n);
        trace(count - 1);
      }
    }
  }
}
