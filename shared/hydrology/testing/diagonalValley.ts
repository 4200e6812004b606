/**
 * A V valley down the map's diagonal, for the river-width tests: its floor runs from the corner
 * (0, 0) along the direction (1, 1)/√2, falling 2 % along it; across it the ground rises 0.3 m a
 * metre. 2 m cells: the river on its floor steps from vertex (i, i) to (i + 1, i + 1), every step
 * across the split of the grid's triangles (which joins (i + 1, i) and (i, i + 1)) — the step where
 * a river drawn vertex by vertex had been a chain of beads.
 * The contributing area in closed form: every vertex drains to the floor, and a floor point `along`
 * metres from the top corner gathers the map's triangle above the line through it at right angles
 * to the floor, about along² m² (the water of the flanks beside it reaches the floor a little lower
 * down, so a little less).
 */
import type { HydrologyGrid } from '../grid';
import { sampled } from './surfaces';

export const DIAGONAL_GRID: HydrologyGrid = { width: 129, depth: 129, cellSize: 2 };
const FALL = 0.02;
const SIDES = 1;

/** Metres along the floor from the top corner, and across it (signed), at (x, z). */
export function diagonalCoordinates(x: number, z: number): { along: number; across: number } {
  return { along: (x + z) / Math.SQRT2, across: (z - x) / Math.SQRT2 };
}

export function diagonalValley(grid: HydrologyGrid = DIAGONAL_GRID): Float32Array {
  return sampled(grid, (x, z) => {
    const { along, across } = diagonalCoordinates(x, z);
    return 40 - FALL * along + SIDES * Math.abs(across);
  });
}
