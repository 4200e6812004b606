import { HOST_IS_LITTLE_ENDIAN } from '../shared/codecs/bytes';
import type { Heightfield, HeightRange } from '../shared/terrain/heightfield';
import type { ViewSettings } from '../shared/ipc/contract';
import { HYPSOMETRIC_RAMP, RAMP_SIZE } from './colorRamp';

export type MapMode = ViewSettings['map2dMode'];

/** Light for the hillshade: from the north-west (−x, −z), 45° above the horizon (cartographic habit). */
const LIGHT = (() => {
  const alt = Math.PI / 4;
  const h = Math.cos(alt) / Math.SQRT2;
  return { x: -h, y: Math.sin(alt), z: -h };
})();

/** Vertex columns [i0, i1) and rows [j0, j1). */
export interface MapImageRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** The ramp as doubles: the products below then need no integer-to-double conversion per pixel. */
const RAMP = Float64Array.from(HYPSOMETRIC_RAMP);
const TOP = RAMP_SIZE - 1;
const LX = LIGHT.x;
const LY = LIGHT.y;
const LZ = LIGHT.z;
const OPAQUE = 0xff000000;

/**
 * Writes RGBA pixels of the heightmap image for rows [rowStart, rowEnd). Image pixel (i, j) is vertex
 * (i, j): row 0 is j = 0 (smallest z) and is drawn at the top. Grayscale is the plain height (black =
 * lowest, white = highest); hypsometric tints are multiplied by a hillshade of the surface.
 */
export function writeMapImageRows(
  field: Heightfield,
  pixels: Uint8ClampedArray,
  mode: MapMode,
  range: HeightRange,
  rowStart = 0,
  rowEnd = field.depth,
): void {
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(field.depth, rowEnd);
  if (j1 <= j0) return;
  writeMapImageRect(field, pixels.subarray(j0 * field.width * 4), mode, range, { i0: 0, j0, i1: field.width, j1 });
}

/**
 * Writes the pixels of a rectangle of the heightmap image into `pixels`, laid out as an image of the
 * rectangle's size: pixel (i, j) at ((j − j0)·(i1 − i0) + i − i0)·4. Colours are those of the whole
 * image: the hillshade reads the neighbours on the full map, beyond the rectangle too.
 */
export function writeMapImageRect(field: Heightfield, pixels: Uint8ClampedArray, mode: MapMode, range: HeightRange, rect: MapImageRect): void {
  if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) return;
  if (mode === 'grayscale') writeGrayscale(field, pixels, range, rect);
  else writeHypsometric(field, pixels, range, rect);
}

/** Grey level of a height: the normalised height, clamped, times 255, rounded (an integer, so exact in any store). */
function writeGrayscale(field: Heightfield, pixels: Uint8ClampedArray, range: HeightRange, rect: MapImageRect): void {
  const { width, heights } = field;
  const { min, max } = range;
  const flat = !(max > min);
  const span = max - min;
  const rectWidth = rect.i1 - rect.i0;
  const words = HOST_IS_LITTLE_ENDIAN && pixels.byteOffset % 4 === 0 ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2) : null;
  const flatGrey = Math.round(0.5 * 255);
  for (let j = rect.j0; j < rect.j1; j++) {
    let k = j * width + rect.i0;
    const end = k + rectWidth;
    let q = (j - rect.j0) * rectWidth;
    for (; k < end; k++, q++) {
      const g = flat ? flatGrey : Math.round(Math.min(1, Math.max(0, (heights[k] - min) / span)) * 255);
      if (words) {
        words[q] = (OPAQUE | (g << 16) | (g << 8) | g) >>> 0;
      } else {
        const p = q << 2;
        pixels[p] = g;
        pixels[p + 1] = g;
        pixels[p + 2] = g;
        pixels[p + 3] = 255;
      }
    }
  }
}

/**
 * Hypsometric tint times hillshade. The arithmetic is that of normalisedHeight, rampIndex and the
 * hillshade (central differences over two cells inside the map, one cell at its border), in the same
 * operations and order, so the bytes are those of the plain formula (app/lod/mapImageReference.testkit.ts);
 * the speed comes from a per-row loop over interior columns with constant divisors, heights read
 * once each through a sliding window, and no per-pixel branching on the map border.
 */
function writeHypsometric(field: Heightfield, pixels: Uint8ClampedArray, range: HeightRange, rect: MapImageRect): void {
  const { width, depth, cellSize, heights } = field;
  const { min, max } = range;
  const flat = !(max > min);
  const span = max - min;
  const rectWidth = rect.i1 - rect.i0;
  const dxInterior = 2 * cellSize;
  const dxBorder = cellSize;
  // Dividing by a power of two and multiplying by its reciprocal round the same exact quotient, so
  // the cheaper multiplication gives the same bytes (the usual 1 m or 0.5 m grid); other cell sizes divide.
  const byReciprocal = isPowerOfTwo(cellSize);
  const perDx = 1 / dxInterior;
  // Interior columns: both neighbours exist.
  const a0 = Math.max(rect.i0, 1);
  const a1 = Math.min(rect.i1, width - 1);
  for (let j = rect.j0; j < rect.j1; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < depth - 1 ? j + 1 : j;
    const row = j * width;
    const rowBefore = jm * width;
    const rowAfter = jp * width;
    const dz = (jp - jm) * cellSize;
    const perDz = 1 / dz;
    const base = (j - rect.j0) * rectWidth - rect.i0;
    if (rect.i0 === 0) borderPixel(heights, pixels, base << 2, row, rowBefore, rowAfter, 0, 0, Math.min(1, width - 1), dxBorder, dz, min, span, flat);
    if (a1 > a0) {
      if (byReciprocal && !flat) interiorRun(heights, pixels, (base + a0) << 2, row, rowBefore, rowAfter, a0, a1, perDx, perDz, min, span);
      else interiorRunGeneral(heights, pixels, (base + a0) << 2, row, rowBefore, rowAfter, a0, a1, dxInterior, dz, min, span, flat);
    }
    const last = width - 1;
    if (rect.i1 === width && last > 0) borderPixel(heights, pixels, (base + last) << 2, row, rowBefore, rowAfter, last, last - 1, last, dxBorder, dz, min, span, flat);
  }
}

/** Interior pixels [a0, a1) of a row, for a power-of-two cell size and a map that is not flat: the hot loop. */
function interiorRun(
  heights: Float32Array,
  pixels: Uint8ClampedArray,
  p: number,
  row: number,
  rowBefore: number,
  rowAfter: number,
  a0: number,
  a1: number,
  perDx: number,
  perDz: number,
  min: number,
  span: number,
): void {
  let left = heights[row + a0 - 1];
  let centre = heights[row + a0];
  for (let i = a0; i < a1; i++, p += 4) {
    const right = heights[row + i + 1];
    const t = (centre - min) / span;
    const dhdx = (right - left) * perDx;
    const dhdz = (heights[rowAfter + i] - heights[rowBefore + i]) * perDz;
    writeShadedPixel(pixels, p, t, dhdx, dhdz);
    left = centre;
    centre = right;
  }
}

/** One hypsometric pixel: ramp colour at t, lit by the slope (dhdx, dhdz). Small enough to be inlined. */
function writeShadedPixel(pixels: Uint8ClampedArray, p: number, t: number, dhdx: number, dhdz: number): void {
  const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  const lambert = (-dhdx * LX + LY - dhdz * LZ) * inv;
  const shade = 0.45 + 0.65 * Math.max(0, lambert);
  const r = (!(t > 0) ? 0 : t >= 1 ? TOP : Math.round(t * TOP)) * 3;
  pixels[p] = RAMP[r] * shade;
  pixels[p + 1] = RAMP[r + 1] * shade;
  pixels[p + 2] = RAMP[r + 2] * shade;
  pixels[p + 3] = 255;
}

/** Interior pixels [a0, a1) of a row for any cell size (dividing) and flat maps. */
function interiorRunGeneral(
  heights: Float32Array,
  pixels: Uint8ClampedArray,
  p: number,
  row: number,
  rowBefore: number,
  rowAfter: number,
  a0: number,
  a1: number,
  dx: number,
  dz: number,
  min: number,
  span: number,
  flat: boolean,
): void {
  let left = heights[row + a0 - 1];
  let centre = heights[row + a0];
  for (let i = a0; i < a1; i++, p += 4) {
    const right = heights[row + i + 1];
    const t = flat ? 0.5 : (centre - min) / span;
    const dhdx = (right - left) / dx;
    const dhdz = (heights[rowAfter + i] - heights[rowBefore + i]) / dz;
    writeShadedPixel(pixels, p, t, dhdx, dhdz);
    left = centre;
    centre = right;
  }
}

function isPowerOfTwo(x: number): boolean {
  return x > 0 && Number.isFinite(x) && 2 ** Math.round(Math.log2(x)) === x;
}

/** One pixel in the map's first or last column, where the x difference spans one cell. */
function borderPixel(
  heights: Float32Array,
  pixels: Uint8ClampedArray,
  p: number,
  row: number,
  rowBefore: number,
  rowAfter: number,
  i: number,
  im: number,
  ip: number,
  dx: number,
  dz: number,
  min: number,
  span: number,
  flat: boolean,
): void {
  const t = flat ? 0.5 : (heights[row + i] - min) / span;
  const dhdx = (heights[row + ip] - heights[row + im]) / dx;
  const dhdz = (heights[rowAfter + i] - heights[rowBefore + i]) / dz;
  const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  const lambert = (-dhdx * LX + LY - dhdz * LZ) * inv;
  const shade = 0.45 + 0.65 * Math.max(0, lambert);
  const r = (!(t > 0) ? 0 : t >= 1 ? TOP : Math.round(t * TOP)) * 3;
  pixels[p] = RAMP[r] * shade;
  pixels[p + 1] = RAMP[r + 1] * shade;
  pixels[p + 2] = RAMP[r + 2] * shade;
  pixels[p + 3] = 255;
}
