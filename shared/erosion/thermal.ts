/**
 * Thermal erosion: wherever the height difference between two axis neighbours exceeds
 * tan(talus) · cellSize, the higher vertex sheds `strength` × the excess to the lower one
 * (strength 0.5 leaves the pair exactly at the talus).
 *
 * Order: each pass settles every neighbour pair once, in two half passes over 2 × 2 blocks of
 * vertices (the Margolus neighbourhood): blocks with their top-left corner at even (i, j), then at
 * odd (i, j). Inside a block the two horizontal pairs are settled, then the two vertical ones. The
 * blocks of a half pass share no vertex, so the result does not depend on the order they are done
 * in: the loop keeps four heights in registers with no dependency chain from block to block (about
 * 2.5× faster than a Gauss–Seidel sweep over the same pairs, whose "above the talus?" branches
 * mispredict on real maps), and a second thread can take half the rows (see thermalBlockRows).
 * Odd passes swap both orders (odd blocks first, vertical pairs first) so material does not drift
 * toward one side.
 *
 * Precision and mass: within a block the heights stay in float64 (a transfer subtracts and adds the
 * same amount), and each vertex is rounded to float32 once when its block is stored. Keeping float32
 * values between pairs instead costs a conversion chain per pair (about 1.5× slower). The sum of
 * heights changes only by those roundings: at most ½ ulp per changed vertex per half pass, i.e.
 * ≤ 2 · transfers · 2⁻²⁴ · max|h| (plus float64 rounding, 2⁻⁵³ relative per operation). Heights
 * that no transfer touches are stored back bit for bit.
 */
import type { Heightfield } from '../terrain/heightfield';
import { thermalProblem, type ErosionRunOptions, type ThermalParams } from './params';
import { strataTalus, thermalStrataBlockRows } from './thermalStrata';
import { softenCreases } from './creaseSoftening';
import { flattenNarrowTops, smoothLipsAlong, roundLips } from './narrowTops';
import { weatherCaplessHills } from './caplessHills';
import { talusApron } from './talusApron';
import { continueEdges } from './mapEdge';
import { JOINTING, wallRetreat } from './wallRetreat';

/** Rows between progress reports and cancel checks: about 2^18 vertices, ~0.5 ms of work. */
const CHUNK_VERTICES = 1 << 18;

/** Height difference (metres) between axis neighbours above which material moves. */
export function talusHeight(params: Pick<ThermalParams, 'talusDeg'>, cellSize: number): number {
  return Math.tan((params.talusDeg * Math.PI) / 180) * cellSize;
}

/**
 * What moves from a to b when a − b = d: strength · (d − talus) above the talus, strength · (d + talus)
 * (negative: b sheds to a) below −talus, exactly 0 in between. Branch-free: the clamped parts cancel
 * exactly (r + |r| is 0 for r ≤ 0), so the loops have no data-dependent branch to mispredict.
 */
function transfer(d: number, talus: number, half: number): number {
  const over = d - talus;
  const under = d + talus;
  return half * (over + Math.abs(over) + (under - Math.abs(under)));
}

/**
 * Full 2 × 2 blocks with top-left corners at k = first, first + 2, … < end (row-major indexes, the
 * vertex below k is k + width): horizontal pairs, then vertical. The block's four heights stay in
 * float64 between its pairs and are rounded to float32 once, when stored.
 */
function blocksHV(h: Float32Array, first: number, end: number, width: number, talus: number, half: number): void {
  for (let k = first; k < end; k += 2) {
    const below = k + width;
    let a = h[k];
    let b = h[k + 1];
    let c = h[below];
    let d = h[below + 1];
    let m = transfer(a - b, talus, half);
    a -= m;
    b += m;
    m = transfer(c - d, talus, half);
    c -= m;
    d += m;
    m = transfer(a - c, talus, half);
    h[k] = a - m;
    h[below] = c + m;
    m = transfer(b - d, talus, half);
    h[k + 1] = b - m;
    h[below + 1] = d + m;
  }
}

/** As blocksHV with the vertical pairs first. */
function blocksVH(h: Float32Array, first: number, end: number, width: number, talus: number, half: number): void {
  for (let k = first; k < end; k += 2) {
    const below = k + width;
    let a = h[k];
    let b = h[k + 1];
    let c = h[below];
    let d = h[below + 1];
    let m = transfer(a - c, talus, half);
    a -= m;
    c += m;
    m = transfer(b - d, talus, half);
    b -= m;
    d += m;
    m = transfer(a - b, talus, half);
    h[k] = a - m;
    h[k + 1] = b + m;
    m = transfer(c - d, talus, half);
    h[below] = c - m;
    h[below + 1] = d + m;
  }
}

/** One pair (a, b): the blocks cut by the map's edge are single pairs. */
function settlePair(h: Float32Array, a: number, b: number, talus: number, half: number): void {
  const high = h[a];
  const low = h[b];
  const m = transfer(high - low, talus, half);
  h[a] = high - m;
  h[b] = low + m;
}

/** Horizontal pairs (k, k + 1) of one row for k = first, first + 2, … < end. */
function rowPairs(h: Float32Array, first: number, end: number, talus: number, half: number): void {
  for (let k = first; k < end; k += 2) settlePair(h, k, k + 1, talus, half);
}

/** Column offset (0 or 1) of the blocks in half pass `half` (0 or 1) of pass `pass`. */
export function blockOffset(pass: number, half: number): number {
  return (pass & 1) === 0 ? half : 1 - half;
}

/**
 * One half pass of pass `pass` over the blocks whose top row t is in [top0, top1). Blocks have
 * t ≡ offset (mod 2) and t ≥ −1; a block at t = −1 or t = depth − 1 is cut to one row. Blocks in
 * different rows share no vertex, so workers may do disjoint ranges of the same half pass at once
 * (then wait for each other before the next half pass) and get the same bytes as one thread.
 */
export function thermalBlockRows(
  heights: Float32Array,
  width: number,
  depth: number,
  pass: number,
  half: number,
  top0: number,
  top1: number,
  talus: number,
  strength: number,
): void {
  const offset = blockOffset(pass, half);
  const verticalFirst = (pass & 1) === 1;
  const halfStrength = 0.5 * strength;
  const last = width - 1;
  let t = Math.max(top0, -1);
  if (((t - offset) & 1) !== 0) t++;
  const end = Math.min(top1, depth);
  for (; t < end; t += 2) {
    if (t < 0 || t === depth - 1) {
      const row = (t < 0 ? 0 : t) * width;
      rowPairs(heights, row + offset, row + last, talus, halfStrength);
      continue;
    }
    const row = t * width;
    // A column cut by the left or right edge is one vertical pair.
    if (offset === 1) settlePair(heights, row, row + width, talus, halfStrength);
    if (((last - offset) & 1) === 0) settlePair(heights, row + last, row + last + width, talus, halfStrength);
    if (verticalFirst) blocksVH(heights, row + offset, row + last, width, talus, halfStrength);
    else blocksHV(heights, row + offset, row + last, width, talus, halfStrength);
  }
}

/**
 * Runs thermal erosion on field.heights in place. Returns false when cancelled (the heights are then
 * partly eroded: the caller discards them). Throws a RangeError for invalid parameters.
 */
export function thermalErosion(field: Heightfield, params: ThermalParams, options: ErosionRunOptions = {}): boolean {
  const problem = thermalProblem(params);
  if (problem) throw new RangeError(problem);
  const { width, depth, cellSize, heights } = field;
  const { onProgress, shouldCancel } = options;
  const talus = talusHeight(params, cellSize);
  const { strata, retreatDeg, cliffDeg, faceCells } = params;
  const faceUnits = params.faceUnits === true;
  const byStrata = strata ? strataTalus(strata, params.talusDeg, field, retreatDeg !== undefined, cliffDeg, faceCells, faceUnits) : null;
  const { jointing, jointSpacing } = params;
  if (retreatDeg !== undefined) wallRetreat(field, retreatDeg, strata, jointing ?? JOINTING, cliffDeg, faceCells, jointSpacing, faceUnits);
  if (params.topWidth !== undefined) flattenNarrowTops(field, params.topWidth);
  // An even number of rows per chunk keeps every chunk boundary between two blocks.
  const rowsPerChunk = 2 * Math.max(1, Math.floor(CHUNK_VERTICES / (2 * width)));
  const total = params.iterations * 2 * (depth + 1);
  let done = 0;
  if (shouldCancel?.()) return false;
  for (let pass = 0; pass < params.iterations; pass++) {
    for (let half = 0; half < 2; half++) {
      for (let top = -1; top < depth; top += rowsPerChunk) {
        if (done > 0 && shouldCancel?.()) return false;
        const next = Math.min(depth, top + rowsPerChunk);
        if (byStrata) thermalStrataBlockRows(heights, width, depth, pass, half, top, next, byStrata, params.strength);
        else thermalBlockRows(heights, width, depth, pass, half, top, next, talus, params.strength);
        done += next - top;
        onProgress?.(done, total);
      }
    }
  }
  // After the passes have laid the walls' soft beds back: what fell rests at their feet.
  talusApron(field, params);
  if (params.caplessRelief !== undefined && strata) weatherCaplessHills(field, strata, params.caplessRelief, params.talusDeg, params.capWidth);
  if (params.lipPasses !== undefined) roundLips(field, params.lipPasses);
  if (params.lipDrop !== undefined) smoothLipsAlong(field, params.lipDrop);
  if (params.creaseBreak !== undefined) softenCreases(field, params.creaseBreak);
  if (params.edgeContinues === true) continueEdges(field);
  return true;
}
