import type { Heightfield } from './heightfield';

/**
 * The exact terrain surface. Each grid cell is two triangles split along the diagonal from
 * (x0, z1) to (x1, z0); in cell-local coordinates (fx, fz) ∈ [0, 1]² the lower-left triangle is
 * fx + fz ≤ 1 with corners (0,0), (1,0), (0,1), the other has corners (1,1), (0,1), (1,0).
 * Every height query, the rendered mesh and the exported mesh use these same triangles.
 */

/**
 * Height at offsets (fx, fz) in the cell whose corners are h[k] (x0, z0), h[k + 1] (x1, z0),
 * h[k + row] (x0, z1) and h[k + row + 1] (x1, z1): the one interpolation on the two triangles, used by
 * every height query (`row` is the field's width, or 2 for four corners stored together). Plain
 * arithmetic on the corners it needs, so the JavaScript compiler inlines it into hot loops.
 */
export function heightInCell(h: Float32Array, k: number, row: number, fx: number, fz: number): number {
  if (fx + fz <= 1) {
    const h00 = h[k];
    return h00 + fx * (h[k + 1] - h00) + fz * (h[k + row] - h00);
  }
  const h11 = h[k + row + 1];
  return h11 + (1 - fx) * (h[k + row] - h11) + (1 - fz) * (h[k + 1] - h11);
}

/** Grid coordinates of a world point, or undefined outside the terrain. */
export interface CellLocation {
  /** Cell column and row (lower corner vertex). */
  i: number;
  j: number;
  /** Offsets inside the cell, each in [0, 1]. */
  fx: number;
  fz: number;
}

/**
 * Grid coordinate of world position `x` on an axis whose centre vertex index is `centre`.
 * `x / cellSize` can miss a vertex's index by an ulp (e.g. cellSize 0.37), which would make the
 * height at a vertex differ from the stored one; exact vertex positions (as `vertexX`/`vertexZ`
 * compute them) are snapped to their index. Every other input is untouched.
 */
export function gridCoordinate(x: number, cellSize: number, centre: number): number {
  const g = x / cellSize + centre;
  const nearest = Math.round(g);
  return (nearest - centre) * cellSize === x ? nearest : g;
}

export function locateCell(field: Heightfield, x: number, z: number): CellLocation | undefined {
  const { width, depth, cellSize } = field;
  const gx = gridCoordinate(x, cellSize, (width - 1) / 2);
  const gz = gridCoordinate(z, cellSize, (depth - 1) / 2);
  // Written so that NaN fails the test too.
  if (!(gx >= 0 && gz >= 0 && gx <= width - 1 && gz <= depth - 1)) return undefined;
  let i = Math.floor(gx);
  let j = Math.floor(gz);
  if (i === width - 1) i--;
  if (j === depth - 1) j--;
  return { i, j, fx: gx - i, fz: gz - j };
}

/**
 * Offsets this close to 0 or 1 may belong to a point exactly on a grid line, which `gridCoordinate`
 * might snap (far wider than the few ulps of error in `x / cellSize`). Such points take the general
 * path; it gives the same bits as the fast path wherever no snapping applies.
 */
const NEAR_GRID_LINE = 1e-9;

/**
 * Exact height of the drawn triangle surface at world (x, z); NaN outside the terrain.
 * Hot path (tens of millions of calls per second): fields are read once into locals, no allocation.
 * Points strictly inside a cell take the fast path; points on or next to a grid line, on the border,
 * outside or NaN take `heightAtAnyPoint`. Both give the same bits wherever both apply.
 */
export function heightAt(field: Heightfield, x: number, z: number): number {
  const { width: w, depth: d, cellSize: s, heights: h } = field;
  const gx = x / s + (w - 1) / 2;
  const gz = z / s + (d - 1) / 2;
  const i = Math.floor(gx);
  const j = Math.floor(gz);
  const fx = gx - i;
  const fz = gz - j;
  // Also false for NaN, so NaN input ends up in the general path.
  const interior =
    fx > NEAR_GRID_LINE && fx < 1 - NEAR_GRID_LINE && fz > NEAR_GRID_LINE && fz < 1 - NEAR_GRID_LINE && i >= 0 && j >= 0 && i < w - 1 && j < d - 1;
  if (!interior) return heightAtAnyPoint(field, x, z);
  return heightInCell(h, j * w + i, w, fx, fz);
}

/** `heightAt` for any input, including exact vertex positions, grid lines and the border. */
export function heightAtAnyPoint(field: Heightfield, x: number, z: number): number {
  const { width: w, depth: d, cellSize: s, heights: h } = field;
  const lastI = w - 1;
  const lastJ = d - 1;
  const gx = gridCoordinate(x, s, lastI / 2);
  const gz = gridCoordinate(z, s, lastJ / 2);
  if (!(gx >= 0 && gz >= 0 && gx <= lastI && gz <= lastJ)) return NaN;
  let i = Math.floor(gx);
  let j = Math.floor(gz);
  if (i === lastI) i--;
  if (j === lastJ) j--;
  const fx = gx - i;
  const fz = gz - j;
  return heightInCell(h, j * w + i, w, fx, fz);
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

/**
 * Heights at many points at once: `out[n] = heightAt(field, xs[n], zs[n])`, bit for bit, for
 * n < xs.length. For bulk queries (sampling, export, picking grids): the field is read once and
 * there is no per-call overhead.
 */
export function heightsAt(field: Heightfield, xs: ArrayLike<number>, zs: ArrayLike<number>, out: { [n: number]: number; length: number }): void {
  const count = xs.length;
  if (zs.length < count || out.length < count) throw new RangeError(`heightsAt: zs (${zs.length}) and out (${out.length}) need at least ${count} entries`);
  const { width: w, depth: d, cellSize: s, heights: h } = field;
  const lastI = w - 1;
  const lastJ = d - 1;
  const centreX = lastI / 2;
  const centreZ = lastJ / 2;
  for (let n = 0; n < count; n++) {
    const x = xs[n];
    const z = zs[n];
    // Same steps as heightAt's fast path, written out so the loop stays one tight function.
    const gx = x / s + centreX;
    const gz = z / s + centreZ;
    const i = Math.floor(gx);
    const j = Math.floor(gz);
    const fx = gx - i;
    const fz = gz - j;
    if (!(fx > NEAR_GRID_LINE && fx < 1 - NEAR_GRID_LINE && fz > NEAR_GRID_LINE && fz < 1 - NEAR_GRID_LINE && i >= 0 && j >= 0 && i < lastI && j < lastJ)) {
      out[n] = heightAtAnyPoint(field, x, z);
      continue;
    }
    out[n] = heightInCell(h, j * w + i, w, fx, fz);
  }
}
