import type { Heightfield } from '../../terrain/heightfield';

/**
 * Test oracle, written independently of shared/terrain/surface.ts: barycentric interpolation on the
 * two world-space triangles of the cell, split along (x0, z1)–(x1, z0). Returns every triangle that
 * contains the point (two on the shared diagonal, edges and corners), each with its height and unit
 * up-facing normal.
 */
export interface ReferenceTriangleHit {
  height: number;
  normal: [number, number, number];
}

type Corner = [number, number, number];

function corner(field: Heightfield, i: number, j: number): Corner {
  const x = (i - (field.width - 1) / 2) * field.cellSize;
  const z = (j - (field.depth - 1) / 2) * field.cellSize;
  return [x, field.heights[j * field.width + i], z];
}

function hitTriangle(a: Corner, b: Corner, c: Corner, x: number, z: number): ReferenceTriangleHit | undefined {
  // Solve p = a + u·(b − a) + v·(c − a) in the xz-plane.
  const e1x = b[0] - a[0];
  const e1z = b[2] - a[2];
  const e2x = c[0] - a[0];
  const e2z = c[2] - a[2];
  const det = e1x * e2z - e2x * e1z;
  const px = x - a[0];
  const pz = z - a[2];
  const u = (px * e2z - e2x * pz) / det;
  const v = (e1x * pz - px * e1z) / det;
  const eps = 1e-9;
  if (u < -eps || v < -eps || u + v > 1 + eps) return undefined;
  const height = a[1] + u * (b[1] - a[1]) + v * (c[1] - a[1]);
  // Normal = e2 × e1 or e1 × e2, whichever points up.
  const e1 = [e1x, b[1] - a[1], e1z];
  const e2 = [e2x, c[1] - a[1], e2z];
  let n: [number, number, number] = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  if (n[1] < 0) n = [-n[0], -n[1], -n[2]];
  const len = Math.hypot(...n);
  return { height, normal: [n[0] / len, n[1] / len, n[2] / len] };
}

export function referenceTriangles(field: Heightfield, x: number, z: number): ReferenceTriangleHit[] {
  const hits: ReferenceTriangleHit[] = [];
  // Check the cells around the point so that points on cell borders (and map borders a rounding
  // error outside) find all their triangles.
  const ci = Math.floor(x / field.cellSize + (field.width - 1) / 2);
  const cj = Math.floor(z / field.cellSize + (field.depth - 1) / 2);
  for (let j = cj - 1; j <= cj + 1; j++) {
    for (let i = ci - 1; i <= ci + 1; i++) {
      if (i < 0 || j < 0 || i >= field.width - 1 || j >= field.depth - 1) continue;
      const p00 = corner(field, i, j);
      const p10 = corner(field, i + 1, j);
      const p01 = corner(field, i, j + 1);
      const p11 = corner(field, i + 1, j + 1);
      for (const [a, b, c] of [
        [p00, p10, p01],
        [p11, p01, p10],
      ] as const) {
        const hit = hitTriangle(a, b, c, x, z);
        if (hit) hits.push(hit);
      }
    }
  }
  return hits;
}

/** Height of the reference surface; all containing triangles agree there (the surface is continuous). */
export function referenceHeight(field: Heightfield, x: number, z: number): number {
  const hits = referenceTriangles(field, x, z);
  if (hits.length === 0) throw new Error(`(${x}, ${z}) is outside the terrain`);
  return hits[0].height;
}
