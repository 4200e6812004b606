/**
 * The 3D view's water as meshes, one per block of WATER_BLOCK_CELLS² cells that holds water (so the
 * view culls, rebuilds and chooses a level of detail per block, not for the map), at one of
 * WATER_LEVEL_COUNT levels: level L draws every 2^L-th vertex. A cell is drawn when any vertex of its
 * square is wet; its corners lie where waterCorners.ts puts the sheet (a wet corner on the water's
 * surface — a lake flat at its level, a river following its slope — a dry one continuing the nearest
 * water under the ground, which hides the rest). Where a coarser neighbour shares an edge, the edge's
 * corners lie on the neighbour's straight edge, so the two sheets meet without a crack.
 * Per vertex: the depth (waterCorners.ts cornerDepth: at full resolution a dry corner's is at most 0,
 * so the shader's fade ends where the depth read between corners reaches 0 — the true water line
 * where the ground rises through a lake — instead of on the cells' steps), the flow direction on x and z with its strength (the surface's
 * downhill gradient; none on a lake) and the river or lake it belongs to.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { WATER_LAKE } from '../../shared/hydrology/water';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import type { FeatureIds } from '../../shared/hydrology/waterFeatures';
import { drawnCellsByLevel } from './waterBlockDetail';
import { cornerDepth, isWet, sourceVertex, waterBlockExtent, waterBlockMaxLevel, type BlockExtent } from './waterCorners';
import { depthSlopeAt } from './shoreField';

export { WATER_BLOCK_CELLS, WATER_LEVEL_COUNT, waterBlockCounts } from './waterCorners';

/** Surface slope (m/m) at which the flow hint is at full strength. */
export const FULL_FLOW_SLOPE = 0.05;

/**
 * The steps (1, 2, 4 …) of the blocks beside a block's four edges: its low-i (west), high-i (east),
 * low-j and high-j edges; 1 where there is no neighbour or it is not coarser.
 */
export type EdgeSteps = readonly [number, number, number, number];
export const NO_COARSER_NEIGHBOURS: EdgeSteps = [1, 1, 1, 1];

export interface WaterBlock {
  /** Block column and row. */
  readonly bi: number;
  readonly bj: number;
  /** The level it was built at. */
  readonly level: number;
  /** x, y, z per vertex (world metres). */
  readonly positions: Float32Array;
  /** Water depth per vertex, m (cornerDepth: below 0 under the ground at full resolution). */
  readonly depth: Float32Array;
  /** Flow per vertex: unit direction on x and z, then strength 0…1. */
  readonly flow: Float32Array;
  /**
   * The depth's slope on the ground per vertex (x, z; m/m) at full resolution, for the edge inside a
   * cell (shoreField.ts); 0 at coarser levels, whose edge is left to the depth test.
   */
  readonly shoreSlope: Float32Array;
  /** The feature id (waterFeatures.ts) per vertex, 0 for none. */
  readonly feature: Float32Array;
  /** A river strip's only (riverStripBlock.ts): each vertex's offset on x and z from the centre line, m (0 on it). */
  readonly stripAcross?: Float32Array;
  readonly indices: Uint16Array | Uint32Array;
  /** World bounds: min x, y, z, then max x, y, z. */
  readonly bounds: Float32Array;
}

/**
 * The water mesh of block (bi, bj) at `level` (clamped to the block's coarsest), or null when it holds
 * no water; with `lakesOnly`, its lakes' cells only (the rivers are strips: riverStripBlock).
 */
export function buildWaterBlock(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds | null,
  bi: number,
  bj: number,
  level = 0,
  edgeSteps: EdgeSteps = NO_COARSER_NEIGHBOURS,
  lakesOnly = false,
): WaterBlock | null {
  const { width, depth: rows, cellSize } = grid;
  const { surface, kind } = water;
  const extent = waterBlockExtent(grid, bi, bj);
  const { ci0, cj0, ci1, cj1 } = extent;
  const chosen = Math.max(0, Math.min(level, waterBlockMaxLevel(extent)));
  const step = 2 ** chosen;
  const cells = drawnCellsByLevel(grid, water, heights, extent, chosen, lakesOnly)[chosen];
  const cx = (ci1 - ci0) / step;
  const cz = (cj1 - cj0) / step;
  const span = cx + 1;
  const local = new Int32Array(span * (cz + 1)).fill(-1);
  let vertexCount = 0;
  let cellCount = 0;
  for (let b = 0; b < cz; b++) {
    for (let a = 0; a < cx; a++) {
      if (!cells[b * cx + a]) continue;
      cellCount++;
      for (const [da, db] of CORNERS) {
        const l = (b + db) * span + a + da;
        if (local[l] < 0) local[l] = vertexCount++;
      }
    }
  }
  if (cellCount === 0) return null;
  const positions = new Float32Array(vertexCount * 3);
  const depthOut = new Float32Array(vertexCount);
  const flow = new Float32Array(vertexCount * 3);
  const shoreSlope = new Float32Array(vertexCount * 2);
  const depthAt = chosen === 0 ? fullResolutionDepths(grid, water, heights, extent) : null;
  const feature = new Float32Array(vertexCount);
  const bounds = new Float32Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  const centreX = (width - 1) / 2;
  const centreZ = (rows - 1) / 2;
  const heightAt = (i: number, j: number): number | null => {
    const source = sourceVertex(grid, water, heights, i, j);
    return source >= 0 ? surface[source] : null;
  };
  /** On an edge shared with a coarser block: the height on that block's straight edge between its corners. */
  const stitched = (i: number, j: number): number | null => {
    const along = (offset: number, neighbourStep: number, fixed: number, alongI: boolean): number | null => {
      if (neighbourStep <= step || offset % neighbourStep === 0) return null;
      const lo = offset - (offset % neighbourStep);
      const h0 = alongI ? heightAt(ci0 + lo, fixed) : heightAt(fixed, cj0 + lo);
      const h1 = alongI ? heightAt(ci0 + lo + neighbourStep, fixed) : heightAt(fixed, cj0 + lo + neighbourStep);
      if (h0 === null || h1 === null) return null;
      return h0 + ((offset - lo) / neighbourStep) * (h1 - h0);
    };
    if (i === ci0) return along(j - cj0, edgeSteps[0], i, false);
    if (i === ci1) return along(j - cj0, edgeSteps[1], i, false);
    if (j === cj0) return along(i - ci0, edgeSteps[2], j, true);
    if (j === cj1) return along(i - ci0, edgeSteps[3], j, true);
    return null;
  };
  for (let b = 0; b <= cz; b++) {
    for (let a = 0; a <= cx; a++) {
      const n = local[b * span + a];
      if (n < 0) continue;
      const i = ci0 + a * step;
      const j = cj0 + b * step;
      const v = j * width + i;
      const source = sourceVertex(grid, water, heights, i, j);
      const y = stitched(i, j) ?? (source >= 0 ? surface[source] : heights[v]);
      const x = (i - centreX) * cellSize;
      const z = (j - centreZ) * cellSize;
      positions[3 * n] = x;
      positions[3 * n + 1] = y;
      positions[3 * n + 2] = z;
      depthOut[n] = cornerDepth(water, heights, v, source, y, chosen);
      feature[n] = featureOf ? featureOf[source >= 0 ? source : v] : 0;
      if (x < bounds[0]) bounds[0] = x;
      if (y < bounds[1]) bounds[1] = y;
      if (z < bounds[2]) bounds[2] = z;
      if (x > bounds[3]) bounds[3] = x;
      if (y > bounds[4]) bounds[4] = y;
      if (z > bounds[5]) bounds[5] = z;
      if (depthAt) depthSlopeAt(depthAt, width, rows, cellSize, i, j, shoreSlope, 2 * n);
      if (source >= 0 && kind[source] !== WATER_LAKE) writeFlow(grid, surface, heights, source % width, Math.floor(source / width), flow, 3 * n);
    }
  }
  const indices = vertexCount <= 65536 ? new Uint16Array(cellCount * 6) : new Uint32Array(cellCount * 6);
  let t = 0;
  for (let b = 0; b < cz; b++) {
    for (let a = 0; a < cx; a++) {
      if (!cells[b * cx + a]) continue;
      const l = b * span + a;
      const p = local[l];
      const q = local[l + 1];
      const r = local[l + span];
      const s = local[l + span + 1];
      // The terrain's split: the diagonal from (x0, z1) to (x1, z0).
      indices[t++] = p;
      indices[t++] = r;
      indices[t++] = q;
      indices[t++] = q;
      indices[t++] = r;
      indices[t++] = s;
    }
  }
  return { bi, bj, level: chosen, positions, depth: depthOut, flow, shoreSlope, feature, indices, bounds };
}

/** cornerDepth at full resolution at the block's vertices and one vertex around them, each found once. */
function fullResolutionDepths(grid: HydrologyGrid, water: WaterSurface, heights: Float32Array, extent: BlockExtent): (i: number, j: number) => number {
  const { width } = grid;
  const i0 = extent.ci0 - 1;
  const j0 = extent.cj0 - 1;
  const span = extent.ci1 - extent.ci0 + 3;
  const known = new Float32Array(span * (extent.cj1 - extent.cj0 + 3)).fill(NaN);
  return (i, j) => {
    const k = (j - j0) * span + (i - i0);
    if (known[k] === known[k]) return known[k];
    const v = j * width + i;
    const source = sourceVertex(grid, water, heights, i, j);
    return (known[k] = cornerDepth(water, heights, v, source, source >= 0 ? water.surface[source] : heights[v], 0));
  };
}

const CORNERS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
];

/** The surface's downhill direction at (i, j) from its wet neighbours along x and z, and its strength. */
function writeFlow(grid: HydrologyGrid, surface: Float32Array, heights: Float32Array, i: number, j: number, out: Float32Array, at: number): void {
  const { width, depth: rows, cellSize } = grid;
  const v = j * width + i;
  const own = isWet(surface, heights, v) ? surface[v] : NaN;
  const along = (step: number, ok0: boolean, ok1: boolean): number => {
    const lo = ok0 && isWet(surface, heights, v - step) ? surface[v - step] : NaN;
    const hi = ok1 && isWet(surface, heights, v + step) ? surface[v + step] : NaN;
    if (lo === lo && hi === hi) return (hi - lo) / (2 * cellSize);
    if (own === own && hi === hi) return (hi - own) / cellSize;
    if (own === own && lo === lo) return (own - lo) / cellSize;
    return 0;
  };
  const gx = along(1, i > 0, i < width - 1);
  const gz = along(width, j > 0, j < rows - 1);
  const slope = Math.hypot(gx, gz);
  if (!(slope > 0)) return;
  out[at] = -gx / slope;
  out[at + 1] = -gz / slope;
  out[at + 2] = Math.min(1, slope / FULL_FLOW_SLOPE);
}
