import type { EditorSession } from '../../app/editorSession';
import type { MaskPreview } from '../../app/exchange/exchangeState';
import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { OVERLAY_LABEL_BACKGROUND } from '../../app/palette/overlayPalette';

export interface MaskPreviewLayer {
  /** Draws the previewed mask layer (when there is one) over the heightmap. */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform, cssWidth: number): void;
  dispose(): void;
}

/** Covered ground in a colour no height ramp uses; weight sets its opacity. */
const TINT = [255, 64, 200] as const;
const MAX_ALPHA = 210;

/**
 * The export dialog's mask preview on the 2D panel: a one-pixel-per-vertex image like the heightmap's,
 * rebuilt when the previewed weights change, and a label naming the layer.
 */
export function createMaskPreviewLayer(session: EditorSession, requestDraw: () => void): MaskPreviewLayer {
  const exchange = session.exchange;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  let drawn: MaskPreview | null = null;

  const rebuild = (preview: MaskPreview) => {
    drawn = preview;
    canvas.width = preview.width;
    canvas.height = preview.depth;
    if (!context) return;
    const image = context.createImageData(preview.width, preview.depth);
    const { weights } = preview;
    for (let k = 0; k < weights.length; k++) {
      if (weights[k] === 0) continue;
      image.data[4 * k] = TINT[0];
      image.data[4 * k + 1] = TINT[1];
      image.data[4 * k + 2] = TINT[2];
      image.data[4 * k + 3] = Math.round((weights[k] * MAX_ALPHA) / 255);
    }
    context.putImageData(image, 0, 0);
  };

  const unsubscribe = exchange.store.subscribe((s, prev) => {
    if (s.maskPreview !== prev.maskPreview) requestDraw();
  });

  return {
    draw(ctx, transform, cssWidth) {
      const preview = exchange.store.getState().maskPreview;
      if (!preview) return;
      if (preview !== drawn) rebuild(preview);
      ctx.save();
      ctx.imageSmoothingEnabled = transform.scale < 1;
      ctx.drawImage(canvas, transform.offsetX, transform.offsetY, preview.width * transform.scale, preview.depth * transform.scale);
      const label = `Mask preview: ${preview.name}`;
      ctx.font = '12px system-ui, sans-serif';
      const width = ctx.measureText(label).width + 16;
      ctx.fillStyle = OVERLAY_LABEL_BACKGROUND;
      ctx.fillRect(Math.max(8, cssWidth - width - 8), 8, width, 22);
      ctx.fillStyle = `rgb(${TINT.join(',')})`;
      ctx.fillText(label, Math.max(8, cssWidth - width - 8) + 8, 23);
      ctx.restore();
    },
    dispose() {
      unsubscribe();
    },
  };
}
