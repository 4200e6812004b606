import type { LayerPreview, Map2dLayerView } from './layersModel';

/** Red where the layer raises, blue where it lowers (the Solo map's colours); opaque at the largest change. */
const RAISE = [220, 40, 30] as const;
const LOWER = [30, 80, 230] as const;

/**
 * The 2D panel's picture of one layer, one RGBA pixel per vertex: its contribution (red raises, blue
 * lowers, opacity by |change| over the largest, transparent where it changes nothing, so the heights
 * show through), or its mask (grey by weight, opaque). Null when the view has nothing to show (the
 * heights, or a mask view of a layer without a mask).
 */
export function layerViewImage(preview: LayerPreview, view: Map2dLayerView): { rgba: Uint8ClampedArray; range: number } | null {
  const n = preview.width * preview.depth;
  const rgba = new Uint8ClampedArray(n * 4);
  if (view === 'mask') {
    const { mask } = preview;
    if (!mask) return null;
    for (let k = 0; k < n; k++) {
      const g = Math.round(mask[k] * 255);
      rgba[4 * k] = g;
      rgba[4 * k + 1] = g;
      rgba[4 * k + 2] = g;
      rgba[4 * k + 3] = 255;
    }
    return { rgba, range: 1 };
  }
  if (view !== 'contribution') return null;
  const { contribution } = preview;
  let range = 0;
  for (let k = 0; k < n; k++) range = Math.max(range, Math.abs(contribution[k]));
  for (let k = 0; k < n; k++) {
    const c = contribution[k];
    if (c === 0) continue;
    const colour = c > 0 ? RAISE : LOWER;
    rgba[4 * k] = colour[0];
    rgba[4 * k + 1] = colour[1];
    rgba[4 * k + 2] = colour[2];
    // Any change at all stays visible (at least 1/4 opaque).
    rgba[4 * k + 3] = 64 + Math.round((191 * Math.abs(c)) / range);
  }
  return { rgba, range };
}
