import type { Heightfield } from './heightfield';

/**
 * The views' shading normals: central differences (one-sided at the border) averaged over three
 * neighbours along their own axis with weights 1, 2, 1. Steep faces carry talus steps that alternate
 * from cell to cell and grow along the slope; plain central differences turn those into a staircase
 * of pairs of equal normals, a lattice in the shading. The 1-2-1 average removes any pattern of
 * period two cells and leaves a quadratic surface's gradient exact. Across a crease — a cliff's rim
 * or foot, where the slope changes by more than CREASE_FROM over the vertex's two cells — the
 * average would carry the cliff into the level ground beside it (the plateau's vertex behind a
 * one-cell rim shaded at an eighth of the cliff's drop: 37° behind a 12 m face on 2 m cells, a rounded
 * shoulder four cells wide), so there it gives way to the median of the three differences, reached at
 * CREASE_TO: the level side stays level and the rim is shaded as sharply as vertex normals can draw it
 * (creaseKept). The LOD shader (renderer/viewport/lod/lodTerrainMaterial.ts) computes the same at every
 * level's step; exports keep the mesh's own central differences (mesh.ts writeNormals).
 */
export function writeShadingNormals(field: Heightfield, out: Float32Array, rowStart = 0, rowEnd = field.depth): void {
  const { width, depth } = field;
  for (let j = Math.max(0, rowStart); j < Math.min(depth, rowEnd); j++) {
    for (let i = 0; i < width; i++) shadingNormalAt(field, i, j, out, (j * width + i) * 3);
  }
}

/**
 * The shading normal of vertex (i, j) (see writeShadingNormals) into out[p], out[p + 1], out[p + 2]: the
 * one function by which the 3D view's mesh and the 2D panel's natural mode (app/map2d/mapImage.ts) get a
 * vertex's normal, so the ground rules (the snow's slope and its shade) read the same normal in both.
 */
export function shadingNormalAt(field: Heightfield, i: number, j: number, out: Float32Array, p: number): void {
  const { width, depth, cellSize, heights } = field;
  const im = Math.max(0, i - 1);
  const ip = Math.min(width - 1, i + 1);
  const jm = Math.max(0, j - 1);
  const jp = Math.min(depth - 1, j + 1);
  const row = j * width;
  const dhdx = creaseKept(
    central(heights, row, 1, im, width, cellSize),
    central(heights, row, 1, i, width, cellSize),
    central(heights, row, 1, ip, width, cellSize),
  );
  const dhdz = creaseKept(
    central(heights, i, width, jm, depth, cellSize),
    central(heights, i, width, j, depth, cellSize),
    central(heights, i, width, jp, depth, cellSize),
  );
  const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  out[p] = -dhdx * inv;
  out[p + 1] = inv;
  out[p + 2] = -dhdz * inv;
}

/** Change of slope (rise per run) across a vertex's two cells at which the median starts to take over, and where it has. */
export const CREASE_FROM = 0.5;
export const CREASE_TO = 1;

/**
 * One axis of the shading gradient from the central differences before (a), at (b) and after (d) the
 * vertex: the 1-2-1 average where the slope changes by less than CREASE_FROM from a to d, the median of
 * the three from CREASE_TO up, and between them linearly from one to the other.
 */
export function creaseKept(a: number, b: number, d: number): number {
  const mean = (a + 2 * b + d) / 4;
  const change = Math.abs(d - a);
  if (change <= CREASE_FROM) return mean;
  const median = Math.max(Math.min(a, b), Math.min(Math.max(a, b), d));
  const w = Math.min(1, (change - CREASE_FROM) / (CREASE_TO - CREASE_FROM));
  return mean + w * (median - mean);
}

/** The slope of a unit normal whose up component is `ny`, degrees from level (its angle from vertical; `ny` clamped to −1…1). */
export function normalSlopeDeg(ny: number): number {
  return (Math.acos(Math.min(1, Math.max(-1, ny))) * 180) / Math.PI;
}

/**
 * The central difference of the heights along one axis at position `a` of `count` (one-sided at the
 * border): the vertex at `a` is heights[start + a·stride].
 */
function central(heights: Float32Array, start: number, stride: number, a: number, count: number, cellSize: number): number {
  const am = Math.max(0, a - 1);
  const ap = Math.min(count - 1, a + 1);
  return (heights[start + ap * stride] - heights[start + am * stride]) / ((ap - am) * cellSize);
}
