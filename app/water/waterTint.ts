import type { FeatureIds } from '../../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { writeWaterColour } from './waterColours';
import { WATER_LAKE } from '../../shared/hydrology/water';

/** The largest tint image side: larger maps are tinted one pixel per `stride`² vertices. */
export const MAX_TINT_SIDE = 2048;

export interface WaterTint {
  readonly width: number;
  readonly depth: number;
  /** Vertices per pixel along each axis. */
  readonly stride: number;
  readonly rgba: Uint8ClampedArray;
}

/** Pixels [x0, x1) × [y0, y1) of a tint. */
export interface TintRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The 2D panel's water tint: RGBA coloured by depth over `heights` (waterColours.ts; a lake's vertices by
 * its absorption, as the 3D lakes, lakeColours.ts), transparent
 * where dry, the selected feature (`featureOf[v] === selectedId`) lightly tinted inside an outline in
 * the selection colour. One pixel per vertex
 * up to MAX_TINT_SIDE, else one per stride² vertices showing the deepest of them (so a river one
 * vertex wide is never skipped).
 */
export function waterTintImage(
  grid: { width: number; depth: number },
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds | null,
  selectedId: number | null,
): WaterTint {
  const stride = Math.max(1, Math.ceil(Math.max(grid.width, grid.depth) / MAX_TINT_SIDE));
  const width = Math.ceil(grid.width / stride);
  const depth = Math.ceil(grid.depth / stride);
  const tint = { width, depth, stride, rgba: new Uint8ClampedArray(width * depth * 4) };
  paintWaterTint(tint, grid, water, heights, featureOf, selectedId, { x0: 0, y0: 0, x1: width, y1: depth });
  return tint;
}

/** The tint's pixels that cover vertices [i0, i1) × [j0, j1). */
export function tintRectOf(tint: WaterTint, i0: number, j0: number, i1: number, j1: number): TintRect {
  const { stride } = tint;
  return {
    x0: Math.floor(i0 / stride),
    y0: Math.floor(j0 / stride),
    x1: Math.min(tint.width, Math.ceil(i1 / stride)),
    y1: Math.min(tint.depth, Math.ceil(j1 / stride)),
  };
}

/** Paints the tint's pixels in `rect` afresh (after an edit there: the rest stays as it was). */
export function paintWaterTint(
  tint: WaterTint,
  grid: { width: number; depth: number },
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds | null,
  selectedId: number | null,
  rect: TintRect,
): void {
  const { width, depth } = grid;
  const { stride, rgba } = tint;
  const surface = water.surface;
  const isSelected = (i: number, j: number): boolean => {
    if (i < 0 || j < 0 || i >= width || j >= depth) return false;
    const v = j * width + i;
    return featureOf![v] === selectedId && surface[v] > heights[v];
  };
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      let deepest = 0;
      let lake = false;
      let selected = false;
      let outline = false;
      for (let j = y * stride; j < Math.min(depth, (y + 1) * stride); j++) {
        for (let i = x * stride; i < Math.min(width, (x + 1) * stride); i++) {
          const v = j * width + i;
          const d = surface[v] - heights[v];
          if (d > deepest) {
            deepest = d;
            lake = water.kind[v] === WATER_LAKE;
          }
          if (d > 0 && selectedId !== null && featureOf !== null && featureOf[v] === selectedId) {
            selected = true;
            // Its edge: a side neighbour not of it (or the map's edge).
            if (!outline && !(isSelected(i - 1, j) && isSelected(i + 1, j) && isSelected(i, j - 1) && isSelected(i, j + 1))) outline = true;
          }
        }
      }
      const p = 4 * (y * tint.width + x);
      if (deepest > 0) writeWaterColour(deepest, selected, rgba, p, outline, lake);
      else rgba[p] = rgba[p + 1] = rgba[p + 2] = rgba[p + 3] = 0;
    }
  }
}
