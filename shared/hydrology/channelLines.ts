/**
 * A river's channel carved along its line (the water layer's `channelsAlongLines`). A river 1.5–3 m
 * wide on 2 m cells stamped as a cone around each of its vertices is wet only at the vertices: where
 * it steps diagonally its water is a chain of beads. Here each river vertex is joined by a straight
 * segment to the water it flows into (its steepest lower neighbour that is a river or a lake), and
 * across each segment the bed is a V:
 *   bed(p) = s(t) − depth + k · min(dist, e) + rise · max(0, dist − e),   k = depth / half, e = max(depth / k, cell / √2)
 * with dist the distance from p to the segment, s(t) the water surface at p's foot on it (linear
 * between the ends' levels, never rising downstream), half the river's half-width and rise the bank
 * slope (k is capped at it and by MAX_SILL, which widen a narrow deep river's water). The water's depth over that bed
 * is k · (w − dist): linear in the distance, so where the views read the depth between vertices along
 * its slope (app/water/shoreField.ts) the water's edge lies at w = half from the line, between the
 * vertices too, and the drawn water is a ribbon of the river's width. The bed is cut only where it
 * lies below the ground, out to a cell past e (`bankRings` 0, layers saved before `blendBanks`) or, ring
 * by ring of one cell, on while a ring still cuts and cuts less deep than the ring inside it (at most
 * `bankRings` rings past e): then where the walls are under the bank slope the carved ground, the lowest
 * of the ground and the beds, has no edge steeper than the larger of the ground's own slope and the bank
 * slope. On walls steeper than the bank slope a bank would never meet the ground: it stops a cell past e
 * (with `followWalls` followWalls.ts then runs the cut on up such walls at their own slope).
 * A vertex under the water takes its foot's surface.
 */
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, NEIGHBOUR_LENGTH, type HydrologyGrid } from './grid';
import type { FilledSurface } from './priorityFlood';

/** The river at a vertex: half its width and its depth, m. */
export interface ChannelSize {
  half: number;
  depth: number;
}

/** The kinds of water at a vertex, as water.ts numbers them. */
export interface ChannelKinds {
  dry: number;
  river: number;
}

/**
 * Metres the ground may stand above the water between the two ends of a diagonal step. The terrain's
 * triangles join such a step's side corners, not its ends, so under a river narrower than the
 * cell's diagonal the ground halfway along the step is theirs: above the water wherever the V puts
 * them above it. The 3D view draws water over ground up to 0.3 m above it (waterMaterial.ts
 * LIFT_CAP), so this is kept under that; a narrow deep river's V is made shallower (its water wider) instead.
 */
export const MAX_SILL = 0.25;

/**
 * Rings of one cell a segment's bank runs on past the V while a ring still cuts (`blendBanks`): 16 cells
 * of 4 m at 30° rise 37 m, more than a creek's cut on any wall under the bank slope (the V valley of
 * the audit cuts 1.1 m); the bound keeps a cliff from drawing a bank across the map.
 */
export const MAX_BANK_RINGS = 16;

/** How many vertices are visited between checks of `shouldCancel`. */
const CANCEL_EVERY = 1 << 20;

/**
 * Gathers the cut of every river segment into `carve` (the largest cut at a vertex wins) and the
 * surface of the vertices it puts under water; false when `shouldCancel` said so.
 */
export function carveAlongLines(
  grid: HydrologyGrid,
  input: Float32Array,
  filled: FilledSurface,
  kind: Uint8Array,
  kinds: ChannelKinds,
  carve: Float32Array,
  surface: Float32Array,
  channelAt: (r: number) => ChannelSize,
  bankRise: number,
  shouldCancel?: () => boolean,
  bankRings = 0,
): boolean {
  const { width, depth: rows, cellSize } = grid;
  const { level } = filled;
  const offsets = neighbourOffsets(width);
  let visited = 0;
  // Per side of a segment's line: the deepest cut of the last ring cut, of the ring measured, and whether it goes on.
  const deepest = [Infinity, Infinity];
  const most = [0, 0];
  const goes = [true, true];
  for (let r = 0; r < kind.length; r++) {
    if (kind[r] !== kinds.river) continue;
    const ri = r % width;
    const rj = (r - ri) / width;
    const n = downstreamWater(grid, filled.drainage, kind, kinds.dry, offsets, r, ri, rj);
    const ni = n % width;
    const nj = (n - ni) / width;
    const s0 = level[r];
    const s1 = Math.min(level[n], s0);
    const { half, depth } = channelAt(r);
    // Steep enough to meet the water at half the width, no steeper than the bank slope, nor than
    // leaves a diagonal step's side corners (cellSize / √2 from the line) MAX_SILL above the water.
    const k = Math.min(depth / half, bankRise, (depth + MAX_SILL) / (cellSize * Math.SQRT1_2));
    const waterline = depth / k;
    // The V runs on at k out to a diagonal step's side corners at least (so they stand at most
    // MAX_SILL above the water), then the bank rises at the bank slope for one cell more and, with
    // bankRings, a ring of one cell more at a time while the last ring cut the ground somewhere.
    const straightTo = Math.max(waterline, cellSize * Math.SQRT1_2);
    const di = ni - ri;
    const dj = nj - rj;
    const length2 = di * di + dj * dj;
    const s1s0 = s1 - s0;
    deepest[0] = deepest[1] = Infinity;
    goes[0] = goes[1] = true;
    for (let ring = 0; ring <= bankRings; ring++) {
      const inner = ring === 0 ? -1 : straightTo + ring * cellSize;
      const reach = straightTo + (ring + 1) * cellSize;
      const span = Math.ceil(reach / cellSize);
      const i0 = Math.max(0, Math.min(ri, ni) - span);
      const i1 = Math.min(width - 1, Math.max(ri, ni) + span);
      const j0 = Math.max(0, Math.min(rj, nj) - span);
      const j1 = Math.min(rows - 1, Math.max(rj, nj) + span);
      visited += (i1 - i0 + 1) * (j1 - j0 + 1);
      if (visited >= CANCEL_EVERY) {
        visited = 0;
        if (shouldCancel?.()) return false;
      }
      // A ring past the first is measured, then cut on each side of the line only while that side still
      // cuts and cuts less deep than the ring inside it: the bank then nears the ground ring by ring (walls
      // under the bank slope). On walls steeper than the bank slope it would never meet them but cut ever
      // deeper into the hillside: there it stops a cell past the V, as before.
      for (let pass = ring === 0 ? 1 : 0; pass <= 1 && (goes[0] || goes[1]); pass++) {
        most[0] = 0;
        most[1] = 0;
        for (let j = j0; j <= j1; j++) {
          for (let i = i0; i <= i1; i++) {
            const along = length2 > 0 ? ((i - ri) * di + (j - rj) * dj) / length2 : 0;
            const t = Math.max(0, Math.min(1, along));
            const distance = Math.hypot(i - ri - t * di, j - rj - t * dj) * cellSize;
            // Past its ends a segment cuts only its water's round end, where the next segment turns: its
            // banks there belong to the segments on either side (on a steep reach a round bank would cut
            // the ground above into the level of the water below).
            if (distance > (along === t ? reach : waterline)) continue;
            // Each ring visits only its own band of distance (the first: the V and one cell of bank).
            if (!(distance > inner)) continue;
            // Which side of the line (past the first ring every vertex lies beside the segment, off it).
            const side = (i - ri) * dj - (j - rj) * di > 0 ? 1 : 0;
            if (!goes[side]) continue;
            const s = s0 + t * s1s0;
            const bed = s - depth + k * Math.min(distance, straightTo) + bankRise * Math.max(0, distance - straightTo);
            const p = j * width + i;
            // Another river vertex is its own segments' (on a steep reach the V of the pool below would
            // cut it to that pool's level).
            if (kind[p] === kinds.river && p !== r && p !== n) continue;
            const cut = input[p] - bed;
            if (cut > most[side]) most[side] = cut;
            if (pass === 0 || !(cut > carve[p])) continue;
            carve[p] = cut;
            // A vertex under the water takes its foot's surface; one on this segment's bank above it is
            // dry, though another segment's water above may have reached it (the lip of a fall).
            if (kind[p] !== kinds.river) surface[p] = bed < s ? s : NaN;
          }
        }
        for (let k2 = 0; k2 < 2; k2++) {
          if (pass === 0 && !(most[k2] > 0 && most[k2] < deepest[k2])) goes[k2] = false;
          deepest[k2] = most[k2];
        }
      }
      if (!goes[0] && !goes[1]) break;
    }
    surface[r] = s0;
  }
  return true;
}

/** The steepest lower neighbour of r (on the drainage surface) that holds water, or r itself when none does. */
function downstreamWater(
  grid: HydrologyGrid,
  drainage: Float64Array,
  kind: Uint8Array,
  dry: number,
  offsets: ArrayLike<number>,
  r: number,
  ri: number,
  rj: number,
): number {
  let best = r;
  let bestFall = 0;
  for (let k = 0; k < 8; k++) {
    const ni = ri + NEIGHBOUR_DI[k];
    const nj = rj + NEIGHBOUR_DJ[k];
    if (ni < 0 || nj < 0 || ni >= grid.width || nj >= grid.depth) continue;
    const n = r + offsets[k];
    if (kind[n] === dry || !(drainage[n] < drainage[r])) continue;
    const fall = (drainage[r] - drainage[n]) / NEIGHBOUR_LENGTH[k];
    if (fall > bestFall) {
      bestFall = fall;
      best = n;
    }
  }
  return best;
}
