import type { EditorSession } from '../../app/editorSession';
import { canvasToWorld, worldToCanvas } from '../../app/map2d/mapTransform';
import { clampToTerrain } from '../../shared/terrain/heightfield';
import type { ToolOverlay, ToolPointerEvent } from '../../app/tools/types';
import { heightAt } from '../../shared/terrain/surface';
import { createDriveMapLayer } from '../drive/drivability2D';
import { createMaskPreviewLayer } from '../exchange/maskPreview2D';
import { TiledHeightmapImage } from './tiledHeightmapImage';
import { attachProps2DOverlay } from '../props/propsOverlay2D';
import { reportDrawn } from '../readiness';
import { Map2DView } from './map2dView';
import { RedrawScheduler } from './redrawScheduler';

/**
 * The 2D heightmap panel's behaviour, outside React: one image pixel per vertex, row 0 (smallest z)
 * at the top, zoom with the wheel around the cursor, pan with the middle/right button (or primary
 * when no tool paints), tool gestures and hover, and the drawing of the image tiles and overlays.
 * `attach` takes over a canvas (sized to its parent); `dispose` lets it go.
 */
export class Map2DController {
  private readonly view = new Map2DView();
  private readonly cleanups: Array<() => void> = [];
  private frameRequest = 0;
  private drawnVersion = -1;
  private panning: { x: number; y: number; pointerId: number } | null = null;
  private toolGesture = false;

  constructor(private readonly session: EditorSession) {}

  /** False when the canvas has no parent or no 2D context (nothing is attached then). */
  attach(canvas: HTMLCanvasElement): boolean {
    const container = canvas.parentElement;
    const context = canvas.getContext('2d');
    if (!container || !context) return false;
    const { session, view } = this;
    const { editor, tools, hover } = session;
    const image = new TiledHeightmapImage();
    const field = () => editor.document.field;

    const requestDraw = () => {
      if (!this.frameRequest) this.frameRequest = requestAnimationFrame(draw);
    };
    const props2d = attachProps2DOverlay(session, requestDraw);
    const driveLayer = createDriveMapLayer(session, requestDraw);
    const maskLayer = createMaskPreviewLayer(session, requestDraw);
    const redraw = new RedrawScheduler(
      () => image.redrawDelay(),
      () => {
        image.redrawSlice(field());
        requestDraw();
      },
    );

    const draw = () => {
      this.frameRequest = 0;
      const { width, height, transform } = view;
      const dpr = window.devicePixelRatio || 1;
      context.setTransform(dpr, 0, 0, dpr, 0, 0);
      context.fillStyle = '#14181f';
      context.fillRect(0, 0, width, height);
      const f = field();
      context.imageSmoothingEnabled = transform.scale < 1;
      image.draw(context, transform, width, height);
      props2d.draw(context, transform, f, width, height);
      driveLayer.draw(context, transform);
      maskLayer.draw(context, transform, width);
      this.drawOverlay(context, tools.getState().overlay);
      // Tiles in view whose canvases are still being drawn come in the next frames (the level shows meanwhile).
      if (!image.drawComplete) requestDraw();
      // For tests and diagnosis: how many full-resolution tile canvases exist.
      canvas.dataset.tileCanvases = String(image.tileCanvases);
      const version = editor.store.getState().version;
      // Drawn means every pixel in the current colours, not edits shown in the previous range, and
      // every tile in view at full resolution where the view asks for it.
      if (version !== this.drawnVersion && width > 0 && image.upToDate && image.drawComplete) {
        this.drawnVersion = version;
        reportDrawn('2d', version, canvas);
      }
    };

    const syncDocument = () => {
      const f = field();
      image.update(f, editor.store.getState().lastChange, session.view.getState().settings.map2dMode);
      view.documentChanged(f);
      redraw.schedule();
      requestDraw();
    };

    const resize = () => {
      const rect = container.getBoundingClientRect();
      view.resize(rect.width, rect.height, field());
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(view.width * dpr);
      canvas.height = Math.round(view.height * dpr);
      canvas.style.width = `${view.width}px`;
      canvas.style.height = `${view.height}px`;
      draw();
    };

    const localPoint = (e: PointerEvent | WheelEvent) => {
      const rect = canvas.getBoundingClientRect();
      return { px: e.clientX - rect.left, py: e.clientY - rect.top };
    };

    /** The tool event under the pointer; during a gesture, clamped onto the terrain. */
    const toolEvent = (e: PointerEvent, clamp: boolean): ToolPointerEvent | null => {
      const f = field();
      const { px, py } = localPoint(e);
      let { x, z } = canvasToWorld(view.transform, f, px, py);
      if (clamp) ({ x, z } = clampToTerrain(f, x, z));
      const y = heightAt(f, x, z);
      if (Number.isNaN(y)) return null;
      return { x, z, y, source: '2d', shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey };
    };

    const onPointerDown = (e: PointerEvent) => {
      const tool = tools.getState().active;
      const primaryToTool = e.button === 0 && tool?.capturesPrimaryDrag;
      if (primaryToTool && tool) {
        const event = toolEvent(e, false);
        if (!event) return;
        this.toolGesture = true;
        canvas.setPointerCapture(e.pointerId);
        tool.onPointerDown?.(event);
        return;
      }
      if (e.button === 0 || e.button === 1 || e.button === 2) {
        e.preventDefault();
        this.panning = { x: e.clientX, y: e.clientY, pointerId: e.pointerId };
        canvas.setPointerCapture(e.pointerId);
        canvas.classList.add('panning');
      }
    };

    const onPointerMove = (e: PointerEvent) => {
      const f = field();
      const { px, py } = localPoint(e);
      const { x, z } = canvasToWorld(view.transform, f, px, py);
      const h = heightAt(f, x, z);
      hover.setState({ hover: Number.isNaN(h) ? null : { x, z, h, source: '2d' } });
      if (this.panning) {
        view.pan(e.clientX - this.panning.x, e.clientY - this.panning.y);
        this.panning = { ...this.panning, x: e.clientX, y: e.clientY };
        requestDraw();
        return;
      }
      const tool = tools.getState().active;
      if (!tool) return;
      if (this.toolGesture) {
        const event = toolEvent(e, true);
        if (event) tool.onPointerMove?.(event);
      } else {
        tool.onHover?.(toolEvent(e, false));
      }
    };

    const onPointerUp = (e: PointerEvent) => {
      if (this.panning && this.panning.pointerId === e.pointerId) {
        this.panning = null;
        canvas.classList.remove('panning');
      }
      if (this.toolGesture && e.button === 0) {
        this.toolGesture = false;
        const event = toolEvent(e, true);
        if (event) tools.getState().active?.onPointerUp?.(event);
      }
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    };

    const onPointerLeave = () => {
      hover.setState({ hover: null });
      if (!this.toolGesture) tools.getState().active?.onHover?.(null);
    };

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { px, py } = localPoint(e);
      view.wheelZoom(px, py, e.deltaY);
      requestDraw();
    };

    const onContextMenu = (e: Event) => e.preventDefault();

    const observer = new ResizeObserver(resize);
    observer.observe(container);
    syncDocument();
    resize();

    const listeners: Array<[string, EventListener, AddEventListenerOptions?]> = [
      ['pointerdown', onPointerDown as EventListener],
      ['pointermove', onPointerMove as EventListener],
      ['pointerup', onPointerUp as EventListener],
      ['pointercancel', onPointerUp as EventListener],
      ['pointerleave', onPointerLeave],
      ['wheel', onWheel as EventListener, { passive: false }],
      ['contextmenu', onContextMenu],
    ];
    for (const [type, listener, options] of listeners) canvas.addEventListener(type, listener, options);
    const unsubscribers = [
      editor.store.subscribe((s, prev) => {
        if (s.version !== prev.version) syncDocument();
      }),
      session.view.subscribe((s, prev) => {
        if (s.settings.map2dMode !== prev.settings.map2dMode) {
          image.setMode(s.settings.map2dMode);
          redraw.schedule();
        }
      }),
      session.viewEvents.resetCamera.on(() => {
        view.refit(field());
        requestDraw();
      }),
      tools.subscribe((s, prev) => {
        if (s.overlay !== prev.overlay) requestDraw();
      }),
    ];
    this.cleanups.push(() => {
      observer.disconnect();
      props2d.dispose();
      driveLayer.dispose();
      maskLayer.dispose();
      if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
      redraw.dispose();
      unsubscribers.forEach((u) => u());
      for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
    });
    return true;
  }

  dispose(): void {
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
  }

  private drawOverlay(ctx: CanvasRenderingContext2D, overlay: ToolOverlay): void {
    if (overlay.kind === 'none') return;
    const f = this.session.editor.document.field;
    const { transform } = this.view;
    ctx.save();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffe066';
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
    ctx.stroke();
    ctx.restore();
  }
}
