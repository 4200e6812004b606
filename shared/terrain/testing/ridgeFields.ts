/**
 * Fields for the tests of the split's saw-teeth and their rounding (shared/terrain/diagonalTeeth.ts,
 * shared/erosion/creaseSoftening.ts): heights of a formula at every vertex, and sharp 40° ridges.
 */
import { createHeightfield, type Heightfield } from '../heightfield';

/** The flanks' slope of `ridgeFields`' ridges: 40°. */
export const RIDGE_SLOPE = Math.tan((40 * Math.PI) / 180);

/** Field makers for a `size`² map of `cellSize`-metre cells. */
export function ridgeFields(size: number, cellSize: number) {
  /** Heights of f(i, j) at every vertex. */
  const fieldOf = (f: (i: number, j: number) => number): Heightfield => {
    const field = createHeightfield(size, size, cellSize);
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) field.heights[j * size + i] = f(i, j);
    return field;
  };
  /** A sharp ridge at RIDGE_SLOPE on both sides, crest 100 m, through the vertices where `across` is 0 (metres from it: across · cellSize / √2). */
  const ridge = (across: (i: number, j: number) => number): Heightfield =>
    fieldOf((i, j) => 100 - (RIDGE_SLOPE * Math.abs(across(i, j)) * cellSize) / Math.SQRT2);
  return { fieldOf, ridge };
}
