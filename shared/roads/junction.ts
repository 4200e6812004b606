/**
 * Junctions: a road joins the roads below it in the stack (drawn before it) where its first or last
 * point lies on one (a T), and meets at grade every one its centreline crosses. The road below is
 * the through road and keeps its surface: inside its width the joining road writes nothing (the
 * heights it received, bit for bit). Beyond the through road's edge the joining road's surface and
 * shoulders blend to the through road's surface continued past its edge (its centreline height, read
 * on the received heights, and its bank), a smoothstep over `transition` metres from the edge, so the
 * seam has no step and no kink. Past the far side of a through road a joining road's end writes
 * nothing either.
 */
import { heightAtAnyPoint } from '../terrain/surface';
import type { Rect } from '../layers/types';
import type { Centreline } from './centreline';
import { visitRoad } from './footprint';
import { centrelineOf, type RoadModel } from './model';
import { roadValuesProblem, type RoadParams } from './params';
import { bankAlong, type GroundSize } from './profile';

/** One junction of the road being shaped with a through road below it. */
export interface Junction {
  /** 'end': the road's first or last point lies on the through road; 'cross': their centrelines cross. */
  kind: 'end' | 'cross';
  /** Station of the joining road at the junction, and how many stations either side it reaches. */
  station: number;
  window: number;
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
  /** Metres from the through road's edge over which the joining road blends to it. */
  transition: number;
}

/** How far from the through road's edge the joining road blends to it, metres. */
export function junctionTransition(p: RoadParams): number {
  return Math.max(p.width, p.verticalCurve / 2, 8);
}

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
      if (boxesB[4 * cb] > boxesA[4 * ca + 2] || boxesA[4 * ca] > boxesB[4 * cb + 2] || boxesB[4 * cb + 1] > boxesA[4 * ca + 3] || boxesA[4 * ca + 1] > boxesB[4 * cb + 3]) continue;
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
  const field = { ...size, heights: input };
  const hx = ((size.width - 1) / 2) * size.cellSize;
  const hz = ((size.depth - 1) / 2) * size.cellSize;
  const halfB = Math.max(...line.width) / 2;
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
      const along = (halfA + transition) / Math.max(sin, 0.25) + halfB + 2 * size.cellSize;
      // Along the through road: as far as the joining road's stations there can reach sideways.
      const reachA = along + halfB + transition;
      const a0 = Math.max(0, Math.floor(ka - reachA / a.ds));
      const a1 = Math.min(a.n - 1, Math.ceil(ka + reachA / a.ds));
      const count = a1 - a0 + 1;
      const j: Junction = {
        kind: hit.kind,
        station: hit.station,
        window: along / line.ds,
        side: 1,
        x: a.x.slice(a0, a1 + 1),
        z: a.z.slice(a0, a1 + 1),
        tx: a.tx.slice(a0, a1 + 1),
        tz: a.tz.slice(a0, a1 + 1),
        half: a.width.slice(a0, a1 + 1).map((w) => w / 2),
        y: new Float64Array(count),
        tanBank: bank.slice(a0, a1 + 1),
        transition,
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

/** Nearest point of the junction's through-road stations to (x, z): fractional index and signed offset (+ left). */
function onThrough(j: Junction, x: number, z: number): { s: number; d: number } {
  const n = j.x.length;
  let k = 0;
  let best = Infinity;
  for (let q = 0; q < n; q++) {
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

const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/**
 * The height the joining road writes at (x, z) — its own `h` there, at its station `station` — given
 * its junctions; null where it must write nothing (the through road's surface, or past it).
 */
export function blendAtJunctions(junctions: readonly Junction[], x: number, z: number, station: number, h: number): number | null {
  let out = h;
  for (const j of junctions) {
    if (Math.abs(station - j.station) > j.window) continue;
    const { s, d } = onThrough(j, x, z);
    const half = lerpAt(j.half, s);
    const offset = j.kind === 'end' ? d * j.side : Math.abs(d);
    if (offset <= half) return null;
    const w = 1 - smoothstep((offset - half) / j.transition);
    if (w <= 0) continue;
    // The through road's surface continued past its edge: its centre height less the bank's fall.
    const target = lerpAt(j.y, s) - d * lerpAt(j.tanBank, s);
    out += w * (target - out);
  }
  return out;
}

/** Writes the road into `out` over `rect` (out already holds the input there), joined to the roads below at `junctions`. */
export function shapeJoinedRoad(model: RoadModel, junctions: readonly Junction[], input: Float32Array, out: Float32Array, size: GroundSize, rect: Rect): void {
  const ci = (size.width - 1) / 2;
  const cj = (size.depth - 1) / 2;
  visitRoad(model, input, size, rect, (k, h, _e, _onSurface, station) => {
    const i = k % size.width;
    const x = (i - ci) * size.cellSize;
    const z = ((k - i) / size.width - cj) * size.cellSize;
    const v = junctions.length === 0 ? h : blendAtJunctions(junctions, x, z, station, h);
    if (v !== null) out[k] = v;
  });
}
