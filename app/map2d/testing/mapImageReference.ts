import type { Heightfield, HeightRange } from '../../../shared/terrain/heightfield';
import { HYPSOMETRIC_RAMP, RAMP_SIZE } from '../../view/colourRamp';
import { HILLSHADE_REACH, type MapImageRect, type MapMode } from '../mapImage';

/** The hillshade lights towards NW, W and N (45° up), weighted 1/2, 1/4, 1/4, summed as one vector. */
const LIGHT = (() => {
  const h = Math.cos(Math.PI / 4);
  const v = Math.sin(Math.PI / 4);
  const lights: Array<[number, number]> = [
    [315, 0.5],
    [270, 0.25],
    [0, 0.25],
  ];
  let x = 0;
  let y = 0;
  let z = 0;
  for (const [azimuth, weight] of lights) {
    const a = (azimuth * Math.PI) / 180;
    x += h * Math.sin(a) * weight;
    y += v * weight;
    z += -h * Math.cos(a) * weight;
  }
  return { x, y, z };
})();

/**
 * The 2D panel's pixel colouring as plain per-pixel arithmetic (normalised height, ramp index,
 * hillshade: slope a quarter over one cell, three quarters over HILLSHADE_REACH cells each side, clamped at the
 * map border), kept as the reference that the fast writer in app/map2d/mapImage.ts must reproduce byte
 * for byte, and as the baseline of bench/map2d.bench.ts.
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
    const R = HILLSHADE_REACH;
    const jmR = Math.max(0, j - R);
    const jpR = Math.min(depth - 1, j + R);
    for (let i = rect.i0; i < rect.i1; i++, p += 4) {
      const t = flat ? 0.5 : (heights[row + i] - min) / span;
      const im = i > 0 ? i - 1 : i;
      const ip = i < width - 1 ? i + 1 : i;
      const imR = Math.max(0, i - R);
      const ipR = Math.min(width - 1, i + R);
      const dhdx =
        0.25 * ((heights[row + ip] - heights[row + im]) / ((ip - im) * cellSize)) +
        0.75 * ((heights[row + ipR] - heights[row + imR]) / ((ipR - imR) * cellSize));
      const dhdz =
        0.25 * ((heights[rowAfter + i] - heights[rowBefore + i]) / dz) +
        0.75 * ((heights[jpR * width + i] - heights[jmR * width + i]) / ((jpR - jmR) * cellSize));
      const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
      const lambert = (-dhdx * lx + ly - dhdz * lz) * inv;
      const shade = 0.6 + 0.48 * Math.max(0, lambert);
      const r = (!(t > 0) ? 0 : t >= 1 ? top : Math.round(t * top)) * 3;
      pixels[p] = HYPSOMETRIC_RAMP[r] * shade;
      pixels[p + 1] = HYPSOMETRIC_RAMP[r + 1] * shade;
      pixels[p + 2] = HYPSOMETRIC_RAMP[r + 2] * shade;
      pixels[p + 3] = 255;
    }
  }
}
