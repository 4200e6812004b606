import type { Heightfield } from '../../terrain/heightfield';

/** Half the window a plane is fitted over: 5 × 5 vertices. */
const REACH = 2;

/**
 * Planar facets on slopes: of the vertices whose slope (central differences) lies between `minDeg` and
 * `maxDeg`, the share whose 5 × 5 neighbourhood a plane fits (least squares) to within `tolerance`
 * metres RMS. Ground shaped by water and weathering curves everywhere (rills, concave feet, rounded
 * spurs); a surface made of cones and planes at one angle (a talus closing, a distance transform)
 * fits its plane exactly over every facet.
 */
export function planarSlopeShare(field: Heightfield, tolerance: number, minDeg = 20, maxDeg = 45): { slopes: number; planar: number } {
  const { width, depth, cellSize, heights: h } = field;
  const side = 2 * REACH + 1;
  const count = side * side;
  // Σ di² over the window (the same for dj): the plane's slopes are Σ di·z / Σ di².
  let spread = 0;
  for (let d = -REACH; d <= REACH; d++) spread += d * d * side;
  const lo = Math.tan((minDeg * Math.PI) / 180);
  const hi = Math.tan((maxDeg * Math.PI) / 180);
  let slopes = 0;
  let planar = 0;
  for (let j = REACH; j < depth - REACH; j++)
    for (let i = REACH; i < width - REACH; i++) {
      const k = j * width + i;
      const g = Math.hypot(h[k + 1] - h[k - 1], h[k + width] - h[k - width]) / (2 * cellSize);
      if (g < lo || g > hi) continue;
      slopes++;
      let sum = 0;
      let sx = 0;
      let sz = 0;
      for (let dj = -REACH; dj <= REACH; dj++)
        for (let di = -REACH; di <= REACH; di++) {
          const z = h[k + dj * width + di];
          sum += z;
          sx += di * z;
          sz += dj * z;
        }
      const mean = sum / count;
      const bx = sx / spread;
      const bz = sz / spread;
      let squares = 0;
      for (let dj = -REACH; dj <= REACH; dj++)
        for (let di = -REACH; di <= REACH; di++) {
          const r = h[k + dj * width + di] - (mean + bx * di + bz * dj);
          squares += r * r;
        }
      if (Math.sqrt(squares / count) < tolerance) planar++;
    }
  return { slopes, planar: slopes > 0 ? planar / slopes : 0 };
}
