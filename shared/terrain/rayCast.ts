import type { Heightfield } from './heightfield';
import { heightAt } from './surface';

/**
 * Ray against the exact terrain surface (the triangles of `heightAt`), independent of whatever mesh
 * is drawn: a 2D DDA walks the cells under the ray in order and tests each cell's two triangles, so
 * the first hit is the nearest. Cost grows with the cells crossed, not the map size.
 */
export interface RayHit {
  /** Distance along the (normalised) direction. */
  distance: number;
  x: number;
  y: number;
  z: number;
}

export interface Ray {
  origin: { x: number; y: number; z: number };
  direction: { x: number; y: number; z: number };
}

/**
 * First intersection of the ray with the surface, or undefined. `heightBounds` (lowest and highest
 * height of the map, if known) lets the walk skip the stretch of the ray above or below all terrain.
 * The hit's y is `heightAt` at its (x, z), so it is exactly the surface height there.
 */
export function rayCastTerrain(field: Heightfield, ray: Ray, heightBounds?: { min: number; max: number }): RayHit | undefined {
  const { width: w, depth: d, cellSize: s, heights: h } = field;
  const length = Math.hypot(ray.direction.x, ray.direction.y, ray.direction.z);
  if (!(length > 0)) return undefined;
  const dx = ray.direction.x / length;
  const dy = ray.direction.y / length;
  const dz = ray.direction.z / length;
  // Grid coordinates: vertex (i, j) at (i, j); heights stay in metres.
  const gx0 = ray.origin.x / s + (w - 1) / 2;
  const gz0 = ray.origin.z / s + (d - 1) / 2;
  const y0 = ray.origin.y;
  const gdx = dx / s;
  const gdz = dz / s;

  // Clip the ray (parameter t in metres) to the map's box.
  let tMin = 0;
  let tMax = Infinity;
  const clip = (origin: number, delta: number, low: number, high: number): boolean => {
    if (delta === 0) return origin >= low && origin <= high;
    let a = (low - origin) / delta;
    let b = (high - origin) / delta;
    if (a > b) [a, b] = [b, a];
    tMin = Math.max(tMin, a);
    tMax = Math.min(tMax, b);
    return tMin <= tMax;
  };
  if (!clip(gx0, gdx, 0, w - 1) || !clip(gz0, gdz, 0, d - 1)) return undefined;
  if (heightBounds && !clip(y0, dy, heightBounds.min, heightBounds.max)) return undefined;

  // Start cell: just inside the clipped segment.
  const startX = gx0 + gdx * tMin;
  const startZ = gz0 + gdz * tMin;
  let i = Math.min(w - 2, Math.max(0, Math.floor(startX)));
  let j = Math.min(d - 2, Math.max(0, Math.floor(startZ)));
  const stepI = gdx > 0 ? 1 : -1;
  const stepJ = gdz > 0 ? 1 : -1;
  const tDeltaX = gdx !== 0 ? Math.abs(1 / gdx) : Infinity;
  const tDeltaZ = gdz !== 0 ? Math.abs(1 / gdz) : Infinity;
  let tNextX = gdx !== 0 ? tMin + ((gdx > 0 ? i + 1 : i) - startX) / gdx : Infinity;
  let tNextZ = gdz !== 0 ? tMin + ((gdz > 0 ? j + 1 : j) - startZ) / gdz : Infinity;
  // Triangles are tested in grid units along x/z, metres along y.
  const ox = gx0;
  const oz = gz0;

  for (;;) {
    const k = j * w + i;
    const h00 = h[k];
    const h10 = h[k + 1];
    const h01 = h[k + w];
    const h11 = h[k + w + 1];
    // Lower-left triangle (i, j), (i + 1, j), (i, j + 1); upper-right (i + 1, j + 1), (i, j + 1), (i + 1, j).
    const tA = triangleHit(ox, y0, oz, gdx, dy, gdz, i, h00, j, i + 1, h10, j, i, h01, j + 1);
    const tB = triangleHit(ox, y0, oz, gdx, dy, gdz, i + 1, h11, j + 1, i, h01, j + 1, i + 1, h10, j);
    const t = Math.min(tA, tB);
    if (t < Infinity && t >= tMin - 1e-9) {
      const x = ray.origin.x + dx * t;
      const z = ray.origin.z + dz * t;
      const y = heightAt(field, x, z);
      if (!Number.isNaN(y)) return { distance: t, x, y, z };
    }
    // A vertical ray never leaves its cell: both next crossings are Infinity.
    const next = Math.min(tNextX, tNextZ);
    if (next === Infinity || next > tMax) return undefined;
    if (tNextX < tNextZ) {
      i += stepI;
      tNextX += tDeltaX;
    } else {
      j += stepJ;
      tNextZ += tDeltaZ;
    }
    if (i < 0 || j < 0 || i > w - 2 || j > d - 2) return undefined;
  }
}

/** Möller–Trumbore, both faces, with a small tolerance so that rays along edges are not lost. */
function triangleHit(
  ox: number,
  oy: number,
  oz: number,
  rx: number,
  ry: number,
  rz: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
): number {
  const e1x = bx - ax,
    e1y = by - ay,
    e1z = bz - az;
  const e2x = cx - ax,
    e2y = cy - ay,
    e2z = cz - az;
  const px = ry * e2z - rz * e2y;
  const py = rz * e2x - rx * e2z;
  const pz = rx * e2y - ry * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (det === 0) return Infinity;
  const inv = 1 / det;
  const tx = ox - ax,
    ty = oy - ay,
    tz = oz - az;
  const u = (tx * px + ty * py + tz * pz) * inv;
  const EDGE = 1e-9;
  if (u < -EDGE || u > 1 + EDGE) return Infinity;
  const qx = ty * e1z - tz * e1y;
  const qy = tz * e1x - tx * e1z;
  const qz = tx * e1y - ty * e1x;
  const v = (rx * qx + ry * qy + rz * qz) * inv;
  if (v < -EDGE || u + v > 1 + EDGE) return Infinity;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
  return t >= 0 ? t : Infinity;
}
