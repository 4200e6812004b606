import { useEffect, useRef } from 'react';
import { heightAt } from '../../shared/terrain/surface';
import type { ToolOverlay, ToolPointerEvent } from '../../app/tools/types';
import {
  canvasToWorld,
  clampToTerrain,
  fitMapView,
  panMapView,
  worldToCanvas,
  zoomMapView,
  type MapViewTransform,
} from '../../app/mapView';
import { useSession } from '../session';
import { reportDrawn } from '../readiness';
import { backgroundTask } from '../backgroundTask';
import { TiledHeightmapImage } from '../lod/map2dTiles';
import { createDriveMapLayer } from '../drive/drivability2D';
import { attachProps2DOverlay } from '../props/propsOverlay2D';
import { createMaskPreviewLayer } from '../exchange/maskPreview2D';

/**
 * The 2D heightmap panel: one image pixel per vertex, row 0 (smallest z) at the top, zoom with the
 * wheel around the cursor, pan with the middle/right button (or primary when no tool paints).
 * All drawing is imperative; nothing here goes through React state.
 */
export function Map2D() {
  const session = useSession();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const container = canvas?.parentElement;
    const context = canvas?.getContext('2d');
    if (!canvas || !container || !context) return;
    const { editor, view, tools, hover } = session;
    const image = new TiledHeightmapImage();
    let transform: MapViewTransform = { scale: 1, offsetX: 0, offsetY: 0 };
    // Until the user zooms or pans, the map follows the panel size.
    let autoFit = true;
    let cssWidth = 0;
    let cssHeight = 0;
    let frameRequest = 0;
    let redrawTimer = 0;
    /** 1 while a redraw slice is queued. */
    let redrawQueued = 0;
    let drawnVersion = -1;
    let dims = '';

    const field = () => editor.document.field;

    const draw = () => {
      frameRequest = 0;
      const dpr = window.devicePixelRatio || 1;
      context.setTransform(dpr, 0, 0, dpr, 0, 0);
      context.fillStyle = '#14181f';
      context.fillRect(0, 0, cssWidth, cssHeight);
      const f = field();
      context.imageSmoothingEnabled = transform.scale < 1;
      image.draw(context, transform, cssWidth, cssHeight);
      props2d.draw(context, transform, f, cssWidth, cssHeight);
      driveLayer.draw(context, transform);
      maskLayer.draw(context, transform, cssWidth);
      drawOverlay(context, tools.getState().overlay);
      // Tiles in view whose canvases are still being drawn come in the next frames (the level shows meanwhile).
      if (!image.drawComplete) requestDraw();
      // For tests and diagnosis: how many full-resolution tile canvases exist.
      canvas.dataset.tileCanvases = String(image.tileCanvases);
      const version = editor.store.getState().version;
      // Drawn means every pixel in the current colours, not edits shown in the previous range, and
      // every tile in view at full resolution where the view asks for it.
      if (version !== drawnVersion && cssWidth > 0 && image.upToDate && image.drawComplete) {
        drawnVersion = version;
        reportDrawn('2d', version, canvas);
      }
    };
    const requestDraw = () => {
      if (!frameRequest) frameRequest = requestAnimationFrame(draw);
    };
    /**
     * After a whole-map change: redraw in slices at once; after a height-range or mode change: once
     * changes have paused. Each slice does at most about 8 ms of pixel work.
     */
    const scheduleRedraw = () => {
      if (redrawQueued) return;
      const delay = image.redrawDelay();
      // A whole-map change does not wait for a recolour's pause.
      if (redrawTimer && delay === 0) {
        window.clearTimeout(redrawTimer);
        redrawTimer = 0;
      }
      if (redrawTimer) return;
      if (delay === null) return;
      if (delay > 0) {
        redrawTimer = window.setTimeout(() => {
          redrawTimer = 0;
          scheduleRedraw();
        }, delay);
        return;
      }
      // Slices run as tasks of their own, not one per animation frame: frames can be slow (software
      // rendering, a busy 3D view) and the redraw would crawl; input and frames still come between.
      redrawQueued = 1;
      redrawTask.schedule();
    };
    const redrawTask = backgroundTask(() => {
      redrawQueued = 0;
      image.redrawSlice(field());
      requestDraw();
      scheduleRedraw();
    });
    const props2d = attachProps2DOverlay(session, requestDraw);
    const driveLayer = createDriveMapLayer(session, requestDraw);
    const maskLayer = createMaskPreviewLayer(session, requestDraw);

    const drawOverlay = (ctx: CanvasRenderingContext2D, overlay: ToolOverlay) => {
      if (overlay.kind === 'none') return;
      const f = field();
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
    };

    const refit = () => {
      transform = fitMapView(field(), cssWidth, cssHeight);
      autoFit = true;
    };

    const syncDocument = () => {
      const f = field();
      const { lastChange } = editor.store.getState();
      const nextDims = `${f.width}x${f.depth}@${f.cellSize}`;
      image.update(f, lastChange, view.getState().settings.map2dMode);
      if (nextDims !== dims) {
        dims = nextDims;
        refit();
      }
      scheduleRedraw();
      requestDraw();
    };

    const resize = () => {
      const rect = container.getBoundingClientRect();
      cssWidth = Math.max(1, Math.floor(rect.width));
      cssHeight = Math.max(1, Math.floor(rect.height));
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(cssWidth * dpr);
      canvas.height = Math.round(cssHeight * dpr);
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${cssHeight}px`;
      if (autoFit) refit();
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
      let { x, z } = canvasToWorld(transform, f, px, py);
      if (clamp) ({ x, z } = clampToTerrain(f, x, z));
      const y = heightAt(f, x, z);
      if (Number.isNaN(y)) return null;
      return { x, z, y, source: '2d', shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey };
    };

    let panning: { x: number; y: number; pointerId: number } | null = null;
    let toolGesture = false;

    const onPointerDown = (e: PointerEvent) => {
      const tool = tools.getState().active;
      const primaryToTool = e.button === 0 && tool?.capturesPrimaryDrag;
      if (primaryToTool && tool) {
        const event = toolEvent(e, false);
        if (!event) return;
        toolGesture = true;
        canvas.setPointerCapture(e.pointerId);
        tool.onPointerDown?.(event);
        return;
      }
      if (e.button === 0 || e.button === 1 || e.button === 2) {
        e.preventDefault();
        panning = { x: e.clientX, y: e.clientY, pointerId: e.pointerId };
        canvas.setPointerCapture(e.pointerId);
        canvas.classList.add('panning');
      }
    };

    const onPointerMove = (e: PointerEvent) => {
      const f = field();
      const { px, py } = localPoint(e);
      const { x, z } = canvasToWorld(transform, f, px, py);
      const h = heightAt(f, x, z);
      hover.setState({ hover: Number.isNaN(h) ? null : { x, z, h, source: '2d' } });
      if (panning) {
        transform = panMapView(transform, e.clientX - panning.x, e.clientY - panning.y);
        panning = { ...panning, x: e.clientX, y: e.clientY };
        autoFit = false;
        requestDraw();
        return;
      }
      const tool = tools.getState().active;
      if (!tool) return;
      if (toolGesture) {
        const event = toolEvent(e, true);
        if (event) tool.onPointerMove?.(event);
      } else {
        tool.onHover?.(toolEvent(e, false));
      }
    };

    const onPointerUp = (e: PointerEvent) => {
      if (panning && panning.pointerId === e.pointerId) {
        panning = null;
        canvas.classList.remove('panning');
      }
      if (toolGesture && e.button === 0) {
        toolGesture = false;
        const event = toolEvent(e, true);
        if (event) tools.getState().active?.onPointerUp?.(event);
      }
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    };

    const onPointerLeave = () => {
      hover.setState({ hover: null });
      if (!toolGesture) tools.getState().active?.onHover?.(null);
    };

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const { px, py } = localPoint(e);
      transform = zoomMapView(transform, px, py, Math.exp(-e.deltaY * 0.0015));
      autoFit = false;
      requestDraw();
    };

    const onContextMenu = (e: Event) => e.preventDefault();

    const observer = new ResizeObserver(resize);
    observer.observe(container);
    syncDocument();
    resize();

    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointermove', onPointerMove);
    canvas.addEventListener('pointerup', onPointerUp);
    canvas.addEventListener('pointercancel', onPointerUp);
    canvas.addEventListener('pointerleave', onPointerLeave);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    canvas.addEventListener('contextmenu', onContextMenu);
    const unsubscribers = [
      editor.store.subscribe((s, prev) => {
        if (s.version !== prev.version) syncDocument();
      }),
      view.subscribe((s, prev) => {
        if (s.settings.map2dMode !== prev.settings.map2dMode) {
          image.setMode(s.settings.map2dMode);
          scheduleRedraw();
        }
        if (s.cameraResetToken !== prev.cameraResetToken) {
          refit();
          requestDraw();
        }
      }),
      tools.subscribe((s, prev) => {
        if (s.overlay !== prev.overlay) requestDraw();
      }),
    ];
    return () => {
      observer.disconnect();
      props2d.dispose();
      driveLayer.dispose();
      maskLayer.dispose();
      if (frameRequest) cancelAnimationFrame(frameRequest);
      redrawTask.dispose();
      if (redrawTimer) window.clearTimeout(redrawTimer);
      unsubscribers.forEach((u) => u());
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('pointercancel', onPointerUp);
      canvas.removeEventListener('pointerleave', onPointerLeave);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('contextmenu', onContextMenu);
    };
  }, [session]);

  return (
    <div className="map-2d">
      <canvas ref={canvasRef} data-testid="map-2d" />
    </div>
  );
}
