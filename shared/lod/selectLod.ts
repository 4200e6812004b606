import { chunkBounds, chunkCount } from './chunkLayout';
import type { ChunkErrors } from './chunkErrors';
import { chunkTriangleCount, type ChunkLevels } from './chunkTriangles';
import { boxIntersectsFrustum, type FrustumPlane } from './frustum';

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
export const DEFAULT_TRIANGLE_BUDGET = 2_000_000;

/**
 * Pixels per metre of vertical error at each chunk's nearest point: viewportHeight / (2 · tan(fov/2)
 * · distance). Distance is to the chunk's bounding box (height range included), so the bound holds
 * for every point of the chunk. A chunk outside the camera's frustum scores 0 (any level will do).
 */
export function chunkPixelScales(errors: ChunkErrors, camera: LodCamera): Float64Array {
  const { layout } = errors;
  const scales = new Float64Array(chunkCount(layout));
  const projection = camera.viewportHeight / (2 * Math.tan((camera.fovYDegrees * Math.PI) / 360));
  const s = layout.cellSize;
  const centreX = (layout.width - 1) / 2;
  const centreZ = (layout.depth - 1) / 2;
  const { x, y, z } = camera.position;
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) {
      const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
      const c = cz * layout.chunksX + cx;
      const minX = (i0 - centreX) * s;
      const maxX = (i1 - centreX) * s;
      const minZ = (j0 - centreZ) * s;
      const maxZ = (j1 - centreZ) * s;
      if (camera.frustum && !boxIntersectsFrustum(camera.frustum, minX, errors.minHeight[c], minZ, maxX, errors.maxHeight[c], maxZ)) {
        scales[c] = 0;
        continue;
      }
      const dx = outside(x, minX, maxX);
      const dz = outside(z, minZ, maxZ);
      const dy = outside(y, errors.minHeight[c], errors.maxHeight[c]);
      const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
      // Inside the box every level but the exact one would be unbounded.
      scales[c] = distance > 0 ? projection / distance : Infinity;
    }
  }
  return scales;
}

function outside(value: number, min: number, max: number): number {
  return value < min ? min - value : value > max ? value - max : 0;
}

/** Coarsest level per chunk whose projected error is within `pixelError`. */
export function levelsForPixelError(errors: ChunkErrors, scales: Float64Array, pixelError: number, out: ChunkLevels): ChunkLevels {
  const levelCount = errors.layout.levelCount;
  for (let c = 0; c < out.length; c++) {
    let level = errors.maxLevel[c];
    const base = c * levelCount;
    while (level > 0 && !(errors.errors[base + level] * scales[c] <= pixelError)) level--;
    out[c] = level;
  }
  return out;
}

function totalTriangles(errors: ChunkErrors, levels: ChunkLevels): number {
  const { layout } = errors;
  let total = 0;
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) total += chunkTriangleCount(layout, levels, cx, cz);
  }
  return total;
}

/**
 * Chooses each chunk's level: the coarsest within the pixel error bound; if that exceeds the
 * triangle budget, the smallest larger bound that fits (found by bisection on a log scale).
 */
export function selectLod(errors: ChunkErrors, camera: LodCamera, options: LodOptions = {}): LodSelection {
  const maxPixelError = options.maxPixelError ?? DEFAULT_MAX_PIXEL_ERROR;
  const budget = options.triangleBudget ?? DEFAULT_TRIANGLE_BUDGET;
  const scales = chunkPixelScales(errors, camera);
  const levels = levelsForPixelError(errors, scales, maxPixelError, new Uint8Array(scales.length));
  const triangles = totalTriangles(errors, levels);
  if (triangles <= budget) return { levels, pixelError: maxPixelError, triangles };

  let low = maxPixelError;
  let high = maxPixelError * 2;
  const trial = new Uint8Array(scales.length);
  // Grow until it fits or every chunk is already at its coarsest level.
  for (let n = 0; n < 60; n++) {
    levelsForPixelError(errors, scales, high, trial);
    if (totalTriangles(errors, trial) <= budget || trial.every((level, c) => level === errors.maxLevel[c])) break;
    low = high;
    high *= 2;
  }
  for (let n = 0; n < 20; n++) {
    const mid = Math.sqrt(low * high);
    levelsForPixelError(errors, scales, mid, trial);
    if (totalTriangles(errors, trial) <= budget) high = mid;
    else low = mid;
  }
  levelsForPixelError(errors, scales, high, levels);
  return { levels, pixelError: high, triangles: totalTriangles(errors, levels) };
}
