/**
 * The fluvial step's hot loops compiled to WebAssembly (wasm/fluvialStep.ts, AssemblyScript; built by
 * `npm run build:wasm` into fluvialWasmBytes.ts): diffusion, the donor counts and pits, the pit fills, the MFD
 * routing, the stream-power solve for n = 1 and m ∈ {0, ½, 1}, and the state's first Priority-Flood. Each is a port of its JavaScript reference
 * with the same float64 operations in the same order, so a step gives the same bytes either way
 * (fluvialWasm.test.ts runs both). The JavaScript stays the reference and the fallback: where
 * WebAssembly is missing or refused (a page without 'wasm-unsafe-eval', a memory too large to get),
 * `fluvialKernel` returns null and the step runs in JavaScript.
 *
 * A kernel owns one WebAssembly memory holding a state's arrays; the state's typed arrays are views
 * on it, so the JavaScript parts of a step (the pit fills, the mouths, the edge) work on them as before.
 * The memory never grows (it would detach the views).
 */
import type { VertexList } from '../hydrology/drainage';
import { fillListedPits, type PitFillScratch } from './pitFill';
import type { HydrologyGrid } from '../hydrology/grid';
import type { Strata } from '../terrain/strata';
import { strataReader } from '../terrain/strata';
import { diffusionPlan } from './hillslopeDiffusion';
import { gridProblem } from '../hydrology/grid';
import { heightRange } from '../hydrology/priorityFlood';
import { HEIGHT_QUEUE_MAX_BUCKETS, heightQueueBuckets } from '../hydrology/heightQueue';
import { FLUVIAL_WASM_BASE64 } from './fluvialWasmBytes';

/** The few WebAssembly names this module uses (shared/ is type-checked with the ES library only). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}

interface KernelExports {
  donorCountsAndPits(h: number, donors: number, pits: number, width: number, depth: number, listPits: number): number;
  routeFlow(h: number, area: number, order: number, pending: number, onEdge: number, width: number, depth: number, cellSize: number): number;
  setSolveTerms(
    across: number,
    diagonal: number,
    kDt: number,
    upliftDt: number,
    channelArea: number,
    areaPower: number,
    weights: number,
    bedOffset: number,
    tops: number,
    hardness: number,
    lastBed: number,
    period: number,
    onlyFalling: number,
  ): void;
  solveStreamPower(prev: number, h: number, area: number, order: number, role: number, count: number, width: number): void;
  routeFactored(
    h: number,
    area: number,
    order: number,
    pending: number,
    role: number,
    placeArea: number,
    placeRole: number,
    width: number,
    depth: number,
    cellSize: number,
  ): number;
  solveFactored(prev: number, h: number, placeArea: number, placeRole: number, order: number, role: number, count: number, width: number): void;
  diffuseAndCount(
    from: number,
    to: number,
    rings: number,
    width: number,
    depth: number,
    r: number,
    substeps: number,
    donors: number,
    pits: number,
    listPits: number,
  ): number;
  diffuseExplicit(heights: number, scratch: number, width: number, depth: number, r: number, substeps: number): number;
  diffuseImplicit(heights: number, scratch: number, coefficients: number, width: number, depth: number, r: number, substeps: number): void;
  floodDrainage(
    heights: number,
    level: number,
    drainage: number,
    reached: number,
    onEdge: number,
    raised: number,
    queue: number,
    deferred: number,
    newest: number,
    bucketNext: number,
    heapKeys: number,
    heapIds: number,
    width: number,
    depth: number,
    low: number,
    scale: number,
  ): void;
  fillListedPits(
    h: number,
    donors: number,
    pits: number,
    pitCount: number,
    seen: number,
    inside: number,
    ids: number,
    keys: number,
    list: number,
    later: number,
    cap: number,
    laterCap: number,
    state: number,
    width: number,
    depth: number,
  ): number;
}

/**
 * The compiled pit fill's scratch: a fill's heap and list hold this many vertices, the pits a step's fills make
 * nine times as many. A fill that would need more is made by the JavaScript (pitFill.ts), from where the
 * compiled walk stopped.
 */
export const PIT_FILL_CAP = 1 << 15;
/** wasm/fluvialStep.ts's `fillState` slots. */
const FILL_NUMBER = 0;
const LATER_LENGTH = 1;
const NEXT_PIT = 2;
const LAST_PIT = 3;
const STOPPED = 4;

const PAGE = 65536;
/** WebAssembly's 32-bit memories stop at 4 GiB (65536 pages); leave a page to spare. */
const MAX_PAGES = 65535;
/** Offset 0 stands for "no array" (no uplift weights, no strata): the first array starts after it. */
const FIRST = 64;
/** wasm/fluvialStep.ts's MAX_BLOCKED_SUBSTEPS: `diffuseAndCount`'s rings hold this many sub-steps. */
const MAX_BLOCKED_SUBSTEPS = 5;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeBase64(text: string): Uint8Array {
  const values = new Uint8Array(128);
  for (let k = 0; k < BASE64.length; k++) values[BASE64.charCodeAt(k)] = k;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  for (let at = 0, out = 0; at < text.length; at += 4) {
    const word =
      (values[text.charCodeAt(at)] << 18) | (values[text.charCodeAt(at + 1)] << 12) | (values[text.charCodeAt(at + 2)] << 6) | values[text.charCodeAt(at + 3)];
    if (out < bytes.length) bytes[out++] = (word >> 16) & 255;
    if (out < bytes.length) bytes[out++] = (word >> 8) & 255;
    if (out < bytes.length) bytes[out++] = word & 255;
  }
  return bytes;
}

/** The compiled module's bytes (for the test that the build reproduces them). */
export const fluvialWasmBytes = (): Uint8Array => decodeBase64(FLUVIAL_WASM_BASE64);

let compiled: object | null | undefined;
function wasmApi(): WasmApi | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  return api ?? null;
}
/** The compiled module, once; null where WebAssembly is missing or refused. */
function fluvialModule(): object | null {
  if (compiled !== undefined) return compiled;
  const api = wasmApi();
  try {
    compiled = api ? new api.Module(fluvialWasmBytes()) : null;
  } catch {
    // A page whose CSP refuses WebAssembly, or a main thread that refuses a synchronous compile:
    // the JavaScript reference runs instead, with the same bytes.
    compiled = null;
  }
  return compiled;
}

/** A state's arrays in the kernel's memory (views) and the calls that run on them. */
export interface FluvialKernel {
  readonly heights: Float64Array;
  readonly previous: Float64Array;
  readonly area: Float64Array;
  readonly order: Int32Array;
  readonly pending: Uint8Array;
  readonly onEdge: Uint8Array;
  readonly role: Uint8Array;
  readonly bedOffset: Float64Array | null;
  /** Whether `array` is one of this kernel's views (so the compiled loops can take it). */
  owns(array: Float64Array): boolean;
  /** `diffuseHeights` on two of the kernel's height buffers: returns the one with the result. */
  diffuse(heights: Float64Array, scratch: Float64Array, kappaDt: number): Float64Array;
  /**
   * `diffuse` then `countDonors`, in one pass down the map where it can (the explicit scheme):
   * returns the buffer with the result, or null (nothing done) where it cannot.
   */
  diffuseAndCount(heights: Float64Array, scratch: Float64Array, kappaDt: number, pits: VertexList | null): Float64Array | null;
  /** `donorCountsAndPits` (or `donorCounts` when `pits` is null) of `heights` into `pending`. */
  countDonors(heights: Float64Array, pits: VertexList | null): void;
  /** Whether `solve` computes this step's terms (n = 1, m ∈ {0, ½, 1}, the uplift weights it holds). */
  solves(m: number, n: number, weights: Float32Array | undefined): boolean;
  /** `routeFlow` (exponent 1, donors counted) of `heights` into `area` and `order`; returns the outflow. */
  route(heights: Float64Array): number;
  /**
   * fluvialFactored.ts `routeFactored` (the donors counted) of `heights` into `area` and `order`, with each placed
   * vertex's area and role beside the order for `solveFactored`; returns the outflow. Only a kernel made for the
   * factored scheme has it.
   */
  routeFactored(heights: Float64Array): number;
  /**
   * The routing in `area` and `order` came from elsewhere (the JavaScript's): `solveFactored` takes each placed
   * vertex's area and role from them again.
   */
  routedElsewhere(): void;
  /** fluvialFactored.ts `solveFactored` (n = 1, after `prepareSolve`): from `prev` into `h`. */
  solveFactored(prev: Float64Array, h: Float64Array): void;
  /** The step's constants for `solve`. */
  prepareSolve(terms: SolveTerms): void;
  /** The n = 1 stream-power solve from `prev` (the routed heights) into `h` (fluvial.ts `solveStreamPower`). */
  solve(prev: Float64Array, h: Float64Array): void;
  /** A kernel made with `fillsPits`: the pit fill's per-vertex marks (`PitFillScratch.seen`, `.inside`), else null. */
  readonly pitMarks: { readonly seen: Int32Array; readonly inside: Int32Array } | null;
  /**
   * pitFill.ts `fillListedPits` of `heights` with the kernel's donor counts (`pending`), the pits those of the last
   * `countDonors` or `diffuseAndCount` (in `scratch.pits`); `scratch` made on `pitMarks`. Returns how many fills.
   * `cap` (tests): a fill's scratch, at most `PIT_FILL_CAP`.
   */
  fillPits(heights: Float64Array, scratch: PitFillScratch, cap?: number): number;
  /**
   * priorityFlood.ts `priorityFlood(grid, input).drainage` compiled (wasm/fluvialStep.ts `floodDrainage`: the same
   * visiting order, the same bytes) into `heights`: the state's first surface. Its scratch lies over arrays the first
   * step writes before it reads them, and the pit fill's marks, which it clears again. Throws as `priorityFlood`
   * does on a height that is not finite. Only a kernel made with `fillsPits` has it.
   */
  flood(input: Float32Array): void;
}

/** The step's constants for `FluvialKernel.solve`. */
export interface SolveTerms {
  readonly across: number;
  readonly diagonal: number;
  readonly kDt: number;
  readonly upliftDt: number;
  readonly channelArea: number;
  readonly m: number;
  readonly weights: Float32Array | undefined;
  /** fluvialParams.ts `cutOnlyFalling`: a vertex the step would raise is only uplifted. */
  readonly onlyFalling?: boolean;
}

interface Layout {
  readonly bytes: number;
  readonly at: Record<string, number>;
}

/**
 * Each array starts this many bytes further round a 4 KiB page than the one before it. A map of 2^k + 1 vertices a
 * side has arrays of a float64 a vertex only 8 bytes longer than a multiple of 4 KiB, so laid end to end every array's
 * vertex v sat at the same low twelve address bits, by which the processor first matches a load against the stores
 * before it and picks a first-level cache set: the routing loads the heights where it has just stored areas, the solve
 * one height buffer where it has stored the other. Staggered, a factored step at 1025² is about 5 ms (10 %) faster,
 * the routing ~3.5 and the solve ~2 ms (BENCHMARKS.md, "Session 24: the fluvial kernel's arrays staggered round a
 * page"); the numbers are the same.
 */
const PAGE_STAGGER = 576;
const SMALL_PAGE = 4096;

function layout(count: number, longest: number, strataBeds: number, withWeights: boolean, keepsOrder: boolean, factored: boolean, fillsPits: boolean): Layout {
  const at: Record<string, number> = {};
  let next = FIRST;
  let placed = 0;
  const place = (name: string, length: number, align = 8) => {
    const offset = (++placed * PAGE_STAGGER) % SMALL_PAGE;
    next += (offset - (next % SMALL_PAGE) + SMALL_PAGE) % SMALL_PAGE;
    at[name] = next = Math.ceil(next / align) * align;
    next = Math.ceil((next + length) / 8) * 8;
  };
  place('heights', count * 8);
  place('previous', count * 8);
  place('area', count * 8);
  if (strataBeds > 0) {
    place('bedOffset', count * 8);
    place('tops', strataBeds * 8);
    place('hardness', strataBeds * 8);
  }
  place('thomas', 4 * (longest + 1) * 8);
  place('rings', 3 * (MAX_BLOCKED_SUBSTEPS - 1) * longest * 8);
  if (factored) place('placeArea', count * 8);
  place('order', count * 4);
  if (keepsOrder) place('pits', count * 4);
  if (withWeights) place('weights', count * 4);
  place('pending', count);
  place('onEdge', count);
  place('role', count);
  if (factored) place('placeRole', count);
  if (fillsPits) {
    place('seen', count * 4);
    place('inside', count * 4);
    place('fillIds', PIT_FILL_CAP * 4);
    place('fillKeys', PIT_FILL_CAP * 8);
    place('fillList', PIT_FILL_CAP * 4);
    // Also the buckets of the state's first flood (`flood`): at least HEIGHT_QUEUE_MAX_BUCKETS words.
    place('later', Math.max(9 * PIT_FILL_CAP, HEIGHT_QUEUE_MAX_BUCKETS) * 4);
    place('fillState', 8 * 4);
  }
  return { bytes: next, at };
}

/**
 * A kernel for a fluvial state on `grid`, or null where the compiled step cannot run (no
 * WebAssembly, a grid under 3 × 3, a memory over 4 GiB or refused). `keepsOrder`: the drainage order
 * outlives a step (`routeEvery`), so the pits are listed in a region of their own, not in `order`. `factored`: the
 * layer's `scheme: 'factored'`, whose routing writes each placed vertex's area and role beside the order (9 bytes a
 * vertex more). `fillsPits`: the step fills pits (`fillPits`; 8 bytes a vertex and about 1.6 MB more).
 */
export function fluvialKernel(
  grid: HydrologyGrid,
  strata: Strata | null | undefined,
  withWeights: boolean,
  keepsOrder = false,
  factored = false,
  fillsPits = false,
): FluvialKernel | null {
  const { width, depth, cellSize } = grid;
  if (width < 3 || depth < 3 || (strata && strata.beds.length === 0)) return null;
  const module = fluvialModule();
  const api = wasmApi();
  if (!module || !api) return null;
  const count = width * depth;
  const beds = strata ? strata.beds.length : 0;
  const plan = layout(count, Math.max(width, depth), beds, withWeights, keepsOrder, factored, fillsPits);
  const pages = Math.ceil(plan.bytes / PAGE);
  if (pages > MAX_PAGES) return null;
  let memory: { buffer: ArrayBuffer };
  let wasm: KernelExports;
  try {
    memory = new api.Memory({ initial: pages, maximum: pages });
    wasm = new api.Instance(module, { env: { memory } }).exports as KernelExports;
  } catch {
    return null;
  }
  const { buffer } = memory;
  const at = plan.at;
  const f64 = (name: string) => new Float64Array(buffer, at[name], count);
  const u8 = (name: string) => new Uint8Array(buffer, at[name], count);
  const heights = f64('heights');
  const previous = f64('previous');
  const area = f64('area');
  const order = new Int32Array(buffer, at.order, count);
  const pending = u8('pending');
  const onEdge = u8('onEdge');
  onEdge.fill(1, 0, width);
  onEdge.fill(1, count - width);
  for (let j = 1; j < depth - 1; j++) onEdge[j * width] = onEdge[j * width + width - 1] = 1;
  const role = u8('role');
  let bedOffset: Float64Array | null = null;
  let period = 0;
  if (strata) {
    bedOffset = f64('bedOffset');
    period = strataReader(strata).period;
    // The beds' cumulative tops and hardness, as strataReader and fluvialStep have them.
    const tops = new Float64Array(buffer, at.tops, beds);
    const hardness = new Float64Array(buffer, at.hardness, beds);
    let top = 0;
    for (const [n, bed] of strata.beds.entries()) {
      tops[n] = top += bed.thickness;
      hardness[n] = bed.hardness;
    }
  }
  const weights = withWeights ? new Float32Array(buffer, at.weights, count) : null;
  const pointer = (array: Float64Array) => array.byteOffset;
  // The pits go to `order` first (free until the routing refills it, unless it is kept), then to the list.
  const pitsAt = keepsOrder ? at.pits : at.order;
  const listed = new Int32Array(buffer, pitsAt, count);
  const listPits = (found: number, pits: VertexList | null) => {
    if (!pits) return;
    if (pits.list.length < found) pits.list = new Int32Array(Math.max(found, pits.list.length * 2));
    pits.list.set(listed.subarray(0, found));
    pits.length = found;
  };
  const owns = (array: Float64Array) => array.buffer === buffer;
  const pitMarks = fillsPits ? { seen: new Int32Array(buffer, at.seen, count), inside: new Int32Array(buffer, at.inside, count) } : null;
  const fillState = fillsPits ? new Int32Array(buffer, at.fillState, 8) : null;
  // Whether placeArea and placeRole hold the routing in `area` and `order` (routeFactored wrote them).
  let placesFresh = false;
  return {
    heights,
    previous,
    area,
    order,
    pending,
    onEdge,
    role,
    bedOffset,
    owns,
    diffuse(from, scratch, kappaDt) {
      const { scheme, substeps, r } = diffusionPlan(grid, kappaDt);
      if (scheme === 'none') return from;
      if (scheme === 'implicit') {
        wasm.diffuseImplicit(pointer(from), pointer(scratch), at.thomas, width, depth, r, substeps);
        return from;
      }
      return wasm.diffuseExplicit(pointer(from), pointer(scratch), width, depth, r, substeps) === 0 ? from : scratch;
    },
    diffuseAndCount(from, scratch, kappaDt, pits) {
      const { scheme, substeps, r } = diffusionPlan(grid, kappaDt);
      if (scheme !== 'explicit' || substeps > MAX_BLOCKED_SUBSTEPS) return null;
      const found = wasm.diffuseAndCount(pointer(from), pointer(scratch), at.rings, width, depth, r, substeps, at.pending, pitsAt, pits ? 1 : 0);
      if (found < 0) return null;
      listPits(found, pits);
      return scratch;
    },
    countDonors(from, pits) {
      listPits(wasm.donorCountsAndPits(pointer(from), at.pending, pitsAt, width, depth, pits ? 1 : 0), pits);
    },
    solves(m, n, stepWeights) {
      return n === 1 && (m === 0.5 || m === 0 || m === 1) && (stepWeights === undefined || weights !== null);
    },
    prepareSolve(terms) {
      let weightsAt = 0;
      if (terms.weights && weights) {
        // Copied each step (half a millisecond at 1025²): the caller's array may have changed.
        weights.set(terms.weights);
        weightsAt = at.weights;
      }
      const areaPower = terms.m === 0.5 ? 0 : terms.m === 0 ? 1 : 2;
      const strataAt = (name: string) => (beds > 0 ? at[name] : 0);
      const { across, diagonal, kDt, upliftDt, channelArea } = terms;
      wasm.setSolveTerms(
        across,
        diagonal,
        kDt,
        upliftDt,
        channelArea,
        areaPower,
        weightsAt,
        strataAt('bedOffset'),
        strataAt('tops'),
        strataAt('hardness'),
        beds - 1,
        period,
        terms.onlyFalling === true ? 1 : 0,
      );
    },
    route(from) {
      const outflow = wasm.routeFlow(pointer(from), at.area, at.order, at.pending, at.onEdge, width, depth, cellSize);
      if (outflow < 0) throw new Error('flow accumulation did not place every vertex: the surface has a cycle (NaN heights?)');
      return outflow;
    },
    routeFactored(from) {
      if (!factored) throw new Error('routeFactored: this kernel was not made for the factored scheme');
      placesFresh = false;
      const outflow = wasm.routeFactored(pointer(from), at.area, at.order, at.pending, at.role, at.placeArea, at.placeRole, width, depth, cellSize);
      if (outflow < 0) throw new Error('flow accumulation did not place every vertex: the surface has a cycle (NaN heights?)');
      placesFresh = true;
      return outflow;
    },
    routedElsewhere() {
      placesFresh = false;
    },
    solveFactored(prev, h) {
      if (!factored) throw new Error('solveFactored: this kernel was not made for the factored scheme');
      if (!placesFresh) {
        const placeArea = new Float64Array(buffer, at.placeArea, count);
        const placeRole = new Uint8Array(buffer, at.placeRole, count);
        for (let place = 0; place < count; place++) {
          const v = order[place];
          placeArea[place] = area[v];
          placeRole[place] = role[v];
        }
        placesFresh = true;
      }
      wasm.solveFactored(pointer(prev), pointer(h), at.placeArea, at.placeRole, at.order, at.role, count, width);
    },
    solve(prev, h) {
      wasm.solveStreamPower(pointer(prev), pointer(h), at.area, at.order, at.role, count, width);
    },
    pitMarks,
    fillPits(heights, scratch, cap = PIT_FILL_CAP) {
      if (!fillState) throw new Error('fillPits: this kernel was not made to fill pits');
      const fill = Math.min(Math.max(1, cap), PIT_FILL_CAP);
      fillState[FILL_NUMBER] = scratch.fill;
      const pits = scratch.pits.length;
      let filled = wasm.fillListedPits(
        pointer(heights),
        at.pending,
        pitsAt,
        pits,
        at.seen,
        at.inside,
        at.fillIds,
        at.fillKeys,
        at.fillList,
        at.later,
        fill,
        9 * fill,
        at.fillState,
        width,
        depth,
      );
      scratch.fill = fillState[FILL_NUMBER];
      if (fillState[STOPPED] !== 0) {
        // A fill larger than the scratch: the JavaScript goes on from there, with the pits fills have made so far.
        const waiting = fillState[LATER_LENGTH];
        const later = scratch.later;
        if (later.list.length < waiting) later.list = new Int32Array(waiting);
        later.list.set(new Int32Array(buffer, at.later, waiting));
        later.length = waiting;
        filled += fillListedPits(grid, heights, scratch, pending, { next: fillState[NEXT_PIT], last: fillState[LAST_PIT] });
      }
      return filled;
    },
    flood(input) {
      if (!fillsPits) throw new Error('flood: this kernel was not made to fill pits');
      const problem = gridProblem(grid, input);
      if (problem) throw new RangeError(problem);
      const { low, high } = heightRange(input);
      // heightQueue.ts's buckets and scale for this range.
      const buckets = heightQueueBuckets(count);
      const scale = high > low ? (buckets - 1) / (high - low) : 0;
      // The input and the levels in `previous`, the heap in `area`, the queue in `order`, the deferred traces and
      // the buckets' links in the pit fill's marks, the sets of reached and raised vertices in `pending` and `role`,
      // the buckets' newest in the pit fill's `later` (9 · PIT_FILL_CAP words, at least 2¹⁸); the edge is `onEdge`.
      new Float32Array(buffer, at.previous, count).set(input);
      const levels = at.previous + 4 * count;
      new Float32Array(buffer, levels, count).set(input);
      heights.set(input);
      pending.fill(0);
      role.fill(0);
      new Int32Array(buffer, at.later, buckets).fill(-1);
      const heapIds = at.area + 4 * count;
      wasm.floodDrainage(
        at.previous,
        levels,
        at.heights,
        at.pending,
        at.onEdge,
        at.role,
        at.order,
        at.seen,
        at.later,
        at.inside,
        at.area,
        heapIds,
        width,
        depth,
        low,
        scale,
      );
      // The first step reads none of these before writing them but `previous` (zeros, as a new state's) and the marks.
      previous.fill(0);
      pitMarks?.seen.fill(0);
      pitMarks?.inside.fill(0);
      role.fill(0);
    },
  };
}
