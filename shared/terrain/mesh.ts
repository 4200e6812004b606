import type { Heightfield } from './heightfield';

/** Indexed triangle mesh of the terrain: exactly the triangles of `heightAt`, in world metres, y up. */
export interface TerrainMesh {
  /** xyz per vertex, vertex (i, j) at index j · width + i. */
  positions: Float32Array;
  /** Smooth shading normals (unit, xyz per vertex); they shade only and never change the geometry. */
  normals: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from above (+y). */
  indices: Uint32Array;
}

/**
 * Triangle indices for a width × depth grid. Per cell: (00, 01, 10) and (10, 01, 11),
 * so the shared edge is the diagonal from (x0, z1) to (x1, z0).
 */
export function buildGridIndices(width: number, depth: number): Uint32Array {
  const indices = new Uint32Array((width - 1) * (depth - 1) * 6);
  let t = 0;
  for (let j = 0; j < depth - 1; j++) {
    for (let i = 0; i < width - 1; i++) {
      const v00 = j * width + i;
      const v10 = v00 + 1;
      const v01 = v00 + width;
      const v11 = v01 + 1;
      indices[t++] = v00;
      indices[t++] = v01;
      indices[t++] = v10;
      indices[t++] = v10;
      indices[t++] = v01;
      indices[t++] = v11;
    }
  }
  return indices;
}

/**
 * Writes world positions into `out` (length width · depth · 3). Uses the very expression of
 * `vertexX`/`vertexZ`, so a vertex's float32 position is always that exact point, rounded.
 */
export function writePositions(field: Heightfield, out: Float32Array): void {
  const { width, depth, cellSize, heights } = field;
  const centreX = (width - 1) / 2;
  const centreZ = (depth - 1) / 2;
  let p = 0;
  for (let j = 0; j < depth; j++) {
    const z = (j - centreZ) * cellSize;
    const row = j * width;
    for (let i = 0; i < width; i++) {
      out[p++] = (i - centreX) * cellSize;
      out[p++] = heights[row + i];
      out[p++] = z;
    }
  }
}

/**
 * Writes shading normals from central differences (one-sided at the border) into `out`,
 * optionally only for rows [rowStart, rowEnd) so that edits can refresh a band.
 */
export function writeNormals(field: Heightfield, out: Float32Array, rowStart = 0, rowEnd = field.depth): void {
  const { width, depth, cellSize, heights } = field;
  for (let j = Math.max(0, rowStart); j < Math.min(depth, rowEnd); j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < depth - 1 ? j + 1 : j;
    const dzSpan = (jp - jm) * cellSize;
    for (let i = 0; i < width; i++) {
      const im = i > 0 ? i - 1 : i;
      const ip = i < width - 1 ? i + 1 : i;
      const dhdx = (heights[j * width + ip] - heights[j * width + im]) / ((ip - im) * cellSize);
      const dhdz = (heights[jp * width + i] - heights[jm * width + i]) / dzSpan;
      const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
      const p = (j * width + i) * 3;
      out[p] = -dhdx * inv;
      out[p + 1] = inv;
      out[p + 2] = -dhdz * inv;
    }
  }
}

export function buildTerrainMesh(field: Heightfield): TerrainMesh {
  const count = field.width * field.depth;
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  writePositions(field, positions);
  writeNormals(field, normals);
  return { positions, normals, indices: buildGridIndices(field.width, field.depth) };
}
