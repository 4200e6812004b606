import type { Heightfield } from './heightfield';

/**
 * The views' shading normals: central differences (one-sided at the border) averaged over three
 * neighbours along their own axis with weights 1, 2, 1. Steep faces carry talus steps that alternate
 * from cell to cell and grow along the slope; plain central differences turn those into a staircase
 * of pairs of equal normals, a lattice in the shading. The 1-2-1 average removes any pattern of
 * period two cells and leaves a quadratic surface's gradient exact. The LOD shader
 * (renderer/viewport/lod/lodTerrainMaterial.ts) computes the same at every level's step; exports keep the
 * mesh's own central differences (mesh.ts writeNormals).
 */
export function writeShadingNormals(field: Heightfield, out: Float32Array, rowStart = 0, rowEnd = field.depth): void {
  const { width, depth, cellSize, heights } = field;
  const h = (i: number, j: number) => heights[j * width + i];
  const centralX = (i: number, j: number) => {
    const im = Math.max(0, i - 1);
    const ip = Math.min(width - 1, i + 1);
    return (h(ip, j) - h(im, j)) / ((ip - im) * cellSize);
  };
  const centralZ = (i: number, j: number) => {
    const jm = Math.max(0, j - 1);
    const jp = Math.min(depth - 1, j + 1);
    return (h(i, jp) - h(i, jm)) / ((jp - jm) * cellSize);
  };
  for (let j = Math.max(0, rowStart); j < Math.min(depth, rowEnd); j++) {
    const jm = Math.max(0, j - 1);
    const jp = Math.min(depth - 1, j + 1);
    for (let i = 0; i < width; i++) {
      const im = Math.max(0, i - 1);
      const ip = Math.min(width - 1, i + 1);
      const dhdx = (centralX(im, j) + 2 * centralX(i, j) + centralX(ip, j)) / 4;
      const dhdz = (centralZ(i, jm) + 2 * centralZ(i, j) + centralZ(i, jp)) / 4;
      const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
      const p = (j * width + i) * 3;
      out[p] = -dhdx * inv;
      out[p + 1] = inv;
      out[p + 2] = -dhdz * inv;
    }
  }
}
