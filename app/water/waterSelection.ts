/**
 * The selected river or lake as lines to draw over it, the same in both views (issue 31: a river a
 * metre or two wide, tinted, was barely visible in the 3D view). A river: its centre line, the
 * smoothed line its strip is laid along (shared/hydrology/riverStrip.ts RiverLines), along its course
 * from its head to the water it flows into (riverCourse: one line, its side vertices' joins left out),
 * at the water's surface. A lake: its shore, where the
 * terrain's triangles (each cell split from (i, j + 1) to (i + 1, j)) cross the lake's level, found by
 * linear interpolation along the triangles' edges, so it is the exact water line of the drawn ground.
 * Both are segments (two points each) in map metres, origin at the map's centre, y up, `lift` metres
 * above the water so a depth-tested line is not hidden in it.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { hydraulicHalfWidth, RiverLines, SMOOTH_MAX_RISE, type RiverHalfWidth } from '../../shared/hydrology/riverStrip';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import type { LayerStack } from '../../shared/layers/types';
import type { RiverStripWidth } from './riverStripWidth';
import type { WaterModel } from './waterModel';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { MIN_TRIBUTARY_CELLS, type FeatureIds, type WaterFeature } from '../../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

/** x, y, z of each segment's two ends, in map metres (origin at the map's centre). */
export type SelectionSegments = Float32Array<ArrayBuffer>;

/** How far outside its vertices a lake's shore may run: the cells round its bounds. */
const SHORE_MARGIN = 1;

/**
 * The lines of `feature` (its id in `featureOf`) over `water` on the final `heights`. `halfWidth`
 * is the rivers' width (RiverStripWidth) the strips' centres are pulled back by.
 */
export function waterSelectionSegments(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds,
  feature: Pick<WaterFeature, 'id' | 'kind' | 'top' | 'bounds'>,
  halfWidth: RiverHalfWidth,
  lift: number,
): SelectionSegments {
  return feature.kind === 'river'
    ? riverSegments(grid, water, heights, featureOf, feature, halfWidth, lift)
    : shoreSegments(grid, heights, featureOf, feature, lift);
}

function riverSegments(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds,
  feature: Pick<WaterFeature, 'id' | 'bounds'>,
  halfWidth: RiverHalfWidth,
  lift: number,
): SelectionSegments {
  const { width, depth: rows, cellSize } = grid;
  const lines = new RiverLines(grid, water, heights, halfWidth);
  const { surface } = water;
  const centreX = (width - 1) / 2;
  const centreZ = (rows - 1) / 2;
  const out: number[] = [];
  for (const piece of riverCourse(grid, lines, water, featureOf, feature)) {
    for (let k = 1; k < piece.length; k++) {
      // Along the strip's smoothed centre line: its stations between the two vertices.
      const v = piece[k - 1];
      const n = piece[k];
      const stations = lines.joinStations(v, n);
      for (let s = 1; s < stations.length; s++) {
        for (const at of [stations[s - 1], stations[s]]) {
          out.push((at.i - centreX) * cellSize, surface[v] + at.t * (surface[n] - surface[v]) + lift, (at.j - centreZ) * cellSize);
        }
      }
    }
  }
  return Float32Array.from(out);
}

/**
 * The course of river `feature`: its line from its head down to where it leaves (into a lake, the
 * river it joins, off the map, or where its water stops short), as lists of vertices downstream, the
 * last one the vertex it flows into when that is not its own. Its own vertices form a tree along
 * `lines.downstream`; from each place it leaves, the branch with the longest way up goes on (Hack's
 * main stream, as waterFeatures.ts labels rivers), so the vertices beside its line that gather just
 * enough water to count as river (a channel two vertices wide, a side branch of a vertex or two)
 * are not drawn as spurs off it. A piece shorter than MIN_TRIBUTARY_CELLS is drawn only when it is
 * the river's only one.
 */
export function riverCourse(
  grid: HydrologyGrid,
  lines: RiverLines,
  water: Pick<WaterSurface, 'kind'>,
  featureOf: FeatureIds,
  feature: Pick<WaterFeature, 'id' | 'bounds'>,
): number[][] {
  const { width, cellSize } = grid;
  const own = new Set<number>();
  const { i0, j0, i1, j1 } = feature.bounds;
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) {
      const v = j * width + i;
      if (featureOf[v] === feature.id && water.kind[v] === WATER_RIVER && lines.isRiver(v)) own.add(v);
    }
  }
  const inflows = new Map<number, number[]>();
  const leaves: number[] = [];
  for (const v of own) {
    const down = lines.downstream(v);
    if (down >= 0 && own.has(down)) {
      const list = inflows.get(down);
      if (list) list.push(v);
      else inflows.set(down, [v]);
    } else leaves.push(v);
  }
  const step = (a: number, b: number) => Math.hypot((a % width) - (b % width), Math.floor(a / width) - Math.floor(b / width)) * cellSize;
  // The longest way up from each vertex, inflows first (the tree has no cycles: each step goes down or
  // nearer the way off a level reach; a vertex met again is not walked twice).
  const longest = new Map<number, number>();
  for (const leaf of leaves) {
    const stack = [leaf];
    while (stack.length > 0) {
      const v = stack[stack.length - 1];
      const ups = inflows.get(v) ?? [];
      const waiting = ups.filter((u) => !longest.has(u));
      if (waiting.length > 0 && !longest.has(v)) {
        longest.set(v, NaN);
        stack.push(...waiting);
        continue;
      }
      stack.pop();
      let best = 0;
      for (const u of ups) best = Math.max(best, (longest.get(u) || 0) + step(u, v));
      longest.set(v, best);
    }
  }
  const pieces: { path: number[]; length: number }[] = [];
  for (const leaf of leaves) {
    const path = [leaf];
    for (let v = leaf; ;) {
      let next = -1;
      let most = -1;
      for (const u of inflows.get(v) ?? []) {
        const way = (longest.get(u) || 0) + step(u, v);
        if (way > most || (way === most && u < next)) {
          most = way;
          next = u;
        }
      }
      // The strip's own main inflow (the deepest) where its way up is nearly as long: the line then
      // runs on the strip's smooth centre line, not across a channel two vertices wide.
      const main = lines.knownUpstream(v);
      if (main >= 0 && main !== next && own.has(main) && (longest.get(main) || 0) + step(main, v) >= most - MIN_TRIBUTARY_CELLS * cellSize) next = main;
      if (next < 0) break;
      path.push(next);
      v = next;
    }
    path.reverse();
    const down = lines.downstream(leaf);
    if (down >= 0) path.push(down);
    // Through a vertex of another feature (a tributary's last, where the list's labels and the lines'
    // way down differ) back onto its own line: one course, not two pieces a step apart.
    const back = down >= 0 && !own.has(down) ? lines.downstream(down) : -1;
    if (back >= 0 && own.has(back)) path.push(back);
    let length = 0;
    for (let k = 1; k < path.length; k++) length += step(path[k - 1], path[k]);
    pieces.push({ path, length });
  }
  pieces.sort((a, b) => b.length - a.length);
  return pieces.filter((p, k) => k === 0 || p.length >= MIN_TRIBUTARY_CELLS * cellSize).map((p) => p.path);
}

function shoreSegments(
  grid: HydrologyGrid,
  heights: Float32Array,
  featureOf: FeatureIds,
  feature: Pick<WaterFeature, 'id' | 'top' | 'bounds'>,
  lift: number,
): SelectionSegments {
  const { width, depth: rows, cellSize } = grid;
  const level = feature.top;
  const centreX = (width - 1) / 2;
  const centreZ = (rows - 1) / 2;
  // Positive inside the lake (its depth), negative outside: a vertex of other water or dry ground
  // counts as out, however low (the shore of this lake only).
  const f = (v: number): number => (featureOf[v] === feature.id ? level - heights[v] : Math.min(level - heights[v], -1e-3));
  const out: number[] = [];
  const crossing = (a: number, b: number, fa: number, fb: number) => {
    const t = fa / (fa - fb);
    const ai = a % width;
    const aj = (a - ai) / width;
    const bi = b % width;
    const bj = (b - bi) / width;
    out.push((ai + t * (bi - ai) - centreX) * cellSize, level + lift, (aj + t * (bj - aj) - centreZ) * cellSize);
  };
  const triangle = (a: number, b: number, c: number) => {
    const fa = f(a);
    const fb = f(b);
    const fc = f(c);
    const inA = fa > 0;
    const inB = fb > 0;
    const inC = fc > 0;
    if (inA === inB && inB === inC) return;
    if (inA !== inB) crossing(a, b, fa, fb);
    if (inB !== inC) crossing(b, c, fb, fc);
    if (inC !== inA) crossing(c, a, fc, fa);
  };
  const ci0 = Math.max(0, feature.bounds.i0 - SHORE_MARGIN);
  const cj0 = Math.max(0, feature.bounds.j0 - SHORE_MARGIN);
  const ci1 = Math.min(width - 1, feature.bounds.i1 + SHORE_MARGIN - 1);
  const cj1 = Math.min(rows - 1, feature.bounds.j1 + SHORE_MARGIN - 1);
  for (let j = cj0; j < cj1; j++) {
    for (let i = ci0; i < ci1; i++) {
      const v00 = j * width + i;
      const v10 = v00 + 1;
      const v01 = v00 + width;
      const v11 = v01 + 1;
      // The cell's two triangles, split along (i, j + 1)–(i + 1, j).
      triangle(v00, v10, v01);
      triangle(v10, v11, v01);
    }
  }
  return Float32Array.from(out);
}

/** The document's parts the selection's lines are read from. */
export interface SelectionSource {
  field: { width: number; depth: number; cellSize: number; heights: Float32Array };
  water: WaterSurface | null;
  stack: LayerStack;
}

/**
 * The selected river's or lake's lines in the document now, or an empty array (nothing selected, or
 * its feature ids still being found). `stripWidth` remembers the strips' width function between calls.
 */
export function selectedWaterSegments(
  doc: SelectionSource,
  model: Pick<WaterModel, 'selected' | 'featureIds'>,
  stripWidth: RiverStripWidth,
  lift: number,
): SelectionSegments {
  const feature = model.selected();
  const featureOf = feature ? model.featureIds() : null;
  if (!feature || !featureOf || !doc.water) return new Float32Array(0);
  const halfWidth = stripWidth.of(doc.stack) ?? hydraulicHalfWidth(DEFAULT_WATER_PARAMS);
  return waterSelectionSegments(doc.field, doc.water, doc.field.heights, featureOf, feature, halfWidth, lift);
}

/** The lift the 3D view draws the lines with: the road overlay's, plus the most ground a smoothed centre line may stand over its water. */
export const selectionLift = (cellSize: number): number => Math.max(0.3, cellSize * 0.15) + SMOOTH_MAX_RISE;
