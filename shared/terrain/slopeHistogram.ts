import type { Heightfield } from './heightfield';

/**
 * The drawn triangles' slopes (each cell split along (x0, z1)–(x1, z0), as heightAt) in whole-degree
 * bins, and the heights of the flat ones: what "flat tops at three levels, steep faces" is measured by.
 */
export interface SlopeHistogram {
  /** counts[d]: triangles with slope in [d°, d + 1°), d = 0…89 (90° itself in the last bin). */
  readonly counts: Float64Array;
  readonly triangles: number;
  /** Fraction of triangles with slope in [fromDeg, toDeg). */
  between(fromDeg: number, toDeg: number): number;
}

function triangleSlopes(field: Heightfield, visit: (deg: number, meanHeight: number) => void): void {
  const { width, depth, cellSize, heights } = field;
  const toDeg = 180 / Math.PI;
  for (let j = 0; j + 1 < depth; j++) {
    for (let i = 0; i + 1 < width; i++) {
      const k = j * width + i;
      const h00 = heights[k];
      const h10 = heights[k + 1];
      const h01 = heights[k + width];
      const h11 = heights[k + width + 1];
      visit(Math.atan(Math.hypot(h10 - h00, h01 - h00) / cellSize) * toDeg, (h00 + h10 + h01) / 3);
      visit(Math.atan(Math.hypot(h11 - h01, h11 - h10) / cellSize) * toDeg, (h10 + h01 + h11) / 3);
    }
  }
}

export function slopeHistogram(field: Heightfield): SlopeHistogram {
  const counts = new Float64Array(90);
  let triangles = 0;
  triangleSlopes(field, (deg) => {
    counts[Math.min(89, Math.floor(deg))]++;
    triangles++;
  });
  return {
    counts,
    triangles,
    between(fromDeg, toDeg) {
      let sum = 0;
      for (let d = Math.max(0, Math.ceil(fromDeg)); d < Math.min(90, toDeg); d++) sum += counts[d];
      return triangles > 0 ? sum / triangles : 0;
    },
  };
}

/**
 * Distinct flat levels: the heights of triangles under `flatDeg` in `binMetres` bins, grouped into
 * runs of adjacent non-empty bins; the runs holding at least `minShare` of all triangles, each as its
 * mean height and share, lowest first.
 */
export function flatLevels(field: Heightfield, flatDeg: number, binMetres: number, minShare: number): { height: number; share: number }[] {
  const bins = new Map<number, { count: number; sum: number }>();
  let triangles = 0;
  triangleSlopes(field, (deg, height) => {
    triangles++;
    if (deg >= flatDeg) return;
    const bin = Math.floor(height / binMetres);
    const entry = bins.get(bin) ?? { count: 0, sum: 0 };
    entry.count++;
    entry.sum += height;
    bins.set(bin, entry);
  });
  const keys = [...bins.keys()].sort((a, b) => a - b);
  const levels: { height: number; share: number }[] = [];
  let run = { count: 0, sum: 0 };
  const close = (): void => {
    if (run.count > 0 && run.count / triangles >= minShare) levels.push({ height: run.sum / run.count, share: run.count / triangles });
    run = { count: 0, sum: 0 };
  };
  keys.forEach((key, index) => {
    if (index > 0 && key !== keys[index - 1] + 1) close();
    const entry = bins.get(key);
    if (entry) {
      run.count += entry.count;
      run.sum += entry.sum;
    }
  });
  close();
  return levels;
}

/** Fraction of all triangles that are under `flatDeg` and lie (mean height) within (low, high) metres. */
export function flatShareBetween(field: Heightfield, flatDeg: number, low: number, high: number): number {
  let triangles = 0;
  let inside = 0;
  triangleSlopes(field, (deg, height) => {
    triangles++;
    if (deg < flatDeg && height > low && height < high) inside++;
  });
  return triangles > 0 ? inside / triangles : 0;
}
