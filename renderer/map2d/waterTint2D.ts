import type { EditorSession } from '../../app/editorSession';
import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { unionRegions, type DirtyRegion } from '../../app/document/region';
import { paintWaterTint, tintRectOf, waterTintImage, type WaterTint } from '../../app/water/waterTint';
import { RiverStripWidth } from '../../app/water/riverStripWidth';
import { drawnRiverLines } from '../../shared/layers/drawnRiverLines';
import { magnifiedPixelsPerVertex, magnifiedWaterTint, type MagnifiedTint, type VertexSpan } from '../../app/water/waterTintMagnified';
import { smoothMagnification, visibleSpan } from '../../app/map2d/mapMagnification';
import { worldToCanvas } from '../../app/map2d/mapTransform';
import { selectedWaterSegments, type SelectionSegments } from '../../app/water/waterSelection';
import { CASING_EXTRA_PX, OVERLAY_ACTIVE, OVERLAY_CASING } from '../../app/palette/overlayPalette';

/** The selected river's or lake's line on the panel, CSS px (the selected road's width), over the palette's casing. */
const SELECTION_LINE_PX = 2;

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
  // Magnified, the part in view (and a margin) painted k pixels a vertex with the edge inside the cells.
  const magnifiedCanvas = document.createElement('canvas');
  const magnifiedContext = magnifiedCanvas.getContext('2d');
  /** What the magnified canvas holds (its pixels are let go once drawn into it). */
  let magnified: Pick<MagnifiedTint, 'span' | 'pixelsPerVertex'> | null = null;
  // The rivers as the 3D view draws them: strips along their lines when the water layer carves along them,
  // drawn rivers' along their splines.
  const stripWidth = new RiverStripWidth();

  /** The magnified tint for the view (painted anew when the view leaves it or needs other pixels per vertex), or null. */
  const magnifiedFor = (ctx: CanvasRenderingContext2D, transform: MapViewTransform): Pick<MagnifiedTint, 'span' | 'pixelsPerVertex'> | null => {
    const doc = editor.document;
    const dpr = window.devicePixelRatio || 1;
    const device = transform.scale * dpr;
    if (!doc.water || !magnifiedContext || !smoothMagnification(device)) return null;
    const { width, depth } = doc.field;
    const across = visibleSpan(transform.offsetX, transform.scale, ctx.canvas.width / dpr, width);
    const down = visibleSpan(transform.offsetY, transform.scale, ctx.canvas.height / dpr, depth);
    if (across.end <= across.start || down.end <= down.start) return null;
    const k = magnifiedPixelsPerVertex(device, (across.end - across.start) * (down.end - down.start) * 2.25);
    if (k === 0) return null;
    const inside = (m: Pick<MagnifiedTint, 'span'>) =>
      m.span.i0 <= across.start && m.span.i1 >= across.end - 1 && m.span.j0 <= down.start && m.span.j1 >= down.end - 1;
    if (magnified && magnified.pixelsPerVertex === k && inside(magnified)) return magnified;
    const marginI = Math.ceil((across.end - across.start) / 4);
    const marginJ = Math.ceil((down.end - down.start) / 4);
    const span: VertexSpan = {
      i0: Math.max(0, across.start - marginI),
      i1: Math.min(width - 1, across.end - 1 + marginI),
      j0: Math.max(0, down.start - marginJ),
      j1: Math.min(depth - 1, down.end - 1 + marginJ),
    };
    const { selectedId } = water.model.store.getState();
    const featureOf = water.model.featureIds();
    const drawn = drawnRiverLines(doc.stack, doc.field.cellSize);
    const painted = magnifiedWaterTint(doc.field, doc.water, doc.field.heights, featureOf, selectedId, span, k, stripWidth.of(doc.stack), drawn);
    magnifiedCanvas.width = painted.width;
    magnifiedCanvas.height = painted.height;
    const data = magnifiedContext.createImageData(painted.width, painted.height);
    data.data.set(painted.rgba);
    magnifiedContext.putImageData(data, 0, 0);
    magnified = { span, pixelsPerVertex: k };
    return magnified;
  };

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
    if (dirty) magnified = null;
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
    magnified = null;
    dirty = null;
    tint = null;
    if (!doc.water || !context) return;
    tint = waterTintImage(doc.field, doc.water, doc.field.heights, featureOf(), selected);
    canvas.width = tint.width;
    canvas.height = tint.depth;
    upload(0, 0, tint.width, tint.depth);
  };

  // The selected river's centre line or lake's shore (app/water/waterSelection.ts, as the 3D view draws
  // them): read again when the selection, its ids or the document change, not on every pan.
  let selection: { key: string; segments: SelectionSegments } | null = null;
  const drawSelection = (ctx: CanvasRenderingContext2D, transform: MapViewTransform) => {
    const doc = editor.document;
    const { selectedId, featuresVersion } = water.model.store.getState();
    if (selectedId === null) return;
    const key = `${selectedId}|${featuresVersion}|${editor.store.getState().version}`;
    if (selection?.key !== key) selection = { key, segments: selectedWaterSegments(doc, water.model, stripWidth, 0) };
    const { segments } = selection;
    if (segments.length === 0) return;
    ctx.save();
    ctx.beginPath();
    for (let k = 0; k < segments.length; k += 6) {
      const a = worldToCanvas(transform, doc.field, segments[k], segments[k + 2]);
      const b = worldToCanvas(transform, doc.field, segments[k + 3], segments[k + 5]);
      ctx.moveTo(a.px, a.py);
      ctx.lineTo(b.px, b.py);
    }
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = SELECTION_LINE_PX + CASING_EXTRA_PX;
    ctx.strokeStyle = OVERLAY_CASING;
    ctx.stroke();
    ctx.lineWidth = SELECTION_LINE_PX;
    ctx.strokeStyle = OVERLAY_ACTIVE;
    ctx.stroke();
    ctx.restore();
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
      const close = magnifiedFor(ctx, transform);
      // Not magnified: the canvas's pixels are let go.
      if (!close && magnified) {
        magnified = null;
        magnifiedCanvas.width = magnifiedCanvas.height = 0;
      }
      if (close) {
        // Vertex (i, j)'s pixels cover its square [i, i + 1) × [j, j + 1) of the map's image, as below.
        const { span } = close;
        ctx.imageSmoothingEnabled = true;
        ctx.drawImage(
          magnifiedCanvas,
          transform.offsetX + span.i0 * transform.scale,
          transform.offsetY + span.j0 * transform.scale,
          (span.i1 - span.i0 + 1) * transform.scale,
          (span.j1 - span.j0 + 1) * transform.scale,
        );
        ctx.restore();
        drawSelection(ctx, transform);
        canvas2d.dataset.water = 'shown';
        return;
      }
      ctx.imageSmoothingEnabled = transform.scale < 1;
      // Pixel p covers vertices p·stride … (p + 1)·stride − 1: drawn over those vertices' pixels.
      ctx.drawImage(canvas, transform.offsetX, transform.offsetY, tint.width * tint.stride * transform.scale, tint.depth * tint.stride * transform.scale);
      ctx.restore();
      drawSelection(ctx, transform);
      canvas2d.dataset.water = 'shown';
    },
    dispose() {
      unsubscribers.forEach((off) => off());
    },
  };
}
