/**
 * The rivers and lakes of a map's water, for the editor's list and selection.
 * - A lake: each 8-connected group of lake vertices.
 * - A river: from its head to its mouth (a lake, the map's edge, or where it ends on dry ground),
 *   with each tributary its own river ending at its confluence. The rivers' own vertices are joined
 *   into a drainage tree on the water surface (Priority-Flood from its low ends, Barnes et al. 2014,
 *   on the river vertices only); at a confluence the branch with the longest way up to a head goes
 *   on as the same river (Hack's main stream), the others are tributaries. Where a river's own line
 *   stops short — the MFD contributing area dips under the river threshold where the flow spreads
 *   over two cells, and grows back below — its water is followed down the steepest fall for up to
 *   GAP_CELLS cells to the river it rejoins, so one valley's river is one entry, not pieces.
 * The wet bed beside a river's line belongs to the river nearest along the water.
 */
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, NEIGHBOUR_LENGTH, type HydrologyGrid } from './grid';
import { HeightHeap } from './minHeap';
import { WATER_LAKE, WATER_RIVER } from './water';
import type { WaterSurface } from './waterSurface';

const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

export interface WaterFeature {
  /** 1, 2, … in the order of each feature's first vertex (row-major). */
  readonly id: number;
  readonly kind: 'river' | 'lake';
  /** Wet vertices (a river's dry own vertices belong to it but are not counted). */
  readonly vertices: number;
  /**
   * A river's centreline length, m, from its head to its mouth (a tributary: to its confluence):
   * each vertex of its line counts its step to the next one downstream (a cell or a cell's diagonal),
   * the last one its step into the lake or its confluence, or one cell where it ends. So a straight
   * river of n vertices measures n cells. 0 for a lake.
   */
  readonly length: number;
  /** Water surface area, m²: the wet vertices' own areas. */
  readonly area: number;
  /** Greatest depth, m. */
  readonly maxDepth: number;
  /** Highest and lowest water surface, m (equal for a lake). */
  readonly top: number;
  readonly bottom: number;
  /** Vertex bounds, i1 and j1 exclusive. */
  readonly bounds: { i0: number; j0: number; i1: number; j1: number };
}

/** Feature ids per vertex, in the smallest unsigned type that holds the largest id (a 4097² map's are kept while the list is shown). */
export type FeatureIds = Uint8Array | Uint16Array | Int32Array;

export interface WaterFeatures {
  readonly features: WaterFeature[];
  /** Per vertex: its feature's id, 0 where dry (and not on a river's line). */
  readonly featureOf: FeatureIds;
}

/** `ids` in the smallest type that holds ids up to `largest`. */
export function compactFeatureIds(ids: Int32Array, largest: number): FeatureIds {
  if (largest <= 0xff) return Uint8Array.from(ids);
  if (largest <= 0xffff) return Uint16Array.from(ids);
  return ids;
}

const NONE = 0;
/** A vertex of the rivers' network, and one the network's flood has reached (riverNetwork's `inNet`). */
const IN_NETWORK = 1;
const REACHED = 2;
const RIVER_CLASS = 1;
const LAKE_CLASS = 2;

/** How far (cells) a river's line that stops short is followed down to the river it rejoins. */
export const GAP_CELLS = 32;
/** A side branch shorter than this (cells, to its confluence) is part of the river it joins, not a tributary. */
export const MIN_TRIBUTARY_CELLS = 8;

/**
 * Each vertex's class first (one pass), then the rivers' tree and the lakes' floods; the hot loops
 * read plain typed arrays, as the other hydrology passes. `onProgress` hears the fraction of vertices
 * scanned, about every million.
 */
export function findWaterFeatures(
  grid: HydrologyGrid,
  water: Pick<WaterSurface, 'surface' | 'kind'>,
  heights: Float32Array,
  onProgress?: (fraction: number) => void,
): WaterFeatures {
  const { width, depth } = grid;
  const count = width * depth;
  const { surface, kind } = water;
  const classes = new Uint8Array(count);
  const own: number[] = [];
  for (let v = 0; v < count; v++) {
    const k = kind[v];
    if (k === WATER_RIVER) {
      classes[v] = RIVER_CLASS;
      own.push(v);
    } else if (surface[v] > heights[v]) classes[v] = k === WATER_LAKE ? LAKE_CLASS : RIVER_CLASS;
  }
  // The level water runs on: its surface where there is one, else the ground.
  const level = (v: number): number => (Number.isNaN(surface[v]) ? heights[v] : surface[v]);
  const onEdge = (v: number): boolean => {
    const i = v % width;
    const j = (v - i) / width;
    return i === 0 || j === 0 || i === width - 1 || j === depth - 1;
  };
  /** Temporary labels: rivers and lakes numbered as found, renumbered row-major at the end. */
  const label = new Int32Array(count);
  const lengths: number[] = [0];
  const kinds: ('river' | 'lake')[] = ['river'];

  // Scratch for the network's flood first, then the wet bed's and the lakes' floods.
  const queue = new Int32Array(count);
  const nodes = riverNetwork(grid, classes, own, level, onEdge, queue);
  labelRivers(grid, nodes, classes, level, label, lengths, kinds);
  if (onProgress) onProgress(0.25);

  // The wet bed beside the rivers' lines: the nearest river along the water (a breadth-first flood).
  let head = 0;
  let tail = 0;
  for (const v of nodes.order) queue[tail++] = v;
  while (head < tail) {
    const v = queue[head++];
    const i = v % width;
    const j = (v - i) / width;
    for (let k = 0; k < 8; k++) {
      const ni = i + STEP_I[k];
      const nj = j + STEP_J[k];
      if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      const n = nj * width + ni;
      if (classes[n] !== RIVER_CLASS || label[n] !== 0) continue;
      label[n] = label[v];
      queue[tail++] = n;
    }
  }

  // Lakes, and river water no river line reaches: each 8-connected group of its class.
  for (let start = 0; start < count; start++) {
    if (onProgress && (start & 0xfffff) === 0) onProgress(0.25 + (0.5 * start) / count);
    const cls = classes[start];
    if (cls === NONE || label[start] !== 0) continue;
    const id = lengths.length;
    lengths.push(0);
    kinds.push(cls === LAKE_CLASS ? 'lake' : 'river');
    let top = 0;
    queue[top++] = start;
    label[start] = id;
    while (top > 0) {
      const v = queue[--top];
      const i = v % width;
      const j = (v - i) / width;
      for (let k = 0; k < 8; k++) {
        const ni = i + STEP_I[k];
        const nj = j + STEP_J[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = nj * width + ni;
        if (classes[n] !== cls || label[n] !== 0) continue;
        label[n] = id;
        queue[top++] = n;
      }
    }
  }
  const features = measure(grid, surface, heights, label, lengths, kinds, onProgress);
  return { features, featureOf: compactFeatureIds(label, Math.max(features.length, lengths.length)) };
}

interface RiverNodes {
  /** The river vertices in Priority-Flood order: each one after the one it drains to. */
  order: Int32Array;
  /** Per position in `order`: the position of the vertex it drains to, -1 at a river's mouth. */
  receiver: Int32Array;
  /** Per vertex: its position in `order`, -1 off the rivers. */
  position: Int32Array;
}

/**
 * The rivers' own vertices, with the short dry stretches where a line stops short and rejoins
 * below, as a drainage tree: a Priority-Flood over them alone, lowest level first, a new mouth
 * wherever the lowest vertex not reached is lower than every vertex waiting (equal levels — a
 * flat — go on from the vertices already reached, so a flat drains out one way).
 */
function riverNetwork(
  grid: HydrologyGrid,
  classes: Uint8Array,
  own: number[],
  level: (v: number) => number,
  onEdge: (v: number) => boolean,
  from: Int32Array,
): RiverNodes {
  const { width, depth } = grid;
  const inNet = new Uint8Array(width * depth);
  for (const v of own) inNet[v] = IN_NETWORK;
  const nodes = own.slice();
  const stretchLevel = new Map<number, number>();
  // A line that stops short: no lower or equal river vertex or lake beside it, not on the edge.
  for (const v of own) {
    if (onEdge(v)) continue;
    const here = level(v);
    let drains = false;
    forNeighbours(v, width, depth, (n) => {
      if (classes[n] === LAKE_CLASS || (inNet[n] === IN_NETWORK && level(n) <= here)) drains = true;
    });
    if (drains) continue;
    const path: number[] = [];
    let at = v;
    let joined = false;
    let joinLevel = Infinity;
    for (let step = 0; step < GAP_CELLS; step++) {
      const from = level(at);
      let next = -1;
      let steepest = 0;
      const ai = at % width;
      const aj = (at - ai) / width;
      for (let k = 0; k < 8; k++) {
        const ni = ai + STEP_I[k];
        const nj = aj + STEP_J[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = nj * width + ni;
        // Water below the line's end (a river's surface, not the ground beside it, is compared with it).
        if (classes[n] === LAKE_CLASS || (inNet[n] === IN_NETWORK && n !== v && level(n) < here)) {
          joined = true;
          joinLevel = Math.min(joinLevel, level(n));
        }
        const fall = (from - level(n)) / NEIGHBOUR_LENGTH[k];
        if (fall > steepest) {
          steepest = fall;
          next = n;
        }
      }
      if (joined) break;
      if (next < 0) break;
      path.push(next);
      if (onEdge(next)) {
        joined = true;
        break;
      }
      at = next;
    }
    if (!joined) continue;
    // The dry stretch runs on the level of the water it joins where its ground is lower (a river's
    // surface stands above the ground beside it), so it drains into that water, not the other way.
    for (const n of path) {
      inNet[n] = IN_NETWORK;
      nodes.push(n);
      if (level(n) < joinLevel) stretchLevel.set(n, joinLevel);
    }
  }

  // Lowest first, then outlets, then vertex order: where new mouths are taken from.
  const levels = new Float32Array(nodes.length);
  const byLevel = Int32Array.from(nodes.keys());
  const nodeLevel = (v: number): number => stretchLevel.get(v) ?? level(v);
  nodes.forEach((v, k) => (levels[k] = nodeLevel(v)));
  // A flat's mouth is where it meets a lake, else the edge, if it does.
  const outlet = (v: number): number => {
    let lake = false;
    forNeighbours(v, width, depth, (n) => {
      if (classes[n] === LAKE_CLASS) lake = true;
    });
    return lake ? 0 : onEdge(v) ? 1 : 2;
  };
  byLevel.sort((a, b) => levels[a] - levels[b] || outlet(nodes[a]) - outlet(nodes[b]) || nodes[a] - nodes[b]);
  const position = new Int32Array(width * depth).fill(-1);
  const order = new Int32Array(nodes.length);
  const receiver = new Int32Array(nodes.length);
  const heap = new HeightHeap();
  let next = 0;
  let done = 0;
  while (done < nodes.length) {
    while (next < byLevel.length && inNet[nodes[byLevel[next]]] === REACHED) next++;
    if (next < byLevel.length && (heap.size === 0 || levels[byLevel[next]] < heap.peekKey())) {
      const mouth = nodes[byLevel[next]];
      inNet[mouth] = REACHED;
      from[mouth] = -1;
      heap.push(mouth, levels[byLevel[next]]);
    }
    const v = heap.pop();
    const at = done++;
    position[v] = at;
    order[at] = v;
    receiver[at] = from[v] < 0 ? -1 : position[from[v]];
    forNeighbours(v, width, depth, (n) => {
      if (inNet[n] !== IN_NETWORK) return;
      inNet[n] = REACHED;
      from[n] = v;
      heap.push(n, nodeLevel(n));
    });
  }
  return { order, receiver, position };
}

/**
 * Labels the rivers of the tree: the longest way up from each vertex (its step to its receiver plus
 * its longest branch's), then from each mouth up, the longest branch goes on as the river and the
 * others start tributaries (if long enough).
 */
function labelRivers(
  grid: HydrologyGrid,
  { order, receiver, position }: RiverNodes,
  classes: Uint8Array,
  level: (v: number) => number,
  label: Int32Array,
  lengths: number[],
  kinds: ('river' | 'lake')[],
): void {
  const { width, depth, cellSize } = grid;
  const n = order.length;
  const step = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const v = order[k];
    const r = receiver[k];
    if (r >= 0) {
      const u = order[r];
      step[k] = (Math.abs((u % width) - (v % width)) + Math.abs(Math.floor(u / width) - Math.floor(v / width)) === 2 ? Math.SQRT2 : 1) * cellSize;
    } else {
      // The mouth: its step into the lake (a diagonal where the lake is only diagonal), else a cell.
      let into = Infinity;
      const vi = v % width;
      const vj = (v - vi) / width;
      for (let k2 = 0; k2 < 8; k2++) {
        const ni = vi + STEP_I[k2];
        const nj = vj + STEP_J[k2];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        if (classes[nj * width + ni] === LAKE_CLASS) into = Math.min(into, NEIGHBOUR_LENGTH[k2]);
      }
      step[k] = (Number.isFinite(into) ? into : 1) * cellSize;
    }
  }
  // Children come after their receivers in `order`: backwards, each branch is known before its receiver.
  const longest = new Float64Array(n);
  const main = new Int32Array(n).fill(-1);
  const up = new Float64Array(n);
  for (let k = n - 1; k >= 0; k--) {
    up[k] = step[k] + longest[k];
    const r = receiver[k];
    if (r < 0) continue;
    // Equal branches: the one with the lower level at its head, then the first in order, go on.
    if (up[k] > longest[r] || (up[k] === longest[r] && main[r] >= 0 && level(order[k]) < level(order[main[r]]))) {
      longest[r] = up[k];
      main[r] = k;
    }
  }
  const minimum = MIN_TRIBUTARY_CELLS * cellSize;
  const riverOf = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const r = receiver[k];
    if (r >= 0 && (main[r] === k || up[k] < minimum)) {
      riverOf[k] = riverOf[r];
    } else {
      riverOf[k] = lengths.length;
      lengths.push(up[k]);
      kinds.push('river');
    }
  }
  // A side channel of a wide river — a branch that never leaves the line of the river it joins
  // (fewer than MIN_TRIBUTARY_CELLS of its vertices away from it), or a short river with its own
  // mouth beside another's — is part of that river. Rivers are taken in the order found, so the
  // river a channel joins already holds the channels it absorbed.
  const partOf = lengths.map((_, id) => id);
  const find = (id: number): number => {
    let at = id;
    while (partOf[at] !== at) at = partOf[at];
    return at;
  };
  const members = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    const list = members.get(riverOf[k]);
    if (list) list.push(k);
    else members.set(riverOf[k], [k]);
  }
  for (const [river, list] of members) {
    const first = list[0];
    const joins = receiver[first];
    let into = joins >= 0 ? find(riverOf[joins]) : -1;
    if (into < 0 && up[first] < minimum) {
      forNeighbours(order[first], width, depth, (v) => {
        const p = position[v];
        if (into < 0 && p >= 0 && riverOf[p] !== river && lengths[riverOf[p]] >= minimum) into = find(riverOf[p]);
      });
    }
    if (into < 0) continue;
    let away = 0;
    for (const k of list) {
      let beside = false;
      forNeighbours(order[k], width, depth, (v) => {
        const p = position[v];
        if (p >= 0 && find(riverOf[p]) === into) beside = true;
      });
      if (!beside) away++;
    }
    if (away < MIN_TRIBUTARY_CELLS) partOf[river] = into;
  }
  for (let k = 0; k < n; k++) label[order[k]] = find(riverOf[k]);
}

function forNeighbours(v: number, width: number, depth: number, visit: (n: number) => void): void {
  const i = v % width;
  const j = (v - i) / width;
  for (let k = 0; k < 8; k++) {
    const ni = i + STEP_I[k];
    const nj = j + STEP_J[k];
    if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
    visit(nj * width + ni);
  }
}

/** Each feature's size, depth and bounds, numbered 1, 2, … by its first vertex (row-major); relabels `label`. */
function measure(
  grid: HydrologyGrid,
  surface: Float32Array,
  heights: Float32Array,
  label: Int32Array,
  lengths: number[],
  kinds: ('river' | 'lake')[],
  onProgress?: (fraction: number) => void,
): WaterFeature[] {
  const { width, depth, cellSize } = grid;
  const cell2 = cellSize * cellSize;
  const renumber = new Int32Array(lengths.length);
  type Sums = {
    id: number;
    source: number;
    vertices: number;
    area: number;
    maxDepth: number;
    top: number;
    bottom: number;
    i0: number;
    j0: number;
    i1: number;
    j1: number;
  };
  const sums: Sums[] = [];
  for (let v = 0; v < label.length; v++) {
    if (onProgress && (v & 0xfffff) === 0) onProgress(0.75 + (0.25 * v) / label.length);
    const old = label[v];
    if (old === 0) continue;
    if (renumber[old] === 0) {
      renumber[old] = sums.length + 1;
      sums.push({ id: sums.length + 1, source: old, vertices: 0, area: 0, maxDepth: 0, top: -Infinity, bottom: Infinity, i0: width, j0: depth, i1: 0, j1: 0 });
    }
    const id = renumber[old];
    label[v] = id;
    const f = sums[id - 1];
    const i = v % width;
    const j = (v - i) / width;
    const s = surface[v];
    const d = s - heights[v];
    if (d > 0) {
      f.vertices++;
      // The vertex's own area: a cell inside, half on an edge, a quarter at a corner (grid.ts).
      f.area += (i === 0 || i === width - 1 ? 0.5 : 1) * (j === 0 || j === depth - 1 ? 0.5 : 1) * cell2;
      if (d > f.maxDepth) f.maxDepth = d;
    }
    if (s > f.top) f.top = s;
    if (s < f.bottom) f.bottom = s;
    if (i < f.i0) f.i0 = i;
    if (i >= f.i1) f.i1 = i + 1;
    if (j < f.j0) f.j0 = j;
    if (j >= f.j1) f.j1 = j + 1;
  }
  return sums.map((f) => ({
    id: f.id,
    kind: kinds[f.source],
    vertices: f.vertices,
    length: kinds[f.source] === 'lake' ? 0 : lengths[f.source],
    area: f.area,
    maxDepth: f.maxDepth,
    top: f.top,
    bottom: f.bottom,
    bounds: { i0: f.i0, j0: f.j0, i1: f.i1, j1: f.j1 },
  }));
}
