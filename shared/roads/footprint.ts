/**
 * The road's footprint on the grid: for every vertex near the centreline, its nearest point on the
 * centreline (station, signed lateral offset, distance beyond either end), found by visiting each
 * piece of the centreline's oriented box of half-width `reach` row by row; then the cross-section
 * and shoulders written from it. Vertices the road does not reach are never written, so they keep
 * the input's bytes.
 */
import { smoothstep01 } from '../smoothstep';
import type { Rect } from '../terrain/gridRect';
import type { Centreline } from './centreline';
import { abutmentStations } from './crossings';
import type { FittedRoad } from './fittedRoad';
import { levelShoulderWidth, shoulderReach, widestOf, type RoadParams } from './params';
import type { GroundSize } from './profile';

/** Nearest centreline point of each vertex of `region` (row-major over the region); dist is Infinity where farther than the reach. */
export interface NearestField {
  region: Rect;
  dist: Float64Array;
  /** Fractional station (k + t). */
  station: Float64Array;
  /** Signed lateral offset, metres (+ = left of travel). */
  d: Float64Array;
  /** Metres past the first or last station (0 along the road). */
  beyond: Float64Array;
}

/** How far from the centreline the road can change anything on a grid of `cellSize`, metres. */
export function roadReach(p: RoadParams, cellSize: number): number {
  return widestOf(p) / 2 + levelShoulderWidth(p, cellSize) + Math.max(shoulderReach(p, p.falloffLeft), shoulderReach(p, p.falloffRight));
}

function clip(a: Rect, b: Rect): Rect | null {
  const r = { i0: Math.max(a.i0, b.i0), j0: Math.max(a.j0, b.j0), i1: Math.min(a.i1, b.i1), j1: Math.min(a.j1, b.j1) };
  return r.i0 < r.i1 && r.j0 < r.j1 ? r : null;
}

/** Vertex bounds of the centreline grown by `reach`, clipped to the map; null when empty. */
export function lineBounds(line: Centreline, reach: number, size: GroundSize): Rect | null {
  let x0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let z1 = -Infinity;
  for (let k = 0; k < line.n; k++) {
    x0 = Math.min(x0, line.x[k]);
    x1 = Math.max(x1, line.x[k]);
    z0 = Math.min(z0, line.z[k]);
    z1 = Math.max(z1, line.z[k]);
  }
  const ci = (size.width - 1) / 2;
  const cj = (size.depth - 1) / 2;
  const s = size.cellSize;
  const r = {
    i0: Math.max(0, Math.floor((x0 - reach) / s + ci)),
    i1: Math.min(size.width, Math.ceil((x1 + reach) / s + ci) + 1),
    j0: Math.max(0, Math.floor((z0 - reach) / s + cj)),
    j1: Math.min(size.depth, Math.ceil((z1 + reach) / s + cj) + 1),
  };
  return r.i0 < r.i1 && r.j0 < r.j1 ? r : null;
}

/** Range of dx where lo ≤ a·dx + b ≤ hi, intersected with [lo0, hi0]. */
function slab(a: number, b: number, lo: number, hi: number, range: [number, number]): void {
  if (Math.abs(a) < 1e-12) {
    if (b < lo || b > hi) range[1] = -Infinity;
    return;
  }
  const t1 = (lo - b) / a;
  const t2 = (hi - b) / a;
  range[0] = Math.max(range[0], Math.min(t1, t2));
  range[1] = Math.min(range[1], Math.max(t1, t2));
}

let scratch: Float64Array[] = [];
function buffers(count: number): Float64Array[] {
  if (scratch.length === 0 || scratch[0].length < count) scratch = [0, 1, 2, 3].map(() => new Float64Array(Math.max(count, 1024)));
  return scratch;
}

/**
 * The nearest centreline point of every vertex of `rect` within `reach`. The arrays are shared
 * scratch space, valid until the next call.
 */
export function nearestField(line: Centreline, reach: number, size: GroundSize, rect: Rect): NearestField | null {
  const box = lineBounds(line, reach, size);
  const region = box && clip(box, rect);
  if (!region) return null;
  const rw = region.i1 - region.i0;
  const count = rw * (region.j1 - region.j0);
  const [dist, station, d, beyond] = buffers(count);
  dist.fill(Infinity, 0, count);
  const ci = (size.width - 1) / 2;
  const cj = (size.depth - 1) / 2;
  const s = size.cellSize;
  const n = line.n;
  const range: [number, number] = [0, 0];
  // The centreline in pieces of `step` stations (about two cells: a piece's chord is within a few
  // millimetres of the stations it spans on any bend a car can take), each piece's box visited once.
  const step = Math.max(1, Math.min(16, Math.round((2 * s) / line.ds)));
  const ends: number[] = [];
  for (let k = 0; k < n - 1; k += step) ends.push(k);
  ends.push(n - 1);
  const pieces = ends.length - 1;
  const dirX = new Float64Array(pieces);
  const dirZ = new Float64Array(pieces);
  for (let p = 0; p < pieces; p++) {
    const ex = line.x[ends[p + 1]] - line.x[ends[p]];
    const ez = line.z[ends[p + 1]] - line.z[ends[p]];
    const len = Math.sqrt(ex * ex + ez * ez) || 1;
    dirX[p] = ex / len;
    dirZ[p] = ez / len;
  }
  // How far past a joint a piece's box reaches to cover the wedge the turn there leaves on its outer side.
  const wedge = (a: number, b: number) => {
    const sin = Math.abs(dirX[a] * dirZ[b] - dirZ[a] * dirX[b]);
    const cos = dirX[a] * dirX[b] + dirZ[a] * dirZ[b];
    return cos <= 0 ? reach : Math.min(reach, (reach * sin) / cos) + s;
  };
  for (let p = 0; p < pieces; p++) {
    const k = ends[p];
    const kEnd = ends[p + 1];
    const ax = line.x[k];
    const az = line.z[k];
    const ex = line.x[kEnd] - ax;
    const ez = line.z[kEnd] - az;
    const len = Math.sqrt(ex * ex + ez * ez);
    if (len === 0) continue;
    const ux = ex / len;
    const uz = ez / len;
    const span = kEnd - k;
    // Left of travel: (uz, −ux). Past the road's own ends, the box reaches a full reach.
    const before = p === 0 ? reach : wedge(p - 1, p);
    const after = p === pieces - 1 ? reach : wedge(p, p + 1);
    // Rows between the lowest and highest corner of the box (z = az + uz·along − ux·across).
    const zAlong = [uz * -before, uz * (len + after)];
    const zLo = az + Math.min(zAlong[0], zAlong[1]) - Math.abs(ux) * reach;
    const zHi = az + Math.max(zAlong[0], zAlong[1]) + Math.abs(ux) * reach;
    const j0 = Math.max(region.j0, Math.floor(zLo / s + cj));
    const j1 = Math.min(region.j1, Math.ceil(zHi / s + cj) + 1);
    for (let j = j0; j < j1; j++) {
      const dz = (j - cj) * s - az;
      range[0] = -Infinity;
      range[1] = Infinity;
      slab(ux, dz * uz, -before, len + after, range);
      slab(uz, -dz * ux, -reach, reach, range);
      if (!(range[0] <= range[1])) continue;
      const i0 = Math.max(region.i0, Math.floor((range[0] + ax) / s + ci));
      const i1 = Math.min(region.i1, Math.ceil((range[1] + ax) / s + ci) + 1);
      const row = (j - region.j0) * rw - region.i0;
      for (let i = i0; i < i1; i++) {
        const dx = (i - ci) * s - ax;
        const along = dx * ux + dz * uz;
        const across = dx * uz - dz * ux;
        let st: number;
        let dd: number;
        let past = 0;
        if (along < 0) {
          st = k;
          if (p === 0) {
            dd = across;
            past = -along;
          } else dd = (across >= 0 ? 1 : -1) * Math.sqrt(along * along + across * across);
        } else if (along > len) {
          st = kEnd;
          if (p === pieces - 1) {
            dd = across;
            past = along - len;
          } else {
            const a = along - len;
            dd = (across >= 0 ? 1 : -1) * Math.sqrt(a * a + across * across);
          }
        } else {
          st = k + (along / len) * span;
          dd = across;
        }
        const r = past === 0 ? Math.abs(dd) : Math.sqrt(dd * dd + past * past);
        const q = row + i;
        if (r < reach && r < dist[q]) {
          dist[q] = r;
          station[q] = st;
          d[q] = dd;
          beyond[q] = past;
        }
      }
    }
  }
  return { region, dist, station, d, beyond };
}

/**
 * Visits every vertex of `rect` the road changes: `h` is its new height, `onSurface` true on the
 * road's surface, `e` metres past the edge in the shoulder, `station` its nearest (fractional) station.
 */
export function visitRoad(
  fitted: FittedRoad,
  input: Float32Array,
  size: GroundSize,
  rect: Rect,
  visit: (k: number, h: number, e: number, onSurface: boolean, station: number) => void,
): void {
  const p = fitted.params;
  const field = nearestField(fitted.line, roadReach(p, size.cellSize), size, rect);
  if (!field) return;
  const { region, dist, station, d, beyond } = field;
  const { y, tanBank } = fitted;
  const width = fitted.line.width;
  const last = fitted.line.n - 1;
  const tanLimit = Math.tan((p.slopeLimitDeg * Math.PI) / 180);
  const reachLeft = shoulderReach(p, p.falloffLeft);
  const reachRight = shoulderReach(p, p.falloffRight);
  // Level shoulders: the surface's plane continued this far past its edges and ends (past an end
  // along the end's grade), the blend to the ground starting there.
  const level = levelShoulderWidth(p, size.cellSize);
  const ds = fitted.line.ds;
  const gradeFirst = last > 0 ? (y[0] - y[1]) / ds : 0;
  const gradeLast = last > 0 ? (y[last] - y[last - 1]) / ds : 0;
  const rw = region.i1 - region.i0;
  // Under a bridge's deck the land stays as it was where it lies below the road; the road still writes
  // its abutments, a few cells past each end's station, so the deck's ends lie on written road.
  const inward = abutmentStations(fitted.line, size.cellSize);
  const open = fitted.bridges.map((s) => ({ a: s.a + inward, b: s.b - inward })).filter((s) => s.b > s.a);
  for (let j = region.j0; j < region.j1; j++) {
    const rowQ = (j - region.j0) * rw - region.i0;
    const rowK = j * size.width;
    for (let i = region.i0; i < region.i1; i++) {
      const q = rowQ + i;
      if (dist[q] === Infinity) continue;
      // Station values interpolated linearly between the two stations around the vertex's.
      const st = station[q];
      // Under a deck the land is never filled, only cut where it stands above the road (a deck does not pass through a hill).
      const underDeck = open.length > 0 && open.some((s) => st > s.a && st < s.b);
      const a = Math.floor(st);
      const b = a < last ? a + 1 : last;
      const t = st - a;
      const centre = y[a] + (y[b] - y[a]) * t;
      const tan = tanBank[a] + (tanBank[b] - tanBank[a]) * t;
      const half = (width[a] + (width[b] - width[a]) * t) / 2;
      const dd = d[q];
      const k = rowK + i;
      const past = beyond[q];
      const abs = dd < 0 ? -dd : dd;
      if (past === 0 && abs <= half) {
        const h = centre - dd * tan;
        if (!underDeck || input[k] > h) visit(k, h, 0, true, st);
        continue;
      }
      const out = abs > half ? abs - half : 0;
      const e = past === 0 ? out : Math.sqrt(out * out + past * past);
      const left = dd >= 0;
      const falloff = left ? p.falloffLeft : p.falloffRight;
      let edge: number;
      let blend = e;
      if (level > 0) {
        // On the plane (the level shoulder) up to `level` past the edge and the end; the blend starts there.
        const rim = half + level;
        const centreOn = past === 0 ? centre : centre + (st < last / 2 ? gradeFirst : gradeLast) * Math.min(past, level);
        edge = centreOn - (dd > rim ? rim : dd < -rim ? -rim : dd) * tan;
        const outLevel = abs > rim ? abs - rim : 0;
        const pastLevel = past > level ? past - level : 0;
        if (outLevel === 0 && pastLevel === 0) {
          if (!underDeck || input[k] > edge) visit(k, edge, e, false, st);
          continue;
        }
        blend = pastLevel === 0 ? outLevel : Math.sqrt(outLevel * outLevel + pastLevel * pastLevel);
      } else edge = centre - (abs <= half ? dd : left ? half : -half) * tan;
      const delta = input[k] - edge;
      // The shoulder is a smoothstep from the edge to the ground, long enough that its steepest
      // part (1.5 × rise / run) is no steeper than the slope limit, and at least the falloff.
      const run = Math.min(left ? reachLeft : reachRight, Math.max(falloff, (1.5 * (delta < 0 ? -delta : delta)) / tanLimit));
      if (!(blend < run)) continue;
      const h = edge + delta * smoothstep01(blend / run);
      if (!underDeck || input[k] > h) visit(k, h, e, false, st);
    }
  }
}

/** Writes the road into `out` over `rect` (out already holds the input there). */
export function shapeRoad(fitted: FittedRoad, input: Float32Array, out: Float32Array, size: GroundSize, rect: Rect): void {
  visitRoad(fitted, input, size, rect, (k, h) => {
    out[k] = h;
  });
}
