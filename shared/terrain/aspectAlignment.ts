/**
 * How much of a map's steep ground faces along the grid: the share of steep vertices (slope above
 * `minSlopeDeg`) whose aspect lies within ±`toleranceDeg` of a multiple of 45°. Ground that faces
 * every direction alike gives 8 · 2·tolerance / 360 (11.1 % at ±2.5°); channels cut along D8 flow
 * directions give far more (issue 35). Aspect and slope from central differences at interior vertices.
 */
import type { Heightfield } from './heightfield';

export interface AspectAlignment {
  /** Interior vertices steeper than the limit. */
  steep: number;
  /** Share of those facing within the tolerance of a multiple of 45°. */
  alignedShare: number;
}

export function gridAlignedAspect(field: Heightfield, minSlopeDeg = 20, toleranceDeg = 2.5): AspectAlignment {
  const { width, depth, cellSize, heights } = field;
  const limit = Math.tan((minSlopeDeg * Math.PI) / 180);
  const limitSq = limit * limit;
  const twice = 2 * cellSize;
  let steep = 0;
  let aligned = 0;
  for (let j = 1; j < depth - 1; j++) {
    for (let i = 1; i < width - 1; i++) {
      const v = j * width + i;
      const gx = (heights[v + 1] - heights[v - 1]) / twice;
      const gz = (heights[v + width] - heights[v - width]) / twice;
      if (gx * gx + gz * gz <= limitSq) continue;
      steep++;
      const deg = (Math.atan2(gz, gx) * 180) / Math.PI;
      const off = Math.abs(deg - 45 * Math.round(deg / 45));
      if (off <= toleranceDeg) aligned++;
    }
  }
  return { steep, alignedShare: steep > 0 ? aligned / steep : 0 };
}
