/**
 * Where the 3D view's water sheet lies at a corner of its blocks, at every level of detail. A wet
 * vertex lies on its own surface; a dry corner continues the water nearest to it (ties: the higher
 * surface, then the lower index), so a lake's sheet runs on flat at its level under the shore and a
 * river's at its own height across it, and the depth test draws the true line where the ground
 * rises through the sheet. The rule depends on the vertex only — not on its block or level — so
 * blocks agree on the corners they share.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

export const WATER_BLOCK_CELLS = 128;
/** Level L draws every 2^L-th vertex of a block: steps 1 … 32. */
export const WATER_LEVEL_COUNT = 6;
/** How far (in cells, per axis) a dry corner looks for water: the coarsest level's step, so every corner of a drawn cell finds some. */
export const WATER_REACH = 2 ** (WATER_LEVEL_COUNT - 1);

export const isWet = (surface: Float32Array, heights: Float32Array, v: number): boolean => surface[v] > heights[v];

export interface BlockExtent {
  /** Vertices [ci0, ci1] × [cj0, cj1], inclusive (neighbouring blocks share their edge). */
  readonly ci0: number;
  readonly cj0: number;
  readonly ci1: number;
  readonly cj1: number;
}

export function waterBlockCounts(grid: Pick<HydrologyGrid, 'width' | 'depth'>): { columns: number; rows: number } {
  return { columns: Math.max(1, Math.ceil((grid.width - 1) / WATER_BLOCK_CELLS)), rows: Math.max(1, Math.ceil((grid.depth - 1) / WATER_BLOCK_CELLS)) };
}

export function waterBlockExtent(grid: Pick<HydrologyGrid, 'width' | 'depth'>, bi: number, bj: number): BlockExtent {
  const ci0 = bi * WATER_BLOCK_CELLS;
  const cj0 = bj * WATER_BLOCK_CELLS;
  return { ci0, cj0, ci1: Math.min(grid.width - 1, ci0 + WATER_BLOCK_CELLS), cj1: Math.min(grid.depth - 1, cj0 + WATER_BLOCK_CELLS) };
}

/** The coarsest level whose step divides both of the block's extents (a map's last, narrower blocks may have fewer). */
export function waterBlockMaxLevel(extent: BlockExtent): number {
  let level = 0;
  while (level + 1 < WATER_LEVEL_COUNT) {
    const step = 2 ** (level + 1);
    if ((extent.ci1 - extent.ci0) % step !== 0 || (extent.cj1 - extent.cj0) % step !== 0) break;
    level++;
  }
  return level;
}

/**
 * The wet vertex whose surface the sheet takes at vertex (i, j): itself when wet, else the nearest
 * wet vertex within WATER_REACH cells on each axis, or −1 when there is none.
 */
export function sourceVertex(grid: HydrologyGrid, water: WaterSurface, heights: Float32Array, i: number, j: number): number {
  const { width, depth: rows } = grid;
  const { surface } = water;
  const v = j * width + i;
  if (isWet(surface, heights, v)) return v;
  let best = -1;
  let bestD2 = Infinity;
  // Ring r holds the vertices r cells away on the farther axis: none nearer than r.
  for (let r = 1; r <= WATER_REACH && r * r <= bestD2; r++) {
    for (let dj = -r; dj <= r; dj++) {
      const nj = j + dj;
      if (nj < 0 || nj >= rows) continue;
      const edgeRow = dj === -r || dj === r;
      for (let di = -r; di <= r; di += edgeRow ? 1 : 2 * r) {
        const ni = i + di;
        if (ni < 0 || ni >= width) continue;
        const u = nj * width + ni;
        if (!isWet(surface, heights, u)) continue;
        const d2 = di * di + dj * dj;
        if (d2 < bestD2 || (d2 === bestD2 && (surface[u] > surface[best] || (surface[u] === surface[best] && u < best)))) {
          best = u;
          bestD2 = d2;
        }
      }
    }
  }
  return best;
}

/**
 * The depth a corner is coloured and faded by (the shader fades the water out as it reaches 0): where
 * wet, its own; at full resolution, a dry corner's sheet depth capped at 0 (under the ground, or a
 * film that fades out before the dry corner: the water's edge falls where the depth read between
 * corners reaches 0 — the true water line where the ground rises through a lake — not on the
 * cells' steps); at a coarser level, a dry corner continues its source's depth (the coarse cell's
 * edge is left to the depth test against the ground, so a distant lake keeps its colour to its shore).
 */
export function cornerDepth(water: WaterSurface, heights: Float32Array, v: number, source: number, y: number, level: number): number {
  if (source === v) return y - heights[v];
  if (level === 0) return Math.min(0, y - heights[v]);
  return source >= 0 ? water.surface[source] - heights[source] : 0;
}

/** The sheet's height at (i, j): its source's surface, or the ground where no water is near. */
export function cornerHeight(grid: HydrologyGrid, water: WaterSurface, heights: Float32Array, i: number, j: number): number {
  const source = sourceVertex(grid, water, heights, i, j);
  return source >= 0 ? water.surface[source] : heights[j * grid.width + i];
}
