import type { EditorSession } from '../../app/editorSession';
import { layerViewImage } from '../../app/layers/layerViewImage';
import type { LayerPreview, Map2dLayerView } from '../../app/layers/layersModel';
import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { OVERLAY_LABEL_BACKGROUND, OVERLAY_LABEL_TEXT } from '../../app/palette/overlayPalette';

export interface LayerView2D {
  /** Draws the selected layer's contribution or mask (when the 2D panel's view asks for it) over the heightmap. */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform, cssWidth: number): void;
  dispose(): void;
}

/**
 * The 2D panel's layer view: the Layers model's Solo computation of the selected layer as a
 * one-pixel-per-vertex image over the heightmap, rebuilt when the computation or the view changes,
 * and a label naming the layer (or saying the computation is on its way). The canvas says what it
 * shows in `data-layer-view` (`contribution:ID`, `mask:ID`, `pending`, or absent) for tests.
 */
export function createLayerView2D(session: EditorSession, canvas2d: HTMLCanvasElement, requestDraw: () => void): LayerView2D {
  const { layers } = session.design;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  let drawn: { preview: LayerPreview; view: Map2dLayerView; shown: boolean } | null = null;

  const rebuild = (preview: LayerPreview, view: Map2dLayerView) => {
    const image = layerViewImage(preview, view);
    drawn = { preview, view, shown: image !== null };
    if (!image || !context) return;
    canvas.width = preview.width;
    canvas.height = preview.depth;
    const data = context.createImageData(preview.width, preview.depth);
    data.data.set(image.rgba);
    context.putImageData(data, 0, 0);
  };

  const unsubscribe = layers.store.subscribe((s, prev) => {
    if (s.solo !== prev.solo || s.map2dView !== prev.map2dView || s.selectedId !== prev.selectedId) requestDraw();
  });

  const label = (ctx: CanvasRenderingContext2D, text: string, cssWidth: number) => {
    ctx.font = '12px system-ui, sans-serif';
    const width = ctx.measureText(text).width + 16;
    ctx.fillStyle = OVERLAY_LABEL_BACKGROUND;
    ctx.fillRect(Math.max(8, cssWidth - width - 8), 38, width, 22);
    ctx.fillStyle = OVERLAY_LABEL_TEXT;
    ctx.fillText(text, Math.max(8, cssWidth - width - 8) + 8, 53);
  };

  return {
    draw(ctx, transform, cssWidth) {
      const { map2dView: view, solo, selectedId } = layers.store.getState();
      if (view === 'heights') {
        delete canvas2d.dataset.layerView;
        return;
      }
      ctx.save();
      if (selectedId === null) {
        delete canvas2d.dataset.layerView;
        label(ctx, 'Select a layer to see what it adds', cssWidth);
      } else if (!solo || solo.id !== selectedId) {
        canvas2d.dataset.layerView = 'pending';
        label(ctx, 'Computing the layer view…', cssWidth);
      } else {
        if (!drawn || drawn.preview !== solo || drawn.view !== view) rebuild(solo, view);
        if (drawn?.shown) {
          ctx.imageSmoothingEnabled = transform.scale < 1;
          ctx.drawImage(canvas, transform.offsetX, transform.offsetY, solo.width * transform.scale, solo.depth * transform.scale);
          canvas2d.dataset.layerView = `${view}:${solo.id}`;
          label(ctx, view === 'mask' ? `Mask of “${solo.name}” (white: full effect)` : `What “${solo.name}” adds (red raises, blue lowers)`, cssWidth);
        } else {
          canvas2d.dataset.layerView = `none:${solo.id}`;
          label(ctx, `“${solo.name}” has no mask`, cssWidth);
        }
      }
      ctx.restore();
    },
    dispose() {
      unsubscribe();
    },
  };
}
