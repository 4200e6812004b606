/**
 * One band of rows flooded on its own: the first pass of the tiled Priority-Flood (Barnes 2016,
 * "Parallel Priority-Flood depression filling for trillion cell digital elevation models on desktops
 * or clusters"; tiledFlood.ts). The band's whole perimeter drains, as the map's edge does in
 * priorityFlood.ts, whose algorithm this is (the same pit queue, trace and height queue); it also labels
 * every vertex with the perimeter vertex its water reached the band's perimeter through: the map's
 * edge is label 0, a vertex of a row the band shares with another band has its own label. Every vertex
 * is joined to its label's perimeter vertex by a path no higher than its band-local level, which is what
 * lets tiledFlood.ts correct the levels afterwards with one number per label.
 */
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ } from './grid';
import { HeightQueue } from './heightQueue';
import { stepAbove } from './priorityFlood';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

const ON_EDGE = 1;
const REACHED = 2;
const RAISED = 4;

/** A band of `rows` rows of a map `width` vertices wide, as views of the map's arrays (row-major, contiguous). */
export interface StripArrays {
  readonly width: number;
  readonly rows: number;
  /** The band's heights (finite float32s). */
  readonly heights: Float32Array;
  /** Out: the band-local ε drainage surface (priorityFlood's `drainage`, for this band alone). */
  readonly drainage: Float64Array;
  /** Out: per vertex, the label of the perimeter vertex it drains to. */
  readonly labels: Int32Array;
  /** Label of the band's first row's vertex i (1 + base + i), or −1 when that row is the map's edge (label 0). */
  readonly topBase: number;
  /** The same for the band's last row. */
  readonly bottomBase: number;
}

/** The label of a perimeter vertex (i, r) of the band: 0 on the map's edge, else its own. */
function perimeterLabel(strip: StripArrays, i: number, r: number): number {
  const { width, rows, topBase, bottomBase } = strip;
  if (i === 0 || i === width - 1) return 0;
  if (r === 0) return topBase < 0 ? 0 : 1 + topBase + i;
  if (r === rows - 1) return bottomBase < 0 ? 0 : 1 + bottomBase + i;
  return 0;
}

/** Floods the band with its whole perimeter draining (priorityFlood's algorithm), writing drainage and labels. */
export function floodStrip(strip: StripArrays): void {
  const { width, rows: depth, heights, drainage, labels } = strip;
  const count = width * depth;
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
  const queue = new Int32Array(count);
  let pitHead = 0;
  let pitTail = 0;
  let traceTop = count;
  const offsets = neighbourOffsets(width);
  const state = new Uint8Array(count);
  state.fill(ON_EDGE, 0, width);
  state.fill(ON_EDGE, count - width);
  for (let j = 1; j < depth - 1; j++) state[j * width] = state[j * width + width - 1] = ON_EDGE;

  // A reached neighbour of m lower than `h` (then m's level is its own height, and m drains through it), or −1.
  const lowerReached = (m: number, h: number): number => {
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
      if ((flags & REACHED) !== 0 && ((flags & RAISED) !== 0 ? drainage[n] : heights[n]) < h) return n;
    }
    return -1;
  };
  let deferred = new Int32Array(1 << 12);
  let deferredCount = 0;
  const reach = (m: number, from: number) => {
    state[m] |= REACHED;
    labels[m] = labels[from];
    queue[--traceTop] = m;
  };
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
      if (mh > th) reach(m, t);
      else {
        const lower = revisit || !waiting ? lowerReached(m, mh) : -1;
        if (lower >= 0) reach(m, lower);
        else waiting = true;
      }
    }
    return waiting;
  };
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

  for (let j = 0; j < depth; j++) {
    const step = j === 0 || j === depth - 1 ? 1 : width - 1;
    for (let i = 0; i < width; i += step) {
      const v = j * width + i;
      labels[v] = perimeterLabel(strip, i, j);
      state[v] |= REACHED;
      queue[--traceTop] = v;
    }
  }
  trace();

  while (pitHead < pitTail || open.size > 0) {
    const c = pitHead < pitTail ? queue[pitHead++] : open.pop();
    const interior = (state[c] & ON_EDGE) === 0;
    const ci = interior ? 0 : c % width;
    const cj = interior ? 0 : (c - ci) / width;
    const cDrain = (state[c] & RAISED) !== 0 ? drainage[c] : heights[c];
    const label = labels[c];
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
        if (raised !== raised) raised = stepAbove(cDrain);
        drainage[n] = raised;
        labels[n] = label;
        state[n] |= REACHED | RAISED;
        queue[pitTail++] = n;
      } else {
        reach(n, c);
        trace();
      }
    }
  }
}
