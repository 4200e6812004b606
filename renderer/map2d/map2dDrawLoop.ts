import type { EditorSession } from '../../app/editorSession';
import { worldToCanvas } from '../../app/map2d/mapTransform';
import type { MapMode } from '../../app/map2d/mapImage';
import { naturalLinesOf, type NaturalLines } from '../../app/view/terrainColours';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import type { RoadToolOverlay, ToolOverlay } from '../../app/tools/types';
import type { LayerStack } from '../../shared/layers/types';
import { createDriveMapLayer } from '../drive/drivability2D';
import { createMaskPreviewLayer } from '../exchange/maskPreview2D';
import { attachProps2DOverlay } from '../props/propsOverlay2D';
import { createRoadReportMapLayer } from '../roads/roadReport2D';
import { surfaceCoverSettled } from '../../app/document/surfaceCover';
import { reportDrawn } from '../readiness';
import type { Map2DView } from './map2dView';
import { createLayerView2D } from './layerView2D';
import { createWaterTint2D } from './waterTint2D';
import { RedrawScheduler } from './redrawScheduler';
import { drawRoadDress2D, drawRoadOverlay2D } from './roadOverlay2D';
import { roadGravelFill } from './roadGravel2D';
import { roadOverlay } from '../../app/roads/roadOverlay';
import { TiledHeightmapImage } from './tiledHeightmapImage';
import { drawnErosionMasks } from '../viewport/coverOverride';
import { coverFits } from '../../app/document/packedCover';
import { CASING_EXTRA_PX, OVERLAY_ACTIVE, OVERLAY_CASING } from '../../app/palette/overlayPalette';
import { shownSeaLevel } from '../../app/view/seaLook';
import { smoothMagnification } from '../../app/map2d/mapMagnification';

/**
 * What the 2D panel draws and when: the tiled heightmap image, the selected layer's contribution or
 * mask (when the panel's view asks for it), the props, drive and mask layers and
 * the tool overlay, in one animation frame per request. Redraws after a whole-map or mode change go
 * in slices between frames; "drawn" is reported once every tile in view is current.
 */
export class Map2DDrawLoop {
  private readonly image = new TiledHeightmapImage();
  private readonly props2d: ReturnType<typeof attachProps2DOverlay>;
  private readonly driveLayer: ReturnType<typeof createDriveMapLayer>;
  private readonly maskLayer: ReturnType<typeof createMaskPreviewLayer>;
  private readonly roadLayer: ReturnType<typeof createRoadReportMapLayer>;
  private readonly layerView: ReturnType<typeof createLayerView2D>;
  private readonly waterTint: ReturnType<typeof createWaterTint2D>;
  private readonly redraw: RedrawScheduler;
  private frameRequest = 0;
  private drawnVersion = -1;
  private masks: ErosionCoverBytes | null = null;

  constructor(
    private readonly session: EditorSession,
    private readonly view: Map2DView,
    private readonly canvas: HTMLCanvasElement,
    private readonly context: CanvasRenderingContext2D,
  ) {
    const requestDraw = () => this.requestDraw();
    this.props2d = attachProps2DOverlay(session, requestDraw);
    this.driveLayer = createDriveMapLayer(session, requestDraw);
    this.maskLayer = createMaskPreviewLayer(session, requestDraw);
    this.roadLayer = createRoadReportMapLayer(session, requestDraw, (px, py) => view.centreOn(session.editor.document.field, px, py));
    this.layerView = createLayerView2D(session, canvas, requestDraw);
    this.waterTint = createWaterTint2D(session, canvas, requestDraw, (x, z, radius) => view.frame(session.editor.document.field, x, z, radius));
    this.redraw = new RedrawScheduler(
      () => this.image.redrawDelay(),
      () => {
        this.image.redrawSlice(this.session.editor.document.field);
        this.requestDraw();
      },
    );
  }

  /** Draws in the next animation frame (requests coalesce). */
  requestDraw(): void {
    if (!this.frameRequest) this.frameRequest = requestAnimationFrame(() => this.draw());
  }

  /** The document changed: update the image (its changed tiles) and the view, then redraw. */
  syncDocument(): void {
    const { editor } = this.session;
    const field = editor.document.field;
    this.syncCover();
    this.image.setLines(naturalLinesOf(this.session.view.getState().settings, editor.document.stack));
    this.image.setSeaLevel(shownSeaLevel(this.session.view.getState().settings));
    this.image.update(field, editor.store.getState().lastChange, this.session.view.getState().settings.map2dMode);
    this.view.documentChanged(field);
    this.redraw.schedule();
    this.requestDraw();
  }

  setMode(mode: MapMode): void {
    this.image.setMode(mode);
    this.redraw.schedule();
  }

  /** The View's climate or tree and snow lines changed: the natural mode recolours. */
  setLines(lines: NaturalLines): void {
    this.image.setLines(lines);
    this.redraw.schedule();
  }

  /** The View's sea plane was shown, hidden or moved: the image recolours. */
  setSeaLevel(seaLevel: number | null): void {
    this.image.setSeaLevel(seaLevel);
    this.redraw.schedule();
  }

  /** The document's erosion results were set without an edit: recolour with their cover. */
  syncResults(): void {
    this.syncCover();
    this.redraw.schedule();
  }

  /** The hypsometric tint shows the erosion cover of the document's results (those of its size only). */
  private syncCover(): void {
    const { field } = this.session.editor.document;
    const erosionMasks = drawnErosionMasks(this.session.editor);
    const texels = field.width * field.depth;
    // Sized without reading the arrays: that would make packed results full (app/document/packedCover.ts).
    const usable = erosionMasks && coverFits(erosionMasks, texels) ? erosionMasks : null;
    if (usable === this.masks) return;
    this.masks = usable;
    // The results themselves, not their arrays: held packed at rest, they are made full when painted (app/document/packedCover.ts).
    this.image.setCover(usable);
  }

  /** Sizes the canvas to the panel (CSS pixels × device pixels) and draws at once. */
  resize(width: number, height: number): void {
    const { view, canvas } = this;
    view.resize(width, height, this.session.editor.document.field);
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(view.width * dpr);
    canvas.height = Math.round(view.height * dpr);
    canvas.style.width = `${view.width}px`;
    canvas.style.height = `${view.height}px`;
    this.draw();
  }

  dispose(): void {
    this.props2d.dispose();
    this.driveLayer.dispose();
    this.maskLayer.dispose();
    this.roadLayer.dispose();
    this.layerView.dispose();
    this.waterTint.dispose();
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.redraw.dispose();
  }

  private draw(): void {
    this.frameRequest = 0;
    const { view, context, canvas, image } = this;
    const { editor, tools } = this.session;
    const { width, height, transform } = view;
    const dpr = window.devicePixelRatio || 1;
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
    context.fillStyle = '#14181f';
    context.fillRect(0, 0, width, height);
    const f = editor.document.field;
    // Interpolated, not squares, up to the zoom range's last octave (app/map2d/mapMagnification.ts).
    context.imageSmoothingEnabled = smoothMagnification(transform.scale * dpr);
    context.imageSmoothingQuality = 'low';
    image.draw(context, transform, width, height);
    this.waterTint.draw(context, transform);
    this.layerView.draw(context, transform, width);
    this.props2d.draw(context, transform, f, width, height);
    // Roads are drawn as roads in every tool (the Road tool's as dragged); its centrelines and handles go on top.
    // Their gravel is the 3D view's: the climate's, textured up close, in the natural colours.
    const toolOverlay = tools.getState().overlay;
    const { settings } = this.session.view.getState();
    drawRoadDress2D(
      context,
      transform,
      f,
      toolOverlay.kind === 'road' ? toolOverlay : this.roadDress(editor.document.stack, f.cellSize),
      editor.document.stack,
      () => roadGravelFill(context, settings.climate, settings.map2dMode === 'natural', transform, f),
    );
    this.roadLayer.draw(context, transform);
    this.driveLayer.draw(context, transform);
    this.maskLayer.draw(context, transform, width);
    this.drawOverlay(tools.getState().overlay);
    // Tiles in view whose canvases are still being drawn come in the next frames (the level shows meanwhile).
    if (!image.drawComplete) this.requestDraw();
    // For tests and diagnosis: how many full-resolution tile canvases exist.
    canvas.dataset.tileCanvases = String(image.tileCanvases);
    // For tests: CSS pixels a vertex, and whether the image is drawn interpolated.
    canvas.dataset.scale = String(transform.scale);
    canvas.dataset.smooth = String(context.imageSmoothingEnabled);
    const version = editor.store.getState().version;
    // Drawn means every pixel in the current colours, not edits shown in the previous range, and
    // every tile in view at full resolution where the view asks for it, with this version's cover beside the rivers
    // (found off the thread: onRiverCover draws again).
    if (version !== this.drawnVersion && width > 0 && image.upToDate && image.drawComplete && surfaceCoverSettled(editor)) {
      this.drawnVersion = version;
      reportDrawn('2d', version, canvas);
    }
  }

  /** The roads' centrelines for the road dress, computed again only when the stack changes (not on every pan). */
  private dress: { stack: LayerStack; cellSize: number; overlay: RoadToolOverlay } | null = null;
  private roadDress(stack: LayerStack, cellSize: number): RoadToolOverlay {
    if (this.dress?.stack !== stack || this.dress.cellSize !== cellSize)
      this.dress = { stack, cellSize, overlay: roadOverlay(stack, cellSize, null, null, null) };
    return this.dress.overlay;
  }

  private drawOverlay(overlay: ToolOverlay): void {
    if (overlay.kind === 'none') return;
    if (overlay.kind === 'road') {
      drawRoadOverlay2D(this.context, this.view.transform, this.session.editor.document.field, overlay);
      return;
    }
    const ctx = this.context;
    const f = this.session.editor.document.field;
    const { transform } = this.view;
    ctx.save();
    ctx.beginPath();
    if (overlay.kind === 'brush') {
      const c = worldToCanvas(transform, f, overlay.x, overlay.z);
      ctx.arc(c.px, c.py, (overlay.radius / f.cellSize) * transform.scale, 0, Math.PI * 2);
    } else {
      const a = worldToCanvas(transform, f, overlay.x1, overlay.z1);
      const b = worldToCanvas(transform, f, overlay.x2, overlay.z2);
      ctx.moveTo(a.px, a.py);
      ctx.lineTo(b.px, b.py);
    }
    // Casing first, as every 2D overlay line (app/view/overlayPalette.ts).
    ctx.lineWidth = 1.5 + CASING_EXTRA_PX;
    ctx.strokeStyle = OVERLAY_CASING;
    ctx.stroke();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = OVERLAY_ACTIVE;
    ctx.stroke();
    ctx.restore();
  }
}
