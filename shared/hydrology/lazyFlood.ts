/**
 * The Priority-Flood+ε of water layers made since `floodVersion` 2 (floodVersions.ts): the same spill
 * levels as priorityFlood.ts (they are unique), a valid ε drainage surface (testing/drainageSurface.ts)
 * whose steps on flats may differ from it, about 1.6× faster. Barnes, Lehman & Mulla 2014 (the pit
 * queue: vertices flooded to the level of the one that reached them, first in, first out) with the
 * slopes traced off the queue (Zhou, Sun & Fu 2016), as priorityFlood.ts; what differs:
 * - A trace reaches only the neighbours above a traced vertex. One not above waits itself, once, in a
 *   list; when the trace has gone as far as it can (every traced vertex has looked at all its
 *   neighbours), each waiting vertex still unreached enters the height queue keyed by the least level
 *   around it (its level, unless something lower reaches it first). priorityFlood.ts instead asks each
 *   such neighbour's neighbours at once, looks at the traced vertex again later, and queues that.
 * - A pit chain marks the vertices above the lake it fills as traced and traces them all once the pit
 *   queue is empty: one trace per lake, not one per such vertex, and no raised vertex left for a waiting
 *   one to be reached through.
 * - The queue is a radix heap (radixHeap.ts): pushes are appends, and the entries a later trace made
 *   stale (at 4097², 99 % of 374 K) are dropped the first time their bucket is split.
 * - The edge's neighbours are found with bounds checks, the rest from the bit set of reached vertices,
 *   as in priorityFlood.ts; finiteness is checked while the outputs are first written.
 * The order of the ε steps follows from these choices alone (no thread count, no timing): deterministic.
 */
import { gridProblem, neighbourOffsets, neighboursOnMap, type HydrologyGrid } from './grid';
import { stepAbove, type FilledSurface, type FloodGridArrays } from './priorityFlood';
import { fromOrderedBits, orderedBits, RadixHeap } from './radixHeap';
import * as bits from './vertexBits';

const { add, has, unreachedAround, vertexBits } = bits;

interface Flood {
  readonly width: number;
  readonly depth: number;
  readonly heights: Float32Array;
  /**
   * The output level; for a vertex waiting in the height queue (`waited`), the key it waits with.
   * Where a vertex's ε drainage lies below a float32 height h, its level does too (priorityFlood.ts).
   */
  readonly level: Float32Array;
  readonly reached: Uint8Array;
  readonly reachedWords: DataView;
  /**
   * Unreached vertices that waited beside a trace: in its list (their `level` still their height) or,
   * once it ended, in the height queue (their `level` the key they wait with, never below their height).
   */
  readonly waited: Uint8Array;
  /** The waited vertices the list has queued: their `level` is their key. */
  readonly queued: Uint8Array;
  /**
   * From the front, the pit queue (FIFO); from the back, the trace's stack: a vertex enters one, once.
   * On the stack an edge vertex is written ~v (negative), so telling it costs no read.
   */
  readonly queue: Int32Array;
  readonly offsets: Int32Array;
  readonly open: RadixHeap;
  readonly labels: Int32Array | null;
  /** The trace's waiting list (grows by doubling). */
  waitList: Int32Array;
}

/** Marks m reached at its own height (traced), from reached neighbour `from`. */
function reachTraced(flood: Flood, m: number, from: number): void {
  add(flood.reached, m);
  // A queued vertex kept its key in `level`.
  if (has(flood.queued, m)) flood.level[m] = flood.heights[m];
  if (flood.labels) flood.labels[m] = flood.labels[from];
}

/**
 * Every vertex reached from the stack queue[top …] whose level is its own height, depth first: each
 * unreached neighbour above a traced vertex. The others beside the trace wait; once the stack is empty
 * each still unreached one is queued by the least level around it. Runs only while the pit queue is
 * empty, so no raised vertex is left to reach a waiting one from below.
 */
function trace(flood: Flood, top: number): void {
  const { heights, level, reached, waited, queued, queue, offsets, width, open } = flood;
  const count = queue.length;
  let waitList = flood.waitList;
  let waitCount = 0;
  while (top < count) {
    let t = queue[top++];
    let unreached: number;
    if (t >= 0) {
      unreached = unreachedAround(flood.reachedWords, t, width);
      if (unreached === 0) continue;
    } else {
      t = ~t;
      unreached = 0;
      const onMap = neighboursOnMap(t, width, flood.depth);
      for (let q = 0; q < 8; q++) if (((onMap >>> q) & 1) !== 0 && !has(reached, t + offsets[q])) unreached |= 1 << q;
    }
    const th = heights[t];
    for (let q = 0; q < 8; q++) {
      if (((unreached >>> q) & 1) === 0) continue;
      const m = t + offsets[q];
      const mh = heights[m];
      if (mh > th) {
        reachTraced(flood, m, t);
        queue[--top] = m;
      } else if (has(waited, m)) {
        // Queued, its key the least level around it: t may lower it (a second entry; the first goes
        // stale). Most waiting vertices are still in the list (their level is their height): no read.
        if (has(queued, m) && th < level[m]) {
          level[m] = th;
          open.push(m, orderedBits(th));
        }
      } else {
        add(waited, m);
        if (waitCount === waitList.length) {
          const grown = new Int32Array(waitList.length * 2);
          grown.set(waitList);
          waitList = grown;
        }
        waitList[waitCount++] = m;
      }
    }
  }
  // The stack is empty: every traced vertex has looked at all its neighbours.
  for (let k = 0; k < waitCount; k++) {
    const m = waitList[k];
    if (has(reached, m)) continue;
    // Its level is the least level around it (never below its height: every reached vertex has looked
    // at its neighbours by now), unless something lower reaches it first (then its entry goes stale).
    const around = ~unreachedAround(flood.reachedWords, m, width) & 0xff;
    let key = Infinity;
    for (let q = 0; q < 8; q++) {
      if (((around >>> q) & 1) === 0) continue;
      const l = level[m + offsets[q]];
      if (l < key) key = l;
    }
    level[m] = key;
    add(queued, m);
    open.push(m, orderedBits(key));
  }
  // A vertex waits at most once: by now each one waiting is reached or queued.
  flood.waitList = waitList;
}

/**
 * The lazy flood of a `width` × `depth` grid whose whole edge drains (`arrays` as floodGrid's in
 * priorityFlood.ts: level and drainage hold the heights on entry).
 */
export function lazyFloodGrid(width: number, depth: number, arrays: FloodGridArrays): void {
  const { heights, level, drainage, labels } = arrays;
  const count = width * depth;
  const reached = vertexBits(count);
  const flood: Flood = {
    width,
    depth,
    heights,
    level,
    reached,
    reachedWords: new DataView(reached.buffer),
    waited: vertexBits(count),
    queued: vertexBits(count),
    queue: new Int32Array(count),
    offsets: neighbourOffsets(width),
    open: new RadixHeap(reached),
    labels,
    waitList: new Int32Array(1 << 12),
  };
  const { queue, offsets, open } = flood;

  // The edge drains off the grid: each edge vertex's level is its height. Rising paths from it first.
  let top = count;
  for (let j = 0; j < depth; j++) {
    const step = j === 0 || j === depth - 1 ? 1 : width - 1;
    for (let i = 0; i < width; i += step) {
      const v = j * width + i;
      add(reached, v);
      queue[--top] = ~v;
    }
  }
  trace(flood, top);

  // The pit chain's step, for the last drainage it was asked about (a ring of a breadth-first fill has one).
  let stepFrom = NaN;
  let stepTo = NaN;
  let pitHead = 0;
  let pitTail = 0;
  // The stack of rim vertices the pit chains reached, traced once the pit queue is empty.
  let rimTop = count;
  for (;;) {
    if (pitHead < pitTail) {
      // Raised, and never on the edge.
      const c = queue[pitHead++];
      const unreached = unreachedAround(flood.reachedWords, c, width);
      if (unreached === 0) continue;
      const cDrain = drainage[c];
      for (let k = 0; k < 8; k++) {
        if (((unreached >>> k) & 1) === 0) continue;
        const n = c + offsets[k];
        // Raised from another side, or a rim vertex already.
        if (has(reached, n)) continue;
        const h = heights[n];
        if (h <= cDrain) {
          // In the lake (or on a flat): the water stands at c's level, the routing rises by ε
          // (at most one float64 ulp a vertex, so rounding gives back the spill height).
          add(reached, n);
          if (labels) labels[n] = labels[c];
          if (cDrain !== stepFrom) {
            stepFrom = cDrain;
            stepTo = stepAbove(cDrain);
          }
          drainage[n] = stepTo;
          level[n] = stepTo;
          queue[pitTail++] = n;
        } else {
          // Its level is its own height: traced once the lake is full (a trace reaches only vertices
          // above it, never one the pit chain would raise).
          reachTraced(flood, n, c);
          queue[--rimTop] = n;
        }
      }
      continue;
    }
    if (rimTop < count) {
      trace(flood, rimTop);
      rimTop = count;
      continue;
    }
    const key = open.nextKey();
    if (key < 0) break;
    const m = open.pop();
    if (has(reached, m)) continue;
    // Every vertex with a level below this key is reached: m's level is the key (its height or above).
    const spill = fromOrderedBits(key);
    add(reached, m);
    if (labels) {
      // The traced neighbour it was queued by, whose level is the key.
      for (let q = 0; q < 8; q++) {
        const n = m + offsets[q];
        if (has(reached, n) && level[n] === spill) {
          labels[m] = labels[n];
          break;
        }
      }
    }
    const raisedTo = stepAbove(spill);
    drainage[m] = raisedTo;
    level[m] = raisedTo;
    queue[pitTail++] = m;
  }
}

/**
 * Fills every depression of `heights` (finite float32s, row-major on `grid`) to its spill height:
 * priorityFlood's levels bit for bit, a valid ε drainage surface of its own.
 */
export function lazyPriorityFlood(grid: HydrologyGrid, heights: Float32Array): FilledSurface {
  const problem = gridProblem(grid, heights);
  if (problem) throw new RangeError(problem);
  const count = grid.width * grid.depth;
  // Each vertex's own height until the flood raises it; one pass also finds a height that is not
  // finite (NaN and ±∞ give h − h ≠ 0), where priorityFlood.ts reads the heights twice.
  const level = new Float32Array(count);
  const drainage = new Float64Array(count);
  let finite = true;
  for (let v = 0; v < count; v++) {
    const h = heights[v];
    level[v] = h;
    drainage[v] = h;
    finite &&= h - h === 0;
  }
  if (!finite) {
    const v = heights.findIndex((h) => !Number.isFinite(h));
    throw new RangeError(`height ${v} is ${heights[v]}: the flood needs finite heights`);
  }
  lazyFloodGrid(grid.width, grid.depth, { heights, level, drainage, labels: null });
  return { level, drainage };
}
