/**
 * Resampling a map to another vertex count from the exact surface: every new vertex takes the height
 * of the drawn triangles at its position (shared/terrain/surface.ts), so a resampled map is the same
 * terrain, not a smoothed copy. The new grid spans the same extent, corners on corners.
 */
import type { Heightfield } from '../terrain/heightfield';
import { heightsAt } from '../terrain/surface';
import type { ExportGrid } from './grid';

/**
 * Grid coordinate of new vertex k of n on an axis of `count` source vertices. Written so that an exact
 * ratio (n = count, or (count − 1) a multiple of (n − 1)) lands exactly on source vertices and the
 * last vertex exactly on the border.
 */
function sourceCoordinate(k: number, n: number, count: number): number {
  return (k * (count - 1)) / (n - 1);
}

/**
 * Values of the triangle surface through `values` (one per vertex of a width × depth grid) at an
 * nx × nz grid over the same extent. Works for heights and for any other per-vertex quantity
 * (erosion flow, masks) so that they stay aligned.
 */
export function resampleValues(values: Float32Array, width: number, depth: number, nx: number, nz: number): Float32Array {
  if (nx < 2 || nz < 2) throw new RangeError(`cannot resample to ${nx} × ${nz}`);
  // A unit-cell field over these values: world coordinates are then grid coordinates minus the centre.
  const field: Heightfield = { width, depth, cellSize: 1, heights: values };
  const cx = (width - 1) / 2;
  const cz = (depth - 1) / 2;
  const xs = new Float64Array(nx);
  for (let i = 0; i < nx; i++) xs[i] = sourceCoordinate(i, nx, width) - cx;
  const zs = new Float64Array(nx);
  const out = new Float32Array(nx * nz);
  for (let j = 0; j < nz; j++) {
    zs.fill(sourceCoordinate(j, nz, depth) - cz);
    heightsAt(field, xs, zs, out.subarray(j * nx, (j + 1) * nx));
  }
  return out;
}

/** The map resampled to nx × nz vertices over its own extent (cells become extent / (n − 1)). */
export function resampleExact(field: Heightfield, nx: number, nz: number): ExportGrid {
  const heights = nx === field.width && nz === field.depth ? field.heights : resampleValues(field.heights, field.width, field.depth, nx, nz);
  return {
    width: nx,
    depth: nz,
    cellX: ((field.width - 1) * field.cellSize) / (nx - 1),
    cellZ: ((field.depth - 1) * field.cellSize) / (nz - 1),
    heights,
  };
}

/**
 * Values at the centres of an nx × nz texel grid laid over the map (texel k covers
 * [k, k + 1] / n of the extent): how engines place splat/alphamap texels that are not on vertices.
 */
export function sampleAtTexelCentres(values: Float32Array, width: number, depth: number, nx: number, nz: number): Float32Array {
  const field: Heightfield = { width, depth, cellSize: 1, heights: values };
  const cx = (width - 1) / 2;
  const cz = (depth - 1) / 2;
  const xs = new Float64Array(nx);
  for (let i = 0; i < nx; i++) xs[i] = ((i + 0.5) * (width - 1)) / nx - cx;
  const zs = new Float64Array(nx);
  const out = new Float32Array(nx * nz);
  for (let j = 0; j < nz; j++) {
    zs.fill(((j + 0.5) * (depth - 1)) / nz - cz);
    heightsAt(field, xs, zs, out.subarray(j * nx, (j + 1) * nx));
  }
  return out;
}
