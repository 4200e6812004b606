/**
 * A river's banks eased into the ground (the water layer's `followWalls`). The channels' V's and their
 * banks (channelLines.ts, ring by ring while a ring cuts less deep than the one inside it) cut the
 * ground beside the water; on a wall steeper than the bank slope those banks stop a cell past the V,
 * the uncut wall standing metres above the last cut vertex (a bank rising at the bank slope from below
 * a steeper wall only falls further below it). Here every vertex is lowered (never raised) to the
 * largest height that no grid edge rises to more steeply than the larger of the bank slope and the
 * ground's own slope along that edge:
 *   c(p) = min(c₀(p), min over neighbours q of c(q) + max(tan(bankSlope) · |pq|, |g(p) − g(q)|))
 * with c₀ the carved heights and g the uncut ground: a shortest path from the cut vertices (Dijkstra,
 * edge costs ≥ 0), so no edge of the result is steeper than that bound. Where the banks already meet
 * the ground nothing changes. Up a wall steeper than the bank slope the cut runs on at the wall's own
 * slope (the wall stands back by it) until the wall eases under the bank slope, where the cut shrinks
 * by (tan(bankSlope) − the ground's slope) · |pq| an edge and meets the ground. The cut never grows
 * along the way: no vertex is cut deeper than the deepest cut beside the water, and the pass ends
 * where the cut does (on a wall steeper than the bank slope up to the map's edge, at the edge).
 *
 * The water's own vertices (rivers and lakes) keep the V's bed: a river is its hydraulic-geometry
 * depth deep at its vertices whatever the banks do. They pass their height on to their neighbours, and
 * first hold them up: where a river falls steeply the V or bank of the reach below (or of a river beside
 * it) can cut a vertex next to a river vertex of the reach above deeper than any edge between them
 * allows, so that vertex, and those it holds up in turn, is cut only as deep as
 *   c(p) ≥ max over water vertices r of c(r) − (the same path costs from r to p),
 * a shortest path the other way (from the highest down), before the banks are eased. The lowered
 * heights never fall under those (a path from a cut vertex q to p costs at least the path from r to p
 * less that from r to q), so no edge between the water's own vertices and the land beside them is
 * steeper than the bound either, but where the water's own vertices stand further apart in height than
 * any path between them allows (a river crossing a filled depression's outlet, say).
 */
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, NEIGHBOUR_LENGTH, type HydrologyGrid } from './grid';
import { HeightHeap } from './minHeap';

/** How many vertices are settled between checks of `shouldCancel`. */
const CANCEL_EVERY = 1 << 20;

/**
 * Holds up, then lowers, the carved heights of the land (`carve` holds the cut below `input`, m, 0
 * where uncut) so that no grid edge is steeper than the larger of `bankRise` and the ground's slope
 * along it, keeping the cut of every vertex whose `kind` is not `dry`. False when `shouldCancel` said so.
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
  let settled = 0;
  // Held up by the water's own vertices, the highest first (keys negated in the min-heap): `floor` is the
  // least height the water allows a vertex. It runs on through vertices it does not raise (uncut ones
  // too) while it could still raise one further on: a vertex is cut at most `deepest`, and the floor
  // falls along an edge at least as fast as the ground changes there.
  let deepest = 0;
  for (let v = 0; v < carve.length; v++) if (carve[v] > deepest) deepest = carve[v];
  const floor = new Map<number, number>();
  const held = new HeightHeap();
  for (let v = 0; v < carve.length; v++) {
    if (kind[v] === dry || !(carve[v] > 0)) continue;
    const height = Math.fround(input[v] - carve[v]);
    floor.set(v, height);
    held.push(v, -height);
  }
  while (held.size > 0) {
    const key = held.peekKey();
    const v = held.pop();
    const least = floor.get(v)!;
    if (-least !== key) continue;
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
      const lowest = Math.fround(least - Math.max(rise[k], Math.abs(input[p] - input[v])));
      if (!(lowest > input[p] - deepest) || !(lowest > (floor.get(p) ?? -Infinity))) continue;
      floor.set(p, lowest);
      held.push(p, -lowest);
      if (input[p] - carve[p] < lowest) carve[p] = Math.max(0, Math.fround(input[p] - lowest));
    }
  }
  // The banks eased: the lowest first.
  const heap = new HeightHeap();
  for (let v = 0; v < carve.length; v++) if (carve[v] > 0) heap.push(v, input[v] - carve[v]);
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
