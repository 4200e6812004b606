/**
 * Automatic water from the heights: rivers where the MFD contributing area reaches `riverArea`,
 * lakes in the depressions (shared/hydrology/). What it gives:
 * - the heights with river channels carved: at a river vertex the bed lies `depth(A)` below the
 *   water surface; across the river the bed is flat out to half the width, then the bank rises at
 *   `bankSlopeDeg` until it meets the ground. The cut is subtracted from the heights below, and a
 *   vertex no channel reaches keeps its height bit for bit. Lakes are not dug: their water fills
 *   the depression to its spill height.
 * - rivers from their head to their mouth (`continueRivers`): where the flow spreads over two cells
 *   the MFD area of each dips under `riverArea` for a few cells, so a river of the area rule alone
 *   runs dry there and starts again below. A river vertex none of whose lower neighbours is wet is
 *   followed down the steepest fall of the drainage surface, each vertex on the way a river vertex
 *   with the area it came with (so its width and depth), until it meets other water (a lake, a
 *   river: the rejoin or a confluence) or reaches the map's edge.
 *   With it, too, a river stepping diagonally across a cell against the split of the grid's
 *   triangles (from (i, j) to (i + 1, j + 1); the split joins (i + 1, j) and (i, j + 1)) would meet
 *   its next vertex only at a point: the drawn ground and water would be beads. The lower of the two
 *   other corners is wet too, its bed cut, so the channel runs on along the cell's sides.
 * - the water surface and depth per vertex. A river's surface is the filled level of its vertex
 *   (the ground, or the spill height where it crosses a depression), which never rises along the
 *   flow: every step downstream goes to a lower vertex of the drainage surface, and the level is
 *   that surface rounded to float32, a monotone rounding. A lake's surface is its spill height.
 */
import { accumulateFlow } from './accumulation';
import { carveAlongLines, MAX_BANK_RINGS } from './channelLines';
import { followWalls } from './followWalls';
import { neighbourOffsets, NEIGHBOUR_DI, NEIGHBOUR_DJ, NEIGHBOUR_LENGTH, type HydrologyGrid } from './grid';
import { findLakes } from './lakes';
import { fillDepressions } from './floodVersions';
import type { FilledSurface } from './priorityFlood';
import { riverDepth, riverWidth, waterProblem, type WaterParams } from './waterParams';

export const WATER_DRY = 0;
export const WATER_RIVER = 1;
export const WATER_LAKE = 2;

export interface Water {
  /** Metres of water over the carved ground, 0 where dry. */
  readonly depth: Float32Array;
  /** Water surface height where wet, NaN where dry. */
  readonly surface: Float32Array;
  /** WATER_RIVER at a river's own vertices, WATER_LAKE in a kept lake, else WATER_DRY. */
  readonly kind: Uint8Array;
  /** The MFD contributing area the rivers were found by, m² (of the heights below the layer). */
  readonly area: Float64Array;
  /** The filled surfaces they flow on (the layer's flood's), for flow directions, slopes and lakes. */
  readonly filled: FilledSurface;
  /**
   * The largest of `area` off the lakes, m² (a lake's outlet area makes no river): what the Water
   * section prints when no river formed, found here so the window need not flood the map again.
   */
  readonly largestDrainingArea: number;
}

/** How many vertices are stamped between checks of `shouldCancel`. */
const CANCEL_EVERY = 1 << 20;

/**
 * Carves `input` into `out` (never the same array) and returns the water, or null when
 * `shouldCancel` said so.
 */
export function evaluateWater(grid: HydrologyGrid, input: Float32Array, out: Float32Array, params: WaterParams, shouldCancel?: () => boolean): Water | null {
  const problem = waterProblem(params);
  if (problem) throw new RangeError(problem);
  const { width, depth: rows, cellSize } = grid;
  const count = width * rows;
  const filled = fillDepressions(grid, input, params.floodVersion);
  if (shouldCancel?.()) return null;
  const { area } = accumulateFlow(grid, filled.drainage);
  if (shouldCancel?.()) return null;
  const { level } = filled;

  const kind = new Uint8Array(count);
  if (params.lakes) {
    const { lakes, lakeOf } = findLakes(grid, input, filled);
    // A lake is kept from minLakeArea of surface and, with minLakeDepth, that deep at its deepest.
    const shallowest = params.minLakeDepth;
    const kept = lakes.map((lake) => lake.area >= params.minLakeArea && (shallowest === undefined || lake.maxDepth >= shallowest));
    for (let v = 0; v < count; v++) if (lakeOf[v] > 0 && kept[lakeOf[v] - 1]) kind[v] = WATER_LAKE;
  }

  // The cut is gathered in `out` itself (a map less a vertex: 4 B), then becomes the carved heights.
  const carve = out;
  carve.fill(0);
  const surface = new Float32Array(count).fill(NaN);
  const bankRise = Math.tan((params.bankSlopeDeg * Math.PI) / 180);
  for (let r = 0; r < count; r++) if (area[r] >= params.riverArea && kind[r] !== WATER_LAKE) kind[r] = WATER_RIVER;
  const carried = params.continueRivers ? continueRivers(grid, filled.drainage, area, kind) : null;
  /** The area a river vertex's channel is sized by: its own, or the one it was continued with. */
  const riverAreaAt = (r: number): number => (area[r] >= params.riverArea ? area[r] : (carried?.get(r) ?? area[r]));
  if (params.channelsAlongLines) {
    const kinds = { dry: WATER_DRY, river: WATER_RIVER };
    const done = carveAlongLines(
      grid,
      input,
      filled,
      kind,
      kinds,
      carve,
      surface,
      (r) => {
        const riverAt = riverAreaAt(r);
        return { half: riverWidth(params, riverAt) / 2, depth: riverDepth(params, riverAt) };
      },
      bankRise,
      shouldCancel,
      params.blendBanks || params.followWalls ? MAX_BANK_RINGS : 0,
    );
    if (!done) return null;
    if (params.followWalls && !followWalls(grid, input, kind, WATER_DRY, carve, bankRise, shouldCancel)) return null;
    return finishWater(input, out, carve, surface, kind, level, area, filled);
  }
  let stamped = 0;
  for (let r = 0; r < count; r++) {
    if (kind[r] !== WATER_RIVER) continue;
    const riverAt = riverAreaAt(r);
    const s = level[r];
    const half = riverWidth(params, riverAt) / 2;
    // The bed lies depth(A) below the surface; where the river crosses a depression the water
    // there may already be deeper than that.
    const cut = Math.max(0, input[r] - (s - riverDepth(params, riverAt)));
    const reach = half + cut / bankRise;
    const ri = r % width;
    const rj = (r - ri) / width;
    const span = Math.floor(reach / cellSize);
    const i0 = Math.max(0, ri - span);
    const i1 = Math.min(width - 1, ri + span);
    const j0 = Math.max(0, rj - span);
    const j1 = Math.min(rows - 1, rj + span);
    stamped += (i1 - i0 + 1) * (j1 - j0 + 1);
    if (stamped >= CANCEL_EVERY) {
      stamped = 0;
      if (shouldCancel?.()) return null;
    }
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const distance = Math.hypot(i - ri, j - rj) * cellSize;
        if (distance > reach) continue;
        const c = distance <= half ? cut : cut - (distance - half) * bankRise;
        const p = j * width + i;
        if (c > carve[p]) {
          carve[p] = c;
          // A river vertex keeps its own surface, so the surface along the rivers is the level's.
          if (p !== r && kind[p] !== WATER_RIVER) surface[p] = s;
        }
      }
    }
    surface[r] = s;
  }

  if (carried) bridgeAcrossSplits(grid, input, filled, kind, carve, surface, (r) => riverDepth(params, riverAreaAt(r)));
  return finishWater(input, out, carve, surface, kind, level, area, filled);
}

/** The carved heights into `out` (which held the cut), and the depth; dry vertices lose their surface. */
function finishWater(
  input: Float32Array,
  out: Float32Array,
  carve: Float32Array,
  surface: Float32Array,
  kind: Uint8Array,
  level: Float32Array,
  area: Float64Array,
  filled: FilledSurface,
): Water {
  const count = input.length;
  const depth = new Float32Array(count);
  let largestDrainingArea = 0;
  for (let v = 0; v < count; v++) {
    if (area[v] > largestDrainingArea && kind[v] !== WATER_LAKE) largestDrainingArea = area[v];
    const cut = carve[v];
    out[v] = cut > 0 ? input[v] - cut : input[v];
    if (kind[v] === WATER_LAKE) surface[v] = level[v];
    const wet = surface[v] - out[v];
    if (wet > 0) depth[v] = wet;
    else if (kind[v] === WATER_DRY) surface[v] = NaN;
  }
  return { depth, surface, kind, area, filled, largestDrainingArea };
}

/**
 * Runs each river on from where none of its lower neighbours is wet, down the steepest fall of
 * `drainage`, marking the vertices WATER_RIVER in `kind`, until a lower neighbour is wet (a lake or
 * a river) or there is none (the map's edge). Returns the contributing area each added vertex
 * carries: the largest met on the way down from the river's last vertex of the area rule.
 * Downstream is always to a strictly lower vertex of `drainage`, so the walks end and the water
 * surface (the level, a monotone rounding of it) never rises along them.
 */
function continueRivers(grid: HydrologyGrid, drainage: Float64Array, area: Float64Array, kind: Uint8Array): Map<number, number> {
  const { width, depth } = grid;
  const offsets = neighbourOffsets(width);
  const carried = new Map<number, number>();
  for (let r = 0; r < kind.length; r++) {
    // A vertex added by a walk has been followed to its end already.
    if (kind[r] !== WATER_RIVER || carried.has(r)) continue;
    let v = r;
    let flowing = area[r];
    for (;;) {
      const i = v % width;
      const j = (v - i) / width;
      const h = drainage[v];
      let steepest = -1;
      let steepestFall = 0;
      let joined = false;
      for (let k = 0; k < 8; k++) {
        const ni = i + NEIGHBOUR_DI[k];
        const nj = j + NEIGHBOUR_DJ[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = v + offsets[k];
        if (!(drainage[n] < h)) continue;
        if (kind[n] !== WATER_DRY) {
          joined = true;
          break;
        }
        const fall = (h - drainage[n]) / NEIGHBOUR_LENGTH[k];
        if (fall > steepestFall) {
          steepestFall = fall;
          steepest = n;
        }
      }
      if (joined || steepest < 0) break;
      flowing = Math.max(flowing, area[steepest]);
      kind[steepest] = WATER_RIVER;
      carried.set(steepest, flowing);
      v = steepest;
    }
  }
  return carried;
}

/**
 * Where a river steps from (i, j) to (i + 1, j + 1), neither of the cell's other corners being a
 * river vertex or wet already, puts water on the lower of them (ties: the lower index) and cuts its
 * bed the depth of the step's downstream end below that water.
 */
function bridgeAcrossSplits(
  grid: HydrologyGrid,
  input: Float32Array,
  filled: FilledSurface,
  kind: Uint8Array,
  carve: Float32Array,
  surface: Float32Array,
  bedDepth: (r: number) => number,
): void {
  const { width, depth: rows } = grid;
  const { level, drainage } = filled;
  const wet = (v: number) => surface[v] > input[v] - carve[v];
  for (let j = 0; j < rows - 1; j++) {
    for (let i = 0, v = j * width; i < width - 1; i++, v++) {
      const across = v + width + 1;
      if (kind[v] !== WATER_RIVER || kind[across] !== WATER_RIVER) continue;
      const east = v + 1;
      const south = v + width;
      if (kind[east] !== WATER_DRY || kind[south] !== WATER_DRY || wet(east) || wet(south)) continue;
      const corner = input[south] < input[east] ? south : east;
      const [upstream, downstream] = drainage[across] < drainage[v] ? [v, across] : [across, v];
      // The corner's own level where it lies between the step's ends or below them, else the upper
      // end's: never above a wet vertex upstream of it or below one downstream, as the level is.
      const top = Math.min(level[corner], level[upstream]);
      const cut = Math.max(0, input[corner] - (top - bedDepth(downstream)));
      if (cut > carve[corner]) carve[corner] = cut;
      surface[corner] = top;
    }
  }
}
