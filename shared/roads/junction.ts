/**
 * Junctions: a road joins the roads below it in the stack (drawn before it) where its first or last
 * point lies on one (a T), and meets at grade every one its centreline crosses. The road below is
 * the through road and keeps its surface: inside its width the joining road writes nothing (the
 * heights it received, bit for bit). The joining road's profile and bank are the through road's
 * surface (its centreline height read on the received heights, and its bank) up to its edge, and go
 * over to the joining road's own over `transition` metres from there, matching height and grade at the
 * edge (joinRoad), so the seam has no step and no kink; its shoulders follow from its edges as
 * anywhere. Past the far side of a through road a joining road's end writes nothing.
 */
import { heightAtAnyPoint } from '../terrain/surface';
import type { Rect } from '../terrain/gridRect';
import type { Centreline } from './centreline';
import { roadReach, visitRoad } from './footprint';
import { centrelineOf, type FittedRoad } from './fittedRoad';
import { roadValuesProblem, widestOf, type RoadParams } from './params';
import { bankAlong, type GroundSize } from './profile';

/** One junction of the road being shaped with a through road below it. */
export interface Junction {
  /** 'end': the road's first or last point lies on the through road; 'cross': their centrelines cross. */
  kind: 'end' | 'cross';
  /** Station of the joining road at the junction, and how many stations either side it reaches. */
  station: number;
  window: number;
  /** How many stations either side its vertices can lie on the through road (its shoulders included). */
  insideWindow: number;
  /** For an end: +1 when the joining road comes from the through road's left, −1 from its right. */
  side: number;
  /** The through road's stations near the junction: position, tangent, half width, centreline height, tan bank. */
  x: Float64Array;
  z: Float64Array;
  tx: Float64Array;
  tz: Float64Array;
  half: Float64Array;
  y: Float64Array;
  tanBank: Float64Array;
  /** Metres from the through road's edge over which the joining road blends to it (at least), and at most. */
  transition: number;
  reach: number;
}

/**
 * Vertical acceleration (m/s²) at the design speed that the change of grade between a through road's
 * surface and the joining road may cause: 0.1 g.
 */
export const JUNCTION_ACCELERATION = 0.981;

/** How far from the through road's edge the joining road blends to it, metres: one vertical curve (at least the road's width, and 8 m). */
export function junctionTransition(p: RoadParams): number {
  return Math.max(p.width, p.verticalCurve, 8);
}

/** The longest transition, in transitions. */
const JUNCTION_REACH = 2;

interface Hit {
  kind: 'end' | 'cross';
  station: number;
  aStation: number;
}

/** Nearest station of `line` to (x, z), brute force. */
function nearestStation(line: Centreline, x: number, z: number): { k: number; dist: number } {
  let k = 0;
  let best = Infinity;
  for (let q = 0; q < line.n; q++) {
    const d = (line.x[q] - x) ** 2 + (line.z[q] - z) ** 2;
    if (d < best) {
      best = d;
      k = q;
    }
  }
  return { k, dist: Math.sqrt(best) };
}

const CHUNK = 32;

function chunkBoxes(line: Centreline): Float64Array {
  const chunks = Math.ceil((line.n - 1) / CHUNK);
  const boxes = new Float64Array(chunks * 4);
  for (let c = 0; c < chunks; c++) {
    let x0 = Infinity;
    let z0 = Infinity;
    let x1 = -Infinity;
    let z1 = -Infinity;
    for (let k = c * CHUNK; k <= Math.min(line.n - 1, (c + 1) * CHUNK); k++) {
      x0 = Math.min(x0, line.x[k]);
      x1 = Math.max(x1, line.x[k]);
      z0 = Math.min(z0, line.z[k]);
      z1 = Math.max(z1, line.z[k]);
    }
    boxes.set([x0, z0, x1, z1], 4 * c);
  }
  return boxes;
}

/** Stations (fractional) where the two centrelines cross, each pair once. */
function crossings(b: Centreline, a: Centreline): { station: number; aStation: number }[] {
  const out: { station: number; aStation: number }[] = [];
  const boxesB = chunkBoxes(b);
  const boxesA = chunkBoxes(a);
  for (let cb = 0; cb < boxesB.length / 4; cb++) {
    for (let ca = 0; ca < boxesA.length / 4; ca++) {
      if (
        boxesB[4 * cb] > boxesA[4 * ca + 2] ||
        boxesA[4 * ca] > boxesB[4 * cb + 2] ||
        boxesB[4 * cb + 1] > boxesA[4 * ca + 3] ||
        boxesA[4 * ca + 1] > boxesB[4 * cb + 3]
      )
        continue;
      for (let i = cb * CHUNK; i < Math.min(b.n - 1, (cb + 1) * CHUNK); i++) {
        const px = b.x[i];
        const pz = b.z[i];
        const rx = b.x[i + 1] - px;
        const rz = b.z[i + 1] - pz;
        for (let j = ca * CHUNK; j < Math.min(a.n - 1, (ca + 1) * CHUNK); j++) {
          const qx = a.x[j];
          const qz = a.z[j];
          const sx = a.x[j + 1] - qx;
          const sz = a.z[j + 1] - qz;
          const denom = rx * sz - rz * sx;
          if (Math.abs(denom) < 1e-12) continue;
          const t = ((qx - px) * sz - (qz - pz) * sx) / denom;
          const u = ((qx - px) * rz - (qz - pz) * rx) / denom;
          // Half-open on both: a crossing exactly at a station counts once.
          if (t >= 0 && t < 1 && u >= 0 && u < 1) out.push({ station: i + t, aStation: j + u });
        }
      }
    }
  }
  return out;
}

/**
 * The junctions of the road (`line`, `p`) with the roads below it, on the heights it receives.
 * `below`: the params of the enabled roads under it, bottom first; invalid ones are skipped.
 */
export function findJunctions(line: Centreline, p: RoadParams, below: readonly RoadParams[], input: Float32Array, size: GroundSize): Junction[] {
  const junctions: Junction[] = [];
  const transition = junctionTransition(p);
  const reach = JUNCTION_REACH * transition;
  const field = { ...size, heights: input };
  const hx = ((size.width - 1) / 2) * size.cellSize;
  const hz = ((size.depth - 1) / 2) * size.cellSize;
  const halfB = widestOf(p) / 2;
  const reachB = roadReach(p, size.cellSize);
  for (const through of below) {
    if (roadValuesProblem(through)) continue;
    let a: Centreline;
    try {
      a = centrelineOf(through, size.cellSize);
    } catch {
      continue;
    }
    const hits: Hit[] = [];
    for (const end of [0, line.n - 1]) {
      const near = nearestStation(a, line.x[end], line.z[end]);
      if (near.dist <= a.width[near.k] / 2) hits.push({ kind: 'end', station: end, aStation: near.k });
    }
    for (const c of crossings(line, a)) {
      // A crossing inside a joined end's zone is that junction.
      const reach = (a.width[Math.round(c.aStation)] / 2 + transition) / line.ds;
      if (hits.some((h) => h.kind === 'end' && Math.abs(h.station - c.station) <= reach)) continue;
      hits.push({ kind: 'cross', ...c });
    }
    if (hits.length === 0) continue;
    const bank = bankAlong(a, through).map((deg) => Math.tan((deg * Math.PI) / 180));
    for (const hit of hits) {
      const ka = Math.round(hit.aStation);
      const kb = Math.round(hit.station);
      const halfA = a.width[ka] / 2;
      const sin = Math.abs(line.tx[kb] * a.tz[ka] - line.tz[kb] * a.tx[ka]);
      // Along the joining road: the through road's width and the transition at this angle, and its own half width.
      const along = (halfA + reach) / Math.max(sin, 0.25) + halfB + 2 * size.cellSize;
      // Along the through road: as far as the joining road's stations there can reach sideways.
      const reachA = along + halfB + reach;
      const a0 = Math.max(0, Math.floor(ka - reachA / a.ds));
      const a1 = Math.min(a.n - 1, Math.ceil(ka + reachA / a.ds));
      const count = a1 - a0 + 1;
      const j: Junction = {
        kind: hit.kind,
        station: hit.station,
        window: along / line.ds,
        insideWindow: Math.min(along, (halfA + size.cellSize + reachB * Math.sqrt(Math.max(0, 1 - sin * sin))) / Math.max(sin, 0.25) + halfB) / line.ds,
        side: 1,
        x: a.x.slice(a0, a1 + 1),
        z: a.z.slice(a0, a1 + 1),
        tx: a.tx.slice(a0, a1 + 1),
        tz: a.tz.slice(a0, a1 + 1),
        half: a.width.slice(a0, a1 + 1).map((w) => w / 2),
        y: new Float64Array(count),
        tanBank: bank.slice(a0, a1 + 1),
        transition,
        reach,
      };
      for (let k = 0; k < count; k++) j.y[k] = heightAtAnyPoint(field, Math.max(-hx, Math.min(hx, j.x[k])), Math.max(-hz, Math.min(hz, j.z[k])));
      if (hit.kind === 'end') {
        // The side the road comes from: where its centreline is beyond the through road's edge.
        const inward = Math.min(line.n - 1, Math.round((halfA + transition) / line.ds));
        const kIn = hit.station === 0 ? inward : Math.max(0, line.n - 1 - inward);
        const d = (line.x[kIn] - a.x[ka]) * a.tz[ka] - (line.z[kIn] - a.z[ka]) * a.tx[ka];
        j.side = d < 0 ? -1 : 1;
      }
      junctions.push(j);
    }
  }
  return junctions;
}

const COARSE = 8;

/** Nearest point of the junction's through-road stations to (x, z): fractional index and signed offset (+ left). */
function onThrough(j: Junction, x: number, z: number): { s: number; d: number } {
  const n = j.x.length;
  // Coarse to fine: every COARSE-th station, then the stations around the nearest of those (the
  // through road turns little over COARSE stations: a few metres).
  let k = 0;
  let best = Infinity;
  for (let q = 0; q < n; q += COARSE) {
    const dd = (j.x[q] - x) ** 2 + (j.z[q] - z) ** 2;
    if (dd < best) {
      best = dd;
      k = q;
    }
  }
  const from = Math.max(0, k - 2 * COARSE);
  const to = Math.min(n - 1, k + 2 * COARSE);
  for (let q = from; q <= to; q++) {
    const dd = (j.x[q] - x) ** 2 + (j.z[q] - z) ** 2;
    if (dd < best) {
      best = dd;
      k = q;
    }
  }
  // Refine on the two pieces either side of the nearest station.
  let s = k;
  let bestD = best;
  for (const q of [k - 1, k]) {
    if (q < 0 || q + 1 >= n) continue;
    const ex = j.x[q + 1] - j.x[q];
    const ez = j.z[q + 1] - j.z[q];
    const len2 = ex * ex + ez * ez;
    if (len2 === 0) continue;
    const t = Math.max(0, Math.min(1, ((x - j.x[q]) * ex + (z - j.z[q]) * ez) / len2));
    const px = j.x[q] + ex * t;
    const pz = j.z[q] + ez * t;
    const dd = (px - x) ** 2 + (pz - z) ** 2;
    if (dd <= bestD) {
      bestD = dd;
      s = q + t;
    }
  }
  const a = Math.floor(s);
  const b = Math.min(n - 1, a + 1);
  const t = s - a;
  const tx = j.tx[a] + (j.tx[b] - j.tx[a]) * t;
  const tz = j.tz[a] + (j.tz[b] - j.tz[a]) * t;
  const cx = j.x[a] + (j.x[b] - j.x[a]) * t;
  const cz = j.z[a] + (j.z[b] - j.z[a]) * t;
  return { s, d: (x - cx) * tz - (z - cz) * tx };
}

const lerpAt = (arr: Float64Array, s: number) => {
  const a = Math.floor(s);
  const b = Math.min(arr.length - 1, a + 1);
  return arr[a] + (arr[b] - arr[a]) * (s - a);
};

/** The through road's surface at (x, z), continued past its edges (its centre height less the bank's fall), and the offset past its edge (− inside). */
function throughAt(j: Junction, x: number, z: number): { h: number; outside: number } {
  const { s, d } = onThrough(j, x, z);
  const offset = j.kind === 'end' ? d * j.side : Math.abs(d);
  return { h: lerpAt(j.y, s) - d * lerpAt(j.tanBank, s), outside: offset - lerpAt(j.half, s) };
}

/** Cubic Hermite bases: value 1 → 0 and slope 1 → 0 over t = 0…1, both flat at t = 1. */
const h00 = (t: number) => 2 * t * t * t - 3 * t * t + 1;
const h10 = (t: number) => t * (1 - t) * (1 - t);

/**
 * The fitted road joined to the through roads: inside a through road its profile and bank are the
 * through road's surface (continued across it); from the through road's edge outwards over the
 * transition, the difference in height and in grade at the edge fades out (a cubic Hermite: the
 * profile meets the through road with its height and its grade, and its own at the far end, without a
 * kink), and the bank goes over to its own the same way.
 */
export function joinRoad(fitted: FittedRoad, junctions: readonly Junction[]): FittedRoad {
  if (junctions.length === 0) return fitted;
  const { line } = fitted;
  const y = Float64Array.from(fitted.y);
  const tanBank = Float64Array.from(fitted.tanBank);
  for (const j of junctions) {
    const k0 = Math.max(0, Math.floor(j.station - j.window));
    const k1 = Math.min(line.n - 1, Math.ceil(j.station + j.window));
    const pc = new Float64Array(k1 - k0 + 1);
    const pt = new Float64Array(k1 - k0 + 1);
    const outside = new Float64Array(k1 - k0 + 1);
    for (let k = k0; k <= k1; k++) {
      const half = line.width[k] / 2;
      const lx = line.tz[k];
      const lz = -line.tx[k];
      const centre = throughAt(j, line.x[k], line.z[k]);
      pc[k - k0] = centre.h;
      outside[k - k0] = centre.outside;
      pt[k - k0] = (throughAt(j, line.x[k] - lx * half, line.z[k] - lz * half).h - throughAt(j, line.x[k] + lx * half, line.z[k] + lz * half).h) / (2 * half);
    }
    const own = y.slice();
    // Inside the through road: its surface.
    for (let k = k0; k <= k1; k++) {
      if (outside[k - k0] > 0) continue;
      y[k] = pc[k - k0];
      tanBank[k] = pt[k - k0];
    }
    // Outwards from each edge the road crosses: an end goes one way, a crossing both.
    const kj = Math.max(k0, Math.min(k1, Math.round(j.station)));
    const directions = j.kind === 'cross' ? [1, -1] : [kj === 0 ? 1 : -1];
    const v = fitted.params.designSpeedKmh / 3.6;
    for (const dir of directions) {
      let ks = kj;
      while (ks + dir >= k0 && ks + dir <= k1 && outside[ks - k0] <= 0) ks += dir;
      if (outside[ks - k0] <= 0) continue;
      const prev = Math.max(k0, Math.min(k1, ks - dir));
      const next = Math.max(k0, Math.min(k1, ks + dir));
      // Height and grade (outwards) by which the road differs from the through road at the edge.
      const gap = pc[ks - k0] - own[ks];
      const run = (next - prev) * dir * line.ds;
      const gapGrade = run === 0 ? 0 : (pc[next - k0] - pc[prev - k0] - (own[next] - own[prev])) / run;
      // Long enough that the change of grade (peak curvature 4·gap/L of the Hermite) keeps the vertical
      // acceleration at the design speed within JUNCTION_ACCELERATION, within the junction's reach.
      const length = Math.min(j.reach, Math.max(j.transition, (4 * Math.abs(gapGrade) * v * v) / JUNCTION_ACCELERATION));
      const steps = Math.max(1, Math.round(length / line.ds));
      for (let m = 0; m <= steps; m++) {
        const k = ks + dir * m;
        if (k < 0 || k >= line.n) break;
        const t = m / steps;
        y[k] += gap * h00(t) + gapGrade * length * h10(t);
        if (k >= k0 && k <= k1) tanBank[k] += h00(t) * (pt[k - k0] - tanBank[k]);
      }
    }
  }
  return { ...fitted, y, tanBank };
}

/** Whether the joined road leaves (x, z) to the through road: on its surface, or past it from a joining end. */
function leftToThrough(junctions: readonly Junction[], x: number, z: number, station: number): boolean {
  for (const j of junctions) {
    if (Math.abs(station - j.station) > j.insideWindow) continue;
    if (throughAt(j, x, z).outside <= 0) return true;
  }
  return false;
}

/** Writes the road into `out` over `rect` (out already holds the input there), joined to the roads below at `junctions`. */
export function shapeJoinedRoad(
  fitted: FittedRoad,
  junctions: readonly Junction[],
  input: Float32Array,
  out: Float32Array,
  size: GroundSize,
  rect: Rect,
): void {
  const ci = (size.width - 1) / 2;
  const cj = (size.depth - 1) / 2;
  visitRoad(joinRoad(fitted, junctions), input, size, rect, (k, h, _e, _onSurface, station) => {
    const i = k % size.width;
    const x = (i - ci) * size.cellSize;
    const z = ((k - i) / size.width - cj) * size.cellSize;
    if (!leftToThrough(junctions, x, z, station)) out[k] = h;
  });
}
