import type { Heightfield } from './heightfield';

/**
 * The exact terrain surface. Each grid cell is two triangles split along the diagonal from
 * (x0, z1) to (x1, z0); in cell-local coordinates (fx, fz) ∈ [0, 1]² the lower-left triangle is
 * fx + fz ≤ 1 with corners (0,0), (1,0), (0,1), the other has corners (1,1), (0,1), (1,0).
 * Every height query, the rendered mesh and the exported mesh use these same triangles.
 */

/** Grid coordinates of a world point, or undefined outside the terrain. */
export interface CellLocation {
  /** Cell column and row (lower corner vertex). */
  i: number;
  j: number;
  /** Offsets inside the cell, each in [0, 1]. */
  fx: number;
  fz: number;
}

export function locateCell(field: Heightfield, x: number, z: number): CellLocation | undefined {
  const gx = x / field.cellSize + (field.width - 1) / 2;
  const gz = z / field.cellSize + (field.depth - 1) / 2;
  // Written so that NaN fails the test too.
  if (!(gx >= 0 && gz >= 0 && gx <= field.width - 1 && gz <= field.depth - 1)) return undefined;
  let i = Math.floor(gx);
  let j = Math.floor(gz);
  if (i === field.width - 1) i--;
  if (j === field.depth - 1) j--;
  return { i, j, fx: gx - i, fz: gz - j };
}

/** Exact height of the drawn triangle surface at world (x, z); NaN outside the terrain. */
export function heightAt(field: Heightfield, x: number, z: number): number {
  const w = field.width;
  const gx = x / field.cellSize + (w - 1) / 2;
  const gz = z / field.cellSize + (field.depth - 1) / 2;
  if (!(gx >= 0 && gz >= 0 && gx <= w - 1 && gz <= field.depth - 1)) return NaN;
  let i = Math.floor(gx);
  let j = Math.floor(gz);
  if (i === w - 1) i--;
  if (j === field.depth - 1) j--;
  const fx = gx - i;
  const fz = gz - j;
  const h = field.heights;
  const k = j * w + i;
  if (fx + fz <= 1) {
    const h00 = h[k];
    return h00 + fx * (h[k + 1] - h00) + fz * (h[k + w] - h00);
  }
  const h11 = h[k + w + 1];
  return h11 + (1 - fx) * (h[k + w] - h11) + (1 - fz) * (h[k + 1] - h11);
}

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** Surface gradient (∂h/∂x, ∂h/∂z) of the triangle under (x, z); undefined outside the terrain. */
export function gradientAt(field: Heightfield, x: number, z: number): { dx: number; dz: number } | undefined {
  const cell = locateCell(field, x, z);
  if (!cell) return undefined;
  const w = field.width;
  const h = field.heights;
  const k = cell.j * w + cell.i;
  const s = field.cellSize;
  if (cell.fx + cell.fz <= 1) {
    return { dx: (h[k + 1] - h[k]) / s, dz: (h[k + w] - h[k]) / s };
  }
  return { dx: (h[k + w + 1] - h[k + w]) / s, dz: (h[k + w + 1] - h[k + 1]) / s };
}

/**
 * Unit up-facing normal of the triangle under (x, z); undefined outside the terrain.
 * On the shared diagonal the lower-left triangle's normal is returned (same rule as heightAt).
 */
export function normalAt(field: Heightfield, x: number, z: number): Vec3 | undefined {
  const g = gradientAt(field, x, z);
  if (!g) return undefined;
  const len = Math.hypot(g.dx, 1, g.dz);
  return { x: -g.dx / len, y: 1 / len, z: -g.dz / len };
}

/** Slope of the triangle under (x, z) in radians from horizontal; NaN outside the terrain. */
export function slopeAt(field: Heightfield, x: number, z: number): number {
  const g = gradientAt(field, x, z);
  return g ? Math.atan(Math.hypot(g.dx, g.dz)) : NaN;
}
