/**
 * What makes a drainage surface a valid Priority-Flood+ε surface for a given water level, checked
 * from its definition (not from any implementation's bytes), so a faster flood may order its ε
 * steps differently and still be held to it.
 */
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from '../grid';

/** The ε rise is routing only: never more than this above the water level, metres. */
const MAX_RISE = 1e-3;

/**
 * The first way `drainage` fails to be a valid ε surface over `level` (heights and levels float32,
 * row-major), or null:
 * - every vertex off the map's edge has a strictly lower neighbour (flow is defined everywhere);
 * - a step to a strictly lower neighbour never climbs in `level`, so every descent ends on the edge
 *   through the outlet of each depression it passes, as the depression's water does;
 * - the drainage lies on the level or at most a millimetre above it, and the level never below the ground.
 */
export function drainageSurfaceProblem(grid: HydrologyGrid, heights: Float32Array, level: Float32Array, drainage: Float64Array): string | null {
  const { width, depth } = grid;
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const v = j * width + i;
      if (!(level[v] >= heights[v])) return `vertex (${i}, ${j}): level ${level[v]} below the ground ${heights[v]}`;
      if (!(drainage[v] >= level[v] && drainage[v] - level[v] <= MAX_RISE))
        return `vertex (${i}, ${j}): drainage ${drainage[v]} is not within ${MAX_RISE} m above the level ${level[v]}`;
      let lower = false;
      for (let q = 0; q < 8; q++) {
        const ni = i + NEIGHBOUR_DI[q];
        const nj = j + NEIGHBOUR_DJ[q];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = nj * width + ni;
        if (drainage[n] < drainage[v]) {
          lower = true;
          if (level[n] > level[v]) return `vertex (${i}, ${j}) drains to (${ni}, ${nj}), whose level ${level[n]} is above its own ${level[v]}`;
        }
      }
      const onEdge = i === 0 || j === 0 || i === width - 1 || j === depth - 1;
      if (!onEdge && !lower) return `vertex (${i}, ${j}) off the edge has no strictly lower neighbour`;
    }
  }
  return null;
}
