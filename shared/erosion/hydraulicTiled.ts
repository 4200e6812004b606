/**
 * Hydraulic erosion, version 2: the droplet model of hydraulic.ts (same physics, same masks) in an
 * order that gives the same bytes on any number of threads.
 *
 * The scheme: the map's start area [0, width − 1) × [0, depth − 1) is cut into tiles at least
 * 2 · reach + 1 cells wide, where reach = lifetime + radius + 1 bounds how far from its start cell a
 * droplet can read or write (it moves one cell per step, reads the 2 × 2 vertices around it and
 * erodes a brush of radius − 1 around the nearest vertex). Each tile gets droplets in proportion to
 * its area, starting at uniform positions inside it drawn from its own stream (seeded from the seed
 * and the tile's index). Tiles run in four colour phases (tile column and row parity): two tiles of
 * one phase are a whole tile apart in x or y, farther than both droplets' reaches together, so no
 * vertex one of them touches is touched by the other. Within a phase the tiles may therefore run in
 * any order, on any thread, and each vertex sees the same sequence of changes: the bytes depend on
 * the seed, the map and the parameters, never on the thread count. Phases follow each other in order.
 *
 * The single-thread kernel is the same arithmetic as version 1 with everything in one loop (version
 * 1 called a brush function per eroding step, whose double arguments and result were boxed: about a
 * tenth of its profile was garbage collection), the brush applied through precomputed offsets in its
 * interior fast path, and a tile's droplets kept in a cache-sized window of the map. Measured in CPU
 * time on a busy machine it is 0.75–0.8 × version 1 (BENCHMARKS.md, issue 21): the rest is the
 * 25-tap brush (~40 %) and the bilinear reads, gradient and square roots (~45 %).
 */
import type { Heightfield } from '../terrain/heightfield';
import { createRandom, type Random } from '../random';
import { erosionBrush, type HydraulicRunOptions } from './hydraulic';
import { hydraulicProblem, type HydraulicParams } from './params';

const INITIAL_SPEED = 1;
const INITIAL_WATER = 1;
/** Droplet steps (weighted by brush size) between progress reports and cancel checks: about 1 ms. */
const CHUNK_WORK = 1 << 18;

/** How the map's droplets are split into tiles and phases; the same for every thread of a run. */
export interface HydraulicTilePlan {
  readonly tilesX: number;
  readonly tilesY: number;
  /** Tile column i starts droplets at x in [xs[i], xs[i + 1]); likewise rows and ys. */
  readonly xs: Int32Array;
  readonly ys: Int32Array;
  /** Droplets of each tile (row-major tile index); they sum to the run's droplets. */
  readonly counts: Float64Array;
  /** The tile indexes of each colour phase, run one phase after another. */
  readonly phases: readonly Int32Array[];
}

/** Cells from its start cell within which a droplet reads and writes (with a margin). */
export function dropletReach(params: Pick<HydraulicParams, 'lifetime' | 'radius'>): number {
  return params.lifetime + params.radius + 1;
}

/** Boundaries of `count` near-equal spans covering [0, length). */
function spans(length: number, count: number): Int32Array {
  return Int32Array.from({ length: count + 1 }, (_, i) => Math.floor((i * length) / count));
}

export function hydraulicTilePlan(width: number, depth: number, params: Pick<HydraulicParams, 'lifetime' | 'radius' | 'droplets'>): HydraulicTilePlan {
  const minTile = 2 * dropletReach(params) + 1;
  const spanX = Math.max(0, width - 1);
  const spanY = Math.max(0, depth - 1);
  const tilesX = Math.max(1, Math.floor(spanX / minTile));
  const tilesY = Math.max(1, Math.floor(spanY / minTile));
  const xs = spans(spanX, tilesX);
  const ys = spans(spanY, tilesY);
  const area = spanX * spanY;
  const counts = new Float64Array(tilesX * tilesY);
  let cumulative = 0;
  let assigned = 0;
  for (let t = 0; t < counts.length; t++) {
    const i = t % tilesX;
    const j = (t - i) / tilesX;
    cumulative += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j]);
    // Exact in float64: droplets · area < 2⁵³ for every allowed map and droplet count.
    const upTo = area > 0 ? Math.floor((params.droplets * cumulative) / area) : 0;
    counts[t] = upTo - assigned;
    assigned = upTo;
  }
  const phases: Int32Array[] = [];
  for (let phase = 0; phase < 4; phase++) {
    const tiles: number[] = [];
    for (let t = 0; t < counts.length; t++) {
      const i = t % tilesX;
      const j = (t - i) / tilesX;
      if ((i & 1) + 2 * (j & 1) === phase && counts[t] > 0) tiles.push(t);
    }
    phases.push(Int32Array.from(tiles));
  }
  return { tilesX, tilesY, xs, ys, counts, phases };
}

/** The stream seed of one tile (a splitmix32-style mix of the run's seed and the tile index). */
export function tileSeed(seed: number, tile: number): number {
  let z = (seed ^ Math.imul(tile + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** Everything a thread needs to run tiles of one run on shared heights (and masks). */
export interface HydraulicKernel {
  readonly params: HydraulicParams;
  readonly plan: HydraulicTilePlan;
  /** Droplets per cancel check and progress report. */
  readonly batch: number;
  /** Runs `count` more droplets of `tile` from its stream `random`. */
  run(tile: number, random: Random, count: number): void;
}

function minimumHeight(heights: Float32Array): number {
  let min = Infinity;
  for (let k = 0; k < heights.length; k++) if (heights[k] < min) min = heights[k];
  return min;
}

interface KernelState {
  h: Float32Array;
  flow: Float32Array | undefined;
  deposition: Float32Array | undefined;
  width: number;
  depth: number;
  maxX: number;
  maxY: number;
  cellSize: number;
  invCell: number;
  inertia: number;
  capacity: number;
  minSlope: number;
  erosionRate: number;
  depositionRate: number;
  gravity: number;
  lifetime: number;
  keep: number;
  floor: number;
  taps: number;
  weights: Float64Array;
  offsets: Int32Array;
  di: Int32Array;
  dj: Int32Array;
  reachB: number;
  plan: HydraulicTilePlan;
  q: Float64Array | undefined;
}

/** Radius-3 brush weights by squared distance class (0,1,2,4,5,8), if every tap of a class has the same weight. */
function radius3Weights(weights: Float64Array, di: Int32Array, dj: Int32Array): Float64Array | undefined {
  if (weights.length !== 25) return undefined;
  const classes = [0, 1, 2, 4, 5, 8];
  const q = new Float64Array(6).fill(NaN);
  for (let b = 0; b < 25; b++) {
    const c = classes.indexOf(di[b] * di[b] + dj[b] * dj[b]);
    if (c < 0) return undefined;
    if (Number.isNaN(q[c])) q[c] = weights[b];
    else if (q[c] !== weights[b]) return undefined;
  }
  return q;
}

/** The brush cut by the map's edge: its vertices inside the map, their weights scaled back to sum 1. */
function erodeEdge(s: KernelState, cx: number, cy: number, amount: number): number {
  const { h, deposition, width, maxX, maxY, floor, taps, weights, di, dj } = s;
  let inside = 0;
  for (let b = 0; b < taps; b++) {
    const x = cx + di[b];
    const y = cy + dj[b];
    if (x >= 0 && x <= maxX && y >= 0 && y <= maxY) inside += weights[b];
  }
  const scale = amount / inside;
  let removed = 0;
  for (let b = 0; b < taps; b++) {
    const x = cx + di[b];
    const y = cy + dj[b];
    if (!(x >= 0 && x <= maxX && y >= 0 && y <= maxY)) continue;
    const n = y * width + x;
    const before = h[n];
    let after = Math.fround(before - scale * weights[b]);
    if (after < floor) after = floor < before ? floor : before;
    h[n] = after;
    if (deposition) deposition[n] += after - before;
    removed += before - after;
  }
  return removed;
}

function runDroplets(s: KernelState, tile: number, random: Random, count: number): void {
  // Locals, not closure or object slots, in the hot loop.
  const {
    h,
    flow,
    deposition,
    width,
    maxX,
    maxY,
    cellSize,
    invCell,
    inertia,
    capacity,
    minSlope,
    erosionRate,
    depositionRate,
    gravity,
    lifetime,
    keep,
    floor,
    taps,
    weights,
    offsets,
    reachB,
    plan,
  } = s;
  const i = tile % plan.tilesX;
  const j = (tile - i) / plan.tilesX;
  const x0 = plan.xs[i];
  const spanX = plan.xs[i + 1] - x0;
  const y0 = plan.ys[j];
  // The radius-3 brush (the default) written out tap by tap below: no offset or weight loads, no loop.
  const q = s.q;
  const unrolled3 = q !== undefined;
  const [q0, q1, q2, q3, q4, q5] = q ?? [0, 0, 0, 0, 0, 0];
  const w1 = width;
  const w2 = 2 * width;
  const spanY = plan.ys[j + 1] - y0;
  for (let drop = 0; drop < count; drop++) {
    let x = x0 + random.next() * spanX;
    let y = y0 + random.next() * spanY;
    let dirX = 0;
    let dirY = 0;
    let speed = INITIAL_SPEED;
    let water = INITIAL_WATER;
    let sediment = 0;
    for (let life = 0; life < lifetime; life++) {
      const ix = x | 0;
      const iy = y | 0;
      const k = iy * width + ix;
      const fx = x - ix;
      const fy = y - iy;
      const nw = h[k];
      const ne = h[k + 1];
      const sw = h[k + width];
      const se = h[k + width + 1];
      const gradX = ((ne - nw) * (1 - fy) + (se - sw) * fy) * invCell;
      const gradY = ((sw - nw) * (1 - fx) + (se - ne) * fx) * invCell;
      const height = ((nw * (1 - fx) + ne * fx) * (1 - fy) + (sw * (1 - fx) + se * fx) * fy) * invCell;
      const wNW = (1 - fx) * (1 - fy);
      const wNE = fx * (1 - fy);
      const wSW = (1 - fx) * fy;
      const wSE = fx * fy;
      if (flow) {
        flow[k] += water * wNW;
        flow[k + 1] += water * wNE;
        flow[k + width] += water * wSW;
        flow[k + width + 1] += water * wSE;
      }

      dirX = dirX * inertia - gradX * (1 - inertia);
      dirY = dirY * inertia - gradY * (1 - inertia);
      const length = Math.sqrt(dirX * dirX + dirY * dirY);
      // Flat ground (or a non-finite height somewhere) stops the droplet.
      if (!(length > 0 && length < Infinity)) break;
      dirX /= length;
      dirY /= length;
      x += dirX;
      y += dirY;
      if (!(x >= 0 && x < maxX && y >= 0 && y < maxY)) break;

      const jx = x | 0;
      const jy = y | 0;
      const gx = x - jx;
      const gy = y - jy;
      const m = jy * width + jx;
      const newHeight = ((h[m] * (1 - gx) + h[m + 1] * gx) * (1 - gy) + (h[m + width] * (1 - gx) + h[m + width + 1] * gx) * gy) * invCell;
      const deltaHeight = newHeight - height;
      const carry = Math.max(-deltaHeight, minSlope) * speed * water * capacity;

      if (sediment > carry || deltaHeight > 0) {
        // Climbing: fill the pit behind up to the new height if the sediment allows; else drop the surplus.
        const settled = deltaHeight > 0 ? Math.min(deltaHeight, sediment) : (sediment - carry) * depositionRate;
        sediment -= settled;
        const metres = settled * cellSize;
        const a = h[k];
        const b = h[k + 1];
        const c = h[k + width];
        const d = h[k + width + 1];
        const a2 = Math.fround(a + metres * wNW);
        const b2 = Math.fround(b + metres * wNE);
        const c2 = Math.fround(c + metres * wSW);
        const d2 = Math.fround(d + metres * wSE);
        h[k] = a2;
        h[k + 1] = b2;
        h[k + width] = c2;
        h[k + width + 1] = d2;
        if (deposition) {
          deposition[k] += a2 - a;
          deposition[k + 1] += b2 - b;
          deposition[k + width] += c2 - c;
          deposition[k + width + 1] += d2 - d;
        }
      } else {
        const amount = Math.min((carry - sediment) * erosionRate, -deltaHeight) * cellSize;
        // Nothing to take: also skips the brush if a capacity overflowed to ∞ with a rate of 0 (∞ · 0).
        if (amount > 0) {
          const cx = fx < 0.5 ? ix : ix + 1;
          const cy = fy < 0.5 ? iy : iy + 1;
          let removed = 0;
          if (unrolled3 && cx >= 2 && cx + 2 <= maxX && cy >= 2 && cy + 2 <= maxY) {
            // The 25 taps in erosionBrush's order (rows −2…2, columns left to right); the same arithmetic
            // as the loop below, so the same bytes. q0…q5: weights at squared distance 0, 1, 2, 4, 5, 8.
            const centre = cy * width + cx;
            let n = 0;
            let before = 0;
            let after = 0;
            n = centre - w2 - 2;
            before = h[n];
            after = Math.fround(before - amount * q5);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w2 - 1;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w2;
            before = h[n];
            after = Math.fround(before - amount * q3);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w2 + 1;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w2 + 2;
            before = h[n];
            after = Math.fround(before - amount * q5);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w1 - 2;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w1 - 1;
            before = h[n];
            after = Math.fround(before - amount * q2);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w1;
            before = h[n];
            after = Math.fround(before - amount * q1);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w1 + 1;
            before = h[n];
            after = Math.fround(before - amount * q2);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - w1 + 2;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - 2;
            before = h[n];
            after = Math.fround(before - amount * q3);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre - 1;
            before = h[n];
            after = Math.fround(before - amount * q1);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre;
            before = h[n];
            after = Math.fround(before - amount * q0);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + 1;
            before = h[n];
            after = Math.fround(before - amount * q1);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + 2;
            before = h[n];
            after = Math.fround(before - amount * q3);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w1 - 2;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w1 - 1;
            before = h[n];
            after = Math.fround(before - amount * q2);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w1;
            before = h[n];
            after = Math.fround(before - amount * q1);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w1 + 1;
            before = h[n];
            after = Math.fround(before - amount * q2);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w1 + 2;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w2 - 2;
            before = h[n];
            after = Math.fround(before - amount * q5);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w2 - 1;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w2;
            before = h[n];
            after = Math.fround(before - amount * q3);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w2 + 1;
            before = h[n];
            after = Math.fround(before - amount * q4);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
            n = centre + w2 + 2;
            before = h[n];
            after = Math.fround(before - amount * q5);
            if (after < floor) after = floor < before ? floor : before;
            h[n] = after;
            if (deposition) deposition[n] += after - before;
            removed += before - after;
          } else if (cx >= reachB && cx + reachB <= maxX && cy >= reachB && cy + reachB <= maxY) {
            const centre = cy * width + cx;
            for (let t = 0; t < taps; t++) {
              const n = centre + offsets[t];
              const before = h[n];
              let after = Math.fround(before - amount * weights[t]);
              if (after < floor) after = floor < before ? floor : before;
              h[n] = after;
              if (deposition) deposition[n] += after - before;
              removed += before - after;
            }
          } else {
            removed = erodeEdge(s, cx, cy, amount);
          }
          sediment += removed * invCell;
        }
      }
      speed = Math.sqrt(Math.max(0, speed * speed - deltaHeight * gravity));
      water *= keep;
    }
  }
}

/**
 * A kernel over `field` (its heights are changed in place). `floor` is the lowest height the map had
 * before the run (heights are never eroded below it): every thread must get the same value.
 */
export function hydraulicKernel(
  field: Heightfield,
  params: HydraulicParams,
  floor: number,
  masks?: { flow: Float32Array; deposition: Float32Array },
  /** Tests only: false runs the radius-3 brush through the general loop (the same bytes, slower). */
  writtenOut = true,
): HydraulicKernel {
  const { width, depth, cellSize, heights: h } = field;
  const plan = hydraulicTilePlan(width, depth, params);
  const flow = masks?.flow;
  const deposition = masks?.deposition;
  const { inertia, capacity, minSlope, erosionRate, depositionRate, gravity, lifetime } = params;
  const keep = 1 - params.evaporation;
  const invCell = 1 / cellSize;
  const brush = erosionBrush(params.radius);
  const taps = brush.weights.length;
  const weights = brush.weights;
  const offsets = Int32Array.from(brush.di, (x, b) => brush.dj[b] * width + x);
  const reachB = params.radius - 1;
  const maxX = width - 1;
  const maxY = depth - 1;
  const batch = Math.max(1, Math.floor(CHUNK_WORK / (lifetime * (taps + 8))));

  const q = writtenOut ? radius3Weights(brush.weights, brush.di, brush.dj) : undefined;
  const state: KernelState = {
    q,
    h,
    flow,
    deposition,
    width,
    depth,
    maxX,
    maxY,
    cellSize,
    invCell,
    inertia,
    capacity,
    minSlope,
    erosionRate,
    depositionRate,
    gravity,
    lifetime,
    keep,
    floor,
    taps,
    weights,
    offsets,
    di: brush.di,
    dj: brush.dj,
    reachB,
    plan,
  };
  return { params, plan, batch, run: (tile, random, count) => runDroplets(state, tile, random, count) };
}

/** The stream of a tile: what every thread that runs the tile starts from. */
export function tileRandom(params: Pick<HydraulicParams, 'seed'>, tile: number): Random {
  return createRandom(tileSeed(params.seed, tile));
}

/** Checks the parameters and masks; the lowest starting height (the erosion floor). */
export function prepareHydraulic(field: Heightfield, params: HydraulicParams, masks?: { flow: Float32Array; deposition: Float32Array }): number {
  const problem = hydraulicProblem(params);
  if (problem) throw new RangeError(problem);
  const count = field.width * field.depth;
  if (masks && (masks.flow.length !== count || masks.deposition.length !== count)) {
    throw new RangeError(`erosion masks must have ${count} values each, got ${masks.flow.length} and ${masks.deposition.length}`);
  }
  return minimumHeight(field.heights);
}

/**
 * Version 2 on one thread: every phase's tiles in index order. Returns false when cancelled (the
 * heights and masks are then partly eroded: the caller discards them). Throws a RangeError for
 * invalid parameters or masks of the wrong length. A parallel run (main/services) gives these bytes.
 */
export function hydraulicErosionTiled(field: Heightfield, params: HydraulicParams, options: HydraulicRunOptions = {}): boolean {
  const floor = prepareHydraulic(field, params, options.masks);
  if (options.shouldCancel?.()) return false;
  return runTiled(field, params, floor, options);
}

/** hydraulicErosionTiled's droplets with a given floor (checked parameters; version 3's fine pass). */
export function runTiled(field: Heightfield, params: HydraulicParams, floor: number, options: HydraulicRunOptions = {}): boolean {
  const { onProgress, shouldCancel, masks } = options;
  const total = params.droplets;
  if (total === 0) return true;
  const kernel = hydraulicKernel(field, params, floor, masks);
  let done = 0;
  let sinceCheck = 0;
  for (const phase of kernel.plan.phases) {
    for (const tile of phase) {
      const random = tileRandom(params, tile);
      let left = kernel.plan.counts[tile];
      while (left > 0) {
        const n = Math.min(left, kernel.batch - sinceCheck);
        kernel.run(tile, random, n);
        left -= n;
        done += n;
        sinceCheck += n;
        if (sinceCheck === kernel.batch && done < total) {
          sinceCheck = 0;
          onProgress?.(done, total);
          if (shouldCancel?.()) return false;
        }
      }
    }
  }
  onProgress?.(total, total);
  return true;
}
