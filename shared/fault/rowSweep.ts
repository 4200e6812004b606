import type { FaultLine } from './lines';
import { risesAt } from './lines';
import { SmoothRows } from './smoothRows';

/**
 * Row-crossing accumulation of many fault lines (internal to the fast formation).
 *
 * Why it is exact: the plain loop's side test is monotone along a row even in floating point —
 * `a·x + b·z − c` (normal form) and `(x2 − x1)·(z − z1) − (z2 − z1)·(x − x1)` (cross) are built from
 * x by operations that each round monotonically — so each line's rising vertices in a row are a
 * prefix or a suffix. We estimate where that boundary is and, unless the estimate is safely between
 * two vertices, settle it by evaluating the exact predicate (same operations, same order) at the
 * neighbouring vertices; rows are summed with a difference array. Displacements are multiples of
 * 2⁻²⁴, so the float64 sums are exact in any order.
 *
 * Rows that a line does not cross lie wholly on one side; they are added in bulk through a
 * difference array over rows, so each line costs work only in (blocks of) rows it crosses.
 *
 * Lines with the smooth profile are swept by SmoothRows (smoothRows.ts) into the same arrays.
 */

/** Rows are swept in blocks of this many; a line is visited in every row of the blocks it crosses. */
export const BLOCK_ROWS = 32;

/**
 * Rounding errors of the side test and of the crossing estimate are a few units of 2⁻⁵³ relative to
 * the magnitudes involved; 2⁻⁴⁰ leaves a factor of 8192 to spare. Estimates closer than that to a
 * whole index fall back to evaluating the exact predicate.
 */
const SAFETY = 2 ** -40;

/** Lines whose side test varies along a row, in one of four shapes (form × direction). */
class SlopedGroup {
  count = 0;
  /** Normal form: a, b, c. Cross: z2 − z1, x2 − x1, z1, x1. */
  readonly p: Float64Array;
  readonly q: Float64Array;
  readonly r: Float64Array;
  readonly s: Float64Array;
  /** Estimated fractional crossing index in row j: t0 + j·tStep. */
  readonly t0: Float64Array;
  readonly tStep: Float64Array;
  /**
   * Distance (in vertex steps) from the nearest whole index beyond which the estimate is certainly
   * on the right side of every rounding error, so the predicate need not be evaluated.
   */
  readonly tolerance: Float64Array;
  /** 2·displacement: what a rising vertex gains over the all-sinking baseline. */
  readonly twice: Float64Array;
  /** First and last row (block-aligned) in which the line is swept. */
  readonly firstRow: Int32Array;
  readonly lastRow: Int32Array;
  /** Indexes of the lines swept in the current block. */
  readonly active: Int32Array;
  activeCount = 0;

  constructor(capacity: number) {
    this.p = new Float64Array(capacity);
    this.q = new Float64Array(capacity);
    this.r = new Float64Array(capacity);
    this.s = new Float64Array(capacity);
    this.t0 = new Float64Array(capacity);
    this.tStep = new Float64Array(capacity);
    this.tolerance = new Float64Array(capacity);
    this.twice = new Float64Array(capacity);
    this.firstRow = new Int32Array(capacity);
    this.lastRow = new Int32Array(capacity);
    this.active = new Int32Array(capacity);
  }

  add(p: number, q: number, r: number, s: number, t0: number, tStep: number, tolerance: number, twice: number): number {
    if (!Number.isFinite(t0) || !Number.isFinite(tStep) || !(tolerance < 0.5)) {
      // Coefficients so extreme that the estimate overflows or means nothing: always settle the
      // crossing by evaluating the predicate, walking from the start of the row.
      t0 = -1;
      tStep = 0;
      tolerance = Infinity;
    }
    const k = this.count++;
    this.p[k] = p;
    this.q[k] = q;
    this.r[k] = r;
    this.s[k] = s;
    this.t0[k] = t0;
    this.tStep[k] = tStep;
    this.tolerance[k] = tolerance;
    this.twice[k] = twice;
    return k;
  }

  selectActive(j0: number, j1: number): void {
    let n = 0;
    for (let l = 0; l < this.count; l++) if (this.firstRow[l] < j1 && this.lastRow[l] >= j0) this.active[n++] = l;
    this.activeCount = n;
  }
}

/**
 * out[offset + i] = heights[offset + i] + (start + diff[0] + … + diff[i]) for one row, then clears
 * diff for the next row. The hottest loop. Every value is a multiple of 2⁻²⁴ well inside float64's
 * exact range, so additions may be regrouped freely: four vertices per step with one addition on the
 * running sum's dependency chain instead of four.
 */
function addPrefixSums(diff: Float64Array, width: number, start: number, heights: Float32Array, out: Float32Array, offset: number): void {
  let sum = start;
  let k = offset;
  let i = 0;
  const lastQuad = offset + width - 3;
  for (; k < lastQuad; k += 4, i += 4) {
    const d0 = diff[i];
    const d01 = d0 + diff[i + 1];
    const d2 = diff[i + 2];
    const d23 = d2 + diff[i + 3];
    out[k] = heights[k] + (sum + d0);
    out[k + 1] = heights[k + 1] + (sum + d01);
    out[k + 2] = heights[k + 2] + (sum + (d01 + d2));
    sum += d01 + d23;
    out[k + 3] = heights[k + 3] + sum;
  }
  const end = offset + width;
  for (; k < end; k++, i++) {
    sum += diff[i];
    out[k] = heights[k] + sum;
  }
  diff.fill(0);
}

/**
 * acc[offset + i] += start + diff[0] + … + diff[i] for one row (a streamed run's float64 sums, one
 * batch of lines at a time), then clears diff. Exact in any grouping, as addPrefixSums. A loop of its
 * own rather than one shared through a callback or a union of array types: the hottest loop stays
 * monomorphic in both.
 */
function accumulatePrefixSums(diff: Float64Array, width: number, start: number, acc: Float64Array, offset: number): void {
  let sum = start;
  let k = offset;
  let i = 0;
  const lastQuad = offset + width - 3;
  for (; k < lastQuad; k += 4, i += 4) {
    const d0 = diff[i];
    const d01 = d0 + diff[i + 1];
    const d2 = diff[i + 2];
    const d23 = d2 + diff[i + 3];
    acc[k] += sum + d0;
    acc[k + 1] += sum + d01;
    acc[k + 2] += sum + (d01 + d2);
    sum += d01 + d23;
    acc[k + 3] += sum;
  }
  const end = offset + width;
  for (; k < end; k++, i++) {
    sum += diff[i];
    acc[k] += sum;
  }
  diff.fill(0);
}

export interface Grid {
  width: number;
  depth: number;
  cellSize: number;
}

/** Faults prepared for sweeping the rows of one grid. */
export class RowSweep {
  private readonly width: number;
  private readonly depth: number;
  /** Vertex x and z exactly as the plain loop computes them. */
  private readonly xs: Float64Array;
  private readonly zs: Float64Array;
  /** Sum every vertex gets: −Σd, plus 2d for lines the whole map rises on, plus 2d for falling lines. */
  private base = 0;
  private readonly normalRising: SlopedGroup;
  private readonly normalFalling: SlopedGroup;
  private readonly crossRising: SlopedGroup;
  private readonly crossFalling: SlopedGroup;
  /** Lines whose side does not change along a row (x coefficient zero). */
  private readonly rowConstant: { line: FaultLine; twice: number }[] = [];
  /** Difference array over rows of what whole rows gain from lines not swept there. */
  private readonly rowDelta: Float64Array;
  private rowRunning = 0;
  private nextRow = 0;
  private readonly diff: Float64Array;
  private readonly smooth: SmoothRows;

  /** `widths[l]` > 0 gives line l the smooth profile of that transition width; 0 (or absent) the step. */
  constructor(grid: Grid, lines: readonly FaultLine[], displacements: readonly number[], widths: readonly number[] = []) {
    const { width, depth, cellSize } = grid;
    this.width = width;
    this.depth = depth;
    this.xs = new Float64Array(width);
    this.zs = new Float64Array(depth);
    for (let i = 0; i < width; i++) this.xs[i] = (i - (width - 1) / 2) * cellSize;
    for (let j = 0; j < depth; j++) this.zs[j] = (j - (depth - 1) / 2) * cellSize;
    this.diff = new Float64Array(width + 1);
    this.rowDelta = new Float64Array(depth + 1);
    const n = lines.length;
    // Step lines only (smooth ones go to SmoothRows): a million-line smooth run allocates no step
    // arrays. Each group gets room for the lines of its form and direction (an upper bound: some of
    // them turn out to be whole-map or row-constant lines).
    let normalUp = 0;
    let normalDown = 0;
    let crossUp = 0;
    let crossDown = 0;
    for (let l = 0; l < n; l++) {
      if (widths[l] > 0 || displacements[l] === 0) continue;
      const line = lines[l];
      if (line.method === 'cross') {
        const dz = line.z2 - line.z1;
        if (dz < 0) crossUp++;
        else if (dz > 0) crossDown++;
      } else if (line.a > 0) normalUp++;
      else if (line.a < 0) normalDown++;
    }
    this.normalRising = new SlopedGroup(normalUp);
    this.normalFalling = new SlopedGroup(normalDown);
    this.crossRising = new SlopedGroup(crossUp);
    this.crossFalling = new SlopedGroup(crossDown);
    const halfW = (width - 1) / 2;
    const halfD = (depth - 1) / 2;
    const corners: [number, number][] = [
      [this.xs[0], this.zs[0]],
      [this.xs[width - 1], this.zs[0]],
      [this.xs[0], this.zs[depth - 1]],
      [this.xs[width - 1], this.zs[depth - 1]],
    ];
    const smoothLines: FaultLine[] = [];
    const smoothDisplacements: number[] = [];
    const smoothWidths: number[] = [];
    for (let l = 0; l < n; l++) {
      const line = lines[l];
      const d = displacements[l];
      if (d === 0) continue;
      if (widths[l] > 0) {
        smoothLines.push(line);
        smoothDisplacements.push(d);
        smoothWidths.push(widths[l]);
        continue;
      }
      const twice = 2 * d;
      this.base -= d;
      // The test is monotone along rows and along columns, so its extremes are at corners: when all
      // four agree, the whole map is on one side.
      let risingCorners = 0;
      for (const [x, z] of corners) if (risesAt(line, x, z)) risingCorners++;
      if (risingCorners === 0) continue;
      if (risingCorners === 4) {
        this.base += twice;
        continue;
      }
      if (line.method === 'cross') {
        const dx = line.x2 - line.x1;
        const dz = line.z2 - line.z1;
        if (dz === 0) {
          this.rowConstant.push({ line, twice });
          continue;
        }
        const tStep = dx / dz;
        const t0 = line.x1 / cellSize + halfW - tStep * (halfD + line.z1 / cellSize);
        const magnitude = Math.abs(dx) * (halfD * cellSize + Math.abs(line.z1)) + Math.abs(dz) * (halfW * cellSize + Math.abs(line.x1));
        const tolerance =
          SAFETY *
          (magnitude / (Math.abs(dz) * cellSize) +
            Math.abs(line.x1) / cellSize +
            width +
            Math.abs(tStep) * (halfD + Math.abs(line.z1) / cellSize + depth) +
            Math.abs(t0));
        if (dz < 0) this.limitRows(this.crossRising, this.crossRising.add(dz, dx, line.z1, line.x1, t0, tStep, tolerance, twice), twice);
        else {
          this.limitRows(this.crossFalling, this.crossFalling.add(dz, dx, line.z1, line.x1, t0, tStep, tolerance, -twice), -twice);
          this.base += twice;
        }
      } else {
        const { a, b, c } = line;
        if (a === 0) {
          this.rowConstant.push({ line, twice });
          continue;
        }
        const tStep = -b / a;
        const t0 = c / (a * cellSize) - tStep * halfD + halfW;
        const magnitude = Math.abs(a) * halfW * cellSize + Math.abs(b) * halfD * cellSize + Math.abs(c);
        const tolerance =
          SAFETY * (magnitude / (Math.abs(a) * cellSize) + Math.abs(c / (a * cellSize)) + width + Math.abs(tStep) * (halfD + depth) + Math.abs(t0));
        if (a > 0) this.limitRows(this.normalRising, this.normalRising.add(a, b, c, 0, t0, tStep, tolerance, twice), twice);
        else {
          this.limitRows(this.normalFalling, this.normalFalling.add(a, b, c, 0, t0, tStep, tolerance, -twice), -twice);
          this.base += twice;
        }
      }
    }
    this.smooth = new SmoothRows(this.xs, this.zs, cellSize, BLOCK_ROWS, smoothLines, smoothDisplacements, smoothWidths, this.rowDelta);
    this.base += this.smooth.base;
  }

  /**
   * Restricts line l to the blocks of rows where its estimated crossing is near the row (t within
   * [−1, width]); in the other rows it is certainly at one end — t < −1 puts every vertex on the far
   * side of the first one (gain `wholeRow`), t > width every vertex before the last (gain nothing).
   * The estimate is monotone in j, so checking the rows just outside the range covers all of them.
   */
  private limitRows(group: SlopedGroup, l: number, wholeRow: number): void {
    const { width, depth } = this;
    const t0 = group.t0[l];
    const tStep = group.tStep[l];
    group.firstRow[l] = 0;
    group.lastRow[l] = depth - 1;
    if (!(group.tolerance[l] < 0.5) || tStep === 0) return;
    // The estimate at row j is t0 + j·tStep; a row is certainly at one end when it is < −1 or > width.
    const jA = (-1.5 - t0) / tStep;
    const jB = (width + 0.5 - t0) / tStep;
    const lowest = Math.max(0, Math.floor(Math.min(jA, jB)) - 1);
    const highest = Math.min(depth - 1, Math.ceil(Math.max(jA, jB)) + 1);
    const first = Math.floor(lowest / BLOCK_ROWS) * BLOCK_ROWS;
    const last = Math.min(depth - 1, Math.floor(highest / BLOCK_ROWS) * BLOCK_ROWS + BLOCK_ROWS - 1);
    const before = t0 + (first - 1) * tStep;
    const after = t0 + (last + 1) * tStep;
    if (first > last || (first > 0 && !(before < -1 || before > width)) || (last < depth - 1 && !(after < -1 || after > width))) return;
    group.firstRow[l] = first;
    group.lastRow[l] = last;
    if (first > 0 && before < -1) {
      this.rowDelta[0] += wholeRow;
      this.rowDelta[first] -= wholeRow;
    }
    if (last < depth - 1 && after < -1) {
      this.rowDelta[last + 1] += wholeRow;
      this.rowDelta[depth] -= wholeRow;
    }
  }

  /**
   * Writes rows [j0, j1) (in order from row 0, any number at a time):
   * out = heights + (sum of the faults at each vertex), rounded to float32 once.
   */
  sweepRows(j0: number, j1: number, heights: Float32Array, out: Float32Array): void {
    const { diff, width } = this;
    this.eachRow(j0, j1, (j, start) => addPrefixSums(diff, width, start, heights, out, j * width));
  }

  /**
   * Adds the lines' sums of rows [j0, j1) to acc (float64, one entry per vertex) instead of writing
   * heights: a streamed run sweeps its lines batch by batch into one accumulator (same block rules
   * as sweepRows).
   */
  accumulateRows(j0: number, j1: number, acc: Float64Array): void {
    const { diff, width } = this;
    this.eachRow(j0, j1, (j, start) => accumulatePrefixSums(diff, width, start, acc, j * width));
  }

  /**
   * Builds each row's difference array in turn and hands it on with the sum every vertex starts from.
   * Calls may end anywhere (a heavy sweep is cancelled between single rows); the lines of a block are
   * chosen when its first row comes.
   */
  private eachRow(j0: number, j1: number, emit: (j: number, start: number) => void): void {
    if (j0 !== this.nextRow || !(j1 >= j0 && j1 <= this.depth)) throw new Error('rows must be swept in order, from row 0');
    for (let j = j0; j < j1; j++) {
      if (j % BLOCK_ROWS === 0) {
        const b1 = Math.min(this.depth, j + BLOCK_ROWS);
        this.normalRising.selectActive(j, b1);
        this.normalFalling.selectActive(j, b1);
        this.crossRising.selectActive(j, b1);
        this.crossFalling.selectActive(j, b1);
        this.smooth.selectActive(j, b1);
      }
      emit(j, this.buildRow(j));
    }
    this.nextRow = j1;
  }

  /** Fills the difference array of row j; returns the sum every vertex of the row starts from. */
  private buildRow(j: number): number {
    const { diff } = this;
    const z = this.zs[j];
    for (const { line, twice } of this.rowConstant) if (risesAt(line, this.xs[0], z)) diff[0] += twice;
    this.normalRisingRow(j, z);
    this.normalFallingRow(j, z);
    this.crossRisingRow(j, z);
    this.crossFallingRow(j, z);
    this.smooth.addRow(j, diff);
    this.rowRunning += this.rowDelta[j];
    return this.base + this.rowRunning;
  }

  // The four loops below differ only in the predicate and in which end of the row rises; each
  // predicate is written with exactly the operations and order of `risesAt`. Fast path: when the
  // estimated crossing t is safely between two whole indexes, the first index past it is the answer.

  /** a > 0: vertices from the first rising index k to the row's end rise. */
  private normalRisingRow(j: number, z: number): void {
    const { activeCount, active, p, q, r, t0, tStep, tolerance, twice } = this.normalRising;
    const { xs, diff, width } = this;
    for (let n = 0; n < activeCount; n++) {
      const l = active[n];
      const t = t0[l] + j * tStep[l];
      const whole = Math.floor(t);
      const fraction = t - whole;
      let k = whole < 0 ? 0 : whole >= width ? width : whole + 1;
      if (!(fraction > tolerance[l] && fraction < 1 - tolerance[l])) {
        const a = p[l];
        const bz = q[l] * z;
        const c = r[l];
        while (k > 0 && a * xs[k - 1] + bz - c > 0) k--;
        while (k < width && !(a * xs[k] + bz - c > 0)) k++;
      }
      diff[k] += twice[l];
    }
  }

  /** a < 0: vertices before the first sinking index k rise (2d for the whole row is already in base). */
  private normalFallingRow(j: number, z: number): void {
    const { activeCount, active, p, q, r, t0, tStep, tolerance, twice } = this.normalFalling;
    const { xs, diff, width } = this;
    for (let n = 0; n < activeCount; n++) {
      const l = active[n];
      const t = t0[l] + j * tStep[l];
      const whole = Math.floor(t);
      const fraction = t - whole;
      let k = whole < 0 ? 0 : whole >= width ? width : whole + 1;
      if (!(fraction > tolerance[l] && fraction < 1 - tolerance[l])) {
        const a = p[l];
        const bz = q[l] * z;
        const c = r[l];
        while (k > 0 && !(a * xs[k - 1] + bz - c > 0)) k--;
        while (k < width && a * xs[k] + bz - c > 0) k++;
      }
      diff[k] += twice[l];
    }
  }

  /** z2 − z1 < 0: the cross product grows with x. */
  private crossRisingRow(j: number, z: number): void {
    const { activeCount, active, p, q, r, s, t0, tStep, tolerance, twice } = this.crossRising;
    const { xs, diff, width } = this;
    for (let n = 0; n < activeCount; n++) {
      const l = active[n];
      const t = t0[l] + j * tStep[l];
      const whole = Math.floor(t);
      const fraction = t - whole;
      let k = whole < 0 ? 0 : whole >= width ? width : whole + 1;
      if (!(fraction > tolerance[l] && fraction < 1 - tolerance[l])) {
        const dz = p[l];
        const rowTerm = q[l] * (z - r[l]);
        const x1 = s[l];
        while (k > 0 && rowTerm - dz * (xs[k - 1] - x1) > 0) k--;
        while (k < width && !(rowTerm - dz * (xs[k] - x1) > 0)) k++;
      }
      diff[k] += twice[l];
    }
  }

  /** z2 − z1 > 0: the cross product shrinks with x. */
  private crossFallingRow(j: number, z: number): void {
    const { activeCount, active, p, q, r, s, t0, tStep, tolerance, twice } = this.crossFalling;
    const { xs, diff, width } = this;
    for (let n = 0; n < activeCount; n++) {
      const l = active[n];
      const t = t0[l] + j * tStep[l];
      const whole = Math.floor(t);
      const fraction = t - whole;
      let k = whole < 0 ? 0 : whole >= width ? width : whole + 1;
      if (!(fraction > tolerance[l] && fraction < 1 - tolerance[l])) {
        const dz = p[l];
        const rowTerm = q[l] * (z - r[l]);
        const x1 = s[l];
        while (k > 0 && !(rowTerm - dz * (xs[k - 1] - x1) > 0)) k--;
        while (k < width && rowTerm - dz * (xs[k] - x1) > 0) k++;
      }
      diff[k] += twice[l];
    }
  }
}
