import { HOST_IS_LITTLE_ENDIAN } from '../../shared/codecs/bytes';
import type { MapImageRect } from './mapImage';

/**
 * Reduced-resolution copies of the 2D heightmap image, for drawing the map zoomed out without
 * scaling full-resolution tiles down every frame. Level pixel (I, J) of the level with factor f is
 * the box average of image pixels [f·I, f·I + f) × [f·J, f·J + f) (fewer at the map's last column
 * and row), so it can be updated from any image rectangle whose start is a multiple of f and whose
 * end is a multiple of f or the map's end.
 */

/** Reduction factors of the levels kept: 1/4 and 1/16 of the image's side. */
export const MAP_MIP_FACTORS: readonly number[] = [4, 16];

/** Pixels of one level over a rectangle, in level coordinates: columns [i0, i0 + width), rows [j0, j0 + height). */
export interface MapMipRect {
  factor: number;
  i0: number;
  j0: number;
  width: number;
  height: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
}

/** Size of a level of a width × depth image. */
export function mipLevelSize(width: number, depth: number, factor: number): { width: number; depth: number } {
  return { width: Math.ceil(width / factor), depth: Math.ceil(depth / factor) };
}

/** `rect` grown to whole blocks of `block` image pixels, clipped to `bounds` (a tile whose start is block-aligned). */
export function alignToBlocks(rect: MapImageRect, block: number, bounds: MapImageRect): MapImageRect {
  return {
    i0: Math.max(bounds.i0, Math.floor(rect.i0 / block) * block),
    j0: Math.max(bounds.j0, Math.floor(rect.j0 / block) * block),
    i1: Math.min(bounds.i1, Math.ceil(rect.i1 / block) * block),
    j1: Math.min(bounds.j1, Math.ceil(rect.j1 / block) * block),
  };
}

/**
 * Box-filters the RGBA pixels of image rectangle `rect` (laid out at its own width) by each of
 * `factors`: each output channel is the rounded mean of the block's pixels, in integers. `rect.i0`
 * and `rect.j0` must be multiples of every factor, and every factor a multiple of the first (whose
 * square must not exceed 256); a block cut by the rectangle's end averages the pixels it has.
 */
export function downsampleLevels(pixels: Uint8ClampedArray, rect: MapImageRect, factors: readonly number[]): MapMipRect[] {
  if (factors.length === 0) return [];
  const base = factors[0];
  for (const factor of factors) {
    if (rect.i0 % factor !== 0 || rect.j0 % factor !== 0) throw new Error(`rectangle start (${rect.i0}, ${rect.j0}) is not a multiple of ${factor}`);
    if (factor % base !== 0) throw new Error(`level factor ${factor} is not a multiple of ${base}`);
  }
  if (base * base > 256) throw new Error(`level factor ${base} is too large for 16-bit block sums`);
  const width = rect.i1 - rect.i0;
  const height = rect.j1 - rect.j0;
  const sums = blockSums(pixels, width, height, base);
  const baseWidth = Math.ceil(width / base);
  return factors.map((factor) => {
    const m = factor / base;
    const outWidth = Math.ceil(width / factor);
    const outHeight = Math.ceil(height / factor);
    const out = new Uint8ClampedArray(outWidth * outHeight * 4);
    const baseHeight = Math.ceil(height / base);
    for (let oy = 0, q = 0; oy < outHeight; oy++) {
      const rows = Math.min(height, (oy + 1) * factor) - oy * factor;
      for (let ox = 0; ox < outWidth; ox++) {
        const count = rows * (Math.min(width, (ox + 1) * factor) - ox * factor);
        const half = count >> 1;
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let by = oy * m, byEnd = Math.min(baseHeight, by + m); by < byEnd; by++) {
          for (let k = (by * baseWidth + ox * m) * 4, kEnd = (by * baseWidth + Math.min(baseWidth, ox * m + m)) * 4; k < kEnd; k += 4) {
            r += sums[k];
            g += sums[k + 1];
            b += sums[k + 2];
            a += sums[k + 3];
          }
        }
        out[q++] = Math.floor((r + half) / count);
        out[q++] = Math.floor((g + half) / count);
        out[q++] = Math.floor((b + half) / count);
        out[q++] = Math.floor((a + half) / count);
      }
    }
    return { factor, i0: rect.i0 / factor, j0: rect.j0 / factor, width: outWidth, height: outHeight, pixels: out };
  });
}

/** Per-channel sums over blocks of factor × factor pixels: RGBA per block, blocks row by row. */
function blockSums(pixels: Uint8ClampedArray, width: number, height: number, factor: number): Uint32Array {
  const outWidth = Math.ceil(width / factor);
  const outHeight = Math.ceil(height / factor);
  const sums = new Uint32Array(outWidth * outHeight * 4);
  const aligned = HOST_IS_LITTLE_ENDIAN && pixels.byteOffset % 4 === 0;
  const words = new Uint32Array(aligned ? pixels.buffer : Uint8ClampedArray.from(pixels).buffer, aligned ? pixels.byteOffset : 0, width * height);
  // Two channels per 32-bit lane pair (R|B and G|A): a block's lane sums stay below 2¹⁶.
  const redBlue = new Uint32Array(outWidth);
  const greenAlpha = new Uint32Array(outWidth);
  for (let oy = 0; oy < outHeight; oy++) {
    redBlue.fill(0);
    greenAlpha.fill(0);
    for (let y = oy * factor, yEnd = Math.min(height, y + factor); y < yEnd; y++) {
      let k = y * width;
      for (let ox = 0; ox < outWidth; ox++) {
        let rb = 0;
        let ga = 0;
        for (const kEnd = y * width + Math.min(width, (ox + 1) * factor); k < kEnd; k++) {
          const w = words[k];
          rb += w & 0x00ff00ff;
          ga += (w >>> 8) & 0x00ff00ff;
        }
        redBlue[ox] += rb;
        greenAlpha[ox] += ga;
      }
    }
    for (let ox = 0, q = oy * outWidth * 4; ox < outWidth; ox++, q += 4) {
      sums[q] = redBlue[ox] & 0xffff;
      sums[q + 1] = greenAlpha[ox] & 0xffff;
      sums[q + 2] = redBlue[ox] >>> 16;
      sums[q + 3] = greenAlpha[ox] >>> 16;
    }
  }
  return sums;
}

/** One level of `downsampleLevels`. */
export function downsampleRect(pixels: Uint8ClampedArray, rect: MapImageRect, factor: number): MapMipRect {
  return downsampleLevels(pixels, rect, [factor])[0];
}

/**
 * The level a view should draw from at `devicePixelsPerImagePixel`: the coarsest that still has at
 * least one level pixel per device pixel (factor 1, the full image, when zoomed in or at 1:1).
 */
export function mipFactorForScale(devicePixelsPerImagePixel: number, factors: readonly number[] = MAP_MIP_FACTORS): number {
  let best = 1;
  for (const factor of factors) if (factor * devicePixelsPerImagePixel <= 1 && factor > best) best = factor;
  return best;
}
