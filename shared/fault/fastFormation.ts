/**
 * The fast fault-formation engine: same bytes as `referenceFaultFormation`, in about
 * O(rows × lines + vertices) instead of O(vertices × lines) (see rowSweep.ts for why it is exact).
 */
import type { Heightfield } from '../terrain/heightfield';
import { terrainExtent } from '../terrain/heightfield';
import { createRandom, type Random } from '../random';
import { nextFaultLine, type FaultLine, type TerrainSize } from './lines';
import { assertUsableProfile } from './profile';
import { displacementAt, profileOf, quantizeDisplacement, type FaultProfile, type FaultRecipe } from './recipe';
import { BLOCK_ROWS, RowSweep } from './rowSweep';

export interface Fault {
  line: FaultLine;
  /** Metres; rising vertices gain it, the others lose it. Rounded to a multiple of 2⁻²⁴ when applied. */
  displacement: number;
  /** How the displacement varies across the line (profile.ts); absent = the step. */
  profile?: FaultProfile;
}

export interface ApplyOptions {
  /**
   * Called as rows are finished: applyFaults reports `done` of `total` vertex rows; runFaultFormation
   * and streamFaults report faults applied of the run's faults (see runFaultFormation).
   */
  onProgress?: (done: number, total: number) => void;
  /** Polled between steps of rows; returning true abandons the job and leaves the heights untouched. */
  shouldCancel?: () => boolean;
  /**
   * The caller discards the heights when the run is cancelled (a job's own copy): rows are swept in
   * place, without the scratch map that keeps them untouched, and a cancelled run leaves some changed.
   */
  discardOnCancel?: boolean;
}

export interface RunOptions extends ApplyOptions {
  /** First iteration to apply (default 0). */
  start?: number;
  /** One past the last iteration to apply (default recipe.iterations). */
  end?: number;
  /**
   * The recipe's lines on this field, read on from where an earlier run stopped (a faults layer's
   * runs), instead of replaying the PRNG from iteration 0 for each run.
   */
  lines?: FaultLineStream;
}

/**
 * The recipe's line sequence on a terrain of this extent, read in order: `lineAt(i)` for rising i
 * skips the lines in between, so consecutive runs [0, n), [n, m) … generate each line once.
 */
export class FaultLineStream {
  private readonly random: Random;
  private next = 0;

  constructor(
    private readonly recipe: FaultRecipe,
    private readonly size: TerrainSize,
  ) {
    this.random = createRandom(recipe.seed);
  }

  /** The line of iteration i; i must not be below the next unread one. */
  lineAt(i: number): FaultLine {
    if (i < this.next) throw new RangeError(`line ${i} was already read (the stream is at ${this.next})`);
    for (; this.next < i; this.next++) nextFaultLine(this.random, this.recipe.lineMethod, this.size);
    this.next++;
    return nextFaultLine(this.random, this.recipe.lineMethod, this.size);
  }
}

/**
 * Sums stay exact in float64 while every partial sum is below 2²⁹ (2⁵³ quanta of 2⁻²⁴ m); the row
 * difference arrays can reach 4·Σ|d|, hence this bound on the total displacement.
 */
export const MAX_TOTAL_DISPLACEMENT = 2 ** 26;

function assertIterationRange(start: number, end: number): void {
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`start iteration must be a whole number ≥ 0, got ${start}`);
  if (!Number.isSafeInteger(end) || end < start) throw new RangeError(`end iteration must be a whole number ≥ start (${start}), got ${end}`);
}

/**
 * The faults of iterations [start, end) of the recipe's sequence on a terrain of this extent, each
 * with the recipe's profile. The PRNG is replayed from the beginning and the decay schedule uses
 * absolute iteration indexes, so [0, n) followed by [n, m) is exactly [0, m).
 */
export function generateFaults(
  recipe: FaultRecipe,
  size: TerrainSize,
  start: number,
  end: number,
  lines: FaultLineStream = new FaultLineStream(recipe, size),
): Fault[] {
  assertIterationRange(start, end);
  const profile = profileOf(recipe);
  const faults: Fault[] = [];
  for (let iteration = start; iteration < end; iteration++)
    faults.push({ line: lines.lineAt(iteration), displacement: displacementAt(recipe.decay, iteration), profile });
  return faults;
}

function assertFiniteLine(line: FaultLine, index: number): void {
  const values = line.method === 'cross' ? [line.x1, line.z1, line.x2, line.z2] : [line.a, line.b, line.c];
  if (!values.every(Number.isFinite)) throw new RangeError(`fault ${index} has a line with non-finite coefficients`);
}

/**
 * Vertices a smooth line of this width updates in a row, about (its band, or the whole row): the
 * estimate that sizes progress steps and batches (not a bound the sweep relies on).
 */
function smoothRowWork(profileWidth: number, width: number, cellSize: number): number {
  return Math.min(width, 2 + (4 * profileWidth) / cellSize);
}

/** Rows between progress reports and cancel checks: roughly a million vertex updates (at least a row). */
function rowsPerStep(stepLines: number, smoothWork: number, width: number): number {
  return Math.max(1, Math.min(8 * BLOCK_ROWS, Math.floor(2 ** 20 / (stepLines + smoothWork + width))));
}

/**
 * Adds the faults to field.heights in place: per vertex the float64 sum of ±displacement (sides
 * decided exactly as `risesAt`; with the smooth profile, `smoothDisplacementAt`), added to the stored
 * float32 height and rounded once — the same bytes as the plain loop. Returns false, with the heights
 * untouched, when cancelled (then the rows are built in a scratch copy and committed at the end,
 * which costs one extra map of memory, unless the caller discards cancelled heights anyway:
 * `discardOnCancel`).
 */
export function applyFaults(field: Heightfield, faults: readonly Fault[], options: ApplyOptions = {}): boolean {
  const { width, depth, heights } = field;
  const lines: FaultLine[] = [];
  const displacements: number[] = [];
  const widths: number[] = [];
  let total = 0;
  let smoothWork = 0;
  faults.forEach((fault, index) => {
    assertFiniteLine(fault.line, index);
    assertUsableProfile(fault.profile, index);
    widths.push(fault.profile?.kind === 'smooth' ? fault.profile.width : 0);
    if (fault.profile?.kind === 'smooth') smoothWork += smoothRowWork(fault.profile.width, width, field.cellSize);
    const d = quantizeDisplacement(fault.displacement);
    if (!Number.isFinite(d)) throw new RangeError(`fault ${index} has a non-finite displacement`);
    lines.push(fault.line);
    displacements.push(d);
    total += Math.abs(d);
  });
  if (total > MAX_TOTAL_DISPLACEMENT) {
    throw new RangeError(`total displacement ${total} m exceeds ${MAX_TOTAL_DISPLACEMENT} m, beyond which sums are not exact`);
  }
  const { onProgress, shouldCancel, discardOnCancel = false } = options;
  if (shouldCancel?.()) return false;
  const sweep = new RowSweep(field, lines, displacements, widths);
  const out = shouldCancel && !discardOnCancel ? new Float32Array(heights.length) : heights;
  const rows = rowsPerStep(lines.length, smoothWork, width);
  for (let j0 = 0; j0 < depth; j0 += rows) {
    if (j0 > 0 && shouldCancel?.()) return false;
    const j1 = Math.min(depth, j0 + rows);
    sweep.sweepRows(j0, j1, heights, out);
    onProgress?.(j1, depth);
  }
  if (out !== heights) heights.set(out);
  return true;
}

/**
 * Lines per batch of a streamed run on a map `width` vertices wide. A batch costs its lines' row
 * crossings plus one pass over the map (its prefix sums into the accumulator), so a batch of at least
 * four rows' width of lines keeps that pass under a fifth of the work; smooth lines walk their band
 * in every row, so their batches shrink as bands widen, to keep one row of a batch (the smallest
 * cancel step) at about 2²⁴ vertex updates.
 */
export function faultBatchSize(profile: FaultProfile, width: number, cellSize: number): number {
  const most = Math.max(4096, 4 * width);
  if (profile.kind !== 'smooth') return most;
  return Math.max(1024, Math.min(most, Math.floor(2 ** 24 / smoothRowWork(profile.width, width, cellSize))));
}

/**
 * Runs iterations [start, end) of the recipe on the field's current heights (see applyFaults).
 *
 * Progress is in faults: `done` of `total` = end − start faults applied (fractional while a batch's
 * rows are swept), rising to exactly `total`. Runs of at most one batch (faultBatchSize) are one
 * applyFaults; longer runs stream (streamFaults), with memory independent of the iteration count.
 *
 * Continuation ("run 200 more") is `{ start: done, end: done + 200 }`: the same line sequence and
 * decay schedule, added to the heights as they are now. Each run rounds to float32 once at its end,
 * so runs [0, n) then [n, m) give exactly what the plain loop gives applied in those same two steps;
 * they equal a single [0, m) run whenever the sums after n are exact in float32 (e.g. whole-metre
 * displacements), and otherwise may differ from it by float32 rounding.
 */
export function runFaultFormation(field: Heightfield, recipe: FaultRecipe, options: RunOptions = {}): boolean {
  const { start = 0, end = recipe.iterations, onProgress, lines, ...rest } = options;
  assertIterationRange(start, end);
  const count = end - start;
  const batch = faultBatchSize(profileOf(recipe), field.width, field.cellSize);
  if (count > batch) return streamFaults(field, recipe, start, end, batch, { ...rest, onProgress }, lines);
  const faults = generateFaults(recipe, terrainExtent(field), start, end, lines);
  return applyFaults(field, faults, {
    ...rest,
    onProgress: onProgress && ((rows, depth) => onProgress(rows === depth ? count : (count * rows) / depth, count)),
  });
}

/**
 * Iterations [start, end) of the recipe, generated from the seeded stream `batch` lines at a time:
 * each batch is swept into one float64 sum per vertex, and the heights get the sums once at the end.
 * Every fault's value at a vertex is a multiple of 2⁻²⁴ (quantised displacements; the smooth ramp is
 * quantised per vertex too, profile.ts) and the total stays under MAX_TOTAL_DISPLACEMENT, so the
 * batched float64 sums are exactly the one-pass sums: the same bytes as applyFaults of every fault.
 * Memory: the accumulator (8 bytes per vertex) and one batch's lines, whatever the iterations. The
 * heights are not touched until the last batch is in, so a cancelled run leaves them as they were.
 */
export function streamFaults(
  field: Heightfield,
  recipe: FaultRecipe,
  start: number,
  end: number,
  batch: number,
  options: ApplyOptions = {},
  lines?: FaultLineStream,
): boolean {
  assertIterationRange(start, end);
  if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`batch must be a whole number ≥ 1, got ${batch}`);
  const { width, depth, heights } = field;
  const { onProgress, shouldCancel } = options;
  const count = end - start;
  const profile = profileOf(recipe);
  assertUsableProfile(profile, 0);
  const smoothWidth = profile.kind === 'smooth' ? profile.width : 0;
  // The whole run's displacements are known before any line: check their total as applyFaults does.
  let total = 0;
  for (let iteration = start; iteration < end; iteration++) {
    const d = quantizeDisplacement(displacementAt(recipe.decay, iteration));
    if (!Number.isFinite(d)) throw new RangeError(`fault ${iteration - start} has a non-finite displacement`);
    total += Math.abs(d);
  }
  if (total > MAX_TOTAL_DISPLACEMENT) {
    throw new RangeError(`total displacement ${total} m exceeds ${MAX_TOTAL_DISPLACEMENT} m, beyond which sums are not exact`);
  }
  if (shouldCancel?.()) return false;
  const stream = lines ?? new FaultLineStream(recipe, terrainExtent(field));
  const acc = new Float64Array(width * depth);
  for (let b0 = start; b0 < end; b0 += batch) {
    const b1 = Math.min(end, b0 + batch);
    const batchLines: FaultLine[] = [];
    const displacements: number[] = [];
    for (let iteration = b0; iteration < b1; iteration++) {
      const line = stream.lineAt(iteration);
      assertFiniteLine(line, iteration - start);
      batchLines.push(line);
      displacements.push(quantizeDisplacement(displacementAt(recipe.decay, iteration)));
    }
    const sweep = new RowSweep(field, batchLines, displacements, new Array<number>(batchLines.length).fill(smoothWidth));
    const rows =
      smoothWidth > 0 ? rowsPerStep(0, batchLines.length * smoothRowWork(smoothWidth, width, field.cellSize), width) : rowsPerStep(batchLines.length, 0, width);
    const applied = b0 - start;
    // Polled before every step of rows, the first too: building a batch's sweep is work of its own.
    for (let j0 = 0; j0 < depth; j0 += rows) {
      if (shouldCancel?.()) return false;
      const j1 = Math.min(depth, j0 + rows);
      sweep.accumulateRows(j0, j1, acc);
      onProgress?.(j1 === depth ? b1 - start : applied + ((b1 - b0) * j1) / depth, count);
    }
  }
  for (let k = 0; k < heights.length; k++) heights[k] = heights[k] + acc[k];
  return true;
}

/**
 * The fault line through two world points (metres), for a fault dragged by the user. The side that
 * rises is the LEFT of the direction p1 → p2 as seen from above on the 2D panel (+x to the right,
 * +z down): dragging toward +x raises the −z side. In formula terms, vertices with
 * (z2 − z1)·(x − x1) − (x2 − x1)·(z − z1) > 0 rise. Uses the normal form ('two-point' method) with a
 * unit normal, so it exports like any other line.
 */
export function lineThroughPoints(x1: number, z1: number, x2: number, z2: number): FaultLine {
  if (![x1, z1, x2, z2].every(Number.isFinite)) throw new RangeError('a fault line needs finite points');
  const dx = x2 - x1;
  const dz = z2 - z1;
  const length = Math.hypot(dx, dz);
  if (length === 0) throw new RangeError('a fault line needs two distinct points');
  const a = dz / length;
  const b = -dx / length;
  return { a, b, c: a * x1 + b * z1, x1, z1, x2, z2, method: 'two-point' };
}
