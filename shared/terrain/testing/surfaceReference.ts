/**
 * An independent model of the terrain surface for tests: it finds the triangle that contains a
 * point by barycentric coordinates over real 3D triangles, with no knowledge of how `heightAt`
 * locates cells or splits them. Tests compare the fast code against this.
 */
import { createRandom } from '../../random';
import { createHeightfield, type Heightfield } from '../heightfield';

export type Point3 = readonly [number, number, number];
export type Triangle = readonly [Point3, Point3, Point3];

/** World position of vertex (i, j), straight from the documented convention. */
export function vertexPoint(field: Heightfield, i: number, j: number): Point3 {
  const x = (i - (field.width - 1) / 2) * field.cellSize;
  const z = (j - (field.depth - 1) / 2) * field.cellSize;
  return [x, field.heights[j * field.width + i], z];
}

/** The two triangles of cell (i, j): split along the diagonal from (x0, z1) to (x1, z0). */
export function cellTriangles(field: Heightfield, i: number, j: number): [Triangle, Triangle] {
  const p00 = vertexPoint(field, i, j);
  const p10 = vertexPoint(field, i + 1, j);
  const p01 = vertexPoint(field, i, j + 1);
  const p11 = vertexPoint(field, i + 1, j + 1);
  return [
    [p00, p10, p01],
    [p11, p01, p10],
  ];
}

/** Barycentric weights of (x, z) in the triangle's xz-projection. */
export function barycentricXZ(triangle: Triangle, x: number, z: number): [number, number, number] {
  const [a, b, c] = triangle;
  const det = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
  const wb = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / det;
  const wc = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / det;
  return [1 - wb - wc, wb, wc];
}

const INSIDE_TOLERANCE = 1e-9;

/** The triangle containing (x, z), searching every cell near the point; undefined outside the terrain. */
export function containingTriangle(field: Heightfield, x: number, z: number): Triangle | undefined {
  if (!Number.isFinite(x) || !Number.isFinite(z)) return undefined;
  const approxI = Math.round(x / field.cellSize + (field.width - 1) / 2);
  const approxJ = Math.round(z / field.cellSize + (field.depth - 1) / 2);
  let best: { triangle: Triangle; worst: number } | undefined;
  for (let j = approxJ - 2; j <= approxJ + 1; j++) {
    for (let i = approxI - 2; i <= approxI + 1; i++) {
      if (i < 0 || j < 0 || i > field.width - 2 || j > field.depth - 2) continue;
      for (const triangle of cellTriangles(field, i, j)) {
        const worst = Math.min(...barycentricXZ(triangle, x, z));
        if (!best || worst > best.worst) best = { triangle, worst };
      }
    }
  }
  return best && best.worst >= -INSIDE_TOLERANCE ? best.triangle : undefined;
}

/** Height of the plane through the containing triangle; NaN outside. */
export function referenceHeight(field: Heightfield, x: number, z: number): number {
  const triangle = containingTriangle(field, x, z);
  if (!triangle) return NaN;
  const weights = barycentricXZ(triangle, x, z);
  return weights[0] * triangle[0][1] + weights[1] * triangle[1][1] + weights[2] * triangle[2][1];
}

/** Unit normal of a triangle from the cross product of its edges, turned to face up. */
export function triangleNormal(triangle: Triangle): Point3 {
  const [a, b, c] = triangle;
  const e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  let n: [number, number, number] = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  if (n[1] < 0) n = [-n[0], -n[1], -n[2]];
  const length = Math.hypot(...n);
  return [n[0] / length, n[1] / length, n[2] / length];
}

/** A field with rough random heights (including negative ones) so every triangle is tilted differently. */
export function randomField(width: number, depth: number, cellSize: number, seed: number, amplitude = 40): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() - 0.3) * amplitude;
  return field;
}

/** Relative-and-absolute closeness, for comparing two different but exact formulas. */
export function close(actual: number, expected: number, tolerance = 1e-9): boolean {
  return Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));
}
