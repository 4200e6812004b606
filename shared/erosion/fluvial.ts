/**
 * Fluvial (stream-power) erosion: dh/dt = U − K·A^m·S^n + κ·∇²h, time-stepped.
 *
 * Each step routes the water on the surface as it is (shared/hydrology: MFD areas and the drainage
 * order of `accumulateFlow`; with the optional `routeEvery`, only every k-th step: fluvialParams.ts),
 * then solves the stream-power term implicitly in O(n) (Braun & Willett
 * 2013), outlets first so every vertex's receivers already have their new heights:
 *   h' = (h + U·dt + Σ c_k·h'_k) / (1 + Σ c_k)          (n = 1, closed form)
 * over all lower neighbours k — multiple receivers, not D8's one, so channels follow the surface's
 * own directions instead of the grid's eight. With c_k = K·A^m·dt·a_k / L_k the slope is the linear
 * form S = Σ a_k (h − h_k) / L_k, a_k ∝ the slope s_k to k (the MFD weights, exponent 1) scaled so
 * that S equals the gradient of a plane in every direction: on a plane s_k = |∇h|·cos θ_k and
 * Σ_{s_k > 0} cos² θ_k = 2 for eight neighbours 45° apart, so |∇h| = √(Σ s_k² / 2); where fewer
 * neighbours are lower than on a plane (a channel's floor) the steepest s_k is the larger, and
 * S = max(steepest, √(Σ s_k² / 2)), a_k = s_k·S / Σ s_j². The weights come from the heights at the
 * step's start, the heights they multiply are the new ones (Braun & Willett's linearisation).
 * n ≠ 1: the same S, Newton's method on h − h₀ − U·dt + K·A^m·dt·S(h)^n = 0 (6 iterations).
 * Hillslope diffusion comes first in each step (hillslopeDiffusion.ts: explicit 5-point sub-steps up to
 * κ·dt/Δx² = 1, implicit above), so a step ends on the channels as the rivers cut them down to their
 * mouths.
 *
 * The map's edge is the base level: edge vertices keep their heights (with `outletArea`, only the
 * rivers' mouths, where that much area leaves the map on the input; the rest of the edge takes the new height of its inward
 * neighbour after each step — eroded as a river, it would carry the water gathered along the edge to
 * the outlet in a straight canyon beside the map's border; only uplifted, it would stand as a wall).
 * Any other vertex with no lower neighbour is only uplifted. The input's pits are filled once, before the
 * first step, to their spill level (priorityFlood's drainage surface): lakes filled with sediment; the
 * pits diffusion leaves in channel floors are filled in each step before the routing (pitFill.ts), or a
 * river would end in them and its mouth, cut off, would stay behind as a notch below the rising land.
 * For the same reason a mouth is the base level only while a channel enters it from the vertex inside
 * it (otherwise it follows that vertex, as the rest of the edge does), and the vertices next to the
 * edge do not count a following edge vertex as a receiver.
 * Erodibility at a vertex is K / the hardness of the strata bed its ground is in at the step's start.
 *
 * Determinism: float64 +, −, ×, ÷ and √ in a fixed order on one thread (A^m is √A for m = 0.5, A for 1,
 * Math.pow otherwise), so the same input and parameters give the same bytes everywhere.
 *
 * Speed: where WebAssembly runs, a state's arrays live in a compiled kernel's memory (fluvialWasm.ts)
 * and the input's flood, diffusion, the donor counts, the pit fills, the routing and (for n = 1, m ∈ {0, ½, 1}) the solve run compiled,
 * with the same operations in the same order: the same bytes. This file's loops are the reference.
 */
import { accumulateFlow, DEFAULT_MFD_EXPONENT, flowRouting, routeFlow, type FlowRouting } from '../hydrology/accumulation';
import { donorCounts, donorCountsAndPits } from '../hydrology/drainage';
import type { HydrologyGrid } from '../hydrology/grid';
import { priorityFlood } from '../hydrology/priorityFlood';
import { bandWeightAt } from '../terrain/bandMask';
import { widenChannels } from './channelTroughs';
import { strataReader, vertexWorld } from '../terrain/strata';
import { fluvialProblem, fluvialSteps, type FluvialParams } from './fluvialParams';
import { diffuseHeights } from './hillslopeDiffusion';
import { FACTORED, routeFactored, solveFactored } from './fluvialFactored';
import { fluvialKernel, type FluvialKernel } from './fluvialWasm';
import { fillListedPits, pitFillScratch, type PitFillScratch } from './pitFill';
import { keepOutsideSoftSlopes } from './softSlopes';
import { swellOffsets } from './swells';

const NEWTON_ITERATIONS = 6;

export interface FluvialRunOptions {
  onProgress?: (done: number, total: number) => void;
  shouldCancel?: () => boolean;
  /** Skip the pit fills, the input's and each step's (tests of the scheme on surfaces without pits). */
  keepPits?: boolean;
  /** False: the JavaScript reference only, never the compiled step (the test that both give the same bytes). */
  compiled?: boolean;
}

/** The evolving surface: float64 heights and the scratch one step needs. */
export interface FluvialState {
  readonly grid: HydrologyGrid;
  /** The surface now. A step writes the other buffer and swaps the two. */
  heights: Float64Array;
  /** Scratch: the heights at the last step's start. */
  previous: Float64Array;
  /** Strata offset per vertex (dip plane + base), or null without strata. */
  readonly bedOffset: Float64Array | null;
  /** 1 at the base level (kept), 2 on the rest of the edge (follows the land inside it), 3 next to the edge, 0 inside. */
  readonly role: Uint8Array;
  /** The water's routing (order and areas), redone every step into the same buffers. */
  readonly routing: FlowRouting;
  /**
   * The rivers' mouths on the input (edge vertices, with `outletArea`), each with its inward
   * neighbour: a mouth is the base level only while a channel enters it from that neighbour.
   */
  readonly mouths: Int32Array;
  readonly mouthInward: Int32Array;
  /** Scratch for filling the pits each step leaves, or null to keep them (`keepPits`). */
  readonly pitFill: PitFillScratch | null;
  /** The compiled step that owns the arrays above, or null: the JavaScript reference runs. */
  readonly kernel: FluvialKernel | null;
  /** The layer's `routeEvery` (1: every step), fixed with the state: a compiled kernel's layout depends on it. */
  readonly routeEvery: number;
  /** The layer's `scheme: 'factored'` (fluvialFactored.ts); false: the reference's sums. */
  readonly factored: boolean;
  /** Steps solved on `routing` since it was routed; Infinity before the first routing. */
  stepsOnRouting: number;
}

const BASE_LEVEL = 1;
const FREE_EDGE = 2;
/**
 * Inside, next to a free edge: a free edge is no receiver in the solve (it takes its height from
 * this vertex after the step, so it cannot also set it; counted at its uplifted height it would hold
 * a river above its mouth).
 */
const INNER_RING = 3;

/** Each vertex's role: the edge is the base level, all of it or the rivers' mouths on `drainage`. */
function vertexRoles(grid: HydrologyGrid, drainage: Float64Array, outletArea: number): Uint8Array {
  const { width, depth } = grid;
  const role = new Uint8Array(width * depth);
  const edge: number[] = [];
  for (let i = 0; i < width; i++) edge.push(i, (depth - 1) * width + i);
  for (let j = 1; j < depth - 1; j++) edge.push(j * width, j * width + width - 1);
  const area = outletArea > 0 ? accumulateFlow(grid, drainage).area : null;
  for (const v of edge) role[v] = area === null || area[v] >= outletArea ? BASE_LEVEL : FREE_EDGE;
  if (area !== null && width > 2 && depth > 2) {
    for (let i = 1; i < width - 1; i++) role[width + i] = role[(depth - 2) * width + i] = INNER_RING;
    for (let j = 1; j < depth - 1; j++) role[j * width + 1] = role[j * width + width - 2] = INNER_RING;
  }
  return role;
}

/**
 * The compiled kernel's functions start in WebAssembly's baseline tier and are compiled optimised only once they have
 * run a while (V8), so a process's first large step ran its walks at about half speed (BENCHMARKS.md, "Session 23").
 * Before a process's first large state of a scheme, two steps on a small surface run those functions that far; their
 * optimised code is compiled beside the large state's flood. Nothing of it is kept: its own kernel, its own memory.
 */
const WARM_SIZE = 65;
/**
 * States at least this large warm the kernel first (its cost, ~5–15 ms, is about what the baseline tier adds to a 513²
 * state's first step); smaller ones take the baseline tier's few milliseconds.
 */
const WARM_FROM = 513 * 513;
const warmedSchemes = new Set<string>();
function warmKernel(params: FluvialParams, keepPits: boolean): void {
  const key = `${params.scheme ?? 'reference'} ${keepPits}`;
  if (warmedSchemes.has(key)) return;
  warmedSchemes.add(key);
  const grid: HydrologyGrid = { width: WARM_SIZE, depth: WARM_SIZE, cellSize: 1 };
  // A cone with ripples: slopes, a few pits and flats' worth of ties, all the step's branches.
  const input = new Float32Array(WARM_SIZE * WARM_SIZE);
  for (let j = 0, v = 0; j < WARM_SIZE; j++) {
    for (let i = 0; i < WARM_SIZE; i++, v++) input[v] = 40 - Math.hypot(i - 32, j - 32) + 2 * Math.sin(i * 0.9) * Math.cos(j * 0.7);
  }
  try {
    const state = fluvialState(grid, input, params, keepPits);
    for (let step = 0; step < 2; step++) fluvialStep(state, params, params.timeStep);
  } catch {
    // Parameters a step refuses: the large state the caller makes next reports them.
  }
}

/** The state before the first step; `compiled` false keeps it off the compiled kernel (the reference). */
export function fluvialState(grid: HydrologyGrid, input: Float32Array, params: FluvialParams, keepPits = false, compiled = true): FluvialState {
  const { width, depth, cellSize } = grid;
  const factored = params.scheme === FACTORED;
  const kernel = compiled ? fluvialKernel(grid, params.strata, Boolean(params.upliftMask), (params.routeEvery ?? 1) > 1, factored, !keepPits) : null;
  if (kernel && width * depth >= WARM_FROM) warmKernel(params, keepPits);
  let heights: Float64Array;
  if (kernel && !keepPits) {
    kernel.flood(input);
    heights = kernel.heights;
  } else {
    const drainage = keepPits ? Float64Array.from(input) : priorityFlood(grid, input).drainage;
    heights = kernel ? kernel.heights : drainage;
    if (kernel) heights.set(drainage);
  }
  let bedOffset: Float64Array | null = null;
  if (params.strata) {
    const reader = strataReader(params.strata);
    bedOffset = kernel?.bedOffset ?? new Float64Array(width * depth);
    for (let j = 0, v = 0; j < depth; j++) {
      const z = vertexWorld(j, depth, cellSize);
      for (let i = 0; i < width; i++, v++) bedOffset[v] = reader.gx * vertexWorld(i, width, cellSize) + reader.gz * z + params.strata.base;
    }
  }
  const role = vertexRoles(grid, heights, params.outletArea);
  if (kernel) kernel.role.set(role);
  const mouths: number[] = [];
  if (params.outletArea > 0) role.forEach((r, v) => r === BASE_LEVEL && mouths.push(v));
  const { area, order, pending, onEdge } = kernel ?? flowRouting(grid);
  return {
    grid,
    heights,
    previous: kernel ? kernel.previous : new Float64Array(width * depth),
    bedOffset,
    role: kernel ? kernel.role : role,
    routing: { area, order, pending, onEdge, outflow: 0 },
    mouths: Int32Array.from(mouths),
    mouthInward: Int32Array.from(mouths, (v) => inwardOf(grid, v)),
    pitFill: keepPits ? null : pitFillScratch(width * depth, kernel?.pitMarks),
    kernel,
    routeEvery: params.routeEvery ?? 1,
    factored,
    stepsOnRouting: Infinity,
  };
}

/** Uplift weight per vertex (0…1): the uplift mask (a height or slope band) on the input heights. */
export function upliftWeights(grid: HydrologyGrid, input: Float32Array, params: FluvialParams): Float32Array | undefined {
  const mask = params.upliftMask;
  if (!mask) return undefined;
  const weights = new Float32Array(grid.width * grid.depth);
  for (let j = 0, v = 0; j < grid.depth; j++) for (let i = 0; i < grid.width; i++, v++) weights[v] = bandWeightAt(mask, input, grid, i, j);
  return weights;
}

/**
 * The input with the optional `swells` laid on it (times the `incisionMask`'s weight on the input), or
 * the input itself without them.
 */
export function withSwells(grid: HydrologyGrid, input: Float32Array, params: FluvialParams): Float32Array {
  const swells = params.swells;
  if (!swells) return input;
  const offsets = swellOffsets(grid.width, grid.depth, grid.cellSize, swells.height, swells.spacing, swells.seed);
  const mask = params.incisionMask;
  const out = new Float32Array(input.length);
  for (let j = 0, v = 0; j < grid.depth; j++)
    for (let i = 0; i < grid.width; i++, v++) out[v] = input[v] + (mask ? offsets[v] * bandWeightAt(mask, input, grid, i, j) : offsets[v]);
  return out;
}

/** The optional incision limit: each vertex's floor, and the band's weights with the heights at a step's start. */
export interface IncisionLimit {
  /** The lowest each vertex may be cut: incisionDepth × the band's weight below the input with its swells. */
  readonly floor: Float64Array;
  /** The `incisionMask`'s weight per vertex on the input, or null without one (1 everywhere). */
  readonly weights: Float64Array | null;
  /** Scratch: the heights at the step's start (with weights only). */
  readonly before: Float64Array | null;
}

/** The layer's incision limit on `surface` (the input with its swells), or undefined without `incisionDepth`. */
export function incisionLimit(grid: HydrologyGrid, input: Float32Array, surface: Float32Array, params: FluvialParams): IncisionLimit | undefined {
  const depth = params.incisionDepth;
  if (depth === undefined) return undefined;
  const mask = params.incisionMask;
  const n = grid.width * grid.depth;
  const weights = mask ? new Float64Array(n) : null;
  if (weights && mask) for (let j = 0, v = 0; j < grid.depth; j++) for (let i = 0; i < grid.width; i++, v++) weights[v] = bandWeightAt(mask, input, grid, i, j);
  const floor = new Float64Array(n);
  for (let v = 0; v < n; v++) floor[v] = surface[v] - (weights ? depth * weights[v] : depth);
  return { floor, weights, before: weights ? new Float64Array(n) : null };
}

/**
 * After a step: where the band holds partly, only that share of the step's change is kept (none where
 * its weight is 0: the ground there is held as it came in), and no vertex stays below its floor.
 */
function holdToLimit(h: Float64Array, limit: IncisionLimit): void {
  const { floor, weights, before } = limit;
  if (weights && before) {
    for (let v = 0; v < h.length; v++) {
      const w = weights[v];
      if (w < 1) h[v] = before[v] + w * (h[v] - before[v]);
    }
  }
  holdToFloor(h, floor);
}

/** No vertex below its incision floor. */
function holdToFloor(h: Float64Array, floor: Float64Array): void {
  for (let v = 0; v < h.length; v++) if (h[v] < floor[v]) h[v] = floor[v];
}

/**
 * One time step of `dt` years, in place (`state.heights` is the result: the step writes into the
 * other buffer and swaps them).
 */
export function fluvialStep(state: FluvialState, params: FluvialParams, dt: number, upliftWeights?: Float32Array): void {
  const { grid, role, routing, kernel } = state;
  const { cellSize } = grid;
  // The compiled loops while the state's buffers are the kernel's (a caller may have swapped in others).
  const compiled = kernel !== null && kernel.owns(state.heights) && kernel.owns(state.previous);
  // Diffusion first, so the step ends on the channels as the river cut them: diffused after the
  // solve, a channel's floor would end each step raised above its mouth (which diffusion keeps).
  // Compiled, the explicit scheme counts the donors (and lists the pits) in the same pass.
  let counted = false;
  if (params.diffusion > 0) {
    const kappaDt = params.diffusion * dt;
    let diffused: Float64Array | null = null;
    if (compiled) {
      diffused = kernel.diffuseAndCount(state.heights, state.previous, kappaDt, state.pitFill ? state.pitFill.pits : null);
      counted = diffused !== null;
      diffused ??= kernel.diffuse(state.heights, state.previous, kappaDt);
    } else {
      diffused = diffuseHeights(grid, state.heights, state.previous, kappaDt);
    }
    if (diffused !== state.heights) {
      state.previous = state.heights;
      state.heights = diffused;
    }
  }
  // Diffusion raises channel floors above the vertex upstream: fill those pits before routing. The
  // routing's donor counts and the pits come from one pass; each fill recounts the donors it changed.
  if (!counted) {
    if (compiled) kernel.countDonors(state.heights, state.pitFill ? state.pitFill.pits : null);
    else if (state.pitFill) donorCountsAndPits(grid, state.heights, routing.pending, state.pitFill.pits);
    else donorCounts(grid, state.heights, routing.pending);
  }
  if (state.pitFill) {
    if (compiled) kernel.fillPits(state.heights, state.pitFill);
    else fillListedPits(grid, state.heights, state.pitFill, routing.pending);
  }
  const prev = state.heights;
  const h = state.previous;
  state.heights = h;
  state.previous = prev;
  const across = 1 / cellSize;
  const diagonal = 1 / (Math.SQRT2 * cellSize);
  const solvedCompiled = compiled && kernel.solves(params.m, params.n, upliftWeights);
  if (solvedCompiled) {
    const { m, channelArea } = params;
    const onlyFalling = params.cutOnlyFalling === true;
    kernel.prepareSolve({ across, diagonal, kDt: params.k * dt, upliftDt: params.uplift * dt, channelArea, m, weights: upliftWeights, onlyFalling });
  }
  // With `routeEvery`, the steps between routings solve on the last one (order and areas); the order
  // may then put a receiver after its donor, which reads it at its step-start height: h starts as prev.
  const reuseRouting = state.stepsOnRouting + 1 < state.routeEvery;
  if (reuseRouting) {
    state.stepsOnRouting++;
    h.set(prev);
  } else {
    state.stepsOnRouting = 0;
    if (state.factored) {
      if (compiled) routing.outflow = kernel.routeFactored(prev);
      else {
        routeFactored(grid, prev, routing);
        kernel?.routedElsewhere();
      }
    } else if (compiled) routing.outflow = kernel.route(prev);
    else routeFlow(grid, prev, routing, DEFAULT_MFD_EXPONENT, true);
  }
  const { area } = routing;
  // A mouth that no channel enters any more (its river moved, or it only ever took the water running
  // along the edge) follows the land inside it, or it would stay behind as a notch in the rising edge.
  const { mouths, mouthInward } = state;
  for (let k = 0; k < mouths.length; k++) role[mouths[k]] = area[mouthInward[k]] >= params.channelArea ? BASE_LEVEL : FREE_EDGE;
  if (state.factored && params.n === 1) {
    if (solvedCompiled) kernel.solveFactored(prev, h);
    else solveFactored(state, prev, h, params, dt, upliftWeights);
  } else if (solvedCompiled) {
    kernel.solve(prev, h);
  } else {
    solveStreamPower(state, prev, h, params, dt, upliftWeights);
  }
  followInward(state);
}

/**
 * The implicit solve of one step, outlets first (the drainage order walked backwards): `prev` the
 * heights at the step's start, `h` the result. The reference of the compiled solve (fluvialWasm.ts).
 */
function solveStreamPower(state: FluvialState, prev: Float64Array, h: Float64Array, params: FluvialParams, dt: number, upliftWeights?: Float32Array): void {
  const { grid, bedOffset, role, routing } = state;
  const { width, cellSize } = grid;
  const { area, order } = routing;
  // Neighbour offsets and 1 / distance (m) in grid.ts's order, as locals for the unrolled solve.
  const o2 = width;
  const o4 = width + 1;
  const o6 = 1 - width;
  const o7 = width - 1;
  const across = 1 / cellSize;
  const diagonal = 1 / (Math.SQRT2 * cellSize);
  const { m, n } = params;
  const kDt = params.k * dt;
  const upliftDt = params.uplift * dt;
  const reader = params.strata ? strataReader(params.strata) : null;
  const hardness = params.strata ? Float64Array.from(params.strata.beds, (bed) => bed.hardness) : null;
  const linear = n === 1;
  const { channelArea } = params;
  const onlyFalling = params.cutOnlyFalling === true;
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
    // Slope to each lower neighbour (its receivers, solved already: the order is the drainage's), 0 to the others.
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
    const sum2 = s0 * s0 + s1 * s1 + s2 * s2 + s3 * s3 + s4 * s4 + s5 * s5 + s6 * s6 + s7 * s7;
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
    const f = erodibility * areaTerm;
    const scale = (f * s) / sum2;
    // c_k = scale·s_k / L_k; a neighbour that is no receiver adds 0·h (its height is finite).
    const c0 = scale * s0 * across;
    const c1 = scale * s1 * across;
    const c2 = scale * s2 * across;
    const c3 = scale * s3 * across;
    const c4 = scale * s4 * diagonal;
    const c5 = scale * s5 * diagonal;
    const c6 = scale * s6 * diagonal;
    const c7 = scale * s7 * diagonal;
    const numerator =
      raised + c0 * h[v + 1] + c1 * h[v - 1] + c2 * h[v + o2] + c3 * h[v - o2] + c4 * h[v + o4] + c5 * h[v - o4] + c6 * h[v + o6] + c7 * h[v + o7];
    const denominator = 1 + c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7;
    let next = numerator / denominator;
    if (!linear && f > 0) {
      // S(h) = W·h − B, linear in h with the same a_k: Newton from the uplifted height.
      const weightSum = (denominator - 1) / f;
      const base = (numerator - raised) / f;
      next = raised;
      for (let it = 0; it < NEWTON_ITERATIONS; it++) {
        const sNow = weightSum * next - base;
        if (!(sNow > 0)) break;
        const power = Math.pow(sNow, n - 1);
        const residual = next - raised + f * power * sNow;
        next -= residual / (1 + f * n * power * weightSum);
      }
    }
    h[v] = next < raised && !(onlyFalling && next > h0) ? next : raised;
  }
}

/**
 * Free edge vertices take their inward neighbour's height less a micrometre (a zero-gradient
 * boundary that still drains: level with the inside, water beside the edge would run along it).
 */
const EDGE_DROP = 1e-6;
/** The vertex one step inside edge vertex `v` (diagonally inside, at a corner). */
function inwardOf(grid: HydrologyGrid, v: number): number {
  const { width, depth } = grid;
  const i = v % width;
  const j = (v - i) / width;
  return inwardAt(width, depth, i, j);
}
const inwardAt = (width: number, depth: number, i: number, j: number) =>
  (j === 0 ? 1 : j === depth - 1 ? depth - 2 : j) * width + (i === 0 ? 1 : i === width - 1 ? width - 2 : i);
function followInward(state: FluvialState): void {
  const { grid, heights: h, role } = state;
  const { width, depth } = grid;
  const inward = (i: number, j: number) => inwardAt(width, depth, i, j);
  for (let i = 0; i < width; i++) {
    if (role[i] === FREE_EDGE) h[i] = h[inward(i, 0)] - EDGE_DROP;
    const bottom = (depth - 1) * width + i;
    if (role[bottom] === FREE_EDGE) h[bottom] = h[inward(i, depth - 1)] - EDGE_DROP;
  }
  for (let j = 1; j < depth - 1; j++) {
    const left = j * width;
    if (role[left] === FREE_EDGE) h[left] = h[inward(0, j)] - EDGE_DROP;
    const right = left + width - 1;
    if (role[right] === FREE_EDGE) h[right] = h[inward(width - 1, j)] - EDGE_DROP;
  }
}

/**
 * Runs the layer's whole time on `input` into `out` (float32). False when cancelled (`out` is then
 * not written).
 */
export function runFluvial(grid: HydrologyGrid, input: Float32Array, out: Float32Array, params: FluvialParams, options: FluvialRunOptions = {}): boolean {
  const problem = fluvialProblem(params);
  if (problem) throw new RangeError(problem);
  const steps = fluvialSteps(params);
  if (steps === 0) {
    out.set(input);
    return true;
  }
  // The input as it was, for softSlopes (the step may write over it: out may be input).
  const kept = params.softSlopes !== undefined ? input.slice() : null;
  const surface = withSwells(grid, input, params);
  const state = fluvialState(grid, surface, params, options.keepPits, options.compiled ?? true);
  const weights = upliftWeights(grid, input, params);
  const limit = incisionLimit(grid, input, surface, params);
  for (let step = 0; step < steps; step++) {
    if (options.shouldCancel?.()) return false;
    const dt = step < steps - 1 ? params.timeStep : params.time - (steps - 1) * params.timeStep;
    if (limit?.before) limit.before.set(state.heights);
    fluvialStep(state, params, dt, weights);
    if (limit) holdToLimit(state.heights, limit);
    options.onProgress?.(step + 1, steps);
  }
  if (params.channelWidth !== undefined) {
    widenChannels(grid, state.heights, surface, state.routing.area, params.channelArea, params.channelWidth);
    if (limit) holdToFloor(state.heights, limit.floor);
  }
  out.set(state.heights);
  if (kept && params.softSlopes !== undefined) keepOutsideSoftSlopes(grid, kept, out, params.strata, params.softSlopes);
  return true;
}
