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
  const { width, depth, cellSize, heights } = field;
  const rectWidth = rect.i1 - rect.i0;
  // The per-pixel arithmetic is that of normalisedHeight, rampIndex and the hillshade, written out
  // inline with loop-invariant parts hoisted: the same operations in the same order, so the same bytes.
  const { min, max } = range;
  const flat = !(max > min);
  const span = max - min;
  const top = RAMP_SIZE - 1;
  const lx = LIGHT.x;
  const ly = LIGHT.y;
  const lz = LIGHT.z;
  for (let j = rect.j0; j < rect.j1; j++) {
    const row = j * width;
    const rowBefore = (j > 0 ? j - 1 : j) * width;
    const rowAfter = (j < depth - 1 ? j + 1 : j) * width;
    const dz = ((j < depth - 1 ? j + 1 : j) - (j > 0 ? j - 1 : j)) * cellSize;
    let p = (j - rect.j0) * rectWidth * 4;
    if (mode === 'grayscale') {
      for (let i = rect.i0; i < rect.i1; i++, p += 4) {
        const t = flat ? 0.5 : (heights[row + i] - min) / span;
        const g = Math.round(Math.min(1, Math.max(0, t)) * 255);
        pixels[p] = g;
        pixels[p + 1] = g;
        pixels[p + 2] = g;
        pixels[p + 3] = 255;
      }
      continue;
    }
    for (let i = rect.i0; i < rect.i1; i++, p += 4) {
      const t = flat ? 0.5 : (heights[row + i] - min) / span;
      const im = i > 0 ? i - 1 : i;
      const ip = i < width - 1 ? i + 1 : i;
      const dhdx = (heights[row + ip] - heights[row + im]) / ((ip - im) * cellSize);
      const dhdz = (heights[rowAfter + i] - heights[rowBefore + i]) / dz;
      const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
      const lambert = (-dhdx * lx + ly - dhdz * lz) * inv;
      const shade = 0.45 + 0.65 * Math.max(0, lambert);
      const r = (!(t > 0) ? 0 : t >= 1 ? top : Math.round(t * top)) * 3;
      pixels[p] = HYPSOMETRIC_RAMP[r] * shade;
      pixels[p + 1] = HYPSOMETRIC_RAMP[r + 1] * shade;
      pixels[p + 2] = HYPSOMETRIC_RAMP[r + 2] * shade;
      pixels[p + 3] = 255;
    }
  }
}
