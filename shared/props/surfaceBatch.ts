import type { Heightfield } from '../terrain/heightfield';
import { heightInCell } from '../terrain/surface';

/**
 * Batched surface sampling for bulk snapping. On a large map nearly every prop's cell is a cache
 * miss; sampling props one by one waits for each miss in turn, while first locating a chunk of
 * props, then gathering all their cell corners in one tight loop, lets the CPU overlap the misses
 * (about 6× faster for 100,000 props on 4097²). Same clamping, triangles and arithmetic as
 * sampleSurface, so results are bit-identical.
 */
export const BATCH_CHUNK = 2048;

export interface BatchScratch {
  /** Which prop each slot holds. */
  readonly prop: Int32Array;
  /** Index of the cell's lower corner vertex. */
  readonly vertex: Int32Array;
  readonly fx: Float64Array;
  readonly fz: Float64Array;
  /** Cell corners per slot: h(i, j), h(i+1, j), h(i, j+1), h(i+1, j+1). */
  readonly corners: Float32Array;
}

export function createBatchScratch(): BatchScratch {
  return {
    prop: new Int32Array(BATCH_CHUNK),
    vertex: new Int32Array(BATCH_CHUNK),
    fx: new Float64Array(BATCH_CHUNK),
    fz: new Float64Array(BATCH_CHUNK),
    corners: new Float32Array(4 * BATCH_CHUNK),
  };
}

/**
 * Below this distance from a grid line a point may be an exact vertex position that gridCoordinate
 * snaps; elsewhere gridCoordinate returns x / cellSize + centre unchanged, so the rounding test is
 * skipped (same reasoning as heightAt's fast path). The rounding error of x / cellSize + centre grows
 * with the coordinate, so beyond 2^20 vertices per side every point takes the exact test.
 */
const NEAR_GRID_LINE = 1e-9;
const MAX_FAST_SIDE = 2 ** 20;

/**
 * Locates props [from, from + n) (n ≤ BATCH_CHUNK): fills the scratch's prop, vertex, fx and fz
 * (not corners), exactly as gridCoordinate plus sampleSurface's clamping would.
 * Props with NaN coordinates get vertex 0 and NaN offsets, so their height comes out NaN.
 */
export function locateChunk(field: Heightfield, x: Float64Array, z: Float64Array, from: number, n: number, scratch: BatchScratch): void {
  const w = field.width;
  const d = field.depth;
  const s = field.cellSize;
  const centreX = (w - 1) / 2;
  const centreZ = (d - 1) / 2;
  // Outside the fast range, a margin of 0.5 sends every point through the exact test.
  const margin = w <= MAX_FAST_SIDE && d <= MAX_FAST_SIDE ? NEAR_GRID_LINE : 0.5;
  const { prop, vertex, fx, fz } = scratch;
  for (let p = 0; p < n; p++) {
    const k = from + p;
    prop[p] = k;
    const xk = x[k];
    const zk = z[k];
    let gx = xk / s + centreX;
    let gz = zk / s + centreZ;
    // Inlined gridCoordinate; NaN and ±Infinity fail the margin test and take the exact test.
    const ex = gx - Math.floor(gx);
    if (!(ex > margin && ex < 1 - margin)) {
      const nearest = Math.round(gx);
      if ((nearest - centreX) * s === xk) gx = nearest;
    }
    const ez = gz - Math.floor(gz);
    if (!(ez > margin && ez < 1 - margin)) {
      const nearest = Math.round(gz);
      if ((nearest - centreZ) * s === zk) gz = nearest;
    }
    if (gx < 0) gx = 0;
    else if (gx > w - 1) gx = w - 1;
    if (gz < 0) gz = 0;
    else if (gz > d - 1) gz = d - 1;
    let i = Math.floor(gx);
    let j = Math.floor(gz);
    if (i === w - 1) i--;
    if (j === d - 1) j--;
    fx[p] = gx - i;
    fz[p] = gz - j;
    vertex[p] = i >= 0 && j >= 0 ? j * w + i : 0;
  }
}

/** Loads props [from, from + n) (n ≤ BATCH_CHUNK) into the scratch, corners included (see locateChunk). */
export function gatherChunk(field: Heightfield, x: Float64Array, z: Float64Array, from: number, n: number, scratch: BatchScratch): void {
  locateChunk(field, x, z, from, n, scratch);
  const w = field.width;
  const h = field.heights;
  const { vertex, corners } = scratch;
  for (let p = 0; p < n; p++) {
    const v = vertex[p];
    const q = 4 * p;
    corners[q] = h[v];
    corners[q + 1] = h[v + 1];
    corners[q + 2] = h[v + w];
    corners[q + 3] = h[v + w + 1];
  }
}

/** Height of slot p, same expression as heightAt. */
export function chunkHeight(scratch: BatchScratch, p: number): number {
  // The four corners sit together (h00, h10, h01, h11): a cell of row length 2.
  return heightInCell(scratch.corners, 4 * p, 2, scratch.fx[p], scratch.fz[p]);
}

/** Gradient (∂h/∂x, ∂h/∂z) of slot p's triangle into out[0], out[1], same expressions as gradientAt. */
export function chunkGradient(scratch: BatchScratch, p: number, cellSize: number, out: Float64Array): void {
  const c = scratch.corners;
  const q = 4 * p;
  if (scratch.fx[p] + scratch.fz[p] <= 1) {
    out[0] = (c[q + 1] - c[q]) / cellSize;
    out[1] = (c[q + 2] - c[q]) / cellSize;
  } else {
    out[0] = (c[q + 3] - c[q + 2]) / cellSize;
    out[1] = (c[q + 3] - c[q + 1]) / cellSize;
  }
}
