/**
 * The road's longitudinal profile, fitted to the ground along the centreline:
 * 1. the ground under each station (the exact surface of the heights the road receives);
 * 2. grade clamp: the mid-line between the highest profile of grade ≤ G that stays under the ground
 *    and the lowest that stays over it (two passes each, O(n)); it is the ground itself wherever the
 *    ground is no steeper than G, and never steeper than G (a mean of two G-Lipschitz profiles);
 * 3. vertical curves: a moving average over `verticalCurve` metres (ends held level), which turns
 *    every change of grade into a parabolic vertical curve of that length — no kinks — and, being a
 *    mean of shifted copies, never makes the grade steeper.
 * With `endsOnGround` (roads drawn since it exists; absent in older projects, whose profile stays the
 * one above): the first and last stations are the ground's exact height there, as a designer clicked
 * them. Between step 2 and 3 the mid-line is clamped into the band of profiles of grade ≤ G through
 * both end points (it leaves each end at most at G towards the mid-line), and the moving average
 * extends the profile past each end by its point reflection about the end point instead of holding it
 * level (so the mean at an end is the end's height, and the grade still never gets steeper). Where the
 * ends lie further apart in height than G allows over the road's length, the ends win: the limit is
 * raised to the least grade that joins them (the profile is the straight ramp between them), and the
 * road report flags its segments `grade` as any grade past the maximum; a road that stops short of
 * where it was drawn, or ends on a wall, is no road, while a too-steep one is one the designer sees
 * flagged and fixes by moving a point or raising the grade.
 * Then the bank of each station: per-point bank, else the road's, else auto (atan(v²κ / g), capped at
 * the standard's e_max and at maxBankDeg).
 */
import { heightAtAnyPoint } from '../terrain/surface';
import type { Centreline } from './centreline';
import type { RoadParams } from './params';

export interface GroundSize {
  width: number;
  depth: number;
  cellSize: number;
}

const G = 9.81;

/** Ground height under each station (points just outside the map read its edge). */
export function groundAlong(line: Centreline, heights: Float32Array, size: GroundSize): Float64Array {
  const field = { width: size.width, depth: size.depth, cellSize: size.cellSize, heights };
  const hx = ((size.width - 1) / 2) * size.cellSize;
  const hz = ((size.depth - 1) / 2) * size.cellSize;
  const out = new Float64Array(line.n);
  for (let k = 0; k < line.n; k++) out[k] = heightAtAnyPoint(field, Math.max(-hx, Math.min(hx, line.x[k])), Math.max(-hz, Math.min(hz, line.z[k])));
  return out;
}

/**
 * Steps 2 and 3 above: the profile for ground samples `ds` apart, grade ≤ maxGradePct, vertical curves
 * of `curve` metres; with `endsOnGround`, its first and last values are the ground's there.
 */
export function fitProfile(ground: Float64Array, ds: number, maxGradePct: number, curve: number, endsOnGround = false): Float64Array {
  const n = ground.length;
  const step = (maxGradePct / 100) * ds;
  const upper = Float64Array.from(ground);
  const lower = Float64Array.from(ground);
  for (let k = 1; k < n; k++) {
    upper[k] = Math.max(upper[k], upper[k - 1] - step);
    lower[k] = Math.min(lower[k], lower[k - 1] + step);
  }
  for (let k = n - 2; k >= 0; k--) {
    upper[k] = Math.max(upper[k], upper[k + 1] - step);
    lower[k] = Math.min(lower[k], lower[k + 1] + step);
  }
  const mid = new Float64Array(n);
  for (let k = 0; k < n; k++) mid[k] = (upper[k] + lower[k]) / 2;
  const m = Math.round(curve / (2 * ds));
  if (!endsOnGround || n < 2) return movingAverage(mid, m);
  const first = ground[0];
  const last = ground[n - 1];
  // The least grade (metres a station) that lets both ends meet the ground: the limit where it can hold.
  const slope = endGrade(ground, step);
  for (let k = 0; k < n; k++) {
    const low = Math.max(first - slope * k, last - slope * (n - 1 - k));
    const high = Math.min(first + slope * k, last + slope * (n - 1 - k));
    mid[k] = Math.min(Math.max(mid[k], low), high);
  }
  const out = movingAverage(mid, m, 'reflected');
  out[0] = first;
  out[n - 1] = last;
  return out;
}

/** The grade (metres a station) an ends-on-ground profile keeps: `step`, or the least that joins the ends if steeper. */
export function endGrade(ground: Float64Array, step: number): number {
  const n = ground.length;
  return n < 2 ? step : Math.max(step, Math.abs(ground[n - 1] - ground[0]) / (n - 1));
}

/** values[k] for any k, the values extended past each end by their point reflection about the end value. */
function reflectedAt(values: Float64Array, k: number): number {
  const last = values.length - 1;
  let offset = 0;
  let sign = 1;
  while (k < 0 || k > last) {
    const about = k < 0 ? values[0] : values[last];
    offset += sign * 2 * about;
    sign = -sign;
    k = k < 0 ? -k : 2 * last - k;
  }
  return offset + sign * values[k];
}

/**
 * Mean over 2m+1 samples; m = 0 is a copy. Beyond the first and last sample the ends are held level
 * (`level`), or the values go on as their point reflection about the end value (`reflected`: the mean
 * at an end is the end's value, and a profile of grade ≤ G stays so).
 */
export function movingAverage(values: Float64Array, m: number, ends: 'level' | 'reflected' = 'level'): Float64Array {
  const n = values.length;
  if (m <= 0 || n < 2) return Float64Array.from(values);
  const base = values[0];
  // Prefix sums of (value − first value), so the sums stay small.
  const prefix = new Float64Array(n + 2 * m + 1);
  for (let q = 0; q < n + 2 * m; q++) {
    const k = q - m;
    const value = k >= 0 && k < n ? values[k] : ends === 'level' ? values[k < 0 ? 0 : n - 1] : reflectedAt(values, k);
    prefix[q + 1] = prefix[q] + value - base;
  }
  const out = new Float64Array(n);
  const width = 2 * m + 1;
  for (let k = 0; k < n; k++) out[k] = base + (prefix[k + width] - prefix[k]) / width;
  return out;
}

/**
 * The fix for a profile that breaks its limits (crests that launch the car, kinks): the same fit with
 * vertical curves `factor` times longer. Pure: returns new params.
 */
export function smoothProfile(p: RoadParams, factor = 2): RoadParams {
  return { ...p, verticalCurve: Math.min(2000, Math.max(p.verticalCurve * factor, p.verticalCurve + 20)) };
}

/** Bank (degrees, + = left side lower) at each station. */
export function bankAlong(line: Centreline, p: RoadParams): Float64Array {
  const v = p.designSpeedKmh / 3.6;
  const out = new Float64Array(line.n);
  for (let k = 0; k < line.n; k++) {
    let road: number;
    if (p.bank === 'auto') {
      const kappa = line.curvature[k];
      // tan(bank) = v²κ/g balances the bend; the standard caps it at e_max (roads saved before e_max: the degree cap only).
      const tan = Math.min((v * v * Math.abs(kappa)) / G, p.eMaxPct === undefined ? Infinity : p.eMaxPct / 100);
      road = Math.sign(kappa) * Math.min(p.maxBankDeg, (Math.atan(tan) * 180) / Math.PI);
    } else road = p.bank;
    out[k] = Number.isNaN(line.pointBank[k]) ? road : line.pointBank[k];
  }
  // Auto bank follows curvature; a short moving average keeps the surface from twisting abruptly.
  return p.bank === 'auto' ? movingAverage(out, Math.round(5 / line.ds)) : out;
}
