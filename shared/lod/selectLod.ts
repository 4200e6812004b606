import { chunkCount } from './chunkLayout';
import type { ChunkErrors } from './chunkErrors';
import { countSelectionTriangles, type ChunkLevels } from './chunkTriangles';
import { boxIntersectsFrustum, type FrustumPlane } from './frustum';
import { TERRAIN_TRIANGLE_BUDGET } from './sceneBudget';

export interface LodCamera {
  position: { x: number; y: number; z: number };
  /** Vertical field of view, degrees. */
  fovYDegrees: number;
  /** Drawing buffer height, pixels. */
  viewportHeight: number;
  /**
   * The view frustum, if known: chunks wholly outside it take their coarsest level (they are not
   * seen, and coarse off-screen chunks leave the triangle budget to the visible ones).
   */
  frustum?: readonly FrustumPlane[];
}

export interface LodOptions {
  /** Largest allowed projected error of a chunk, pixels. */
  maxPixelError?: number;
  /** If the error bound would draw more triangles than this, the bound is relaxed until it fits. */
  triangleBudget?: number;
}

export interface LodSelection {
  levels: ChunkLevels;
  /** The pixel error bound actually used (larger than asked only when the budget forced it). */
  pixelError: number;
  triangles: number;
}

export const DEFAULT_MAX_PIXEL_ERROR = 1;
/** The terrain's share of the scene's triangles (sceneBudget.ts): the budget a selection keeps to unless told another. */
export const DEFAULT_TRIANGLE_BUDGET = TERRAIN_TRIANGLE_BUDGET;

/**
 * Pixels per metre of vertical error at each chunk's nearest point: viewportHeight / (2 · tan(fov/2)
 * · distance). Distance is to the chunk's bounding box (height range included), so the bound holds
 * for every point of the chunk. A chunk outside the camera's frustum scores 0 (any level will do).
 */
export function chunkPixelScales(errors: ChunkErrors, camera: LodCamera, out?: Float64Array): Float64Array {
  const { chunksX, chunksZ } = errors.layout;
  const scales = out ?? new Float64Array(chunkCount(errors.layout));
  updateChunkPixelScales(errors, camera, scales, 0, 0, chunksX - 1, chunksZ - 1);
  return scales;
}

/** Recomputes the scales of chunks [cx0, cx1] × [cz0, cz1] (inclusive) in place. */
export function updateChunkPixelScales(errors: ChunkErrors, camera: LodCamera, scales: Float64Array, cx0: number, cz0: number, cx1: number, cz1: number): void {
  const projection = projectionOf(camera);
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) scales[cz * errors.layout.chunksX + cx] = chunkPixelScale(errors, camera, projection, cx, cz);
  }
}

/** Recomputes the scales of the listed chunks (row-major indices) in place. */
export function updateListedPixelScales(errors: ChunkErrors, camera: LodCamera, scales: Float64Array, chunks: ArrayLike<number>, count: number): void {
  const projection = projectionOf(camera);
  const { chunksX } = errors.layout;
  for (let n = 0; n < count; n++) {
    const c = chunks[n];
    scales[c] = chunkPixelScale(errors, camera, projection, c % chunksX, (c - (c % chunksX)) / chunksX);
  }
}

function projectionOf(camera: LodCamera): number {
  return camera.viewportHeight / (2 * Math.tan((camera.fovYDegrees * Math.PI) / 360));
}

/** One chunk's scale; no allocation (this runs for every chunk of an 8193² map on every camera move). */
function chunkPixelScale(errors: ChunkErrors, camera: LodCamera, projection: number, cx: number, cz: number): number {
  const { layout } = errors;
  const s = layout.cellSize;
  const i0 = cx * layout.chunkCells;
  const j0 = cz * layout.chunkCells;
  const i1 = Math.min(i0 + layout.chunkCells, layout.width - 1);
  const j1 = Math.min(j0 + layout.chunkCells, layout.depth - 1);
  const centreX = (layout.width - 1) / 2;
  const centreZ = (layout.depth - 1) / 2;
  const c = cz * layout.chunksX + cx;
  const minX = (i0 - centreX) * s;
  const maxX = (i1 - centreX) * s;
  const minZ = (j0 - centreZ) * s;
  const maxZ = (j1 - centreZ) * s;
  const minY = errors.minHeight[c];
  const maxY = errors.maxHeight[c];
  if (camera.frustum && !boxIntersectsFrustum(camera.frustum, minX, minY, minZ, maxX, maxY, maxZ)) return 0;
  const { x, y, z } = camera.position;
  const dx = outside(x, minX, maxX);
  const dz = outside(z, minZ, maxZ);
  const dy = outside(y, minY, maxY);
  const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
  // Inside the box every level but the exact one would be unbounded.
  return distance > 0 ? projection / distance : Infinity;
}

function outside(value: number, min: number, max: number): number {
  return value < min ? min - value : value > max ? value - max : 0;
}

/** Coarsest level per chunk whose projected error is within `pixelError`. */
export function levelsForPixelError(errors: ChunkErrors, scales: Float64Array, pixelError: number, out: ChunkLevels): ChunkLevels {
  fillLevels(errors, scales, pixelError, out);
  return out;
}

/** Fills `out` like levelsForPixelError; returns whether every chunk got its coarsest level. */
function fillLevels(errors: ChunkErrors, scales: Float64Array, pixelError: number, out: ChunkLevels): boolean {
  const levelCount = errors.layout.levelCount;
  const table = errors.errors;
  const maxLevel = errors.maxLevel;
  let allCoarsest = true;
  for (let c = 0; c < out.length; c++) {
    const top = maxLevel[c];
    const scale = scales[c];
    const base = c * levelCount;
    let level = top;
    while (level > 0 && !(table[base + level] * scale <= pixelError)) level--;
    out[c] = level;
    if (level !== top) allCoarsest = false;
  }
  return allCoarsest;
}

/**
 * Chooses each chunk's level: the coarsest within the pixel error bound; if that exceeds the
 * triangle budget, the smallest larger bound that fits (found by bisection on a log scale).
 */
export function selectLod(errors: ChunkErrors, camera: LodCamera, options: LodOptions = {}): LodSelection {
  return selectLevels(errors, chunkPixelScales(errors, camera), options);
}

/** selectLod's level choice for pixel scales computed already (see chunkPixelScales). */
export function selectLevels(errors: ChunkErrors, scales: Float64Array, options: LodOptions = {}): LodSelection {
  const { layout } = errors;
  const maxPixelError = options.maxPixelError ?? DEFAULT_MAX_PIXEL_ERROR;
  const budget = options.triangleBudget ?? DEFAULT_TRIANGLE_BUDGET;
  const levels = new Uint8Array(scales.length);
  fillLevels(errors, scales, maxPixelError, levels);
  const triangles = countSelectionTriangles(layout, levels);
  if (triangles <= budget) return { levels, pixelError: maxPixelError, triangles };

  let low = maxPixelError;
  // From a bound of 0 (every chunk at full detail) the search starts at a thousandth of a pixel.
  let high = maxPixelError > 0 ? maxPixelError * 2 : 1e-3;
  const trial = new Uint8Array(scales.length);
  // Grow until it fits or every chunk is already at its coarsest level.
  for (let n = 0; n < 60; n++) {
    const allCoarsest = fillLevels(errors, scales, high, trial);
    if (countSelectionTriangles(layout, trial) <= budget || allCoarsest) break;
    low = high;
    high *= 2;
  }
  for (let n = 0; n < 20; n++) {
    const mid = Math.sqrt(low * high);
    fillLevels(errors, scales, mid, trial);
    if (countSelectionTriangles(layout, trial) <= budget) high = mid;
    else low = mid;
  }
  fillLevels(errors, scales, high, levels);
  return { levels, pixelError: high, triangles: countSelectionTriangles(layout, levels) };
}
