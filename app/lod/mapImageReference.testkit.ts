import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { HYPSOMETRIC_RAMP, RAMP_SIZE } from '../colorRamp';
import type { MapImageRect, MapMode } from '../mapImage';

/** Light for the hillshade: from the north-west (−x, −z), 45° above the horizon. */
const LIGHT = (() => {
  const alt = Math.PI / 4;
  const h = Math.cos(alt) / Math.SQRT2;
  return { x: -h, y: Math.sin(alt), z: -h };
})();

/**
 * The 2D panel's pixel colouring as it was before the table-driven writer in app/mapImage.ts: plain
 * per-pixel arithmetic (normalised height, ramp index, hillshade), kept as the reference that the
 * fast writer must reproduce byte for byte, and as the baseline of bench/map2d.bench.ts.
 */
export function writeMapImageRectReference(field: Heightfield, pixels: Uint8ClampedArray, mode: MapMode, range: HeightRange, rect: MapImageRect): void {
  const { width, depth, cellSize, heights } = field;
  const rectWidth = rect.i1 - rect.i0;
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
