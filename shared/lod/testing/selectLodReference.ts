import { chunkBounds, chunkCount } from '../chunkLayout';
import type { ChunkErrors } from '../chunkErrors';
import { chunkTriangleCount, type ChunkLevels } from '../chunkTriangles';
import { boxIntersectsFrustum } from '../frustum';
import { DEFAULT_MAX_PIXEL_ERROR, DEFAULT_TRIANGLE_BUDGET, type LodCamera, type LodOptions, type LodSelection } from '../selectLod';

/**
 * The straightforward level selection (one object per chunk, triangle counts through
 * chunkTriangleCount): the reference that the fast selectLod must match exactly, and the baseline
 * of bench/lodSelect.bench.ts.
 */
export function referenceChunkPixelScales(errors: ChunkErrors, camera: LodCamera): Float64Array {
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
      scales[c] = distance > 0 ? projection / distance : Infinity;
    }
  }
  return scales;
}

function outside(value: number, min: number, max: number): number {
  return value < min ? min - value : value > max ? value - max : 0;
}

function referenceLevels(errors: ChunkErrors, scales: Float64Array, pixelError: number, out: ChunkLevels): ChunkLevels {
  const levelCount = errors.layout.levelCount;
  for (let c = 0; c < out.length; c++) {
    let level = errors.maxLevel[c];
    const base = c * levelCount;
    while (level > 0 && !(errors.errors[base + level] * scales[c] <= pixelError)) level--;
    out[c] = level;
  }
  return out;
}

function referenceTriangles(errors: ChunkErrors, levels: ChunkLevels): number {
  const { layout } = errors;
  let total = 0;
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) total += chunkTriangleCount(layout, levels, cx, cz);
  }
  return total;
}

export function referenceSelectLod(errors: ChunkErrors, camera: LodCamera, options: LodOptions = {}): LodSelection {
  const maxPixelError = options.maxPixelError ?? DEFAULT_MAX_PIXEL_ERROR;
  const budget = options.triangleBudget ?? DEFAULT_TRIANGLE_BUDGET;
  const scales = referenceChunkPixelScales(errors, camera);
  const levels = referenceLevels(errors, scales, maxPixelError, new Uint8Array(scales.length));
  const triangles = referenceTriangles(errors, levels);
  if (triangles <= budget) return { levels, pixelError: maxPixelError, triangles };

  let low = maxPixelError;
  // A bound of 0 (full detail everywhere) cannot grow by doubling: the search starts at a thousandth of a pixel.
  let high = maxPixelError > 0 ? maxPixelError * 2 : 1e-3;
  const trial = new Uint8Array(scales.length);
  for (let n = 0; n < 60; n++) {
    referenceLevels(errors, scales, high, trial);
    if (referenceTriangles(errors, trial) <= budget || trial.every((level, c) => level === errors.maxLevel[c])) break;
    low = high;
    high *= 2;
  }
  for (let n = 0; n < 20; n++) {
    const mid = Math.sqrt(low * high);
    referenceLevels(errors, scales, mid, trial);
    if (referenceTriangles(errors, trial) <= budget) high = mid;
    else low = mid;
  }
  referenceLevels(errors, scales, high, levels);
  return { levels, pixelError: high, triangles: referenceTriangles(errors, levels) };
}
