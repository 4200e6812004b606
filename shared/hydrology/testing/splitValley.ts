/**
 * A V valley down +x whose floor is two cells wide along part of its length, for the rivers' tests:
 * walls of slope 0.2 across z, the floor falling 1 % towards the edge at x = 320 m, 2 m cells. The
 * floor is one vertex row (j = 20) except for columns SPLIT_FROM … SPLIT_TO (x in [128, 176] m),
 * where rows 20 and 21 lie level across: there MFD splits the flow between the two rows, so each
 * carries about half the valley's area. The split is 24 columns long, within the Water list's
 * GAP_CELLS.
 *
 * SPLIT_RIVER_AREA: the valley's whole width (80 m) drains to its floor, so the area there is about
 * 80 m × x: about 10,000 m² at the split's start (x = 128 m), while each row of the split carries
 * about half of it, up to 80 × 176 / 2 ≈ 7,000 m² at its end. A threshold between the two starts the
 * river above the split, and the area rule alone leaves the split dry.
 */
import type { HydrologyGrid } from '../grid';
import { sampled } from './surfaces';

export const SPLIT_GRID: HydrologyGrid = { width: 161, depth: 41, cellSize: 2 };
export const FLOOR_ROW = 20;
export const SPLIT_FROM = 64;
export const SPLIT_TO = 88;
export const SPLIT_RIVER_AREA = 9000;

export function splitValley(): Float32Array {
  const { cellSize } = SPLIT_GRID;
  return sampled(SPLIT_GRID, (x, z) => {
    const split = x >= SPLIT_FROM * cellSize && x <= SPLIT_TO * cellSize;
    const across = split ? Math.max(0, Math.abs(z - (FLOOR_ROW + 0.5) * cellSize) - 0.5 * cellSize) : Math.abs(z - FLOOR_ROW * cellSize);
    return 20 - 0.01 * x + 0.2 * across;
  });
}
