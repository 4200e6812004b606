/**
 * Priority-Flood by bands of rows (Barnes 2016, "Parallel Priority-Flood depression filling for
 * trillion cell digital elevation models on desktops or clusters"), so the bands can be flooded on
 * several threads at once. Five passes (1, 3 and 4 a band at a time, on any thread):
 * 1. each band is flooded alone, its whole perimeter draining (stripFlood.ts), and every vertex labelled
 *    with the perimeter vertex it drains through; the labels that meet (neighbouring vertices, within a
 *    band or across two) make a graph whose edge weight is the higher of the two vertices' levels;
 * 2. the graph is flooded from the map's edge (label 0): each label's spill height, the least height
 *    water must rise to to leave the map from it;
 * 3. a vertex's level is the higher of its band-local level and its label's spill height;
 * 4. the flats those passes changed are found, each band its part of them, then joined;
 * 5. they are filled again.
 * The levels are unique, so they equal priorityFlood's bit for bit. The ε drainage (priorityFlood.ts)
 * is the levels plus a breadth-first fill of each raised flat from its outlet (testing/raisedFlats.ts):
 * a band's own fill stands wherever the flat is as the band saw it; a flat the passes changed (one that
 * holds a raised vertex or a vertex of a row two bands share) is filled again from its lowest-index
 * outlet. The bands depend on the map's size only, never on the thread count, so any number of threads
 * gives the same bytes; where a flat has one outlet they are priorityFlood's bytes, and only flats with
 * tied outlets may be filled from another of them than priorityFlood's queue picks.
 */
import type { FloodVersion } from './floodVersions';
import { gridProblem, neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';
import { HeightHeap } from './minHeap';
import { stepAbove, type FilledSurface } from './priorityFlood';
import { floodStrip } from './stripFlood';

const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

/** Rows a band aims at: bands are cut from the map's depth alone (never from a thread count). */
export const BAND_ROWS = 2048;

export interface FloodBand {
  /** First row. */
  readonly start: number;
  readonly rows: number;
  /** Label base of its first and last rows (stripFlood.ts), −1 on the map's edge. */
  readonly topBase: number;
  readonly bottomBase: number;
}

export interface FloodPlan {
  readonly width: number;
  readonly depth: number;
  readonly bands: readonly FloodBand[];
  /** Labels in all: 0 (the map's edge) and one per vertex of a row two bands share. */
  readonly labelCount: number;
  /** The flood each band runs (floodVersions.ts): absent, 1 (priorityFlood's); 2, the lazy flood's. */
  readonly floodVersion?: FloodVersion;
}

/**
 * The bands of a `width` × `depth` map: about BAND_ROWS rows each (unless `bandCount` says how many),
 * each flooded by flood `floodVersion` (absent: 1).
 */
export function floodPlan(width: number, depth: number, bandCount = Math.max(1, Math.round(depth / BAND_ROWS)), floodVersion?: FloodVersion): FloodPlan {
  const count = Math.max(1, Math.min(bandCount, Math.floor(depth / 2)));
  const bands: FloodBand[] = [];
  let boundaryRows = 0;
  for (let b = 0; b < count; b++) {
    const start = Math.floor((b * depth) / count);
    const end = Math.floor(((b + 1) * depth) / count);
    const topBase = b === 0 ? -1 : boundaryRows++ * width;
    const bottomBase = b === count - 1 ? -1 : boundaryRows++ * width;
    bands.push({ start, rows: end - start, topBase, bottomBase });
  }
  return { width, depth, bands, labelCount: 1 + boundaryRows * width, ...(floodVersion === 2 ? { floodVersion } : {}) };
}

/** The map's arrays, shared by every pass (SharedArrayBuffers when threads run the bands). */
export interface FloodArrays {
  readonly heights: Float32Array;
  readonly level: Float32Array;
  readonly drainage: Float64Array;
  readonly labels: Int32Array;
}

/** Where labels meet: edge k joins labels a[k] < b[k] at height w[k] (the least such height found). */
export interface LabelEdges {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly w: Float32Array;
}

/** Collects label pairs with the least weight each; consecutive repeats (a watershed's border) cost no lookup. */
class EdgeSet {
  private readonly least = new Map<number, number>();
  private lastKey = -1;
  private lastWeight = Infinity;

  constructor(private readonly labelCount: number) {}

  add(p: number, q: number, weight: number): void {
    const key = p < q ? p * this.labelCount + q : q * this.labelCount + p;
    if (key === this.lastKey) {
      if (weight < this.lastWeight) this.lastWeight = weight;
      return;
    }
    this.flush();
    this.lastKey = key;
    this.lastWeight = weight;
  }

  edges(): LabelEdges {
    this.flush();
    const n = this.least.size;
    const edges = { a: new Int32Array(n), b: new Int32Array(n), w: new Float32Array(n) };
    let k = 0;
    for (const [key, weight] of this.least) {
      const a = Math.floor(key / this.labelCount);
      edges.a[k] = a;
      edges.b[k] = key - a * this.labelCount;
      edges.w[k++] = weight;
    }
    return edges;
  }

  private flush(): void {
    if (this.lastKey < 0) return;
    const known = this.least.get(this.lastKey);
    if (known === undefined || this.lastWeight < known) this.least.set(this.lastKey, this.lastWeight);
    this.lastKey = -1;
  }
}

/** Adds the label pair of neighbouring vertices v and n, when their labels differ. */
function meet(set: EdgeSet, arrays: FloodArrays, v: number, n: number): void {
  const { labels, level } = arrays;
  const p = labels[v];
  const q = labels[n];
  if (p !== q) set.add(p, q, Math.max(level[v], level[n]));
}

/**
 * Pass 1 for one band: floods it alone, writes its band-local levels, labels and drainage, and
 * returns where its labels meet inside it.
 */
export function floodBand(plan: FloodPlan, band: number, arrays: FloodArrays): LabelEdges {
  const { width } = plan;
  const { start, rows, topBase, bottomBase } = plan.bands[band];
  const from = start * width;
  const to = from + rows * width;
  const { heights, level, drainage, labels } = arrays;
  floodStrip({
    width,
    rows,
    heights: heights.subarray(from, to),
    level: level.subarray(from, to),
    drainage: drainage.subarray(from, to),
    labels: labels.subarray(from, to),
    topBase,
    bottomBase,
    lazy: plan.floodVersion === 2,
  });
  const set = new EdgeSet(plan.labelCount);
  for (let r = 0; r < rows; r++) {
    const row = from + r * width;
    const last = r + 1 === rows;
    for (let i = 0; i < width; i++) {
      const v = row + i;
      const label = labels[v];
      // Most vertices share their label with all four later neighbours: one test each, no lookups.
      if (i > 0 && i + 1 < width && !last) {
        if (label === labels[v + 1] && label === labels[v + width] && label === labels[v + width + 1] && label === labels[v + width - 1]) continue;
      }
      if (i + 1 < width) meet(set, arrays, v, v + 1);
      if (last) continue;
      meet(set, arrays, v, v + width);
      if (i + 1 < width) meet(set, arrays, v, v + width + 1);
      if (i > 0) meet(set, arrays, v, v + width - 1);
    }
  }
  return set.edges();
}

/** Where labels meet across the rows two neighbouring bands share an edge of. */
function bandBorders(plan: FloodPlan, arrays: FloodArrays): LabelEdges {
  const { width } = plan;
  const set = new EdgeSet(plan.labelCount);
  for (let b = 1; b < plan.bands.length; b++) {
    const below = plan.bands[b].start * width;
    const above = below - width;
    for (let i = 0; i < width; i++) {
      meet(set, arrays, above + i, below + i);
      if (i + 1 < width) meet(set, arrays, above + i, below + i + 1);
      if (i > 0) meet(set, arrays, above + i, below + i - 1);
    }
  }
  return set.edges();
}

/**
 * Pass 2: each label's spill height (Float32Array by label), from the bands' edges and the borders
 * between bands: the least, over paths through the graph to label 0, of the highest edge on the path.
 */
export function spillHeights(plan: FloodPlan, arrays: FloodArrays, bandEdges: readonly LabelEdges[]): Float32Array {
  const all = [...bandEdges, bandBorders(plan, arrays)];
  const n = plan.labelCount;
  const degree = new Int32Array(n + 1);
  for (const { a, b } of all) {
    for (let k = 0; k < a.length; k++) {
      degree[a[k] + 1]++;
      degree[b[k] + 1]++;
    }
  }
  for (let l = 0; l < n; l++) degree[l + 1] += degree[l];
  const fill = degree.slice(0, n);
  const other = new Int32Array(degree[n]);
  const weight = new Float32Array(degree[n]);
  for (const { a, b, w } of all) {
    for (let k = 0; k < a.length; k++) {
      other[fill[a[k]]] = b[k];
      weight[fill[a[k]]++] = w[k];
      other[fill[b[k]]] = a[k];
      weight[fill[b[k]]++] = w[k];
    }
  }
  const spill = new Float32Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  const heap = new HeightHeap();
  spill[0] = -Infinity;
  heap.push(0, -Infinity);
  while (heap.size > 0) {
    const l = heap.pop();
    if (done[l]) continue;
    done[l] = 1;
    for (let e = degree[l]; e < degree[l + 1]; e++) {
      const m = other[e];
      const rise = Math.max(spill[l], weight[e]);
      if (rise < spill[m]) {
        spill[m] = rise;
        heap.push(m, rise);
      }
    }
  }
  return spill;
}

/** Pass 3 for one band: raises each vertex to its label's spill height; returns the vertices raised. */
export function raiseBand(plan: FloodPlan, band: number, arrays: FloodArrays, spill: Float32Array): Int32Array {
  const { start, rows } = plan.bands[band];
  const from = start * plan.width;
  const to = from + rows * plan.width;
  const { level, labels } = arrays;
  let raised = new Int32Array(1 << 10);
  let count = 0;
  for (let v = from; v < to; v++) {
    const s = spill[labels[v]];
    if (s > level[v]) {
      level[v] = s;
      if (count === raised.length) {
        const grown = new Int32Array(raised.length * 2);
        grown.set(raised);
        raised = grown;
      }
      raised[count++] = v;
    }
  }
  return raised.slice(0, count);
}

/** Whether the flood raises v (testing/raisedFlats.ts): off the map's edge, no neighbour's level below its own. */
function isRaised(plan: FloodPlan, arrays: FloodArrays, offsets: Int32Array, v: number): boolean {
  const { width, depth } = plan;
  const { heights, level } = arrays;
  const own = level[v];
  // Above its ground: water stands there, so no neighbour is lower.
  if (own > heights[v]) return true;
  const i = v % width;
  if (i === 0 || i === width - 1 || v < width || v >= (depth - 1) * width) return false;
  for (let q = 0; q < 8; q++) if (level[v + offsets[q]] < own) return false;
  return true;
}

/**
 * Pass 4 for one band: the parts, inside the band, of the flats the passes changed — every raised flat
 * holding a vertex the band raised (`raised`) or a vertex of a row it shares with another band. Each part
 * is marked in `labels` (no longer needed) as −(its first vertex + 1); returns, per part, its first vertex
 * and its lowest-index outlet (−1 when none borders this part), as pairs.
 */
export function changedFlatParts(plan: FloodPlan, band: number, arrays: FloodArrays, raised: Int32Array): Int32Array {
  const { width } = plan;
  const { start, rows } = plan.bands[band];
  const from = start * width;
  const to = from + rows * width;
  const { level, labels } = arrays;
  const offsets = neighbourOffsets(width);
  let parts = new Int32Array(64);
  let partCount = 0;
  let members = new Int32Array(1 << 10);
  const explore = (first: number) => {
    if (labels[first] < 0 || !isRaised(plan, arrays, offsets, first)) return;
    const mark = -(first + 1);
    const flatLevel = level[first];
    let outlet = -1;
    let count = 0;
    labels[first] = mark;
    members[count++] = first;
    for (let k = 0; k < count; k++) {
      // A raised vertex is off the map's edge: all 8 neighbours are on the map.
      const v = members[k];
      for (let q = 0; q < 8; q++) {
        const n = v + offsets[q];
        // Equal levels compare as numbers: 0 and −0 are the same level.
        if (level[n] !== flatLevel) continue;
        // Another band's vertices are only looked at (its own pass marks them; the rows' seams are joined later).
        const inside = n >= from && n < to;
        if (inside && labels[n] < 0) continue;
        if (!isRaised(plan, arrays, offsets, n)) {
          if (outlet < 0 || n < outlet) outlet = n;
          continue;
        }
        if (!inside) continue;
        labels[n] = mark;
        if (count === members.length) {
          const grown = new Int32Array(members.length * 2);
          grown.set(members);
          members = grown;
        }
        members[count++] = n;
      }
    }
    if (partCount + 2 > parts.length) {
      const grown = new Int32Array(parts.length * 2);
      grown.set(parts);
      parts = grown;
    }
    parts[partCount++] = first;
    parts[partCount++] = outlet;
  };
  for (const v of raised) explore(v);
  if (band > 0) for (let v = from; v < from + width; v++) explore(v);
  if (band < plan.bands.length - 1) for (let v = to - width; v < to; v++) explore(v);
  return parts.slice(0, partCount);
}

/**
 * On one thread, between passes 4 and 5: joins the bands' flat parts across the rows bands share into
 * flats, and returns each changed flat's lowest-index outlet, in increasing order.
 */
export function changedFlatOutlets(plan: FloodPlan, arrays: FloodArrays, bandParts: readonly Int32Array[]): Int32Array {
  const { width } = plan;
  const { level, labels } = arrays;
  const parent = new Map<number, number>();
  const outletOf = new Map<number, number>();
  for (const parts of bandParts) {
    for (let k = 0; k < parts.length; k += 2) {
      parent.set(parts[k], parts[k]);
      outletOf.set(parts[k], parts[k + 1]);
    }
  }
  const find = (part: number): number => {
    let root = part;
    for (let up = parent.get(root) as number; up !== root; up = parent.get(root) as number) root = up;
    for (let at = part; at !== root;) {
      const up = parent.get(at) as number;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  for (let b = 1; b < plan.bands.length; b++) {
    const below = plan.bands[b].start * width;
    for (let v = below - width; v < below; v++) {
      if (labels[v] >= 0) continue;
      const i = v - (below - width);
      for (let di = -1; di <= 1; di++) {
        if (i + di < 0 || i + di >= width) continue;
        const n = v + width + di;
        if (labels[n] >= 0 || level[n] !== level[v]) continue;
        const p = find(-labels[v] - 1);
        const q = find(-labels[n] - 1);
        if (p !== q) parent.set(Math.max(p, q), Math.min(p, q));
      }
    }
  }
  const least = new Map<number, number>();
  for (const [part, outlet] of outletOf) {
    const root = find(part);
    const known = least.get(root);
    if (known === undefined || (outlet >= 0 && (known < 0 || outlet < known))) least.set(root, outlet);
  }
  const outlets = Int32Array.from(new Set(least.values())).sort();
  // Every raised flat has an outlet (the vertex its water leaves by).
  if (outlets.length > 0 && outlets[0] < 0) throw new Error('a changed flat has no outlet');
  return outlets;
}

/**
 * Pass 5, on one thread: fills each changed flat (marked by changedFlatParts) again, breadth first from
 * its lowest-index outlet, one ε step a layer. In increasing order of outlets, so a flat's vertices next
 * to an outlet that is not its lowest were filled already: an outlet's fill only enters its own flats.
 */
export function refillFlats(plan: FloodPlan, arrays: FloodArrays, outlets: Int32Array): void {
  const { width, depth } = plan;
  const { heights, level, drainage, labels } = arrays;
  const offsets = neighbourOffsets(width);
  let queue = new Int32Array(1 << 10);
  for (const outlet of outlets) {
    const flatLevel = level[outlet];
    // The level is the flat's already, but for its sign: a flat at ±0 rises from +2⁻¹⁰⁰⁰, so it is +0.
    const zeroLevel = flatLevel === 0;
    let value: number = heights[outlet];
    let head = 0;
    let tail = 0;
    let layerEnd = 0;
    for (let v = outlet; ; v = queue[head++]) {
      if (v === outlet || head > layerEnd) {
        layerEnd = tail;
        value = stepAbove(value);
      }
      // The outlet may be on the map's edge; its neighbours off the map are never in a flat.
      const edge = v === outlet && (v % width === 0 || v % width === width - 1 || v < width || v >= (depth - 1) * width);
      const i = edge ? v % width : 0;
      const j = edge ? (v - i) / width : 0;
      for (let q = 0; q < 8; q++) {
        if (edge) {
          const ni = i + STEP_I[q];
          const nj = j + STEP_J[q];
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        }
        const n = v + offsets[q];
        if (labels[n] >= 0 || level[n] !== flatLevel) continue;
        labels[n] = 0;
        drainage[n] = value;
        if (zeroLevel) level[n] = value;
        if (tail === queue.length) {
          const grown = new Int32Array(queue.length * 2);
          grown.set(queue);
          queue = grown;
        }
        queue[tail++] = n;
      }
      if (head === tail) break;
    }
  }
}

/** Allocates the map's arrays for a flood of `heights` (in `make`'s buffers: plain or shared). */
export function floodArrays(heights: Float32Array, make: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes)): FloodArrays {
  const count = heights.length;
  return {
    heights,
    level: new Float32Array(make(count * 4)),
    drainage: new Float64Array(make(count * 8)),
    labels: new Int32Array(make(count * 4)),
  };
}

/** The input problem of a flood of `heights` on `grid`, or null (priorityFlood's checks). */
export function floodProblem(grid: HydrologyGrid, heights: Float32Array): string | null {
  const problem = gridProblem(grid, heights);
  if (problem) return problem;
  for (let v = 0; v < heights.length; v++) {
    if (!Number.isFinite(heights[v])) return `height ${v} is ${heights[v]}: the flood needs finite heights`;
  }
  return null;
}

/** The tiled flood on this thread, band after band: what the threads together give, for any thread count. */
export function tiledPriorityFlood(grid: HydrologyGrid, heights: Float32Array, plan = floodPlan(grid.width, grid.depth)): FilledSurface {
  const problem = floodProblem(grid, heights);
  if (problem) throw new RangeError(problem);
  const arrays = floodArrays(heights);
  const edges = plan.bands.map((_, b) => floodBand(plan, b, arrays));
  const spill = spillHeights(plan, arrays, edges);
  const raised = plan.bands.map((_, b) => raiseBand(plan, b, arrays, spill));
  const parts = plan.bands.map((_, b) => changedFlatParts(plan, b, arrays, raised[b]));
  refillFlats(plan, arrays, changedFlatOutlets(plan, arrays, parts));
  return { level: arrays.level, drainage: arrays.drainage };
}
