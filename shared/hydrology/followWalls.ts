/**
 * A river's banks eased into the ground (the water layer's `followWalls`). The channels' V's cut the
 * ground beside the water; the bank from each cut vertex out to the uncut ground is made here, on the
 * grid: every vertex is lowered (never raised) to the largest height that no grid edge rises to more
 * steeply than the larger of the bank slope and the ground's own slope along that edge:
 *   c(p) = min(c₀(p), min over neighbours q of c(q) + max(tan(bankSlope) · |pq|, |g(p) − g(q)|))
 * with c₀ the heights the V's left and g the uncut ground. That is a shortest path from the cut
 * vertices (Dijkstra, edge costs ≥ 0), so no edge of the result is steeper than that bound. Where the
 * ground is gentler than the bank slope the bank rises at the bank slope and meets the ground (the
 * cut shrinks by (tan(bankSlope) − the ground's slope) · |pq| an edge); up a wall steeper than the
 * bank slope a bank at the bank slope would never meet it, so the cut runs up the wall at the wall's
 * own slope (the wall stands back by it) until the wall eases under the bank slope, and meets the
 * ground there. The cut never grows along the way: no vertex is cut deeper than the deepest cut the
 * V's made, and the relaxation ends where the cut does.
 *
 * The water's own vertices (rivers and lakes) keep the V's bed: a river is its hydraulic-geometry
 * depth deep at its vertices whatever the banks do. They pass their height on to their neighbours.
 */
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, NEIGHBOUR_LENGTH, type HydrologyGrid } from './grid';
import { HeightHeap } from './minHeap';

/** How many vertices are settled between checks of `shouldCancel`. */
const CANCEL_EVERY = 1 << 20;

/**
 * Lowers the carved heights (`carve` holds the cut below `input`, m, 0 where uncut) so that no grid
 * edge is steeper than the larger of `bankRise` and the ground's slope along it, keeping the cut of
 * every vertex whose `kind` is not `dry`. False when `shouldCancel` said so.
 */
export function followWalls(
  grid: HydrologyGrid,
  input: Float32Array,
  kind: Uint8Array,
  dry: number,
  carve: Float32Array,
  bankRise: number,
  shouldCancel?: () => boolean,
): boolean {
  const { width, depth: rows, cellSize } = grid;
  const offsets = neighbourOffsets(width);
  const rise = NEIGHBOUR_LENGTH.map((length) => bankRise * length * cellSize);
  const heap = new HeightHeap();
  for (let v = 0; v < carve.length; v++) if (carve[v] > 0) heap.push(v, input[v] - carve[v]);
  let settled = 0;
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    const height = input[v] - carve[v];
    // A vertex lowered again after it was queued comes out again at its lower height.
    if (Math.fround(height) !== key) continue;
    if (++settled >= CANCEL_EVERY) {
      settled = 0;
      if (shouldCancel?.()) return false;
    }
    const vi = v % width;
    const vj = (v - vi) / width;
    for (let k = 0; k < 8; k++) {
      const ni = vi + NEIGHBOUR_DI[k];
      const nj = vj + NEIGHBOUR_DJ[k];
      if (ni < 0 || nj < 0 || ni >= width || nj >= rows) continue;
      const p = v + offsets[k];
      if (kind[p] !== dry) continue;
      const highest = height + Math.max(rise[k], Math.abs(input[p] - input[v]));
      const cut = Math.fround(input[p] - highest);
      if (!(cut > carve[p])) continue;
      carve[p] = cut;
      heap.push(p, input[p] - cut);
    }
  }
  return true;
}
