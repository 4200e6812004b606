import type { Heightfield } from '../terrain/heightfield';

/**
 * The FIR erosion filter that classically follows fault formation (lighthouse3d): along every row
 * and column, each height becomes k·(previous filtered height) + (1 − k)·(its own height), in four
 * passes — left→right, right→left, top→bottom (increasing z), bottom→top. k = 0 leaves the map as
 * it is; k near 1 smooths strongly. Each step is computed in float64 and stored as float32, in place.
 */
export function erosionFilter(field: Heightfield, k: number): void {
  if (!(k >= 0 && k < 1)) throw new RangeError(`smoothing strength must be in [0, 1), got ${k}`);
  if (k === 0) return;
  const { width, depth, heights } = field;
  const keep = 1 - k;
  for (let j = 0; j < depth; j++) {
    const row = j * width;
    for (let i = 1; i < width; i++) heights[row + i] = k * heights[row + i - 1] + keep * heights[row + i];
    for (let i = width - 2; i >= 0; i--) heights[row + i] = k * heights[row + i + 1] + keep * heights[row + i];
  }
  // Columns are filtered a whole row at a time so memory is read in order.
  for (let j = 1; j < depth; j++) {
    const row = j * width;
    const previous = row - width;
    for (let i = 0; i < width; i++) heights[row + i] = k * heights[previous + i] + keep * heights[row + i];
  }
  for (let j = depth - 2; j >= 0; j--) {
    const row = j * width;
    const previous = row + width;
    for (let i = 0; i < width; i++) heights[row + i] = k * heights[previous + i] + keep * heights[row + i];
  }
}
