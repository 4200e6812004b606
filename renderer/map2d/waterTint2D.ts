import type { EditorSession } from '../../app/editorSession';
import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { unionRegions, type DirtyRegion } from '../../app/document/region';
import { paintWaterTint, tintRectOf, waterTintImage, type WaterTint } from '../../app/water/waterTint';

export interface WaterTint2D {
  /** Tints the water by depth over the heightmap (when Show Water is on and the document has water). */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform): void;
  dispose(): void;
}

/**
 * The 2D panel's rivers and lakes: app/water/waterTint.ts's image over the heightmap. Made afresh
 * when the water, the document or the selection change; an edit of the heights under the same water
 * (a stroke or drag above the water layer) repaints only its rectangle. Never per frame. The panel's
 * canvas says what it shows in `data-water` (`shown`, `hidden`, or absent: no water) for tests.
 * Selecting a river or lake in the Water list frames it (`frame`).
 */
export function createWaterTint2D(
  session: EditorSession,
  canvas2d: HTMLCanvasElement,
  requestDraw: () => void,
  frame: (x: number, z: number, radius: number) => void,
): WaterTint2D {
  const { editor, view, water } = session;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  let made: { doc: unknown; water: unknown; selected: number | null; resultsVersion: number; featuresVersion: number } | null = null;
  let tint: WaterTint | null = null;
  let dirty: DirtyRegion | null = null;

  const upload = (x0: number, y0: number, x1: number, y1: number) => {
    if (!tint || !context || x1 <= x0 || y1 <= y0) return;
    const data = context.createImageData(x1 - x0, y1 - y0);
    for (let y = y0; y < y1; y++) data.data.set(tint.rgba.subarray(4 * (y * tint.width + x0), 4 * (y * tint.width + x1)), 4 * (y - y0) * (x1 - x0));
    context.putImageData(data, x0, y0);
  };

  const refresh = () => {
    const doc = editor.document;
    const { resultsVersion } = editor.store.getState();
    const { selectedId: selected, featuresVersion } = water.model.store.getState();
    const featureOf = () => (selected !== null ? water.model.featureIds() : null);
    // Features found meanwhile (a worker) re-make the tint only while something is selected (it tints by them).
    const featuresSeen = selected === null || made?.featuresVersion === featuresVersion;
    if (made && made.doc === doc && made.water === doc.water && made.selected === selected && made.resultsVersion === resultsVersion && featuresSeen) {
      // The same water under edited heights: repaint what the edits touched.
      if (dirty && tint && doc.water) {
        const rect = dirty.kind === 'all' ? { x0: 0, y0: 0, x1: tint.width, y1: tint.depth } : tintRectOf(tint, dirty.i0, dirty.j0, dirty.i1, dirty.j1);
        paintWaterTint(tint, doc.field, doc.water, doc.field.heights, featureOf(), selected, rect);
        upload(rect.x0, rect.y0, rect.x1, rect.y1);
      }
      dirty = null;
      return;
    }
    made = { doc, water: doc.water, selected, resultsVersion, featuresVersion };
    dirty = null;
    tint = null;
    if (!doc.water || !context) return;
    tint = waterTintImage(doc.field, doc.water, doc.field.heights, featureOf(), selected);
    canvas.width = tint.width;
    canvas.height = tint.depth;
    upload(0, 0, tint.width, tint.depth);
  };

  const unsubscribers = [
    editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version) dirty = unionRegions(dirty, s.lastChange);
    }),
    view.subscribe((s, prev) => {
      if (s.settings.showWater !== prev.settings.showWater) requestDraw();
    }),
    water.model.store.subscribe((s, prev) => {
      // A river or lake selected in the list: framed here as the 3D camera frames it.
      if (s.focusVersion !== prev.focusVersion && s.focus) {
        frame(s.focus.x, s.focus.z, s.focus.radius);
        requestDraw();
      }
      if (s.selectedId !== prev.selectedId || (s.selectedId !== null && s.featuresVersion !== prev.featuresVersion)) requestDraw();
    }),
  ];

  return {
    draw(ctx, transform) {
      refresh();
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
