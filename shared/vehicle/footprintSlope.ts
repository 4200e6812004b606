import type { Heightfield } from '../terrain/heightfield';

/**
 * The steepest drawn triangle within `radius` metres of (x, z), as tan of its slope: the exact surface
 * (each cell split along (x0, z1)–(x1, z0), as shared/terrain/mesh.ts draws it). A triangle counts when
 * its cell's rectangle comes within the radius, so the answer never misses ground under a circle that
 * holds the car's footprint whatever its heading.
 */
export function steepestTanWithin(field: Heightfield, x: number, z: number, radius: number): number {
  const { width, depth, cellSize, heights } = field;
  const ci = x / cellSize + (width - 1) / 2;
  const cj = z / cellSize + (depth - 1) / 2;
  const r = radius / cellSize;
  const i0 = Math.max(0, Math.floor(ci - r));
  const j0 = Math.max(0, Math.floor(cj - r));
  const i1 = Math.min(width - 2, Math.floor(ci + r));
  const j1 = Math.min(depth - 2, Math.floor(cj + r));
  let steepest = 0;
  for (let j = j0; j <= j1; j++) {
    const dz = Math.max(0, j - cj, cj - (j + 1));
    for (let i = i0; i <= i1; i++) {
      const dx = Math.max(0, i - ci, ci - (i + 1));
      if (dx * dx + dz * dz > r * r) continue;
      const k00 = j * width + i;
      const h00 = heights[k00];
      const h10 = heights[k00 + 1];
      const h01 = heights[k00 + width];
      const h11 = heights[k00 + width + 1];
      const a = (h10 - h00) ** 2 + (h01 - h00) ** 2;
      const b = (h11 - h01) ** 2 + (h11 - h10) ** 2;
      steepest = Math.max(steepest, a, b);
    }
  }
  return Math.sqrt(steepest) / cellSize;
}
