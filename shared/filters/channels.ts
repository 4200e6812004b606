/**
 * Canyons cut along where water would gather: D8 flow accumulation over the heights with their
 * basins filled (priority-flood from the edge, so every canyon runs off the map; each vertex drains
 * to its steepest lower neighbour of eight and passes on the area it gathered), then every vertex draining more than `threshold` of the map
 * is cut down by up to `depth` metres (√ of its area over ten times the threshold, so tributaries
 * are shallower than the trunk they join), and the cut is widened into walls of `wallSlope` (a
 * two-pass chamfer: each vertex is cut at least as deep as a neighbour's cut less the wall's rise
 * over their distance). The network branches because drainage does. Arithmetic is +, −, ×, ÷ and
 * √ only (IEEE exact), so the bytes are the same on every JavaScript runtime.
 * Only the cut is applied: the heights are never raised where basins were filled.
 */
import type { Heightfield } from '../terrain/heightfield';

export interface ChannelParams {
  /** Deepest cut, metres (> 0), where the drained area reaches ten times the threshold. */
  depth: number;
  /** Share of the map's area a vertex must drain to be cut (0 < threshold < 0.1). */
  threshold: number;
  /** Rise of the canyon walls, metres per metre (> 0): 1 is 45°. */
  wallSlope: number;
}

export function channelProblem(p: ChannelParams): string | null {
  if (!(Number.isFinite(p.depth) && p.depth > 0 && p.depth <= 10_000)) return 'channel depth must be from 0 to 10000 m (more than 0)';
  if (!(p.threshold > 0 && p.threshold < 0.1)) return 'channel threshold must be a share of the map in (0, 0.1)';
  if (!(Number.isFinite(p.wallSlope) && p.wallSlope > 0 && p.wallSlope <= 100)) return 'channel wall slope must be in (0, 100]';
  return null;
}

/** A binary min-heap of (height, index), ties by index: the order priority-flood visits vertices. */
class VertexHeap {
  private keys: Float64Array;
  private ids: Int32Array;
  size = 0;
  /** Starts small: the heap holds the flood's front, about the map's perimeter, not the map. */
  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }
  private grow(): void {
    const keys = new Float64Array(2 * this.keys.length);
    const ids = new Int32Array(2 * this.ids.length);
    keys.set(this.keys);
    ids.set(this.ids);
    this.keys = keys;
    this.ids = ids;
  }
  private less(a: number, b: number): boolean {
    return this.keys[a] < this.keys[b] || (this.keys[a] === this.keys[b] && this.ids[a] < this.ids[b]);
  }
  private swap(a: number, b: number): void {
    const key = this.keys[a];
    this.keys[a] = this.keys[b];
    this.keys[b] = key;
    const id = this.ids[a];
    this.ids[a] = this.ids[b];
    this.ids[b] = id;
  }
  push(key: number, id: number): void {
    if (this.size === this.keys.length) this.grow();
    let at = this.size++;
    this.keys[at] = key;
    this.ids[at] = id;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.less(at, parent)) break;
      this.swap(at, parent);
      at = parent;
    }
  }
  /** Removes the lowest; its index. */
  pop(): number {
    const top = this.ids[0];
    this.size--;
    if (this.size > 0) {
      this.keys[0] = this.keys[this.size];
      this.ids[0] = this.ids[this.size];
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= this.size) break;
        const child = left + 1 < this.size && this.less(left + 1, left) ? left + 1 : left;
        if (!this.less(child, at)) break;
        this.swap(child, at);
        at = child;
      }
    }
    return top;
  }
}

/** Height added per vertex crossed while filling a basin, so water finds its way out of it (metres). */
const FILL_SLOPE = 1e-4;

/**
 * Priority-flood from the map's edge: the heights with every basin filled to its spill point (and a
 * slight slope across the fill), and the order the vertices were reached, lowest first. In the filled
 * heights every vertex but the edge has a strictly lower neighbour, so water reaches the edge.
 */
function floodFromEdge(field: Heightfield): { filled: Float64Array; order: Int32Array } {
  const { width, depth, heights } = field;
  const count = width * depth;
  const filled = new Float64Array(count);
  const seen = new Uint8Array(count);
  const order = new Int32Array(count);
  const heap = new VertexHeap(4 * (width + depth));
  for (let k = 0; k < count; k++) {
    const h = heights[k];
    if (!Number.isFinite(h)) throw new RangeError('cannot cut channels in a map with non-finite heights');
    const x = k % width;
    const y = (k - x) / width;
    if (x === 0 || y === 0 || x === width - 1 || y === depth - 1) {
      filled[k] = h;
      seen[k] = 1;
      heap.push(h, k);
    }
  }
  let reached = 0;
  while (heap.size > 0) {
    const k = heap.pop();
    order[reached++] = k;
    const x = k % width;
    const y = (k - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const ny = y + dy;
      if (ny < 0 || ny >= depth) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        if (nx < 0 || nx >= width) continue;
        const n = ny * width + nx;
        if (seen[n]) continue;
        seen[n] = 1;
        filled[n] = Math.max(heights[n], filled[k] + FILL_SLOPE);
        heap.push(filled[n], n);
      }
    }
  }
  return { filled, order };
}

/** Each vertex's steepest lower neighbour of eight in `h`, or −1 (the edge's lowest). */
function receivers(width: number, depth: number, h: Float64Array): Int32Array {
  const out = new Int32Array(width * depth).fill(-1);
  const diagonal = Math.SQRT1_2;
  for (let y = 0; y < depth; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      let best = 0;
      let to = -1;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= depth) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if ((dx === 0 && dy === 0) || nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          const drop = (h[k] - h[n]) * (dx !== 0 && dy !== 0 ? diagonal : 1);
          if (drop > best) {
            best = drop;
            to = n;
          }
        }
      }
      out[k] = to;
    }
  }
  return out;
}

/** Cuts the channels into the heights in place (throws a RangeError for bad parameters or heights). */
export function carveChannels(field: Heightfield, params: ChannelParams): void {
  const problem = channelProblem(params);
  if (problem) throw new RangeError(problem);
  const { width, depth, cellSize, heights } = field;
  const count = width * depth;
  const { filled, order } = floodFromEdge(field);
  const to = receivers(width, depth, filled);
  // Highest first: every vertex's receiver is lower, so reached earlier, so visited later here.
  const area = new Float64Array(count).fill(1);
  for (let q = count - 1; q >= 0; q--) {
    const k = order[q];
    if (to[k] >= 0) area[to[k]] += area[k];
  }
  const start = params.threshold * count;
  const full = 10 * start;
  // The cut replaces the area in its array (a 4097² map holds several 134 MB arrays here already).
  const cut = area;
  for (let k = 0; k < count; k++) cut[k] = area[k] >= start ? params.depth * Math.sqrt(Math.min(1, area[k] / full)) : 0;
  // Walls: a cut spreads to its neighbours less the wall's rise over the distance (chamfer 1, √2).
  const rise = params.wallSlope * cellSize;
  const riseDiagonal = rise * Math.SQRT2;
  for (let y = 0; y < depth; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      let c = cut[k];
      if (x > 0) c = Math.max(c, cut[k - 1] - rise);
      if (y > 0) {
        c = Math.max(c, cut[k - width] - rise);
        if (x > 0) c = Math.max(c, cut[k - width - 1] - riseDiagonal);
        if (x + 1 < width) c = Math.max(c, cut[k - width + 1] - riseDiagonal);
      }
      cut[k] = c;
    }
  }
  for (let y = depth - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const k = y * width + x;
      let c = cut[k];
      if (x + 1 < width) c = Math.max(c, cut[k + 1] - rise);
      if (y + 1 < depth) {
        c = Math.max(c, cut[k + width] - rise);
        if (x + 1 < width) c = Math.max(c, cut[k + width + 1] - riseDiagonal);
        if (x > 0) c = Math.max(c, cut[k + width - 1] - riseDiagonal);
      }
      cut[k] = c;
    }
  }
  for (let k = 0; k < count; k++) heights[k] -= cut[k];
}
