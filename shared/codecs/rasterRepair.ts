/**
 * What an imported elevation raster may need before it is a map: its nodata holes filled from the
 * heights around them, and a bilinear resampling onto another vertex grid (square cells from a
 * geographic raster, or `--resample N` for a raster larger than a map can be).
 */
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../terrain/heightfield';

/**
 * Fills every cell marked in `holes` with the mean of its already known 8-neighbours, ring by ring
 * from the known cells inwards (each ring sees only the rings before it, so the order within a ring
 * does not matter). False when no cell is known (nothing to fill from).
 */
export function fillHoles(values: Float32Array, width: number, depth: number, holes: Uint8Array): boolean {
  const count = width * depth;
  let known = 0;
  for (let k = 0; k < count; k++) if (!holes[k]) known++;
  if (known === 0) return false;
  if (known === count) return true;
  // 0 = known, 1 = hole not yet reached, 2 = hole in the current ring.
  const state = Uint8Array.from(holes);
  let ring: number[] = [];
  const reach = (k: number, into: number[]): void => {
    const i = k % width;
    const j = (k - i) / width;
    for (let dj = -1; dj <= 1; dj++) {
      for (let di = -1; di <= 1; di++) {
        const ni = i + di;
        const nj = j + dj;
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = nj * width + ni;
        if (state[n] === 1) {
          state[n] = 2;
          into.push(n);
        }
      }
    }
  };
  for (let k = 0; k < count; k++) if (state[k] === 0) reach(k, ring);
  while (ring.length > 0) {
    const means = new Float32Array(ring.length);
    for (let r = 0; r < ring.length; r++) {
      const k = ring[r];
      const i = k % width;
      const j = (k - i) / width;
      let sum = 0;
      let n = 0;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const m = nj * width + ni;
          if (state[m] === 0) {
            sum += values[m];
            n++;
          }
        }
      }
      means[r] = sum / n;
    }
    for (let r = 0; r < ring.length; r++) {
      values[ring[r]] = means[r];
      state[ring[r]] = 0;
    }
    const nextRing: number[] = [];
    for (const k of ring) reach(k, nextRing);
    ring = nextRing;
  }
  return true;
}

/**
 * Bilinear resampling between vertex grids whose corners coincide: vertex (i, j) of the result sits
 * at (i · (width − 1) / (toWidth − 1), j · (depth − 1) / (toDepth − 1)) of the source.
 */
export function resampleBilinear(values: Float32Array, width: number, depth: number, toWidth: number, toDepth: number): Float32Array {
  const out = new Float32Array(toWidth * toDepth);
  const sx = toWidth > 1 ? (width - 1) / (toWidth - 1) : 0;
  const sy = toDepth > 1 ? (depth - 1) / (toDepth - 1) : 0;
  const column0 = new Int32Array(toWidth);
  const weight = new Float64Array(toWidth);
  for (let i = 0; i < toWidth; i++) {
    const x = Math.min(i * sx, width - 1);
    column0[i] = Math.min(Math.floor(x), width - 2 < 0 ? 0 : width - 2);
    weight[i] = x - column0[i];
  }
  for (let j = 0; j < toDepth; j++) {
    const y = Math.min(j * sy, depth - 1);
    const row0 = Math.min(Math.floor(y), Math.max(depth - 2, 0));
    const fy = y - row0;
    const a = row0 * width;
    const b = depth > 1 ? a + width : a;
    for (let i = 0; i < toWidth; i++) {
      const c = column0[i];
      const fx = weight[i];
      const c1 = width > 1 ? c + 1 : c;
      const top = values[a + c] + (values[a + c1] - values[a + c]) * fx;
      const bottom = values[b + c] + (values[b + c1] - values[b + c]) * fx;
      out[j * toWidth + i] = top + (bottom - top) * fy;
    }
  }
  return out;
}

/** The most samples a raster may have to be read at all, even to resample it (4 bytes each). */
export const MAX_RASTER_SAMPLES = 16385 * 16385;

/** Refuses a raster Faultline cannot make a map of, before its samples are read; `resample` as given. */
export function assertRasterSize(width: number, depth: number, resample: number | undefined, fail: (problem: string) => never): void {
  if (width < MIN_MAP_SIDE || depth < MIN_MAP_SIDE) fail(`is ${width} × ${depth}; a map needs at least ${MIN_MAP_SIDE} × ${MIN_MAP_SIDE} samples`);
  if (width * depth > MAX_RASTER_SAMPLES) fail(`is ${width} × ${depth}, more than Faultline reads even to resample (${MAX_RASTER_SAMPLES} samples)`);
  if (resample !== undefined && (!Number.isInteger(resample) || resample < MIN_MAP_SIDE || resample > MAX_MAP_SIDE)) {
    fail(`--resample must be a whole number of vertices from ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE}, got ${resample}`);
  }
  if ((width > MAX_MAP_SIDE || depth > MAX_MAP_SIDE) && resample === undefined) {
    fail(
      `is ${width} × ${depth}, larger than a map (${MAX_MAP_SIDE} × ${MAX_MAP_SIDE} at most): import it resampled to N ≤ ${MAX_MAP_SIDE} vertices ` +
        `along the longer side (bilinear; --resample N, or the import dialog's Resample field)`,
    );
  }
}

export interface FittedRaster {
  values: Float32Array;
  width: number;
  depth: number;
  /** Metres between vertices after the fit, when the spacing was known. */
  cellSize?: number;
  /** What was done, for the metadata; absent when nothing was. */
  resampled?: string;
}

/**
 * Square cells and at most MAX_MAP_SIDE a side: resamples (bilinear, corners kept) when `resample`
 * is given (vertices along the longer extent) or the spacings dx, dy (metres) differ; otherwise the
 * values are the map's as they are.
 */
export function fitRaster(
  values: Float32Array,
  width: number,
  depth: number,
  spacing: { dx?: number; dy?: number },
  resample: number | undefined,
  fail: (problem: string) => never,
): FittedRaster {
  const { dx, dy } = spacing;
  if (resample === undefined && (dx === undefined || dy === undefined || dx === dy)) return { values, width, depth, cellSize: dx };
  const stepX = dx ?? 1;
  const stepY = dy ?? stepX;
  const extentX = (width - 1) * stepX;
  const extentY = (depth - 1) * stepY;
  const wide = extentX >= extentY;
  const along = resample ?? (wide ? width : depth);
  const cell = Math.max(extentX, extentY) / (along - 1);
  const toWidth = Math.max(MIN_MAP_SIDE, wide ? along : Math.round(extentX / cell) + 1);
  const toDepth = Math.max(MIN_MAP_SIDE, wide ? Math.round(extentY / cell) + 1 : along);
  if (toWidth > MAX_MAP_SIDE || toDepth > MAX_MAP_SIDE)
    fail(`would be ${toWidth} × ${toDepth} with square cells, larger than a map: import it resampled (--resample N, or the import dialog's Resample field)`);
  return {
    values: resampleBilinear(values, width, depth, toWidth, toDepth),
    width: toWidth,
    depth: toDepth,
    cellSize: dx === undefined ? undefined : cell,
    resampled: `bilinear from ${width} × ${depth} to ${toWidth} × ${toDepth}${dx === undefined ? '' : ` at ${cell.toPrecision(6)} m square cells`}`,
  };
}
