import type { Heightfield } from '../terrain/heightfield';
import { chunkBounds, chunkCount, chunkMaxLevel, type ChunkLayout } from './chunkLayout';

/**
 * Per chunk and level: the largest vertical distance between that level's surface and the exact
 * surface (Infinity for levels the chunk does not have), plus the chunk's height range.
 * The exact triangulation refines every coarser one (same diagonal direction), so the difference
 * of the two surfaces is piecewise linear over the fine triangles and peaks at a fine vertex:
 * checking the fine vertices gives the exact maximum.
 */
export interface ChunkErrors {
  readonly layout: ChunkLayout;
  /** errors[c · levelCount + L], metres, non-decreasing in L. */
  readonly errors: Float32Array;
  readonly minHeight: Float32Array;
  readonly maxHeight: Float32Array;
  readonly maxLevel: Uint8Array;
}

export function computeChunkErrors(field: Heightfield, layout: ChunkLayout): ChunkErrors {
  const result = emptyChunkErrors(layout);
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) updateChunkErrorsAt(field, result, cx, cz);
  }
  return result;
}

/**
 * Like computeChunkErrors but fast (one pass over the heights): exact height ranges, and for every
 * level ≥ 1 the conservative bound maxHeight − minHeight instead of the exact error. Both the exact
 * surface and any level's surface interpolate the chunk's own vertices, so they lie within its
 * height range and never differ by more than that. Refine chunks with updateChunkErrorsAt.
 */
export function computeChunkErrorBounds(field: Heightfield, layout: ChunkLayout): ChunkErrors {
  const result = emptyChunkErrors(layout);
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) boundChunk(field, result, cx, cz);
  }
  return result;
}

/** Chunks [cx0, cx1] × [cz0, cz1] (inclusive) holding a vertex of [i0, i1) × [j0, j1), or null if empty. */
export function chunksTouching(
  layout: ChunkLayout,
  i0: number,
  j0: number,
  i1: number,
  j1: number,
): { cx0: number; cz0: number; cx1: number; cz1: number } | null {
  const { chunkCells, chunksX, chunksZ } = layout;
  if (i1 <= i0 || j1 <= j0) return null;
  // A vertex on a chunk border belongs to both chunks, hence the −1 on the low side.
  return {
    cx0: Math.max(0, Math.floor((i0 - 1) / chunkCells)),
    cz0: Math.max(0, Math.floor((j0 - 1) / chunkCells)),
    cx1: Math.min(chunksX - 1, Math.floor((i1 - 1) / chunkCells)),
    cz1: Math.min(chunksZ - 1, Math.floor((j1 - 1) / chunkCells)),
  };
}

/**
 * Recomputes the chunks touching vertices [i0, i1) × [j0, j1) (a DirtyRegion rectangle);
 * returns how many chunks were refreshed.
 */
export function updateChunkErrors(field: Heightfield, errors: ChunkErrors, i0: number, j0: number, i1: number, j1: number): number {
  const range = chunksTouching(errors.layout, i0, j0, i1, j1);
  if (!range) return 0;
  for (let cz = range.cz0; cz <= range.cz1; cz++) {
    for (let cx = range.cx0; cx <= range.cx1; cx++) updateChunkErrorsAt(field, errors, cx, cz);
  }
  return (range.cx1 - range.cx0 + 1) * (range.cz1 - range.cz0 + 1);
}

function emptyChunkErrors(layout: ChunkLayout): ChunkErrors {
  const count = chunkCount(layout);
  return {
    layout,
    errors: new Float32Array(count * layout.levelCount),
    minHeight: new Float32Array(count),
    maxHeight: new Float32Array(count),
    maxLevel: new Uint8Array(count),
  };
}

/** Height range and max level of one chunk; returns the chunk's row-major index. */
function rangeChunk(field: Heightfield, result: ChunkErrors, cx: number, cz: number): number {
  const { layout } = result;
  const { width: w, heights: h } = field;
  const i0 = cx * layout.chunkCells;
  const j0 = cz * layout.chunkCells;
  const i1 = Math.min(i0 + layout.chunkCells, layout.width - 1);
  const j1 = Math.min(j0 + layout.chunkCells, layout.depth - 1);
  const c = cz * layout.chunksX + cx;
  result.maxLevel[c] = chunkMaxLevel(layout, cx, cz);
  let min = Infinity;
  let max = -Infinity;
  for (let j = j0; j <= j1; j++) {
    for (let k = j * w + i0; k <= j * w + i1; k++) {
      const v = h[k];
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  result.minHeight[c] = min;
  result.maxHeight[c] = max;
  return c;
}

/** The conservative errors of computeChunkErrorBounds for one chunk. */
function boundChunk(field: Heightfield, result: ChunkErrors, cx: number, cz: number): void {
  const c = rangeChunk(field, result, cx, cz);
  const { levelCount } = result.layout;
  const maxLevel = result.maxLevel[c];
  // Rounded up a little: the exact error is computed in doubles and then rounded to a float, and
  // must never come out above its bound.
  const bound = Math.fround((result.maxHeight[c] - result.minHeight[c]) * (1 + 2 ** -20));
  const base = c * levelCount;
  result.errors[base] = 0;
  for (let level = 1; level < levelCount; level++) result.errors[base + level] = level > maxLevel ? Infinity : bound;
}

/** Recomputes one chunk's height range and exact errors. */
export function updateChunkErrorsAt(field: Heightfield, result: ChunkErrors, cx: number, cz: number): void {
  const c = rangeChunk(field, result, cx, cz);
  const { layout } = result;
  const { width: w, heights: h } = field;
  const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
  const maxLevel = result.maxLevel[c];
  const base = c * layout.levelCount;
  result.errors[base] = 0;
  for (let level = 1; level < layout.levelCount; level++) {
    if (level > maxLevel) {
      result.errors[base + level] = Infinity;
      continue;
    }
    const error = levelError(h, w, i0, j0, i1, j1, 2 ** level);
    // Never smaller than a finer level's, so refining a chunk never increases its error.
    result.errors[base + level] = Math.max(error, result.errors[base + level - 1]);
  }
}

/** Max |exact − level surface| over the chunk's vertices, for the level with this step. */
function levelError(h: Float32Array, w: number, i0: number, j0: number, i1: number, j1: number, step: number): number {
  let worst = 0;
  const inv = 1 / step;
  // Cell by cell with the corner heights in locals: this runs for every vertex and level. Along a
  // row of a cell each triangle's plane changes by a constant per vertex, so no branch per vertex:
  // di ≤ step − dj lies in the lower-left triangle (fx + fz ≤ 1), the rest in the upper-right one.
  // A cell's far row and column are the next cell's first ones (both surfaces agree along a shared
  // edge), so only the chunk's last cells visit them: each vertex is checked once per level.
  for (let cj = j0; cj < j1; cj += step) {
    const lastDj = cj + step === j1 ? step : step - 1;
    for (let ci = i0; ci < i1; ci += step) {
      const lastDi = ci + step === i1 ? step : step - 1;
      const k = cj * w + ci;
      const h00 = h[k];
      const h10 = h[k + step];
      const h01 = h[k + step * w];
      const h11 = h[k + step * w + step];
      const lowerSlope = (h10 - h00) * inv;
      const upperSlope = (h11 - h01) * inv;
      for (let dj = 0; dj <= lastDj; dj++) {
        const fz = dj * inv;
        const row = k + dj * w;
        const split = Math.min(step - dj, lastDi);
        // Lower triangle at (di, dj): h00 + fx (h10 − h00) + fz (h01 − h00).
        const lowerStart = h00 + fz * (h01 - h00);
        for (let di = 0; di <= split; di++) {
          const d = Math.abs(h[row + di] - (lowerStart + di * lowerSlope));
          if (d > worst) worst = d;
        }
        // Upper triangle: h11 + (1 − fx)(h01 − h11) + (1 − fz)(h10 − h11) = a + fx (h11 − h01).
        const upperStart = h01 + (1 - fz) * (h10 - h11);
        for (let di = split + 1; di <= lastDi; di++) {
          const d = Math.abs(h[row + di] - (upperStart + di * upperSlope));
          if (d > worst) worst = d;
        }
      }
    }
  }
  return worst;
}
