/**
 * Depression filling by Priority-Flood (Barnes, Lehman & Mulla 2014), seeded from every vertex on
 * the map's edge (the edges are where water leaves the map).
 *
 * Two surfaces come out of one flood:
 * - `level`: the water level — the ground, or in a depression the height at which it spills (their
 *   Algorithm 2, with the pit queue). Always one of the input's float32 heights, so a lake is flat
 *   exactly.
 * - `drainage`: the same surface with flats resolved by epsilon (their Algorithm 3, "Priority-Flood+ε"),
 *   in float64: a vertex the flood raises gets the next float64 above its neighbour's, so every vertex
 *   off the edge has a strictly lower neighbour and flow directions are defined everywhere, lakes
 *   included, draining towards their outlet. The rise is a few float64 ulps per vertex of a flat
 *   (nanometres across the largest map): routing only, never heights anyone sees.
 * Vertices on slopes skip the heap (Zhou, Sun & Fu 2016), which is most of a natural map.
 */
import { gridProblem, neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';
import { HeightQueue } from './heightQueue';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

export interface FilledSurface {
  /** Water level per vertex: the ground, or the spill height of the depression it lies in. */
  readonly level: Float32Array;
  /** The level with flats resolved by epsilon: every vertex off the edge has a strictly lower neighbour. */
  readonly drainage: Float64Array;
}

// Float64 bits as two uint32 words, to step to the adjacent float64.
const bits64 = new Float64Array(1);
const words = new Uint32Array(bits64.buffer);
bits64[0] = 1;
/** Index of the low word (little-endian: 0). */
const LOW = words[1] === 0x3ff00000 ? 0 : 1;
const HIGH = 1 - LOW;

/**
 * From 0, the first step: 2⁻¹⁰⁰⁰, so that a flat at 0 m rises through normal float64s whose
 * differences are normal too (subnormal arithmetic is a hundred times slower); no float32 height
 * lies between 0 and it.
 */
const FIRST_STEP_ABOVE_ZERO = 2 ** -1000;

/** The next float64 above `x` (finite): one ulp (from 0, FIRST_STEP_ABOVE_ZERO). */
export function stepAbove(x: number): number {
  if (x === 0) return FIRST_STEP_ABOVE_ZERO;
  bits64[0] = x;
  if (x > 0) {
    if (words[LOW] === 0xffffffff) {
      words[LOW] = 0;
      words[HIGH]++;
    } else words[LOW]++;
  } else if (words[LOW] === 0) {
    words[LOW] = 0xffffffff;
    words[HIGH]--;
  } else words[LOW]--;
  return bits64[0];
}

/**
 * Per vertex flags, one byte each: dense enough that the flood's most frequent question, whether a
 * neighbour has been reached, mostly hits the cache (asking the float64 drainage took 8 bytes).
 */
const ON_EDGE = 1;
const REACHED = 2;
/**
 * Reached by a pit chain, so raised by ε above its height. Every other reached vertex drains at
 * its own height, so the flood reads its float32 height (already in cache as a rule) instead of
 * its float64 drainage.
 */
const RAISED = 4;

/** Fills every depression of `heights` (finite float32s, row-major on `grid`) to its spill height. */
export function priorityFlood(grid: HydrologyGrid, heights: Float32Array): FilledSurface {
  const problem = gridProblem(grid, heights);
  if (problem) throw new RangeError(problem);
  const { width, depth } = grid;
  const count = width * depth;
  // Each vertex's own height until the flood raises it (a native bulk conversion).
  const drainage = new Float64Array(count);
  drainage.set(heights);
  let low = Infinity;
  let high = -Infinity;
  for (let v = 0; v < count; v++) {
    const h = heights[v];
    if (!Number.isFinite(h)) throw new RangeError(`height ${v} is ${h}: the flood needs finite heights`);
    if (h < low) low = h;
    if (h > high) high = h;
  }
  const open = new HeightQueue(count, low, high);
  // One array for two queues, since a vertex enters at most one of them once: from the front, the
  // pit queue (vertices flooded to the level of the one that reached them, FIFO, handled before the
  // heap); from the back, the stack of vertices being traced up a slope.
  const queue = new Int32Array(count);
  let pitHead = 0;
  let pitTail = 0;
  let traceTop = count;
  const offsets = neighbourOffsets(width);
  // ON_EDGE: the only vertices whose neighbours need bounds checks (no division per vertex).
  const state = new Uint8Array(count);
  state.fill(ON_EDGE, 0, width);
  state.fill(ON_EDGE, count - width);
  for (let j = 1; j < depth - 1; j++) state[j * width] = state[j * width + width - 1] = ON_EDGE;

  // Whether a reached neighbour of m lies below `h` (then m's level is its own height as well).
  const hasLowerReached = (m: number, h: number) => {
    const interior = (state[m] & ON_EDGE) === 0;
    const mi = interior ? 0 : m % width;
    const mj = interior ? 0 : (m - mi) / width;
    for (let q = 0; q < 8; q++) {
      if (!interior) {
        const ri = mi + STEP_I[q];
        const rj = mj + STEP_J[q];
        if (ri < 0 || rj < 0 || ri >= width || rj >= depth) continue;
      }
      const n = m + offsets[q];
      const flags = state[n];
      if ((flags & REACHED) !== 0 && ((flags & RAISED) !== 0 ? drainage[n] : heights[n]) < h) return true;
    }
    return false;
  };
  // Traced vertices that had an unreached neighbour which could not be traced yet: looked at again
  // once the trace has gone as far as it can (by then most such neighbours can), and only those
  // still waiting go into the queue.
  let deferred = new Int32Array(1 << 12);
  let deferredCount = 0;
  // Reaches m at its own height (its drainage is written at the end).
  const reach = (m: number) => {
    state[m] |= REACHED;
    queue[--traceTop] = m;
  };
  // Reaches every unreached neighbour of t that can be traced; true if one cannot.
  const reachNeighbours = (t: number, revisit: boolean): boolean => {
    const th = heights[t];
    const interior = (state[t] & ON_EDGE) === 0;
    const ti = interior ? 0 : t % width;
    const tj = interior ? 0 : (t - ti) / width;
    let waiting = false;
    for (let q = 0; q < 8; q++) {
      if (!interior) {
        const mi = ti + STEP_I[q];
        const mj = tj + STEP_J[q];
        if (mi < 0 || mj < 0 || mi >= width || mj >= depth) continue;
      }
      const m = t + offsets[q];
      if ((state[m] & REACHED) !== 0) continue;
      const mh = heights[m];
      if (mh > th || ((revisit || !waiting) && hasLowerReached(m, mh))) reach(m);
      else waiting = true;
    }
    return waiting;
  };
  // A vertex next to a reached one lower than itself has its own height as its level, whatever the
  // order: trace every such vertex at once (Zhou, Sun & Fu 2016 trace strictly rising paths; this
  // also takes a lower side neighbour that some other reached vertex lies below), depth first, which
  // keeps to a neighbourhood of memory. Only a traced vertex with an unreached neighbour that cannot
  // be traced waits in the queue for its turn.
  const trace = () => {
    for (let next = 0; ;) {
      while (traceTop < count) {
        const t = queue[traceTop++];
        if (reachNeighbours(t, false)) {
          if (deferredCount === deferred.length) {
            const grown = new Int32Array(deferred.length * 2);
            grown.set(deferred);
            deferred = grown;
          }
          deferred[deferredCount++] = t;
        }
      }
      if (next === deferredCount) break;
      const t = deferred[next++];
      if (reachNeighbours(t, true)) open.push(t, heights[t]);
    }
    deferredCount = 0;
  };

  // The edge drains off the map: each edge vertex's level is its height. Rising paths from it first.
  for (let j = 0; j < depth; j++) {
    const step = j === 0 || j === depth - 1 ? 1 : width - 1;
    for (let i = 0; i < width; i += step) {
      const v = j * width + i;
      reach(v);
    }
  }
  trace();

  while (pitHead < pitTail || open.size > 0) {
    const c = pitHead < pitTail ? queue[pitHead++] : open.pop();
    const interior = (state[c] & ON_EDGE) === 0;
    const ci = interior ? 0 : c % width;
    const cj = interior ? 0 : (c - ci) / width;
    const cDrain = (state[c] & RAISED) !== 0 ? drainage[c] : heights[c];
    let raised = NaN;
    for (let k = 0; k < 8; k++) {
      if (!interior) {
        const ni = ci + STEP_I[k];
        const nj = cj + STEP_J[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      }
      const n = c + offsets[k];
      if ((state[n] & REACHED) !== 0) continue;
      const h = heights[n];
      if (h <= cDrain) {
        // In a depression (or on a flat): the water stands at c's level, the routing rises by ε.
        if (raised !== raised) raised = stepAbove(cDrain);
        drainage[n] = raised;
        state[n] |= REACHED | RAISED;
        queue[pitTail++] = n;
      } else {
        reach(n);
        trace();
      }
    }
  }
  // A pit chain starts at a float32 height and rises at most one float64 ulp per vertex (2²⁶ on the
  // largest map), far less than half a float32 ulp: rounding to float32 gives back its spill height.
  const level = new Float32Array(count);
  level.set(drainage);
  return { level, drainage };
}
