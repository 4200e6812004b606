import { OVERLAY_ACTIVE } from '../palette/overlayPalette';
import { lakeTint } from './lakeColours';

/**
 * How rivers are coloured by their depth, in both views: shallow water light and clear, deep water dark
 * and opaque, saturating smoothly (t = d / (d + DEPTH_HALF): half-way at DEPTH_HALF metres). The 2D
 * tint uses these functions, the 3D river strips the same constants (renderer/viewport/look/waterMaterial.ts).
 * Lakes take their colour by absorption instead (lakeColours.ts), in both views.
 */
export const SHALLOW_WATER: readonly [number, number, number] = [64, 168, 214];
export const DEEP_WATER: readonly [number, number, number] = [14, 52, 120];
/**
 * Opacity of the shallowest and the deepest water. Shallow water stays mostly opaque: a creek 0.3 m deep over
 * a pale gravel bed at 0.6 read as the bed, not as water (issue 31's close-ups).
 */
export const SHALLOW_ALPHA = 0.72;
export const DEEP_ALPHA = 0.92;
/** Depth (m) at which the colour is half-way from shallow to deep. */
export const DEPTH_HALF = 1.5;
/** sRGB 0–255 of a '#rrggbb' colour. */
const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) as [number, number, number];

/**
 * The selected river or lake: the colour every tool selects with (OVERLAY_ACTIVE), a light tint over
 * its depth colours (so deep still reads darker than shallow) and, in the 2D panel, its outline.
 */
export const SELECTED_WATER: readonly [number, number, number] = rgbOf(OVERLAY_ACTIVE);
export const SELECTED_MIX = 0.3;

/** 0 for no depth, towards 1 for deep water. */
export const depthShade = (depth: number): number => (depth > 0 ? depth / (depth + DEPTH_HALF) : 0);

/**
 * RGBA (0–255) of water `depth` metres deep into `out` at `offset`; fully transparent where dry.
 * `selected`: part of the selected river or lake; `outline`: on its edge (drawn opaque in the selection colour);
 * `lake`: a lake's (the 3D lakes' absorption, lakeColours.ts lakeTint), else a river's ramp.
 */
export function writeWaterColour(depth: number, selected: boolean, out: Uint8ClampedArray, offset: number, outline = false, lake = false): void {
  if (!(depth > 0)) {
    out[offset + 3] = 0;
    return;
  }
  if (selected && outline) {
    out[offset] = SELECTED_WATER[0];
    out[offset + 1] = SELECTED_WATER[1];
    out[offset + 2] = SELECTED_WATER[2];
    out[offset + 3] = 255;
    return;
  }
  let r: number;
  let g: number;
  let b: number;
  let a: number;
  if (lake) {
    a = lakeTint(depth, out, offset);
    r = out[offset];
    g = out[offset + 1];
    b = out[offset + 2];
  } else {
    const t = depthShade(depth);
    r = SHALLOW_WATER[0] + (DEEP_WATER[0] - SHALLOW_WATER[0]) * t;
    g = SHALLOW_WATER[1] + (DEEP_WATER[1] - SHALLOW_WATER[1]) * t;
    b = SHALLOW_WATER[2] + (DEEP_WATER[2] - SHALLOW_WATER[2]) * t;
    a = SHALLOW_ALPHA + (DEEP_ALPHA - SHALLOW_ALPHA) * t;
  }
  if (selected) {
    r += (SELECTED_WATER[0] - r) * SELECTED_MIX;
    g += (SELECTED_WATER[1] - g) * SELECTED_MIX;
    b += (SELECTED_WATER[2] - b) * SELECTED_MIX;
    a = Math.max(a, 0.7);
  }
  out[offset] = r;
  out[offset + 1] = g;
  out[offset + 2] = b;
  out[offset + 3] = Math.round(a * 255);
}
