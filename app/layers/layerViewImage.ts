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
  for (let k = 0; k < n; k++) writeContributionPixel(contribution[k], range, rgba, 4 * k);
  return { rgba, range };
}

/** One pixel of a contribution `c` of the largest `range`: red raises, blue lowers, left transparent where c is 0. */
function writeContributionPixel(c: number, range: number, rgba: Uint8ClampedArray, p: number): void {
  if (c === 0 || !(range > 0)) return;
  const colour = c > 0 ? RAISE : LOWER;
  rgba[p] = colour[0];
  rgba[p + 1] = colour[1];
  rgba[p + 2] = colour[2];
  // Any change at all stays visible (at least 1/4 opaque).
  rgba[p + 3] = 64 + Math.round((191 * Math.abs(c)) / range);
}

/**
 * The Layers panel's Solo picture: `layerViewImage`'s colours at about `side` pixels on the longer side
 * (nearest vertex), the contribution transparent where the layer changes nothing, so the panel's map
 * backdrop shows there as it does on the 2D map (an opaque white there read as a blank, glaring page),
 * or the mask in grey, opaque.
 */
export function soloPreviewImage(
  preview: Pick<LayerPreview, 'width' | 'depth' | 'contribution' | 'mask'>,
  showMask: boolean,
  side = 200,
): { width: number; height: number; rgba: Uint8ClampedArray; range: number } {
  const scale = Math.max(preview.width, preview.depth) / side;
  const width = Math.max(1, Math.round(preview.width / scale));
  const height = Math.max(1, Math.round(preview.depth / scale));
  const rgba = new Uint8ClampedArray(width * height * 4);
  const { contribution, mask } = preview;
  let range = 0;
  for (let k = 0; k < contribution.length; k++) range = Math.max(range, Math.abs(contribution[k]));
  for (let y = 0; y < height; y++) {
    const row = Math.min(preview.depth - 1, Math.floor(y * scale)) * preview.width;
    for (let x = 0; x < width; x++) {
      const k = row + Math.min(preview.width - 1, Math.floor(x * scale));
      const p = (y * width + x) * 4;
      if (showMask && mask) {
        const g = Math.round(mask[k] * 255);
        rgba[p] = g;
        rgba[p + 1] = g;
        rgba[p + 2] = g;
        rgba[p + 3] = 255;
      } else writeContributionPixel(contribution[k], range, rgba, p);
    }
  }
  return { width, height, rgba, range };
}
