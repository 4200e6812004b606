/**
 * Fills the pits a fluvial step leaves (diffusion raises a channel's floor above the vertex upstream
 * of it; a vertex with no lower neighbour is only uplifted and would stop the river above it), so
 * every river reaches the map's edge again. Local: a Priority-Flood (Barnes, Lehman & Mulla 2014)
 * grown from each pit only until it spills, where a whole-map flood would visit every vertex each
 * step. The depression's vertices then rise to the spill by ε (one float64 ulp per vertex, in
 * breadth-first order from the outlet, their Priority-Flood+ε), so each has a strictly lower
 * neighbour: lakes filled with sediment, as before the first step.
 *
 * Deterministic: pits are taken in vertex order, the heap breaks ties by vertex index.
 */
import { recountDonors, type VertexList } from '../hydrology/drainage';
import type { HydrologyGrid } from '../hydrology/grid';
import { stepAbove } from '../hydrology/priorityFlood';

/** Reusable scratch for `fillPits` (one per fluvial state). */
export interface PitFillScratch {
  /** Per vertex, the fill that last reached it (0: none). */
  readonly seen: Int32Array;
  /** Per vertex, the fill that took it into its depression. */
  readonly inside: Int32Array;
  fill: number;
  heapIds: Int32Array;
  heapKeys: Float64Array;
  list: Int32Array;
  /** The pits to fill, in vertex order (`donorCountsAndPits` lists them). */
  readonly pits: VertexList;
  /** Pits fills made after the one being filled: a min-heap, so they are taken in vertex order too. */
  readonly later: VertexList;
}

export function pitFillScratch(count: number, marks?: { readonly seen: Int32Array; readonly inside: Int32Array } | null): PitFillScratch {
  return {
    seen: marks?.seen ?? new Int32Array(count),
    inside: marks?.inside ?? new Int32Array(count),
    fill: 0,
    heapIds: new Int32Array(256),
    heapKeys: new Float64Array(256),
    list: new Int32Array(256),
    pits: { list: new Int32Array(256), length: 0 },
    later: { list: new Int32Array(256), length: 0 },
  };
}

/** Fills every interior pit of `h` (in place); returns how many it filled. */
export function fillPits(grid: HydrologyGrid, h: Float64Array, scratch: PitFillScratch): number {
  const { width, depth } = grid;
  const pits = scratch.pits;
  pits.length = 0;
  for (let j = 1; j < depth - 1; j++) {
    const end = j * width + width - 1;
    for (let v = j * width + 1; v < end; v++) if (isPit(h, v, width)) pushVertex(pits, v);
  }
  return fillListedPits(grid, h, scratch, null);
}

/**
 * Fills the pits listed in `scratch.pits` (interior vertices in vertex order: `donorCountsAndPits`
 * lists them while it counts donors) as a scan in vertex order would: each if it still is one when its
 * turn comes, and a vertex after it that a fill leaves without a lower neighbour (one beside the
 * depression, left below its raised rim) in its turn too; the same fills as `fillPits`'s scan, without
 * the scan. With `donors`, the donor counts around every vertex a fill reached are counted again.
 * Returns how many fills there were. `resume`: go on from a walk stopped before the pit `next` of the list (the
 * compiled one's), the pits fills made before in `scratch.later`, `last` the last pit filled.
 */
export function fillListedPits(
  grid: HydrologyGrid,
  h: Float64Array,
  scratch: PitFillScratch,
  donors: Uint8Array | null,
  resume?: { readonly next: number; readonly last: number },
): number {
  const { width, depth } = grid;
  const pits = scratch.pits;
  const later = scratch.later;
  if (!resume) later.length = 0;
  let filled = 0;
  let next = resume ? resume.next : 0;
  let last = resume ? resume.last : -1;
  for (;;) {
    // The next vertex in order: from the list or from the pits fills have made since.
    let pit: number;
    if (later.length > 0 && (next >= pits.length || later.list[0] < pits.list[next])) pit = popLeast(later);
    else if (next < pits.length) pit = pits.list[next++];
    else break;
    if (pit === last || !isPit(h, pit, width)) continue;
    last = pit;
    const reached = fillFrom(grid, h, scratch, pit);
    filled++;
    const list = scratch.list;
    // Around every vertex the fill reached, once each (`seen` holds −fill once a vertex is done: the
    // flood marks with +fill): its donors counted again, and whether it became a pit after this one.
    const done = -scratch.fill;
    const seen = scratch.seen;
    // A reached vertex is inside the map (the edge is only ever the outlet): its neighbours' columns and rows from its own.
    for (let q = 0; q < reached; q++) {
      const c = list[q];
      const ci = c % width;
      const cj = (c - ci) / width;
      for (let dj = -1; dj <= 1; dj++) {
        const rowInside = cj + dj > 0 && cj + dj < depth - 1;
        for (let di = -1; di <= 1; di++) {
          const n = c + dj * width + di;
          if (seen[n] === done) continue;
          seen[n] = done;
          if (!(rowInside && ci + di > 0 && ci + di < width - 1)) {
            if (donors) recountDonors(grid, h, donors, n);
            continue;
          }
          // The higher neighbours (its donors) and whether any is lower (else a pit), in one look at the eight.
          const x = h[n];
          const right = h[n + 1];
          const left = h[n - 1];
          const down = h[n + width];
          const up = h[n - width];
          const downRight = h[n + width + 1];
          const upLeft = h[n - width - 1];
          const upRight = h[n - width + 1];
          const downLeft = h[n + width - 1];
          if (donors) {
            donors[n] =
              (right > x ? 1 : 0) +
              (left > x ? 1 : 0) +
              (down > x ? 1 : 0) +
              (up > x ? 1 : 0) +
              (downRight > x ? 1 : 0) +
              (upLeft > x ? 1 : 0) +
              (upRight > x ? 1 : 0) +
              (downLeft > x ? 1 : 0);
          }
          if (n > pit && !(right < x || left < x || down < x || up < x || downRight < x || downLeft < x || upRight < x || upLeft < x)) {
            pushLeast(later, n);
          }
        }
      }
    }
  }
  return filled;
}

/** A binary min-heap of vertex indices in a `VertexList`. */
function pushLeast(heap: VertexList, v: number): void {
  if (heap.length === heap.list.length) heap.list = grow32(heap.list);
  const a = heap.list;
  let at = heap.length++;
  while (at > 0) {
    const up = (at - 1) >> 1;
    if (a[up] <= v) break;
    a[at] = a[up];
    at = up;
  }
  a[at] = v;
}

function popLeast(heap: VertexList): number {
  const a = heap.list;
  const least = a[0];
  const moved = a[--heap.length];
  const size = heap.length;
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && a[child + 1] < a[child]) child++;
    if (moved <= a[child]) break;
    a[at] = a[child];
    at = child;
  }
  a[at] = moved;
  return least;
}

/** Whether interior vertex `v` has no lower neighbour. */
function isPit(h: Float64Array, v: number, width: number): boolean {
  const c = h[v];
  return !(
    h[v + 1] < c ||
    h[v - 1] < c ||
    h[v + width] < c ||
    h[v - width] < c ||
    h[v + width + 1] < c ||
    h[v + width - 1] < c ||
    h[v - width + 1] < c ||
    h[v - width - 1] < c
  );
}

function pushVertex(into: VertexList, v: number): void {
  if (into.length === into.list.length) into.list = grow32(into.list);
  into.list[into.length++] = v;
}

/** Pushes `v` keyed by its height on the flood's heap of `size` entries; returns the new size. */
function heapPush(s: PitFillScratch, h: Float64Array, v: number, size: number): number {
  if (size === s.heapIds.length) {
    s.heapIds = grow32(s.heapIds);
    const keys = new Float64Array(s.heapKeys.length * 2);
    keys.set(s.heapKeys);
    s.heapKeys = keys;
  }
  const ids = s.heapIds;
  const keys = s.heapKeys;
  const key = h[v];
  let at = size;
  while (at > 0) {
    const up = (at - 1) >> 1;
    if (keys[up] < key || (keys[up] === key && ids[up] < v)) break;
    ids[at] = ids[up];
    keys[at] = keys[up];
    at = up;
  }
  ids[at] = v;
  keys[at] = key;
  return size + 1;
}

/** Removes the least (height, then index) of the heap's `size` entries and returns it; the heap is then `size − 1` long. */
function heapPop(s: PitFillScratch, size: number): number {
  const ids = s.heapIds;
  const keys = s.heapKeys;
  const top = ids[0];
  const last = size - 1;
  const lastId = ids[last];
  const lastKey = keys[last];
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= last) break;
    const right = child + 1;
    if (right < last && (keys[right] < keys[child] || (keys[right] === keys[child] && ids[right] < ids[child]))) child = right;
    if (lastKey < keys[child] || (lastKey === keys[child] && lastId < ids[child])) break;
    ids[at] = ids[child];
    keys[at] = keys[child];
    at = child;
  }
  ids[at] = lastId;
  keys[at] = lastKey;
  return top;
}

/**
 * Fills the depression around `pit`; returns how many vertices it reached (in `s.list`, from the outlet).
 * Module-level helpers rather than closures: a fill is a few vertices, a step makes about a thousand.
 */
function fillFrom(grid: HydrologyGrid, h: Float64Array, s: PitFillScratch, pit: number): number {
  const { width, depth } = grid;
  const fill = ++s.fill;
  const { seen, inside } = s;
  let size = 0;
  let listed = 0;
  const lastColumn = width - 1;
  const lastRowStart = (depth - 1) * width;

  // Grow the region lowest vertex first; the first vertex below the water level reached so far (or
  // on the map's edge, where water leaves) is the outlet.
  seen[pit] = fill;
  size = heapPush(s, h, pit, size);
  let level = -Infinity;
  let outlet = -1;
  while (size > 0) {
    const c = heapPop(s, size--);
    const i = c % width;
    if (c < width || c >= lastRowStart || i === 0 || i === lastColumn || h[c] < level) {
      outlet = c;
      break;
    }
    level = h[c];
    inside[c] = fill;
    if (listed === s.list.length) s.list = grow32(s.list);
    s.list[listed++] = c;
    for (let dj = -width; dj <= width; dj += width) {
      for (let di = -1; di <= 1; di++) {
        const n = c + dj + di;
        if (seen[n] === fill) continue;
        seen[n] = fill;
        size = heapPush(s, h, n, size);
      }
    }
  }
  if (outlet < 0) return 0;
  // Vertices level with the spill next to the depression drained into it: they join it (rising by ε
  // from the outlet), or raising the depression would leave them as new pits.
  while (size > 0 && s.heapKeys[0] <= level) {
    const c = heapPop(s, size--);
    const i = c % width;
    if (c < width || c >= lastRowStart || i === 0 || i === lastColumn) continue;
    inside[c] = fill;
  }
  // From the outlet, breadth first through the depression: each vertex ε above the one that reached it.
  // The queue reuses the list (a vertex enters once: `inside` is cleared as it is reached); it grows
  // when the vertices that joined at the spill's level make the depression longer than the list.
  let head = 0;
  let tail = 0;
  let from = outlet;
  for (;;) {
    for (let dj = -width; dj <= width; dj += width) {
      for (let di = -1; di <= 1; di++) {
        const n = from + dj + di;
        if (inside[n] !== fill) continue;
        inside[n] = 0;
        const floor = stepAbove(h[from]);
        if (h[n] < floor) h[n] = floor;
        if (tail === s.list.length) s.list = grow32(s.list);
        s.list[tail++] = n;
      }
    }
    if (head >= tail) break;
    from = s.list[head++];
  }
  return tail;
}

function grow32(a: Int32Array): Int32Array {
  const grown = new Int32Array(a.length * 2);
  grown.set(a);
  return grown;
}
