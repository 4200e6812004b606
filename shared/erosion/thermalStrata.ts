/**
 * Thermal erosion with the talus from strata (ThermalParams.strata): each pair of vertices settles at
 * the talus of the bed its higher vertex is in, tan(talus) = √hardness · tan(talusDeg) (with a cliff
 * angle, ThermalParams.cliffDeg: the hardest bed at cliffDeg, shared/erosion/bedSlopes.ts). Hard beds stand
 * steep (cliff bands, ledges), soft beds shed to talusDeg (benches, talus aprons at the walls' feet):
 * the stepped walls of layered rock, where one talus everywhere smooths a wall into one slope. The
 * square root keeps a one-cell riser in a bed 3× as hard (54° at a 38° talus) under twice the talus
 * steps beside it; with hardness itself (67°) such risers stood alone as a two-cell staircase does
 * (shared/presets/thermalStaircase.test.ts).
 *
 * Same order as thermal.ts (Margolus 2 × 2 blocks, two half passes, orders swapped on odd passes), so
 * blocks of a half pass share no vertex and any split of the block rows between threads gives the
 * same bytes. Each pair reads and writes the float32 heights (the talus depends on the pair's own
 * heights, so the register-kept block of thermal.ts buys little here).
 */
import { strataReader, vertexWorld, type Strata } from '../terrain/strata';
import { bedSlopes } from './bedSlopes';

/** What a half pass needs to find a pair's talus: per-bed talus heights and the dip's offsets. */
export interface StrataTalus {
  /** Height difference (m) over one cell above which material moves, per bed. */
  readonly talusByBed: Float64Array;
  /** The smallest of talusByBed. */
  readonly minTalus: number;
  /** Top of each bed in the repeating column, metres above its bottom. */
  readonly tops: Float64Array;
  readonly period: number;
  /** Offset of the bed surfaces at each column (gx · x), and at each row (gz · z + base). */
  readonly columnOffset: Float64Array;
  readonly rowOffset: Float64Array;
  /**
   * Whether each 2 × 2 block also settles its two diagonals (at √2 × the talus): after a wall retreat
   * (ThermalParams.retreatDeg) the heads are round, and pairs along rows and columns alone would
   * facet them into diamonds facing the grid's diagonals. Off otherwise, so the bytes of thermal with
   * strata stay those of projects made without a retreat.
   */
  readonly diagonals: boolean;
}

export function strataTalus(
  strata: Strata,
  talusDeg: number,
  size: { width: number; depth: number; cellSize: number },
  diagonals = false,
  cliffDeg?: number,
  faceCells?: number,
  faceUnits = false,
): StrataTalus {
  const reader = strataReader(strata);
  const talusByBed = bedSlopes(strata, talusDeg, cliffDeg, size.cellSize, faceCells, faceUnits).map((slope) => slope * size.cellSize);
  const tops = new Float64Array(strata.beds.length);
  let top = 0;
  for (const [n, bed] of strata.beds.entries()) tops[n] = top += bed.thickness;
  const columnOffset = Float64Array.from({ length: size.width }, (_, i) => reader.gx * vertexWorld(i, size.width, size.cellSize));
  const rowOffset = Float64Array.from({ length: size.depth }, (_, j) => reader.gz * vertexWorld(j, size.depth, size.cellSize) + strata.base);
  return { talusByBed, minTalus: Math.min(...talusByBed), tops, period: reader.period, columnOffset, rowOffset, diagonals };
}

/** Talus height of the bed at stratigraphic height e (as strataReader's bedAtElevation). */
function talusAt(st: StrataTalus, e: number): number {
  const { period, tops, talusByBed } = st;
  let r = e - Math.floor(e / period) * period;
  if (r >= period) r = 0;
  const last = tops.length - 1;
  for (let n = 0; n < last; n++) if (r < tops[n]) return talusByBed[n];
  return talusByBed[last];
}

/**
 * Moves material between vertices p and q (indexes into h) at the talus of the higher one's bed,
 * over a run of `reach` cells (1, or √2 for a diagonal); `pShift` and `qShift` are the bed surfaces'
 * column and row offsets at each, subtracted in that order. `edge`: the pair touches the map's edge.
 */
function settleAt(
  h: Float32Array,
  st: StrataTalus,
  p: number,
  q: number,
  pColumn: number,
  pRow: number,
  qColumn: number,
  qRow: number,
  edge: boolean,
  half: number,
  reach: number,
): void {
  const hp = h[p];
  const hq = h[q];
  const d = hp - hq;
  // No bed's talus is below the softest's: most pairs (plateau, floors) stop here, without a bed lookup.
  if (Math.abs(d) <= st.minTalus * reach) return;
  const e = hp >= hq ? hp - pColumn - pRow : hq - qColumn - qRow;
  const talus = (edge ? st.minTalus : talusAt(st, e)) * reach;
  const over = d - talus;
  const under = d + talus;
  const m = half * (over + Math.abs(over) + (under - Math.abs(under)));
  if (m === 0) return;
  h[p] = hp - m;
  h[q] = hq + m;
}

/**
 * Settles vertices p (column pi, row pj) and q (qi, qj) at the talus of the higher one's bed, over a
 * run of `reach` cells (1, or √2 for a diagonal).
 */
function settle(h: Float32Array, st: StrataTalus, width: number, pi: number, pj: number, qi: number, qj: number, half: number, reach = 1): void {
  // The map's edge is a cut through land that goes on, not a cliff face: a pair touching it settles at
  // the softest talus, so no hard bed stands as a step at the edge (canyonMouths.test.ts).
  const edge = pi === 0 || pj === 0 || qi === width - 1 || qj === st.rowOffset.length - 1;
  const { columnOffset, rowOffset } = st;
  settleAt(h, st, pj * width + pi, qj * width + qi, columnOffset[pi], rowOffset[pj], columnOffset[qi], rowOffset[qj], edge, half, reach);
}

/**
 * What moves from p to q (heights hp, hq) at the talus of the higher one's bed, `pShift`/`qShift` the
 * bed surfaces' offsets at each (column + row, subtracted in that order): 0 where the pair stands within it.
 */
function moved(st: StrataTalus, hp: number, hq: number, pColumn: number, pRow: number, qColumn: number, qRow: number, half: number, reach: number): number {
  const d = hp - hq;
  if (Math.abs(d) <= st.minTalus * reach) return 0;
  const talus = talusAt(st, hp >= hq ? hp - pColumn - pRow : hq - qColumn - qRow) * reach;
  const over = d - talus;
  const under = d + talus;
  return half * (over + Math.abs(over) + (under - Math.abs(under)));
}

/**
 * One 2 × 2 block (top-left vertex k, column l, row t) that touches no edge of the map, its pairs in
 * the order of the checked path in thermalStrataBlockRows. Its four heights stay in registers, each
 * rounded to float32 where a pair changes it, as the checked path's stores round them.
 */
function settleInnerBlock(h: Float32Array, st: StrataTalus, k: number, l: number, t: number, width: number, verticalFirst: boolean, half: number): void {
  const { columnOffset: c, rowOffset: r } = st;
  const below = k + width;
  const c0 = c[l];
  const c1 = c[l + 1];
  const r0 = r[t];
  const r1 = r[t + 1];
  let a = h[k];
  let b = h[k + 1];
  let e = h[below];
  let f = h[below + 1];
  let m: number;
  if (verticalFirst) {
    m = moved(st, a, e, c0, r0, c0, r1, half, 1);
    if (m !== 0) {
      a = Math.fround(a - m);
      e = Math.fround(e + m);
    }
    m = moved(st, b, f, c1, r0, c1, r1, half, 1);
    if (m !== 0) {
      b = Math.fround(b - m);
      f = Math.fround(f + m);
    }
  }
  m = moved(st, a, b, c0, r0, c1, r0, half, 1);
  if (m !== 0) {
    a = Math.fround(a - m);
    b = Math.fround(b + m);
  }
  m = moved(st, e, f, c0, r1, c1, r1, half, 1);
  if (m !== 0) {
    e = Math.fround(e - m);
    f = Math.fround(f + m);
  }
  if (!verticalFirst) {
    m = moved(st, a, e, c0, r0, c0, r1, half, 1);
    if (m !== 0) {
      a = Math.fround(a - m);
      e = Math.fround(e + m);
    }
    m = moved(st, b, f, c1, r0, c1, r1, half, 1);
    if (m !== 0) {
      b = Math.fround(b - m);
      f = Math.fround(f + m);
    }
  }
  if (st.diagonals) {
    m = moved(st, a, f, c0, r0, c1, r1, half, Math.SQRT2);
    if (m !== 0) {
      a = Math.fround(a - m);
      f = Math.fround(f + m);
    }
    m = moved(st, b, e, c1, r0, c0, r1, half, Math.SQRT2);
    if (m !== 0) {
      b = Math.fround(b - m);
      e = Math.fround(e + m);
    }
  }
  h[k] = a;
  h[k + 1] = b;
  h[below] = e;
  h[below + 1] = f;
}

/**
 * One half pass over the blocks whose top row t is in [top0, top1), as thermalBlockRows in thermal.ts:
 * blocks have t and their left column l ≡ offset (mod 2), t, l ≥ −1; blocks cut by an edge keep the
 * pairs inside the map.
 */
export function thermalStrataBlockRows(
  h: Float32Array,
  width: number,
  depth: number,
  pass: number,
  halfPass: number,
  top0: number,
  top1: number,
  st: StrataTalus,
  strength: number,
): void {
  // As blockOffset in thermal.ts (not imported: thermal.ts imports this module).
  const offset = (pass & 1) === 0 ? halfPass : 1 - halfPass;
  const verticalFirst = (pass & 1) === 1;
  const half = 0.5 * strength;
  let t = Math.max(top0, -1);
  if (((t - offset) & 1) !== 0) t++;
  const end = Math.min(top1, depth);
  for (; t < end; t += 2) {
    const top = t >= 0;
    const bottom = t + 1 < depth;
    // Rows whose blocks can miss every edge: those blocks take the unrolled path.
    const innerRow = t >= 1 && t + 1 < depth - 1;
    for (let l = -offset; l < width; l += 2) {
      if (innerRow && l >= 1 && l + 1 < width - 1) {
        settleInnerBlock(h, st, t * width + l, l, t, width, verticalFirst, half);
        continue;
      }
      const left = l >= 0;
      const right = l + 1 < width;
      const rows = left && right;
      const columns = top && bottom;
      if (verticalFirst && columns) {
        if (left) settle(h, st, width, l, t, l, t + 1, half);
        if (right) settle(h, st, width, l + 1, t, l + 1, t + 1, half);
      }
      if (rows) {
        if (top) settle(h, st, width, l, t, l + 1, t, half);
        if (bottom) settle(h, st, width, l, t + 1, l + 1, t + 1, half);
      }
      if (!verticalFirst && columns) {
        if (left) settle(h, st, width, l, t, l, t + 1, half);
        if (right) settle(h, st, width, l + 1, t, l + 1, t + 1, half);
      }
      if (st.diagonals && rows && columns) {
        settle(h, st, width, l, t, l + 1, t + 1, half, Math.SQRT2);
        settle(h, st, width, l + 1, t, l, t + 1, half, Math.SQRT2);
      }
    }
  }
}
