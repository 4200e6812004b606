import type { Heightfield } from './heightfield';

export interface SlopeStats {
  /** Triangles in the map: 2 per cell. */
  triangles: number;
  /** Fraction of triangles whose slope is under the angle asked for. */
  fractionUnder: number;
  /** Steepest triangle, degrees. */
  maxDeg: number;
  /** Mean triangle slope, degrees. */
  meanDeg: number;
}

/**
 * Slope statistics over the drawn triangles (each cell split along (x0, z1)–(x1, z0), as heightAt):
 * a triangle's slope is that of its plane, atan of the gradient's length. What a preset promises
 * ("70 % under 30°") is measured here.
 */
export function slopeStats(field: Heightfield, underDeg: number): SlopeStats {
  const { width, depth, cellSize, heights } = field;
  const limit = Math.tan((underDeg * Math.PI) / 180) * cellSize;
  const limitSq = limit * limit;
  let under = 0;
  let maxGradSq = 0;
  let sumDeg = 0;
  const triangles = 2 * (width - 1) * (depth - 1);
  for (let j = 0; j + 1 < depth; j++) {
    for (let i = 0; i + 1 < width; i++) {
      const k = j * width + i;
      const h00 = heights[k];
      const h10 = heights[k + 1];
      const h01 = heights[k + width];
      const h11 = heights[k + width + 1];
      // Lower triangle (h00, h10, h01) and upper (h10, h01, h11): per-cell rise along x and z.
      const lowerSq = (h10 - h00) ** 2 + (h01 - h00) ** 2;
      const upperSq = (h11 - h01) ** 2 + (h11 - h10) ** 2;
      if (lowerSq < limitSq) under++;
      if (upperSq < limitSq) under++;
      maxGradSq = Math.max(maxGradSq, lowerSq, upperSq);
      sumDeg += Math.atan(Math.sqrt(lowerSq) / cellSize) + Math.atan(Math.sqrt(upperSq) / cellSize);
    }
  }
  const toDeg = 180 / Math.PI;
  return {
    triangles,
    fractionUnder: triangles > 0 ? under / triangles : 1,
    maxDeg: Math.atan(Math.sqrt(maxGradSq) / cellSize) * toDeg,
    meanDeg: triangles > 0 ? (sumDeg / triangles) * toDeg : 0,
  };
}
