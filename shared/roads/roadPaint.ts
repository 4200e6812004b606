/**
 * The roads as the terrain shader paints them: a small texture over the roads' bounding box whose
 * texels hold, for the nearest road, the signed lateral offset from its centreline, its half-width
 * there, whether the texel is within the road's reach, and its surface. The shader interpolates it
 * bilinearly and draws asphalt or gravel, edge and centre lines and shoulders where the offset says:
 * the offset is linear across a road, so its interpolation is exact and the lines stay sharp at any
 * texel size; and being painted on the terrain's own triangles, the road can neither float above
 * the drawn ground nor fight it.
 */
import { smoothstep01 } from '../smoothstep';
import { nearestField } from './footprint';
import type { Centreline } from './centreline';
import type { GroundSize } from './profile';
import type { Rect } from '../terrain/gridRect';
import { ROAD_SHOULDER_M, type RoadParams, type RoadSurface } from './params';
import { centrelineOf } from './fittedRoad';

/** Gravel shoulder each side of the surface, metres (the 2D map's too). */
export { ROAD_SHOULDER_M };
/**
 * Channels per texel: signed offset (m, + left of travel), half-width (m), the signed distance along
 * the road from its nearer end (m, + between the ends, − past an end, clamped to ± `RoadPaint.endCap`;
 * ROAD_PAINT_NONE beyond every road's reach), surface (0 asphalt, 1 gravel).
 */
export const ROAD_PAINT_CHANNELS = 4;
/**
 * The third channel beyond every road's reach: so far below any end distance that a pixel whose
 * bilinear read takes any share of such a texel (its offset is no road's) reads as past an end.
 */
export const ROAD_PAINT_NONE = -60000;
/**
 * Metres past each end over which the road's gravel apron (the shoulders' gravel across the whole
 * width) fades into the ground, so a road does not stop at a hard edge in the grass.
 */
export const ROAD_APRON_M = 4;
/** Metres past each end over which the surface (asphalt or gravel) frays out onto the apron. */
export const ROAD_END_FADE_M = 0.8;

/**
 * The blend of a road's end onto the ground at `e` metres from the end (+ inside the road, − past
 * it): the surface's share (1 up to the end, fading to 0 `ROAD_END_FADE_M` past it) and the
 * apron's (1 up to the end, fading to 0 `ROAD_APRON_M` past it), each a smoothstep. The apron is never
 * below the surface, so no grass shows between them. Both views draw it (the 3D shader's copy in
 * renderer/viewport/look/roadPaintShader.ts breaks the fades into tongues up close: roadEndRagged).
 */
export function roadEndBlend(e: number): { surface: number; apron: number } {
  return { surface: 1 - smoothstep01(-e / ROAD_END_FADE_M), apron: 1 - smoothstep01(-e / ROAD_APRON_M) };
}

/**
 * Up close the end's fades are ragged (roadEndRagged): the noise (shared/ground/turfEdge.ts turfNoise,
 * which the terrain shader has once a pixel) made even by this smoothstep, whose half-width (0.52) puts
 * each share of the noise's values within 0.017 of that share of the ground (measured over 2 · 10⁵ points).
 */
export const ROAD_END_NOISE_HALF = 0.52;
/** The share of a fade over which each point of a ragged end turns from covered to bare (half on each side). */
export const ROAD_END_EDGE = 0.12;
/** Metres a pixel up to which an end is ragged in full, and from which it is the plain fade (roadEndBlend). */
export const ROAD_END_RAGGED_TO = 0.1;
export const ROAD_END_PLAIN_FROM = 0.4;

/**
 * An end's fade (a roadEndBlend share, 0…1) made ragged at one point by the noise there (−1…1; positive
 * where the turf is thinnest, so the gravel runs further there): the point is covered where the fade is
 * above a threshold the noise sets evenly over 0…1, turning over ROAD_END_EDGE of the fade. So the end
 * breaks into tongues of gravel and grass instead of a band of flat mixed colour, while
 * - the share covered over a stretch of the end is the fade (exactly for fades within an edge of the
 *   middle, within ROAD_END_EDGE / 2 at the ends);
 * - a fade of 1 stays 1 and a fade of 0 stays 0, whatever the noise: no patch lies past the fade's
 *   end and no hole before its start;
 * - it grows with the fade: the apron, never below the surface's fray at a point, stays so ragged too
 *   (both read the same noise).
 * A pixel of `aa` metres turns to the plain fade from ROAD_END_RAGGED_TO to ROAD_END_PLAIN_FROM (its
 * patches would shimmer); aa 0: a point, ragged in full.
 */
export function roadEndRagged(fade: number, noise: number, aa = 0): number {
  const half = ROAD_END_EDGE / 2;
  const even = 1 - smoothstep01((noise + ROAD_END_NOISE_HALF) / (2 * ROAD_END_NOISE_HALF));
  const threshold = Math.min(1 - half, Math.max(half, even));
  const broken = smoothstep01((fade - threshold + half) / ROAD_END_EDGE);
  const plain = smoothstep01((aa - ROAD_END_RAGGED_TO) / (ROAD_END_PLAIN_FROM - ROAD_END_RAGGED_TO));
  return broken + (fade - broken) * plain;
}

/** Texels along the longer side at most. */
export const MAX_ROAD_PAINT_TEXELS = 1536;

/** How much farther a texel past a road's end ranks than one along a road: more than any reach. */
const PAST_END_RANK = 1e6;

/**
 * How far from a centreline of greatest width `widest` the paint holds its road: the half-width, the
 * shoulder and the apron's length (so the apron past an end is covered across the shoulders), and
 * two texels more, so every texel the shader's interpolation mixes around a painted pixel holds that road.
 */
export function roadPaintReach(widest: number, texel: number): number {
  return widest / 2 + ROAD_SHOULDER_M + ROAD_APRON_M + 2 * texel;
}

export interface PaintedRoad {
  line: Centreline;
  surface: RoadSurface;
}

/**
 * The roads of `params` as painted (their centrelines on a map of `cellSize`): the 3D view's paint and
 * the engine masks' road and shoulder sources take their roads from here. A road whose centreline
 * cannot be built is left out (it is drawn by its shaped land alone; the layer stack says why).
 */
export function paintedRoads(params: readonly RoadParams[], cellSize: number): PaintedRoad[] {
  const roads: PaintedRoad[] = [];
  for (const p of params) {
    try {
      roads.push({ line: centrelineOf(p, cellSize), surface: p.surface ?? 'asphalt' });
    } catch {
      // No centreline: nothing to paint.
    }
  }
  return roads;
}

/**
 * How much of a box `aa` metres across centred `x` metres from a band's middle the band
 * [−halfWidth, halfWidth] covers (the shader's terrainRoadBand); aa 0: 1 inside, 0 outside.
 */
export function roadBand(x: number, halfWidth: number, aa: number): number {
  if (!(aa > 0)) return Math.abs(x) <= halfWidth ? 1 : 0;
  return Math.min(1, Math.max(0, (Math.min(x + 0.5 * aa, halfWidth) - Math.max(x - 0.5 * aa, -halfWidth)) / aa));
}

/**
 * The road's cover of a box `aa` metres across at signed offset `offset` from the centreline of a road
 * `halfWidth` wide, `end` metres from its nearer end (+ inside, − past): the surface's share (fraying out
 * past the end: roadEndBlend) and the gravel's (the shoulders, ROAD_SHOULDER_M each side, and the apron
 * past each end, less the surface). With `noise` (the turf's at the point, shared/ground/turfEdge.ts) both
 * fades past an end are ragged up close (roadEndRagged): the 3D shader's terrainRoadCover (roadPaintShader.ts),
 * which from a pixel of ROAD_END_PLAIN_FROM on is the plain cover. Without, the plain cover: the engine
 * masks' road and shoulder sources at each vertex with `aa` its cell (roadCoverWeights).
 */
export function roadCoverAt(offset: number, halfWidth: number, end: number, aa: number, noise?: number): { surface: number; gravel: number } {
  const blend = end >= 0 ? null : roadEndBlend(end);
  if (blend && noise !== undefined) {
    blend.surface = roadEndRagged(blend.surface, noise, aa);
    blend.apron = roadEndRagged(blend.apron, noise, aa);
  }
  const surface = (blend ? blend.surface : 1) * roadBand(offset, halfWidth, aa);
  const gravel = (blend ? blend.apron : 1) * roadBand(offset, halfWidth + ROAD_SHOULDER_M, aa);
  return { surface, gravel: Math.max(gravel - surface, 0) };
}

export interface RoadPaint {
  /** Texels across x and z. */
  width: number;
  depth: number;
  /** RGBA per texel, rows along x, row 0 at the smallest z. */
  texels: Float32Array;
  /** uv = (x · scaleX + offsetX, z · scaleZ + offsetZ): world metres to texel centres. */
  transform: [number, number, number, number];
  /**
   * Metres the end distance is held to inside the road (two texels); past an end it is held to
   * −(`endCap` + ROAD_APRON_M). It is linear over every texel a pixel near an end or on its apron mixes,
   * so the filtered distance is exact there and the end is a straight line across the road.
   */
  endCap: number;
}

/**
 * For every vertex of `box` (on `grid`) within a road's reach, the nearest road's point: `visit` gets the
 * vertex's index in the box (row-major), the signed offset from that road's centreline, its half-width
 * there, the distance from its nearer end (along the road inside it, minus the distance past it:
 * linear across each end's line) and its surface. A vertex past a road's end (its apron) yields to any
 * road it lies along. The paint's texels and the engine masks' vertices are both found here.
 */
export function eachNearestRoad(
  roads: readonly PaintedRoad[],
  grid: GroundSize,
  box: Rect,
  reachOf: (line: Centreline) => number,
  visit: (t: number, offset: number, half: number, end: number, surface: RoadSurface) => void,
): void {
  const width = box.i1 - box.i0;
  const nearest = new Float32Array(width * (box.j1 - box.j0)).fill(Infinity);
  for (const { line, surface } of roads) {
    const field = nearestField(line, reachOf(line), grid, box);
    if (!field) continue;
    const { region, dist, station, d, beyond } = field;
    const rw = region.i1 - region.i0;
    const last = line.n - 1;
    for (let j = region.j0; j < region.j1; j++) {
      for (let i = region.i0; i < region.i1; i++) {
        const q = (j - region.j0) * rw + (i - region.i0);
        const r = beyond[q] > 0 ? dist[q] + PAST_END_RANK : dist[q];
        const t = (j - box.j0) * width + (i - box.i0);
        if (!(r < nearest[t])) continue;
        nearest[t] = r;
        const st = station[q];
        const a = Math.floor(st);
        const b = a < last ? a + 1 : last;
        const half = (line.width[a] + (line.width[b] - line.width[a]) * (st - a)) / 2;
        // The distance from the nearer end, along the road inside it and minus the distance past it:
        // linear across each end's line (both are the distance along the end piece's direction), so the
        // filtered value crosses 0 on that line and the road ends square and sharp.
        const past = beyond[q];
        visit(t, d[q], half, past > 0 ? -past : Math.min(st, last - st) * line.ds, surface);
      }
    }
  }
}

/** The widest a centreline gets, metres. */
function widestOf(line: Centreline): number {
  let widest = 0;
  for (let k = 0; k < line.n; k++) widest = Math.max(widest, line.width[k]);
  return widest;
}

/**
 * The roads' cover at every vertex of a map of `size` (roadCoverAt over the vertex's cell, of the
 * nearest road as the paint finds it): `surface` the road surface's share, `gravel` the shoulders' and
 * end aprons'. The engine masks' road and shoulder sources; null when there are no roads.
 */
export function roadCoverWeights(roads: readonly PaintedRoad[], size: GroundSize): { surface: Float32Array; gravel: Float32Array } | null {
  if (roads.length === 0) return null;
  const n = size.width * size.depth;
  const surface = new Float32Array(n);
  const gravel = new Float32Array(n);
  const aa = size.cellSize;
  const box = { i0: 0, j0: 0, i1: size.width, j1: size.depth };
  eachNearestRoad(
    roads,
    size,
    box,
    (line) => roadPaintReach(widestOf(line), aa),
    (t, offset, half, end) => {
      const cover = roadCoverAt(offset, half, end, aa);
      surface[t] = cover.surface;
      gravel[t] = cover.gravel;
    },
  );
  return { surface, gravel };
}

/**
 * Paints `roads` (centrelines on a map of `size`); null when there are none. Texels are `cellSize`
 * apart (the map's cells), coarser when the roads' box would need more than MAX_ROAD_PAINT_TEXELS along a side.
 */
export function paintRoads(roads: readonly PaintedRoad[], size: GroundSize, maxTexels = MAX_ROAD_PAINT_TEXELS): RoadPaint | null {
  if (roads.length === 0) return null;
  const extentX = (size.width - 1) * size.cellSize;
  const extentZ = (size.depth - 1) * size.cellSize;
  const reachOf = (line: Centreline, texel: number) => roadPaintReach(widestOf(line), texel);
  let texel = size.cellSize;
  let grid: GroundSize;
  let box: Rect;
  for (;;) {
    // A grid of this texel centred on the map's centre (as the map's own vertices are).
    grid = { width: 2 * Math.ceil(extentX / 2 / texel) + 1, depth: 2 * Math.ceil(extentZ / 2 / texel) + 1, cellSize: texel };
    box = { i0: Infinity, j0: Infinity, i1: -Infinity, j1: -Infinity };
    for (const { line } of roads) {
      const reach = reachOf(line, texel);
      for (let k = 0; k < line.n; k++) {
        box.i0 = Math.min(box.i0, Math.floor((line.x[k] - reach) / texel + (grid.width - 1) / 2));
        box.i1 = Math.max(box.i1, Math.ceil((line.x[k] + reach) / texel + (grid.width - 1) / 2) + 1);
        box.j0 = Math.min(box.j0, Math.floor((line.z[k] - reach) / texel + (grid.depth - 1) / 2));
        box.j1 = Math.max(box.j1, Math.ceil((line.z[k] + reach) / texel + (grid.depth - 1) / 2) + 1);
      }
    }
    box = { i0: Math.max(0, box.i0), j0: Math.max(0, box.j0), i1: Math.min(grid.width, box.i1), j1: Math.min(grid.depth, box.j1) };
    if (box.i1 <= box.i0 || box.j1 <= box.j0) return null;
    if (Math.max(box.i1 - box.i0, box.j1 - box.j0) <= maxTexels) break;
    texel *= Math.max(box.i1 - box.i0, box.j1 - box.j0) / maxTexels + 0.01;
  }
  const width = box.i1 - box.i0;
  const depth = box.j1 - box.j0;
  const texels = new Float32Array(width * depth * ROAD_PAINT_CHANNELS);
  for (let t = 2; t < texels.length; t += ROAD_PAINT_CHANNELS) texels[t] = ROAD_PAINT_NONE;
  const endCap = Math.fround(2 * texel);
  const pastCap = endCap + ROAD_APRON_M;
  eachNearestRoad(
    roads,
    grid,
    box,
    (line) => reachOf(line, texel),
    (t, offset, half, inside, surface) => {
      const o = t * ROAD_PAINT_CHANNELS;
      texels[o] = offset;
      texels[o + 1] = half;
      texels[o + 2] = Math.max(-pastCap, Math.min(endCap, inside));
      texels[o + 3] = surface === 'gravel' ? 1 : 0;
    },
  );
  const ci = (grid.width - 1) / 2;
  const cj = (grid.depth - 1) / 2;
  // Texel (i − box.i0) has its centre at u = (i − box.i0 + ½) / width and world x = (i − ci) · texel.
  const transform: [number, number, number, number] = [1 / (texel * width), (ci - box.i0 + 0.5) / width, 1 / (texel * depth), (cj - box.j0 + 0.5) / depth];
  return { width, depth, texels, transform, endCap };
}
