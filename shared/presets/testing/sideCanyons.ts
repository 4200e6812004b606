import { priorityFlood } from '../../hydrology/priorityFlood';
import { steepestReceivers } from '../../hydrology/drainage';
import type { Heightfield } from '../../terrain/heightfield';

/**
 * Side canyons of a canyon network and their width from mouth to head.
 *
 * The network: the vertices of `field` cut at least `canyonDepth` m below `uncut` (the land the erosion
 * started from, uplift included), crossed by the drainage of `drained` (the heights whose rivers cut the
 * canyons; a finished canyon's floor is flat alluvium, whose ε-drained flats run in straight parallel lines):
 * its depressions filled and flats drained (priorityFlood), each vertex to its steepest lower neighbour (one
 * receiver: a tree), a vertex's area the cells it gathers. A thalweg vertex is a canyon vertex that gathers at
 * least `channelArea` m².
 *
 * A side canyon joins a larger one at a confluence of the thalweg tree, a thalweg vertex with two or more
 * thalweg donors: every donor but the one gathering most starts a side canyon (Hack's order: a stream runs
 * from its head to where it meets a larger one). It is followed upstream, each step to the thalweg donor
 * gathering most, to its head: the last thalweg vertex, where the canyon ends (upstream the ground is cut
 * less than `canyonDepth`, or gathers less). Where the path comes within `edgeCells` of the map's edge, its
 * head is at the edge: a canyon the map cuts off, not one heading in the plateau.
 *
 * The width at a path vertex: the canyon's cross-section across the path (its direction from
 * `DIRECTION_SPAN` vertices up to as many down), the run of canyon vertices both ways along the
 * perpendicular to the first vertex cut less than `canyonDepth`: the canyon's width `canyonDepth` below the
 * land, rim to rim where its walls stand; NaN where the line leaves the map. The stretch lying in the larger
 * canyon is left out: a vertex nearer the confluence than half the larger canyon's width (its inscribed
 * disc there, twice the distance to the nearest wall) plus half its own cross-section. What remains is the
 * side canyon proper, from where its own walls begin to its head.
 */
export interface SideCanyon {
  /** Vertex index of the confluence with the larger canyon. */
  mouth: number;
  /** Vertex index of the head. */
  head: number;
  /** The path comes within `edgeCells` of the map's edge. */
  headAtEdge: boolean;
  /** Metres along the path from where the side canyon leaves the larger one to its head. */
  length: number;
  /** Widths (m) along the side canyon proper, from its mouth to its head, one per path vertex. */
  widths: number[];
  /** Cut depths (m) of the path's vertices, the same order. */
  depths: number[];
  /** The larger canyon's width at the confluence (m): its inscribed disc's diameter. */
  mainWidth: number;
  /** The path's vertices, mouth first. */
  path: number[];
}

export interface SideCanyonRule {
  /** Metres under the uncut surface from which ground is canyon. */
  canyonDepth: number;
  /** m² a thalweg vertex gathers at least. */
  channelArea: number;
  /** Cells from the map's edge within which a head is at the edge. */
  edgeCells: number;
}

/** Path vertices either side of a vertex that give its direction. */
const DIRECTION_SPAN = 3;

export function sideCanyons(field: Heightfield, uncut: ArrayLike<number>, drained: Float32Array, rule: SideCanyonRule): SideCanyon[] {
  const { width, depth, cellSize, heights } = field;
  const count = width * depth;
  const grid = { width, depth, cellSize };
  const cut = new Float64Array(count);
  for (let v = 0; v < count; v++) cut[v] = uncut[v] - heights[v];
  const isCanyon = (v: number) => cut[v] >= rule.canyonDepth;
  const wall = wallDistance(width, depth, cellSize, isCanyon);
  const { drainage } = priorityFlood(grid, drained);
  const receivers = steepestReceivers(grid, drainage);

  // Areas along the tree: vertices from the highest drainage level down.
  const order = Array.from({ length: count }, (_, v) => v).sort((a, b) => drainage[b] - drainage[a]);
  const area = new Float64Array(count).fill(cellSize * cellSize);
  for (const v of order) if (receivers[v] >= 0) area[receivers[v]] += area[v];
  const thalweg = (v: number) => isCanyon(v) && area[v] >= rule.channelArea;

  // Thalweg donors per vertex.
  const donors: number[][] = Array.from({ length: count }, () => []);
  for (let v = 0; v < count; v++) if (thalweg(v) && receivers[v] >= 0 && thalweg(receivers[v])) donors[receivers[v]].push(v);

  const onMap = (i: number, j: number) => i >= 0 && j >= 0 && i < width && j < depth;
  const crossWidth = (v: number, dx: number, dz: number): number => {
    const len = Math.hypot(dx, dz);
    if (len === 0) return NaN;
    const px = -dz / len;
    const pz = dx / len;
    const i0 = v % width;
    const j0 = (v - i0) / width;
    let total = 0;
    for (const sign of [1, -1]) {
      let t = 0;
      for (;;) {
        t += 0.5;
        const i = Math.round(i0 + sign * px * t);
        const j = Math.round(j0 + sign * pz * t);
        if (!onMap(i, j)) return NaN;
        if (!isCanyon(j * width + i)) break;
      }
      total += t - 0.25;
    }
    return total * cellSize;
  };
  const directionAt = (path: number[], n: number): [number, number] => {
    const up = path[Math.min(path.length - 1, n + DIRECTION_SPAN)];
    const down = path[Math.max(0, n - DIRECTION_SPAN)];
    return [(down % width) - (up % width), Math.floor(down / width) - Math.floor(up / width)];
  };
  const atEdge = (v: number) => {
    const i = v % width;
    const j = (v - i) / width;
    return Math.min(i, j, width - 1 - i, depth - 1 - j) < rule.edgeCells;
  };

  const found: SideCanyon[] = [];
  for (let c = 0; c < count; c++) {
    const incoming = donors[c];
    if (incoming.length < 2) continue;
    const main = incoming.reduce((a, b) => (area[b] > area[a] ? b : a));
    // The larger canyon's width at c: its inscribed disc's (the nearest wall is the larger canyon's).
    const mainWidth = 2 * wall[c];
    for (const start of incoming) {
      if (start === main) continue;
      const path = [c];
      let v = start;
      let edge = false;
      for (;;) {
        path.push(v);
        if (atEdge(v)) edge = true;
        const up = donors[v];
        if (up.length === 0) break;
        v = up.reduce((a, b) => (area[b] > area[a] ? b : a));
      }
      const head = path[path.length - 1];
      const ci = c % width;
      const cj = (c - ci) / width;
      const widths: number[] = [];
      const depths: number[] = [];
      let proper = -1;
      for (let n = 1; n < path.length; n++) {
        const p = path[n];
        const pi = p % width;
        const pj = (p - pi) / width;
        const [dx, dz] = directionAt(path, n);
        const across = crossWidth(p, dx, dz);
        if (proper < 0) {
          if (!(Math.hypot(pi - ci, pj - cj) * cellSize > mainWidth / 2 + across / 2)) continue;
          proper = n;
        }
        widths.push(across);
        depths.push(cut[p]);
      }
      let length = 0;
      if (proper > 0) for (let n = proper + 1; n < path.length; n++) length += cellStep(path[n - 1], path[n], width) * cellSize;
      found.push({ mouth: c, head, headAtEdge: edge || atEdge(head), length, widths, depths, mainWidth, path });
    }
  }
  return found;
}

function cellStep(a: number, b: number, width: number): number {
  const di = Math.abs((a % width) - (b % width));
  const dj = Math.abs(Math.floor(a / width) - Math.floor(b / width));
  return di + dj === 2 ? Math.SQRT2 : 1;
}

/** Chamfer steps (cells) of the 5 × 5 mask, forward half: column, row offsets and length (Borgefors 1986: within 2 % of Euclidean). */
const CHAMFER: readonly (readonly [number, number, number])[] = [
  [-1, 0, 1],
  [0, -1, 1],
  [-1, -1, Math.SQRT2],
  [1, -1, Math.SQRT2],
  [-2, -1, Math.sqrt(5)],
  [2, -1, Math.sqrt(5)],
  [-1, -2, Math.sqrt(5)],
  [1, -2, Math.sqrt(5)],
];

/**
 * Metres from each canyon vertex to the nearest vertex that is not canyon (0 outside the canyon): two raster
 * passes of the 5 × 5 chamfer mask. The map's edge is not a wall (a canyon the edge cuts is as wide as it is).
 */
export function wallDistance(width: number, depth: number, cellSize: number, isCanyon: (v: number) => boolean): Float64Array {
  const d = new Float64Array(width * depth);
  for (let v = 0; v < width * depth; v++) d[v] = isCanyon(v) ? Infinity : 0;
  const pass = (sign: 1 | -1) => {
    for (let jj = 0; jj < depth; jj++) {
      const j = sign > 0 ? jj : depth - 1 - jj;
      for (let ii = 0; ii < width; ii++) {
        const i = sign > 0 ? ii : width - 1 - ii;
        const v = j * width + i;
        if (d[v] === 0) continue;
        let best = d[v];
        for (const [di, dj, len] of CHAMFER) {
          const ni = i + sign * di;
          const nj = j + sign * dj;
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const c = d[nj * width + ni] + len;
          if (c < best) best = c;
        }
        d[v] = best;
      }
    }
  };
  pass(1);
  pass(-1);
  for (let v = 0; v < width * depth; v++) d[v] = d[v] === Infinity ? 0 : d[v] * cellSize;
  return d;
}
