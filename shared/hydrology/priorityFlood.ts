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
import { gridProblem, neighbourOffsets, neighboursOnMap, type HydrologyGrid } from './grid';
import { HeightQueue } from './heightQueue';
import * as bits from './vertexBits';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const { add, has, unreachedAround, vertexBits } = bits;

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
 * One flood's arrays. The hot loops are plain functions over these (read into locals), not closures
 * over shared counters.
 */
interface Flood {
  readonly width: number;
  readonly depth: number;
  readonly heights: Float32Array;
  /**
   * The output level, written where the flood raises a vertex (elsewhere the height). Where a
   * vertex's ε drainage lies below a float32 height h, its level does too: the drainage rounds to
   * the level, so it lies within half a float32 ulp above it. So the flood compares levels, a float32
   * read, never the float64 drainage, and needs no flag for which vertices it raised.
   */
  readonly level: Float32Array;
  /** The reached vertices. */
  readonly reached: Uint8Array;
  /** The vertices a pit chain reached (their level may lie above their height): few near a slope. */
  readonly raised: Uint8Array;
  readonly reachedWords: DataView;
  /** The vertices on the map's edge: the only ones whose neighbours need bounds checks. */
  readonly onEdge: Uint8Array;
  /**
   * One array for two queues, since a vertex enters at most one of them once: from the front, the
   * pit queue (vertices flooded to the level of the one that reached them, FIFO, handled before the
   * heap); from the back, the stack of vertices being traced up a slope (empty between traces).
   */
  readonly queue: Int32Array;
  readonly offsets: Int32Array;
  readonly open: HeightQueue;
  /**
   * Per vertex, a label it takes from the vertex that reached it (the banded flood's, stripFlood.ts),
   * or null. The edge's labels are set before the flood.
   */
  readonly labels: Int32Array | null;
  /**
   * Traced vertices that had an unreached neighbour which could not be traced yet: looked at again
   * once the trace has gone as far as it can (by then most such neighbours can), and only those
   * still waiting go into the queue.
   */
  deferred: Int32Array;
}

/**
 * The first reached neighbour of m (never on the edge: the edge is reached first) below `h`, or −1:
 * then m's level is its own height as well, and m drains through it.
 */
function lowerReached(flood: Flood, m: number, h: number): number {
  const { heights, level, raised, offsets } = flood;
  const unreached = unreachedAround(flood.reachedWords, m, flood.width);
  for (let q = 0; q < 8; q++) {
    if (((unreached >>> q) & 1) !== 0) continue;
    const n = m + offsets[q];
    // A level is never below its height, and equals it where the flood did not raise the vertex.
    if (heights[n] < h && (!has(raised, n) || level[n] < h)) return n;
  }
  return -1;
}

/**
 * Reaches every unreached neighbour of traced vertex t that can be traced: each higher one, and (all
 * of them on a revisit, else until one waits) each with a lower reached neighbour. Returns the stack's
 * new top, minus one if a neighbour waits (so the caller can tell; `top` is never 0 then).
 */
function reachNeighbours(flood: Flood, t: number, top: number, revisit: boolean): number {
  const { heights, reached, queue, offsets, labels, width } = flood;
  let unreached: number;
  if (!has(flood.onEdge, t)) {
    unreached = unreachedAround(flood.reachedWords, t, width);
    if (unreached === 0) return top;
  } else {
    unreached = 0;
    const onMap = neighboursOnMap(t, width, flood.depth);
    for (let q = 0; q < 8; q++) if (((onMap >>> q) & 1) !== 0 && !has(reached, t + offsets[q])) unreached |= 1 << q;
  }
  const th = heights[t];
  let waiting = false;
  for (let q = 0; q < 8; q++) {
    // Nothing in this loop reaches a neighbour of t but the loop itself: the bits stay true.
    if (((unreached >>> q) & 1) === 0) continue;
    const m = t + offsets[q];
    const mh = heights[m];
    // Once t waits anyway, its revisit asks about the rest.
    const from = mh > th ? t : revisit || !waiting ? lowerReached(flood, m, mh) : -1;
    if (from >= 0) {
      add(reached, m);
      if (labels) labels[m] = labels[from];
      queue[--top] = m;
    } else waiting = true;
  }
  return waiting ? -top : top;
}

/**
 * A vertex next to a reached one lower than itself has its own height as its level, whatever the
 * order: trace every such vertex at once (Zhou, Sun & Fu 2016 trace strictly rising paths; this
 * also takes a lower side neighbour that some other reached vertex lies below), depth first from the
 * stack queue[top …], which keeps to a neighbourhood of memory. Only a traced vertex with an
 * unreached neighbour that cannot be traced waits in the height queue for its turn.
 */
function trace(flood: Flood, top: number): void {
  const { heights, queue, open } = flood;
  const count = queue.length;
  let deferred = flood.deferred;
  let deferredCount = 0;
  for (let next = 0; ;) {
    while (top < count) {
      const t = queue[top++];
      top = reachNeighbours(flood, t, top, false);
      if (top < 0) {
        top = -top;
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
    top = reachNeighbours(flood, t, top, true);
    if (top < 0) {
      top = -top;
      open.push(t, heights[t]);
    }
  }
  flood.deferred = deferred;
}

/**
 * The lowest and highest of `heights`; throws on the first height that is not finite. NaN fails
 * every comparison and ±∞ ends up as an extreme, so one test after the loop finds either.
 */
export function heightRange(heights: Float32Array): { low: number; high: number } {
  let low = Infinity;
  let high = -Infinity;
  let nan = false;
  for (let v = 0; v < heights.length; v++) {
    const h = heights[v];
    if (h < low) low = h;
    if (h > high) high = h;
    nan ||= h !== h;
  }
  if (nan || !Number.isFinite(low) || !Number.isFinite(high)) {
    const v = heights.findIndex((h) => !Number.isFinite(h));
    throw new RangeError(`height ${v} is ${heights[v]}: the flood needs finite heights`);
  }
  return { low, high };
}

/** Fills every depression of `heights` (finite float32s, row-major on `grid`) to its spill height. */
export function priorityFlood(grid: HydrologyGrid, heights: Float32Array): FilledSurface {
  const problem = gridProblem(grid, heights);
  if (problem) throw new RangeError(problem);
  const count = grid.width * grid.depth;
  const range = heightRange(heights);
  // Each vertex's own height until the flood raises it (native bulk copies).
  const drainage = new Float64Array(count);
  drainage.set(heights);
  const level = heights.slice();
  floodGrid(grid.width, grid.depth, { heights, level, drainage, labels: null }, range);
  return { level, drainage };
}

/** A flood's input and outputs on a grid of its own (the map, or a band of it). */
export interface FloodGridArrays {
  readonly heights: Float32Array;
  /** In: the heights. Out: the water level. */
  readonly level: Float32Array;
  /** In: the heights. Out: the ε drainage surface. */
  readonly drainage: Float64Array;
  /** In: the labels of the grid's edge. Out: every vertex's, taken from the vertex that reached it. */
  readonly labels: Int32Array | null;
}

/**
 * The flood of a `width` × `depth` grid whose whole edge drains, heights in [low, high]: priorityFlood
 * for the map, stripFlood.ts for a band.
 */
export function floodGrid(width: number, depth: number, arrays: FloodGridArrays, { low, high }: { low: number; high: number }): void {
  const { heights, level, drainage, labels } = arrays;
  const count = width * depth;
  const reached = vertexBits(count);
  const onEdge = vertexBits(count);
  const raised = vertexBits(count);
  const flood: Flood = {
    width,
    depth,
    heights,
    level,
    reached,
    raised,
    reachedWords: new DataView(reached.buffer),
    onEdge,
    queue: new Int32Array(count),
    offsets: neighbourOffsets(width),
    open: new HeightQueue(count, low, high),
    labels,
    deferred: new Int32Array(1 << 12),
  };
  const { queue, offsets, open } = flood;

  // The edge drains off the grid: each edge vertex's level is its height. Rising paths from it first.
  let top = count;
  for (let j = 0; j < depth; j++) {
    const step = j === 0 || j === depth - 1 ? 1 : width - 1;
    for (let i = 0; i < width; i += step) {
      const v = j * width + i;
      add(onEdge, v);
      add(reached, v);
      queue[--top] = v;
    }
  }
  trace(flood, top);

  // The pit chain's step, for the last drainage it was asked about (a breadth-first fill asks about
  // one drainage many times running: every vertex of a ring around its start has the same).
  let stepFrom = NaN;
  let stepTo = NaN;
  let pitHead = 0;
  let pitTail = 0;
  for (;;) {
    let c: number;
    let cDrain: number;
    let unreached: number;
    if (pitHead < pitTail) {
      // Raised, and never on the edge.
      c = queue[pitHead++];
      unreached = unreachedAround(flood.reachedWords, c, width);
      if (unreached === 0) continue;
      cDrain = drainage[c];
    } else if (open.size > 0) {
      // Traced: it drains at its own height (the queue's key).
      cDrain = open.nextKey();
      c = open.pop();
      if (!has(onEdge, c)) {
        unreached = unreachedAround(flood.reachedWords, c, width);
        if (unreached === 0) continue;
      } else unreached = neighboursOnMap(c, width, depth);
    } else break;
    for (let k = 0; k < 8; k++) {
      if (((unreached >>> k) & 1) === 0) continue;
      const n = c + offsets[k];
      // A trace from an earlier neighbour may have reached this one.
      if (has(reached, n)) continue;
      add(reached, n);
      if (labels) labels[n] = labels[c];
      const h = heights[n];
      if (h <= cDrain) {
        // In a depression (or on a flat): the water stands at c's level, the routing rises by ε.
        // A pit chain starts at a float32 height and rises at most one float64 ulp per vertex (2²⁶
        // on the largest map), far less than half a float32 ulp: rounding gives back its spill height.
        if (cDrain !== stepFrom) {
          stepFrom = cDrain;
          stepTo = stepAbove(cDrain);
        }
        drainage[n] = stepTo;
        level[n] = stepTo;
        add(raised, n);
        queue[pitTail++] = n;
      } else {
        // Its level is its own height: trace from it (the stack is empty between traces).
        queue[count - 1] = n;
        trace(flood, count - 1);
      }
    }
  }
}
