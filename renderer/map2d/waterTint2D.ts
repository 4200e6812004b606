import type { EditorSession } from '../../app/editorSession';
import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { waterTintImage } from '../../app/water/waterTint';

export interface WaterTint2D {
  /** Tints the water by depth over the heightmap (when Show Water is on and the document has water). */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform): void;
  dispose(): void;
}

/**
 * The 2D panel's rivers and lakes: app/water/waterTint.ts's image over the heightmap, rebuilt when the
 * document, its results or the selection change (not per frame). The panel's canvas says what it
 * shows in `data-water` (`shown`, `hidden`, or absent: no water) for tests.
 */
export function createWaterTint2D(session: EditorSession, canvas2d: HTMLCanvasElement, requestDraw: () => void): WaterTint2D {
  const { editor, view, water } = session;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  let key: { version: number; results: number; selected: number | null; doc: unknown } | null = null;
  let tint: ReturnType<typeof waterTintImage> | null = null;

  const rebuild = () => {
    const doc = editor.document;
    const { version, resultsVersion } = editor.store.getState();
    const selected = water.model.store.getState().selectedId;
    if (key && key.version === version && key.results === resultsVersion && key.selected === selected && key.doc === doc) return;
    key = { version, results: resultsVersion, selected, doc };
    tint = null;
    if (!doc.water || !context) return;
    const features = selected !== null ? water.model.features() : null;
    tint = waterTintImage(doc.field, doc.water, doc.field.heights, features?.featureOf ?? null, selected);
    canvas.width = tint.width;
    canvas.height = tint.depth;
    const data = context.createImageData(tint.width, tint.depth);
    data.data.set(tint.rgba);
    context.putImageData(data, 0, 0);
  };

  const unsubscribers = [
    view.subscribe((s, prev) => {
      if (s.settings.showWater !== prev.settings.showWater) requestDraw();
    }),
    water.model.store.subscribe((s, prev) => {
      if (s.selectedId !== prev.selectedId) requestDraw();
    }),
  ];

  return {
    draw(ctx, transform) {
      rebuild();
      if (!tint) {
        delete canvas2d.dataset.water;
        return;
      }
      if (!view.getState().settings.showWater) {
        canvas2d.dataset.water = 'hidden';
        return;
      }
      ctx.save();
      ctx.imageSmoothingEnabled = transform.scale < 1;
      // Pixel p covers vertices p·stride … (p + 1)·stride − 1: drawn over those vertices' pixels.
      ctx.drawImage(canvas, transform.offsetX, transform.offsetY, tint.width * tint.stride * transform.scale, tint.depth * tint.stride * transform.scale);
      ctx.restore();
      canvas2d.dataset.water = 'shown';
    },
    dispose() {
      unsubscribers.forEach((off) => off());
    },
  };
}
