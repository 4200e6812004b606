/**
 * How water is coloured by its depth, in both views: shallow water light and clear, deep water dark
 * and opaque, saturating smoothly (t = d / (d + DEPTH_HALF): half-way at DEPTH_HALF metres). The 2D
 * tint uses these functions, the 3D water shader the same constants (waterShader in the renderer).
 */
export const SHALLOW_WATER: readonly [number, number, number] = [64, 168, 214];
export const DEEP_WATER: readonly [number, number, number] = [14, 52, 120];
/** Opacity of the shallowest and the deepest water. */
export const SHALLOW_ALPHA = 0.6;
export const DEEP_ALPHA = 0.92;
/** Depth (m) at which the colour is half-way from shallow to deep. */
export const DEPTH_HALF = 1.5;
/** The selected river or lake is tinted towards this colour, by this much. */
export const SELECTED_WATER: readonly [number, number, number] = [255, 160, 0];
export const SELECTED_MIX = 0.45;

/** 0 for no depth, towards 1 for deep water. */
export const depthShade = (depth: number): number => (depth > 0 ? depth / (depth + DEPTH_HALF) : 0);

/**
 * RGBA (0–255) of water `depth` metres deep into `out` at `offset`; fully transparent where dry.
 * `selected`: part of the selected river or lake.
 */
export function writeWaterColour(depth: number, selected: boolean, out: Uint8ClampedArray, offset: number): void {
  if (!(depth > 0)) {
    out[offset + 3] = 0;
    return;
  }
  const t = depthShade(depth);
  let r = SHALLOW_WATER[0] + (DEEP_WATER[0] - SHALLOW_WATER[0]) * t;
  let g = SHALLOW_WATER[1] + (DEEP_WATER[1] - SHALLOW_WATER[1]) * t;
  let b = SHALLOW_WATER[2] + (DEEP_WATER[2] - SHALLOW_WATER[2]) * t;
  let a = SHALLOW_ALPHA + (DEEP_ALPHA - SHALLOW_ALPHA) * t;
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
