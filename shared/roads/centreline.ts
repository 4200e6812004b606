/**
 * The road's centreline: a centripetal Catmull-Rom spline through the control points (α = ½: no
 * cusps or self-loops inside a segment, no overshoot past sharp turns), sampled at even stations
 * along its length. Each station carries its position, unit tangent, signed curvature (+ = turning
 * left), and the width and per-point bank interpolated between the control points.
 */
import type { RoadParams, RoadPoint } from './params';

export interface Centreline {
  /** Stations 0…n−1, `ds` metres apart; the last is the last control point. */
  n: number;
  ds: number;
  length: number;
  x: Float64Array;
  z: Float64Array;
  /** Unit tangent (direction of travel). Left of travel is (tz, −tx). */
  tx: Float64Array;
  tz: Float64Array;
  /** Signed curvature, 1/m: + turns left. */
  curvature: Float64Array;
  width: Float64Array;
  /** Per-point bank interpolated (degrees), NaN where neither neighbouring point sets one. */
  pointBank: Float64Array;
  /** Station index nearest each control point. */
  pointStations: number[];
}

/** Most stations a centreline has: long roads on fine maps get a coarser spacing. */
export const MAX_STATIONS = 400_000;

/** Station spacing for a map cell size: at most 1 m, and at most half a cell. */
export const stationSpacing = (cellSize: number): number => Math.min(1, cellSize / 2);

interface Dense {
  count: number;
  x: Float64Array;
  z: Float64Array;
  /** Segment index and its parameter at each dense sample. */
  seg: Int32Array;
  u: Float64Array;
  s: Float64Array;
  /** Dense index of each control point. */
  pointIndex: number[];
}

const smooth = (u: number) => u * u * (3 - 2 * u);

/** The spline sampled densely (about `step` apart), with arc length. */
function dense(points: readonly RoadPoint[], step: number): Dense {
  const m = points.length;
  // Phantom end points continue the first and last segments straight.
  const px = (k: number) => (k < 0 ? 2 * points[0].x - points[1].x : k >= m ? 2 * points[m - 1].x - points[m - 2].x : points[k].x);
  const pz = (k: number) => (k < 0 ? 2 * points[0].z - points[1].z : k >= m ? 2 * points[m - 1].z - points[m - 2].z : points[k].z);
  const chords: number[] = [];
  for (let k = 0; k < m - 1; k++) chords.push(Math.sqrt((points[k + 1].x - points[k].x) ** 2 + (points[k + 1].z - points[k].z) ** 2));
  // A hostile road (thousands of points zigzagging across a huge map) is sampled more coarsely rather
  // than without bound: at most about 4 × MAX_STATIONS dense samples.
  const spread = (chords.reduce((a, b) => a + b, 0) * 1.6) / (4 * MAX_STATIONS);
  const sampleStep = Math.max(step, spread);
  const counts: number[] = [];
  let total = 1;
  for (let k = 0; k < m - 1; k++) {
    const count = Math.max(4, Math.ceil((chords[k] * 1.6) / sampleStep));
    counts.push(count);
    total += count;
  }
  const out: Dense = {
    count: total,
    x: new Float64Array(total),
    z: new Float64Array(total),
    seg: new Int32Array(total),
    u: new Float64Array(total),
    s: new Float64Array(total),
    pointIndex: [0],
  };
  out.x[0] = points[0].x;
  out.z[0] = points[0].z;
  let q = 0;
  for (let k = 0; k < m - 1; k++) {
    // Centripetal knots: t_{i+1} = t_i + |P_{i+1} − P_i|^½ (Barry–Goldman pyramid below).
    const x0 = px(k - 1),
      z0 = pz(k - 1),
      x1 = px(k),
      z1 = pz(k),
      x2 = px(k + 1),
      z2 = pz(k + 1),
      x3 = px(k + 2),
      z3 = pz(k + 2);
    const t0 = 0;
    const t1 = t0 + Math.max(1e-9, Math.sqrt(Math.sqrt((x1 - x0) ** 2 + (z1 - z0) ** 2)));
    const t2 = t1 + Math.max(1e-9, Math.sqrt(Math.sqrt((x2 - x1) ** 2 + (z2 - z1) ** 2)));
    const t3 = t2 + Math.max(1e-9, Math.sqrt(Math.sqrt((x3 - x2) ** 2 + (z3 - z2) ** 2)));
    const count = counts[k];
    for (let c = 1; c <= count; c++) {
      const u = c / count;
      let x: number;
      let z: number;
      if (c === count) {
        x = x2;
        z = z2;
      } else {
        const t = t1 + (t2 - t1) * u;
        const a1x = x0 + ((x1 - x0) * (t - t0)) / (t1 - t0),
          a1z = z0 + ((z1 - z0) * (t - t0)) / (t1 - t0);
        const a2x = x1 + ((x2 - x1) * (t - t1)) / (t2 - t1),
          a2z = z1 + ((z2 - z1) * (t - t1)) / (t2 - t1);
        const a3x = x2 + ((x3 - x2) * (t - t2)) / (t3 - t2),
          a3z = z2 + ((z3 - z2) * (t - t2)) / (t3 - t2);
        const b1x = a1x + ((a2x - a1x) * (t - t0)) / (t2 - t0),
          b1z = a1z + ((a2z - a1z) * (t - t0)) / (t2 - t0);
        const b2x = a2x + ((a3x - a2x) * (t - t1)) / (t3 - t1),
          b2z = a2z + ((a3z - a2z) * (t - t1)) / (t3 - t1);
        x = b1x + ((b2x - b1x) * (t - t1)) / (t2 - t1);
        z = b1z + ((b2z - b1z) * (t - t1)) / (t2 - t1);
      }
      q++;
      const dx = x - out.x[q - 1];
      const dz = z - out.z[q - 1];
      out.s[q] = out.s[q - 1] + Math.sqrt(dx * dx + dz * dz);
      out.x[q] = x;
      out.z[q] = z;
      out.seg[q] = k;
      out.u[q] = u;
    }
    out.pointIndex.push(q);
  }
  return out;
}

/** Total length of the spline (metres), for checks before sampling. */
export function splineLength(points: readonly RoadPoint[]): number {
  const d = dense(points, 1);
  return d.s[d.count - 1];
}

/** The centreline of a road with valid values (roadValuesProblem is null), stations about `spacing` apart. */
export function buildCentreline(p: RoadParams, spacing: number): Centreline {
  const points = p.points;
  const d = dense(points, spacing / 2);
  const length = d.s[d.count - 1];
  const segments = Math.max(1, Math.min(MAX_STATIONS - 1, Math.ceil(length / spacing)));
  const n = segments + 1;
  const ds = length / segments;
  const line: Centreline = {
    n,
    ds,
    length,
    x: new Float64Array(n),
    z: new Float64Array(n),
    tx: new Float64Array(n),
    tz: new Float64Array(n),
    curvature: new Float64Array(n),
    width: new Float64Array(n),
    pointBank: new Float64Array(n),
    pointStations: points.map(() => 0),
  };
  let q = 0;
  for (let k = 0; k < n; k++) {
    const s = k === n - 1 ? length : k * ds;
    while (q < d.count - 2 && d.s[q + 1] < s) q++;
    const span = d.s[q + 1] - d.s[q];
    const w = span > 0 ? Math.min(1, Math.max(0, (s - d.s[q]) / span)) : 0;
    line.x[k] = d.x[q] + (d.x[q + 1] - d.x[q]) * w;
    line.z[k] = d.z[q] + (d.z[q + 1] - d.z[q]) * w;
    // The segment and its parameter at this station (the dense sample after q is in segment seg[q+1]).
    const seg = d.seg[q + 1];
    const u0 = d.seg[q] === seg ? d.u[q] : 0;
    const u = smooth(u0 + (d.u[q + 1] - u0) * w);
    const a = points[seg];
    const b = points[seg + 1];
    const wa = a.width ?? p.width;
    const wb = b.width ?? p.width;
    line.width[k] = wa + (wb - wa) * u;
    line.pointBank[k] = a.bank === undefined && b.bank === undefined ? NaN : (a.bank ?? 0) * (1 - u) + (b.bank ?? 0) * u;
  }
  for (const [index, q] of d.pointIndex.entries()) line.pointStations[index] = Math.min(n - 1, Math.round(d.s[q] / ds));
  for (let k = 0; k < n; k++) {
    const a = Math.max(0, k - 1);
    const b = Math.min(n - 1, k + 1);
    const dx = line.x[b] - line.x[a];
    const dz = line.z[b] - line.z[a];
    const len = Math.sqrt(dx * dx + dz * dz) || 1;
    line.tx[k] = dx / len;
    line.tz[k] = dz / len;
  }
  // Curvature from the turn of the tangent over a few stations (left turns positive: the tangent
  // turns towards (tz, −tx)).
  const reach = Math.max(1, Math.round(2 / ds));
  for (let k = 0; k < n; k++) {
    const a = Math.max(0, k - reach);
    const b = Math.min(n - 1, k + reach);
    if (b === a) continue;
    const cross = line.tx[b] * line.tz[a] - line.tz[b] * line.tx[a];
    const dot = line.tx[a] * line.tx[b] + line.tz[a] * line.tz[b];
    line.curvature[k] = Math.atan2(cross, dot) / ((b - a) * ds);
  }
  return line;
}

/** Whether segments ab and cd cross (touching counts; rounding-size offsets count as on the line). */
function segmentsCross(ax: number, az: number, bx: number, bz: number, cx: number, cz: number, dx: number, dz: number): boolean {
  const o = (px: number, pz: number, qx: number, qz: number, rx: number, rz: number) => (qx - px) * (rz - pz) - (qz - pz) * (rx - px);
  const tol = 1e-9 * ((bx - ax) ** 2 + (bz - az) ** 2 + (dx - cx) ** 2 + (dz - cz) ** 2);
  const sign = (v: number) => (v > tol ? 1 : v < -tol ? -1 : 0);
  const d1 = sign(o(cx, cz, dx, dz, ax, az));
  const d2 = sign(o(cx, cz, dx, dz, bx, bz));
  const d3 = sign(o(ax, az, bx, bz, cx, cz));
  const d4 = sign(o(ax, az, bx, bz, dx, dz));
  if (d1 === 0 && d2 === 0) {
    // Collinear: they cross only if their extents overlap.
    const along = Math.abs(bx - ax) >= Math.abs(bz - az);
    const [a0, a1, c0, c1] = along ? [ax, bx, cx, dx] : [az, bz, cz, dz];
    return Math.max(Math.min(a0, a1), Math.min(c0, c1)) <= Math.min(Math.max(a0, a1), Math.max(c0, c1));
  }
  return d1 * d2 <= 0 && d3 * d4 <= 0;
}

/**
 * The first problem with the centreline's geometry on a map of half-extents (hx, hz), or null: two
 * control points in the same place (a zero-length piece), a centreline that leaves the map or crosses
 * itself.
 */
export function centrelineProblem(p: RoadParams, hx: number, hz: number): string | null {
  for (let k = 1; k < p.points.length; k++) {
    const a = p.points[k - 1];
    const b = p.points[k];
    if (Math.hypot(b.x - a.x, b.z - a.z) < 0.01) return `points ${k} and ${k + 1} are in the same place: the centreline has a zero-length piece`;
  }
  for (const [n, point] of p.points.entries()) {
    if (Math.abs(point.x) > hx || Math.abs(point.z) > hz)
      return `point ${n + 1} (${point.x}, ${point.z}) is off the map (x from −${hx} to ${hx} m, z from −${hz} to ${hz} m)`;
  }
  // A coarse polyline (at most ~1000 pieces) is enough to see the spline leave the map or cross itself.
  const length = splineLength(p.points);
  const line = buildCentreline(p, Math.max(1, length / 1000));
  for (let k = 0; k < line.n; k++) {
    if (Math.abs(line.x[k]) > hx + 1e-6 || Math.abs(line.z[k]) > hz + 1e-6)
      return `the centreline leaves the map ${Math.round(k * line.ds)} m along the road (it swings out past a point near the edge)`;
  }
  // Pieces whose boxes (grown by a hair, for the rounding-size offsets segmentsCross counts) do not
  // overlap cannot cross: most pairs end at this test (a drag checks the road on every release).
  const eps = 1e-6;
  for (let a = 0; a < line.n - 1; a++) {
    const ax0 = Math.min(line.x[a], line.x[a + 1]) - eps;
    const ax1 = Math.max(line.x[a], line.x[a + 1]) + eps;
    const az0 = Math.min(line.z[a], line.z[a + 1]) - eps;
    const az1 = Math.max(line.z[a], line.z[a + 1]) + eps;
    for (let b = a + 2; b < line.n - 1; b++) {
      const bx0 = line.x[b] < line.x[b + 1] ? line.x[b] : line.x[b + 1];
      const bx1 = line.x[b] < line.x[b + 1] ? line.x[b + 1] : line.x[b];
      if (bx0 > ax1 || bx1 < ax0) continue;
      const bz0 = line.z[b] < line.z[b + 1] ? line.z[b] : line.z[b + 1];
      const bz1 = line.z[b] < line.z[b + 1] ? line.z[b + 1] : line.z[b];
      if (bz0 > az1 || bz1 < az0) continue;
      if (segmentsCross(line.x[a], line.z[a], line.x[a + 1], line.z[a + 1], line.x[b], line.z[b], line.x[b + 1], line.z[b + 1])) {
        return `the centreline crosses itself (${Math.round(a * line.ds)} m and ${Math.round(b * line.ds)} m along the road)`;
      }
    }
  }
  return null;
}
