import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { writeWaterColour } from './waterColours';

/** The largest tint image side: larger maps are tinted one pixel per `stride`² vertices. */
export const MAX_TINT_SIDE = 2048;

export interface WaterTint {
  readonly width: number;
  readonly depth: number;
  /** Vertices per pixel along each axis. */
  readonly stride: number;
  readonly rgba: Uint8ClampedArray;
}

/**
 * The 2D panel's water tint: RGBA coloured by depth over `heights` (waterColours.ts), transparent
 * where dry, the selected feature (`featureOf[v] === selectedId`) highlighted. One pixel per vertex
 * up to MAX_TINT_SIDE, else one per stride² vertices showing the deepest of them (so a river one
 * vertex wide is never skipped).
 */
export function waterTintImage(grid: { width: number; depth: number }, water: WaterSurface, heights: Float32Array, featureOf: Int32Array | null, selectedId: number | null): WaterTint {
  const { width, depth } = grid;
  const stride = Math.max(1, Math.ceil(Math.max(width, depth) / MAX_TINT_SIDE));
  const tw = Math.ceil(width / stride);
  const td = Math.ceil(depth / stride);
  const rgba = new Uint8ClampedArray(tw * td * 4);
  const surface = water.surface;
  for (let y = 0; y < td; y++) {
    for (let x = 0; x < tw; x++) {
      let deepest = 0;
      let selected = false;
      for (let j = y * stride; j < Math.min(depth, (y + 1) * stride); j++) {
        for (let i = x * stride; i < Math.min(width, (x + 1) * stride); i++) {
          const v = j * width + i;
          const d = surface[v] - heights[v];
          if (d > deepest) deepest = d;
          if (d > 0 && selectedId !== null && featureOf !== null && featureOf[v] === selectedId) selected = true;
        }
      }
      if (deepest > 0) writeWaterColour(deepest, selected, rgba, 4 * (y * tw + x));
    }
  }
  return { width: tw, depth: td, stride, rgba };
}
