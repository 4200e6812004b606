/**
 * The flow map: 8-bit RGB, pixel (i, j) = vertex (i, j) (row j, as heightmaps are written).
 * R = 0.5 + 0.5·dx and G = 0.5 + 0.5·dz of the unit flow direction on the map's x and z axes
 * (rounded to bytes: 128 ≈ 0); B = flow speed 0–1: Manning's v ∝ depth^(2/3)·S^(1/2) with the
 * hydraulic-geometry depth ∝ A^0.4, so v ∝ A^(0.8/3)·S^(1/2) (A the contributing area, S the slope of
 * the drainage surface to the steepest lower neighbour), as a fraction of the map's fastest.
 * Still water (lakes, flats) is 0. On a lake the direction points straight at its outlet: the
 * ε-resolved surface there is a breadth-first fill whose gradient would draw the grid's diagonals.
 */
import { flowDirections } from './direction';
import { steepestReceivers } from './drainage';
import type { HydrologyGrid } from './grid';
import { findLakes } from './lakes';
import type { FilledSurface } from './priorityFlood';

const SPEED_AREA_EXPONENT = (0.4 * 2) / 3;

const toByte = (unit: number): number => Math.max(0, Math.min(255, Math.round((0.5 + 0.5 * unit) * 255)));

export function flowMapRgb(grid: HydrologyGrid, heights: Float32Array, filled: FilledSurface, area: Float64Array): Uint8Array {
  const { drainage } = filled;
  const { width, cellSize } = grid;
  const count = width * grid.depth;
  const direction = flowDirections(grid, drainage);
  const receivers = steepestReceivers(grid, drainage);
  const slopeTo = (v: number, n: number) => {
    const di = (n % width) - (v % width);
    const dj = Math.round((n - v - di) / width);
    return (drainage[v] - drainage[n]) / (Math.hypot(di, dj) * cellSize);
  };
  // An outlet on the edge: the ground continued off the map as it rises behind it.
  const outletSlope = (v: number) => {
    const i = v % width;
    const j = (v - i) / width;
    let steepest = 0;
    for (let dj = -1; dj <= 1; dj++) {
      for (let di = -1; di <= 1; di++) {
        if ((di || dj) && i + di >= 0 && j + dj >= 0 && i + di < width && j + dj < grid.depth) steepest = Math.max(steepest, -slopeTo(v, v + dj * width + di));
      }
    }
    return steepest;
  };
  const speed = new Float64Array(count);
  let fastest = 0;
  for (let v = 0; v < count; v++) {
    const slope = receivers[v] >= 0 ? slopeTo(v, receivers[v]) : outletSlope(v);
    const s = Math.pow(area[v], SPEED_AREA_EXPONENT) * Math.sqrt(slope);
    speed[v] = s;
    if (s > fastest) fastest = s;
  }
  const { lakes, lakeOf } = findLakes(grid, heights, filled);
  const rgb = new Uint8Array(3 * count);
  for (let v = 0; v < count; v++) {
    let dx = direction[2 * v];
    let dz = direction[2 * v + 1];
    if (lakeOf[v] > 0) {
      const outlet = lakes[lakeOf[v] - 1].outlet;
      const di = (outlet % width) - (v % width);
      const dj = Math.round((outlet - v - di) / width);
      const length = Math.hypot(di, dj);
      dx = di / length;
      dz = dj / length;
    }
    rgb[3 * v] = toByte(dx);
    rgb[3 * v + 1] = toByte(dz);
    rgb[3 * v + 2] = fastest > 0 ? Math.round((speed[v] / fastest) * 255) : 0;
  }
  return rgb;
}
