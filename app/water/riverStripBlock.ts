/**
 * The 3D view's rivers of one water block as a strip along their lines (shared/hydrology/riverStrip.ts),
 * in the shape of the block meshes (waterMesh.ts) so the same attributes reach the water's shader: the
 * strip of every river vertex the block's cells own (vertices [ci0, ci1) × [cj0, cj1), the map's
 * last row and column with the blocks beside them), its flow hint along the river and its feature id.
 * The depth is the river's on the centre line and 0 on the edges; no depth slope (the depth read
 * across a strip's triangles is already linear and reaches 0 on its edges). At `level` L > 0 (far
 * from the camera) its rivers are runs through their confluences keeping a section at most every 2^L-th
 * river vertex, tributaries ending square at their confluence, nothing cut (riverStrip.ts thinRuns).
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { riverStripMesh, type RiverHalfWidth, type RiverStripMesh } from '../../shared/hydrology/riverStrip';
import type { FeatureIds } from '../../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { boxIntersectsFrustum } from '../../shared/lod/frustum';
import type { LodCamera } from '../../shared/lod/selectLod';
import { waterBlockExtent } from './waterCorners';
import { FULL_FLOW_SLOPE, type WaterBlock } from './waterMesh';

/** Block (bi, bj)'s river strip, or null when its cells own no river vertex. */
export function riverStripBlock(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds | null,
  halfWidth: RiverHalfWidth,
  bi: number,
  bj: number,
  excluded: Uint8Array | null = null,
  level = 0,
): WaterBlock | null {
  const { ci0, cj0, ci1, cj1 } = waterBlockExtent(grid, bi, bj);
  const i1 = ci1 === grid.width - 1 ? grid.width : ci1;
  const j1 = cj1 === grid.depth - 1 ? grid.depth : cj1;
  const strip = riverStripMesh(grid, water, heights, halfWidth, ci0, cj0, i1, j1, true, excluded, 2 ** level);
  const block = stripWaterBlock(strip, featureOf, bi, bj);
  return block && level > 0 ? { ...block, level } : block;
}

/**
 * The heights (m) block (bi, bj)'s strip can reach, known before it is built: the surface of every wet
 * river vertex its cells own (as riverStripBlock reads them) and of each wet river or lake neighbour no
 * higher, the water a join from it may end in (a join only goes down or level; its sections lie
 * between its ends' surfaces). So the level stripLevel chooses from it at the first build is the one it
 * chooses again when the camera moves, and a block's strip is not built twice on load. Null when the
 * block owns no wet river vertex (it has no strip).
 */
export function stripHeightRange(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  bi: number,
  bj: number,
): { lowY: number; highY: number } | null {
  const { ci0, cj0, ci1, cj1 } = waterBlockExtent(grid, bi, bj);
  const { width, depth } = grid;
  const i1 = ci1 === width - 1 ? width : ci1;
  const j1 = cj1 === depth - 1 ? depth : cj1;
  const { surface, kind } = water;
  let lowY = Infinity;
  let highY = -Infinity;
  for (let j = cj0; j < j1; j++) {
    for (let i = ci0; i < i1; i++) {
      const v = j * width + i;
      if (kind[v] !== RIVER || !(surface[v] > heights[v])) continue;
      const level = surface[v];
      if (level > highY) highY = level;
      if (level < lowY) lowY = level;
      for (let nj = Math.max(0, j - 1); nj <= Math.min(depth - 1, j + 1); nj++) {
        for (let ni = Math.max(0, i - 1); ni <= Math.min(width - 1, i + 1); ni++) {
          const n = nj * width + ni;
          if ((kind[n] === RIVER || kind[n] === LAKE) && surface[n] > heights[n] && surface[n] < lowY) lowY = surface[n];
        }
      }
    }
  }
  return lowY <= highY ? { lowY, highY } : null;
}

/** The kinds, read once (a module's export read in a loop over a block costs a call in some builds). */
const RIVER = WATER_RIVER;
const LAKE = WATER_LAKE;

/** Pixels on screen a thinned strip's sections may lie apart at most (stripLevel). */
export const STRIP_STEP_PIXELS = 4;
/** The coarsest strip level: a section at most every 128th river vertex (a block's width). */
export const STRIP_MAX_LEVEL = 7;

/**
 * The level block (bi, bj)'s strip is built at for `camera` (null: none yet, the coarsest): the largest
 * L whose 2^L cells span at most STRIP_STEP_PIXELS at the block's nearest point, its ground taken as
 * between `lowY` and `highY` (m); 0 (full resolution) when the camera is inside that box, the coarsest
 * when the box is wholly outside the camera's frustum.
 */
export function stripLevel(grid: HydrologyGrid, bi: number, bj: number, camera: LodCamera | null, lowY: number, highY: number): number {
  if (!camera) return STRIP_MAX_LEVEL;
  const { ci0, cj0, ci1, cj1 } = waterBlockExtent(grid, bi, bj);
  const x0 = (ci0 - (grid.width - 1) / 2) * grid.cellSize;
  const x1 = (ci1 - (grid.width - 1) / 2) * grid.cellSize;
  const z0 = (cj0 - (grid.depth - 1) / 2) * grid.cellSize;
  const z1 = (cj1 - (grid.depth - 1) / 2) * grid.cellSize;
  // Out of sight (wholly outside the frustum, its heights known): the coarsest.
  if (camera.frustum && Number.isFinite(lowY) && !boxIntersectsFrustum(camera.frustum, x0, lowY, z0, x1, highY, z1)) return STRIP_MAX_LEVEL;
  const { x, y, z } = camera.position;
  const outside = (v: number, lo: number, hi: number) => (v < lo ? lo - v : v > hi ? v - hi : 0);
  const distance = Math.hypot(outside(x, x0, x1), outside(y, lowY, highY), outside(z, z0, z1));
  const pixelsPerMetre = camera.viewportHeight / (2 * Math.max(distance, 1e-6) * Math.tan((camera.fovYDegrees * Math.PI) / 360));
  const level = Math.floor(Math.log2(STRIP_STEP_PIXELS / (grid.cellSize * pixelsPerMetre)));
  return Math.max(0, Math.min(STRIP_MAX_LEVEL, level));
}

/** A strip mesh (riverStrip.ts, drawnStrip.ts) in the shape of the water's block meshes; null when it has no triangle. */
export function stripWaterBlock(strip: RiverStripMesh, featureOf: FeatureIds | null, bi: number, bj: number): WaterBlock | null {
  const count = strip.depth.length;
  if (strip.indices.length === 0) return null;
  const flow = new Float32Array(3 * count);
  const feature = new Float32Array(count);
  for (let n = 0; n < count; n++) {
    flow[3 * n] = strip.flow[3 * n];
    flow[3 * n + 1] = strip.flow[3 * n + 1];
    flow[3 * n + 2] = Math.min(1, strip.flow[3 * n + 2] / FULL_FLOW_SLOPE);
    feature[n] = featureOf ? featureOf[strip.source[n]] : 0;
  }
  return {
    bi,
    bj,
    level: 0,
    positions: strip.positions,
    depth: strip.depth,
    flow,
    shoreSlope: new Float32Array(2 * count),
    feature,
    stripAcross: strip.across,
    indices: count <= 65536 ? Uint16Array.from(strip.indices) : strip.indices,
    bounds: strip.bounds,
  };
}
