import { faultSide, type FaultLine } from './lines';
import { RAMP_QUANTA, rampedDisplacement, ROUNDER, smoothScale } from './profile';
import { DISPLACEMENT_QUANTUM } from './recipe';

/**
 * The smooth-profile lines of a row sweep (internal to the fast formation; see profile.ts for the profile).
 *
 * Why it is exact: t = side · scale is monotone along a row and along a column (every operation of
 * the side value rounds monotonically, and scale > 0), so in each row a line gives a run of −d, a
 * ramp, then a run of +d (or the reverse), and over any rectangle of vertices t is extreme at the
 * corners. Each row adds, through the row's difference array, the ramp's values — computed with the
 * reference's very expression — from the first vertex not in the left run to the first vertex of the
 * right run. Both ends come from estimates of where t = ±1; when an estimate is within rounding
 * distance of a vertex (the tolerance, as in rowSweep.ts) the ends are settled by evaluating t.
 * Every value is a multiple of 2⁻²⁴ no larger than d, and each line adds at most 2|d| to any entry of
 * either difference array, so the step's bound on total displacement keeps all sums exact.
 *
 * Rows are grouped in blocks; a block whose four corners are all in one run is that run throughout
 * (the corner argument above), so it is added in bulk through the difference array over rows, and the
 * line is visited only in the blocks between (for a straight band, one contiguous range of blocks).
 *
 * A line whose t falls as x grows is stored negated — (−a, −b, −c), (−dz, −dx) and −d — which gives
 * exactly −t at every vertex (negation commutes with rounding) and therefore the same values, so
 * one loop per line form serves both directions.
 */

// Module-local copies: an imported binding may be read through a getter (CommonJS interop under
// tsx/vitest), which the JIT does not fold into the hot loops.
const ROUND = ROUNDER;
const QUANTUM = DISPLACEMENT_QUANTUM;

/** Relative rounding allowance of the band-end estimates (as SAFETY in rowSweep.ts: 8192 × spare). */
const SAFETY = 2 ** -40;

/** Side values at most this large cannot overflow to ±∞, so t is never NaN and monotonicity holds. */
const SAFE_MAGNITUDE = 1e300;

interface PlainLine {
  line: FaultLine;
  scale: number;
  d: number;
}

/** Sloped lines of one form, oriented so that t grows with x. */
class SmoothGroup {
  count = 0;
  /** Normal form: a, b, c. Cross: z2 − z1, x2 − x1, z1, x1. */
  readonly p: Float64Array;
  readonly q: Float64Array;
  readonly r: Float64Array;
  readonly s: Float64Array;
  readonly scale: Float64Array;
  readonly d: Float64Array;
  /** d · RAMP_QUANTA, as rampedDisplacement computes it. */
  readonly dq: Float64Array;
  /** Estimated fractional index where the band starts in row j (t = −1): start0 + j · startStep. */
  readonly start0: Float64Array;
  readonly startStep: Float64Array;
  /** Estimated band length in vertex steps (t from −1 to 1): w / (cell · |∂side/∂x| / length). */
  readonly span: Float64Array;
  /**
   * Distance (in vertex steps) from the nearest whole index beyond which both band ends are
   * certainly on the right side of every rounding error, so no vertex need be tested; Infinity to
   * always test.
   */
  readonly tolerance: Float64Array;
  /** First and last row (block-aligned) in which the line is walked. */
  readonly firstRow: Int32Array;
  readonly lastRow: Int32Array;
  readonly active: Int32Array;
  activeCount = 0;

  constructor(capacity: number) {
    this.p = new Float64Array(capacity);
    this.q = new Float64Array(capacity);
    this.r = new Float64Array(capacity);
    this.s = new Float64Array(capacity);
    this.scale = new Float64Array(capacity);
    this.d = new Float64Array(capacity);
    this.dq = new Float64Array(capacity);
    this.start0 = new Float64Array(capacity);
    this.startStep = new Float64Array(capacity);
    this.span = new Float64Array(capacity);
    this.tolerance = new Float64Array(capacity);
    this.firstRow = new Int32Array(capacity);
    this.lastRow = new Int32Array(capacity);
    this.active = new Int32Array(capacity);
  }

  add(
    p: number,
    q: number,
    r: number,
    s: number,
    scale: number,
    d: number,
    start0: number,
    startStep: number,
    span: number,
    tolerance: number,
    firstRow: number,
    lastRow: number,
  ): void {
    const k = this.count++;
    this.p[k] = p;
    this.q[k] = q;
    this.r[k] = r;
    this.s[k] = s;
    this.scale[k] = scale;
    this.d[k] = d;
    this.dq[k] = d * RAMP_QUANTA;
    this.start0[k] = start0;
    this.startStep[k] = startStep;
    this.span[k] = span;
    this.tolerance[k] = tolerance < 0.25 ? tolerance : Infinity;
    this.firstRow[k] = firstRow;
    this.lastRow[k] = lastRow;
  }

  selectActive(j0: number, j1: number): void {
    let n = 0;
    for (let l = 0; l < this.count; l++) if (this.firstRow[l] < j1 && this.lastRow[l] >= j0) this.active[n++] = l;
    this.activeCount = n;
  }
}

export class SmoothRows {
  /** What every vertex of every row gets from lines that leave the whole map in one run. */
  base = 0;
  private readonly xs: Float64Array;
  private readonly zs: Float64Array;
  private readonly normal: SmoothGroup;
  private readonly cross: SmoothGroup;
  /** Lines whose t does not change along a row (a = 0, or z2 = z1): one value per row. */
  private readonly rowConstant: PlainLine[] = [];
  /** Lines so extreme that t might be NaN somewhere: every vertex of every row is evaluated. */
  private readonly dense: PlainLine[] = [];

  /**
   * `rowDelta` is the sweep's difference array over rows, to which lines add their bulk; `widths`
   * are the lines' transition widths (all > 0), `displacements` already quantised and non-zero.
   */
  constructor(
    xs: Float64Array,
    zs: Float64Array,
    cellSize: number,
    blockRows: number,
    lines: readonly FaultLine[],
    displacements: readonly number[],
    widths: readonly number[],
    rowDelta: Float64Array,
  ) {
    this.xs = xs;
    this.zs = zs;
    const width = xs.length;
    const depth = zs.length;
    const halfW = (width - 1) / 2;
    const halfD = (depth - 1) / 2;
    const maxX = Math.abs(xs[0]);
    const maxZ = Math.abs(zs[0]);
    this.normal = new SmoothGroup(lines.length);
    this.cross = new SmoothGroup(lines.length);
    for (let l = 0; l < lines.length; l++) {
      const line = lines[l];
      const scale = smoothScale(line, widths[l]);
      const plain = { line, scale, d: displacements[l] };
      const cross = line.method === 'cross';
      const dx = line.x2 - line.x1;
      const dz = line.z2 - line.z1;
      if (cross ? dz === 0 : line.a === 0) {
        this.rowConstant.push(plain);
        continue;
      }
      const magnitude = cross
        ? Math.abs(dx) * (maxZ + Math.abs(line.z1)) + Math.abs(dz) * (maxX + Math.abs(line.x1))
        : Math.abs(line.a) * maxX + Math.abs(line.b) * maxZ + Math.abs(line.c);
      if (!(magnitude < SAFE_MAGNITUDE && scale > 0 && scale < Infinity)) {
        this.dense.push(plain);
        continue;
      }
      // Orient so that t grows with x: normal form a > 0, cross form z2 − z1 < 0.
      const flip = cross ? dz > 0 : line.a < 0;
      const sign = flip ? -1 : 1;
      const d = sign * displacements[l];
      let p: number, q: number, r: number, s: number, t0: number, tStep: number, slope: number, offsets: number;
      if (cross) {
        p = sign * dz;
        q = sign * dx;
        r = line.z1;
        s = line.x1;
        tStep = q / p;
        t0 = s / cellSize + halfW - tStep * (halfD + r / cellSize);
        slope = -p;
        offsets = Math.abs(s) / cellSize + Math.abs(tStep) * (halfD + Math.abs(r) / cellSize + depth);
      } else {
        p = sign * line.a;
        q = sign * line.b;
        r = sign * line.c;
        s = 0;
        tStep = -q / p;
        t0 = r / (p * cellSize) - tStep * halfD + halfW;
        slope = p;
        offsets = Math.abs(r / (p * cellSize)) + Math.abs(tStep) * (halfD + depth);
      }
      const tAt = cross ? (x: number, z: number): number => (q * (z - r) - p * (x - s)) * scale : (x: number, z: number): number => (p * x + q * z - r) * scale;
      const xL = xs[0];
      const xR = xs[width - 1];
      // Run of a block of rows [j0, j1]: −1 all left run (−d), +1 all right run (+d), 0 mixed.
      const runOf = (j0: number, j1: number): number => {
        if (!(Math.max(tAt(xR, zs[j0]), tAt(xR, zs[j1])) > -1)) return -1;
        if (Math.min(tAt(xL, zs[j0]), tAt(xL, zs[j1])) >= 1) return 1;
        return 0;
      };
      const whole = runOf(0, depth - 1);
      if (whole !== 0) {
        this.base += whole * d;
        continue;
      }
      // Bulk per block: the run's value, or −d (the left run) where the line is walked.
      let firstMixed = -1;
      let lastMixed = -1;
      for (let j0 = 0; j0 < depth; j0 += blockRows) {
        const j1 = Math.min(depth, j0 + blockRows);
        const run = runOf(j0, j1 - 1);
        if (run === 0) {
          if (firstMixed < 0) firstMixed = j0;
          lastMixed = j1 - 1;
        }
        const bulk = run === 0 ? -d : run * d;
        rowDelta[j0] += bulk;
        rowDelta[j1] -= bulk;
      }
      if (firstMixed < 0) continue;
      const group = cross ? this.cross : this.normal;
      const bandHalf = 1 / (scale * slope * cellSize);
      // As in the step's sweep (rowSweep.ts): rounding errors of t at a vertex, of the vertex's x and
      // of the estimate are a few units of 2⁻⁵³ relative to these magnitudes (in vertex steps).
      const tolerance = SAFETY * (magnitude / (slope * cellSize) + offsets + width + Math.abs(t0) + 2 * bandHalf + 1);
      group.add(p, q, r, s, scale, d, t0 - bandHalf, tStep, 2 * bandHalf, tolerance, firstMixed, lastMixed);
    }
  }

  /** Chooses the lines walked in rows [j0, j1) (one block). */
  selectActive(j0: number, j1: number): void {
    this.normal.selectActive(j0, j1);
    this.cross.selectActive(j0, j1);
  }

  /** Adds row j's ramps (and row-constant and dense lines) to the row's difference array. */
  addRow(j: number, diff: Float64Array): void {
    const z = this.zs[j];
    const { xs } = this;
    for (const { line, scale, d } of this.rowConstant) diff[0] += rampedDisplacement(d, faultSide(line, xs[0], z) * scale);
    for (const { line, scale, d } of this.dense) {
      let prev = 0;
      for (let i = 0; i < xs.length; i++) {
        const v = rampedDisplacement(d, faultSide(line, xs[i], z) * scale);
        diff[i] += v - prev;
        prev = v;
      }
    }
    this.normalRow(j, z, diff);
    this.crossRow(j, z, diff);
  }

  // The two sweeps below write t with exactly the operations of faultSide(line, x, z) * scale and
  // the ramp with exactly those of rampedDisplacement (dq = d · RAMP_QUANTA); the row's bulk −d is
  // already in rowDelta. When an estimated band end is too close to a vertex to trust, they walk
  // instead: from the estimated start, back while the vertex before is not in the left run or forward
  // while this one is, then add ramp values up to the first vertex of the right run.

  private normalRow(j: number, z: number, diff: Float64Array): void {
    const { activeCount, active, p, q, r, scale, d: ds, dq: dqs, start0, startStep, span, tolerance } = this.normal;
    const { xs } = this;
    const width = xs.length;
    const last = width - 1;
    for (let n = 0; n < activeCount; n++) {
      const l = active[n];
      const a = p[l];
      const bz = q[l] * z;
      const c = r[l];
      const k = scale[l];
      const d = ds[l];
      const dq = dqs[l];
      const lo = start0[l] + j * startStep[l];
      const hi = lo + span[l];
      const loFraction = lo - Math.floor(lo);
      const hiFraction = hi - Math.floor(hi);
      const tol = tolerance[l];
      let prev = -d;
      if (loFraction > tol && loFraction < 1 - tol && hiFraction > tol && hiFraction < 1 - tol) {
        // Both ends safely between vertices: the band is exactly [first index past lo, first past hi).
        let i = lo < 0 ? 0 : lo < last ? (Math.floor(lo) | 0) + 1 : width;
        const end = hi < 0 ? 0 : hi < last ? (Math.floor(hi) | 0) + 1 : width;
        // Two vertices per step: their values are independent, only the difference chains.
        for (; i + 1 < end; i += 2) {
          const t = (a * xs[i] + bz - c) * k;
          const u = (a * xs[i + 1] + bz - c) * k;
          const v = (dq * (t * (3 - t * t)) + ROUND - ROUND) * QUANTUM;
          const w = (dq * (u * (3 - u * u)) + ROUND - ROUND) * QUANTUM;
          diff[i] += v - prev;
          diff[i + 1] += w - v;
          prev = w;
        }
        if (i < end) {
          const t = (a * xs[i] + bz - c) * k;
          const v = (dq * (t * (3 - t * t)) + ROUND - ROUND) * QUANTUM;
          diff[i] += v - prev;
          prev = v;
        }
        if (end < width) diff[end] += d - prev;
        continue;
      }
      let i = lo > 0 ? (lo < last ? Math.floor(lo) | 0 : last) : 0;
      let t = (a * xs[i] + bz - c) * k;
      if (t > -1) {
        for (; i > 0; i--) {
          const before = (a * xs[i - 1] + bz - c) * k;
          if (!(before > -1)) break;
          t = before;
        }
      } else {
        do {
          if (++i === width) break;
          t = (a * xs[i] + bz - c) * k;
        } while (!(t > -1));
        if (i === width) continue;
      }
      for (;;) {
        if (t >= 1) {
          diff[i] += d - prev;
          break;
        }
        const v = (dq * (t * (3 - t * t)) + ROUND - ROUND) * QUANTUM;
        diff[i] += v - prev;
        prev = v;
        if (++i === width) break;
        t = (a * xs[i] + bz - c) * k;
      }
    }
  }

  private crossRow(j: number, z: number, diff: Float64Array): void {
    const { activeCount, active, p, q, r, s, scale, d: ds, dq: dqs, start0, startStep, span, tolerance } = this.cross;
    const { xs } = this;
    const width = xs.length;
    const last = width - 1;
    for (let n = 0; n < activeCount; n++) {
      const l = active[n];
      const dz = p[l];
      const rowTerm = q[l] * (z - r[l]);
      const x1 = s[l];
      const k = scale[l];
      const d = ds[l];
      const dq = dqs[l];
      const lo = start0[l] + j * startStep[l];
      const hi = lo + span[l];
      const loFraction = lo - Math.floor(lo);
      const hiFraction = hi - Math.floor(hi);
      const tol = tolerance[l];
      let prev = -d;
      if (loFraction > tol && loFraction < 1 - tol && hiFraction > tol && hiFraction < 1 - tol) {
        // Both ends safely between vertices: the band is exactly [first index past lo, first past hi).
        let i = lo < 0 ? 0 : lo < last ? (Math.floor(lo) | 0) + 1 : width;
        const end = hi < 0 ? 0 : hi < last ? (Math.floor(hi) | 0) + 1 : width;
        // Two vertices per step: their values are independent, only the difference chains.
        for (; i + 1 < end; i += 2) {
          const t = (rowTerm - dz * (xs[i] - x1)) * k;
          const u = (rowTerm - dz * (xs[i + 1] - x1)) * k;
          const v = (dq * (t * (3 - t * t)) + ROUND - ROUND) * QUANTUM;
          const w = (dq * (u * (3 - u * u)) + ROUND - ROUND) * QUANTUM;
          diff[i] += v - prev;
          diff[i + 1] += w - v;
          prev = w;
        }
        if (i < end) {
          const t = (rowTerm - dz * (xs[i] - x1)) * k;
          const v = (dq * (t * (3 - t * t)) + ROUND - ROUND) * QUANTUM;
          diff[i] += v - prev;
          prev = v;
        }
        if (end < width) diff[end] += d - prev;
        continue;
      }
      let i = lo > 0 ? (lo < last ? Math.floor(lo) | 0 : last) : 0;
      let t = (rowTerm - dz * (xs[i] - x1)) * k;
      if (t > -1) {
        for (; i > 0; i--) {
          const before = (rowTerm - dz * (xs[i - 1] - x1)) * k;
          if (!(before > -1)) break;
          t = before;
        }
      } else {
        do {
          if (++i === width) break;
          t = (rowTerm - dz * (xs[i] - x1)) * k;
        } while (!(t > -1));
        if (i === width) continue;
      }
      for (;;) {
        if (t >= 1) {
          diff[i] += d - prev;
          break;
        }
        const v = (dq * (t * (3 - t * t)) + ROUND - ROUND) * QUANTUM;
        diff[i] += v - prev;
        prev = v;
        if (++i === width) break;
        t = (rowTerm - dz * (xs[i] - x1)) * k;
      }
    }
  }
}
