import type { Heightfield } from '../terrain/heightfield';
import { gridCoordinate, heightInCell } from '../terrain/surface';

/**
 * Allocation-free sampling of the exact terrain surface for props: the same triangles and the same
 * arithmetic as `heightAt`/`gradientAt` in shared/terrain/surface.ts (bit-identical on the terrain,
 * including gridCoordinate's snapping of exact vertex positions), except that points outside the
 * terrain are clamped onto its edge — a prop dragged past the border still stands on the nearest
 * ground instead of getting a NaN height.
 */

/** Index of each value written by sampleSurface into its output array. */
export const SAMPLE_HEIGHT = 0;
export const SAMPLE_DX = 1;
export const SAMPLE_DZ = 2;
/** Cell column and row (lower corner vertex) the sample came from. */
export const SAMPLE_CELL_I = 3;
export const SAMPLE_CELL_J = 4;

/** Writes height, ∂h/∂x, ∂h/∂z, cell i, cell j at world (x, z) into out[0..4]. NaN positions give NaN. */
export function sampleSurface(field: Heightfield, x: number, z: number, out: Float64Array): void {
  const w = field.width;
  const s = field.cellSize;
  let gx = gridCoordinate(x, s, (w - 1) / 2);
  let gz = gridCoordinate(z, s, (field.depth - 1) / 2);
  if (gx < 0) gx = 0;
  else if (gx > w - 1) gx = w - 1;
  if (gz < 0) gz = 0;
  else if (gz > field.depth - 1) gz = field.depth - 1;
  let i = Math.floor(gx);
  let j = Math.floor(gz);
  if (i === w - 1) i--;
  if (j === field.depth - 1) j--;
  const fx = gx - i;
  const fz = gz - j;
  const h = field.heights;
  const k = j * w + i;
  out[SAMPLE_CELL_I] = i;
  out[SAMPLE_CELL_J] = j;
  out[SAMPLE_HEIGHT] = heightInCell(h, k, w, fx, fz);
  if (fx + fz <= 1) {
    const h00 = h[k];
    out[SAMPLE_DX] = (h[k + 1] - h00) / s;
    out[SAMPLE_DZ] = (h[k + w] - h00) / s;
  } else {
    const h11 = h[k + w + 1];
    out[SAMPLE_DX] = (h11 - h[k + w]) / s;
    out[SAMPLE_DZ] = (h11 - h[k + 1]) / s;
  }
  // NaN coordinates survive the clamps above; make the whole sample NaN rather than reading h[NaN].
  if (Number.isNaN(gx) || Number.isNaN(gz)) out.fill(NaN, 0, 5);
}

/** Cell (i, j) that a world point belongs to, with the same clamping as sampleSurface, as j·(width−1)+i. */
export function cellIndexAt(field: Heightfield, x: number, z: number): number {
  const w = field.width;
  let gx = gridCoordinate(x, field.cellSize, (w - 1) / 2);
  let gz = gridCoordinate(z, field.cellSize, (field.depth - 1) / 2);
  if (!(gx >= 0)) gx = 0;
  else if (gx > w - 1) gx = w - 1;
  if (!(gz >= 0)) gz = 0;
  else if (gz > field.depth - 1) gz = field.depth - 1;
  let i = Math.floor(gx);
  let j = Math.floor(gz);
  if (i === w - 1) i--;
  if (j === field.depth - 1) j--;
  return j * (w - 1) + i;
}
