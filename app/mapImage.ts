import type { Heightfield, HeightRange } from '../shared/terrain/heightfield';
import type { ViewSettings } from '../shared/ipc/contract';
import { HYPSOMETRIC_RAMP, normalisedHeight, rampIndex } from './colorRamp';

export type MapMode = ViewSettings['map2dMode'];

/** Light for the hillshade: from the north-west (−x, −z), 45° above the horizon (cartographic habit). */
const LIGHT = (() => {
  const alt = Math.PI / 4;
  const h = Math.cos(alt) / Math.SQRT2;
  return { x: -h, y: Math.sin(alt), z: -h };
})();

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
  const { width, depth, cellSize, heights } = field;
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(depth, rowEnd);
  for (let j = j0; j < j1; j++) {
    const jm = j > 0 ? j - 1 : j;
    const jp = j < depth - 1 ? j + 1 : j;
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      const p = k * 4;
      const t = normalisedHeight(heights[k], range.min, range.max);
      if (mode === 'grayscale') {
        const g = Math.round(Math.min(1, Math.max(0, t)) * 255);
        pixels[p] = g;
        pixels[p + 1] = g;
        pixels[p + 2] = g;
      } else {
        const im = i > 0 ? i - 1 : i;
        const ip = i < width - 1 ? i + 1 : i;
        const dhdx = (heights[j * width + ip] - heights[j * width + im]) / ((ip - im) * cellSize);
        const dhdz = (heights[jp * width + i] - heights[jm * width + i]) / ((jp - jm) * cellSize);
        const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
        const lambert = (-dhdx * LIGHT.x + LIGHT.y - dhdz * LIGHT.z) * inv;
        const shade = 0.45 + 0.65 * Math.max(0, lambert);
        const r = rampIndex(t) * 3;
        pixels[p] = HYPSOMETRIC_RAMP[r] * shade;
        pixels[p + 1] = HYPSOMETRIC_RAMP[r + 1] * shade;
        pixels[p + 2] = HYPSOMETRIC_RAMP[r + 2] * shade;
      }
      pixels[p + 3] = 255;
    }
  }
}
