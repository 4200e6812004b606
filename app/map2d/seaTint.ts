import type { Heightfield } from '../../shared/terrain/heightfield';
import { hexBytes, SEA_LOOK } from '../view/seaLook';

const DEEP = hexBytes(SEA_LOOK.deepColour);
const SURFACE = hexBytes(SEA_LOOK.surfaceColour);

/**
 * The sea over the 2D image's pixels of `rect` (laid out as writeMapImageRect's): every vertex below
 * `seaLevel` fades into the deep colour with its depth and lies under the plane's colour, as the 3D
 * view draws it (app/view/seaLook.ts). Vertices at or above the level keep their colour.
 */
export function applySeaTint(field: Heightfield, pixels: Uint8ClampedArray, rect: { i0: number; j0: number; i1: number; j1: number }, seaLevel: number): void {
  const rowPixels = rect.i1 - rect.i0;
  const opacity = SEA_LOOK.surfaceOpacity;
  for (let j = rect.j0; j < rect.j1; j++) {
    for (let i = rect.i0; i < rect.i1; i++) {
      const depth = seaLevel - field.heights[j * field.width + i];
      if (!(depth > 0)) continue;
      const deep = 1 - Math.exp(-depth / SEA_LOOK.depthScale);
      const p = 4 * ((j - rect.j0) * rowPixels + (i - rect.i0));
      for (let c = 0; c < 3; c++) {
        const ground = pixels[p + c] + (DEEP[c] - pixels[p + c]) * deep;
        pixels[p + c] = Math.round(ground + (SURFACE[c] - ground) * opacity);
      }
    }
  }
}
