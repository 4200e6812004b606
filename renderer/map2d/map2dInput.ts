import type { EditorSession } from '../../app/editorSession';
import { canvasToWorld } from '../../app/map2d/mapTransform';
import type { ToolPointerEvent } from '../../app/tools/types';
import { PressTravel, toolTakesPress } from '../../app/tools/press';
import { clampToTerrain } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import type { Map2DView } from './map2dView';

/** Screen pixels within which a tool picks a handle. */
const PICK_PX = 8;

/**
 * The 2D panel's pointer and wheel input: zoom with the wheel around the cursor, pan with the
 * middle/right button (or primary when no tool paints), tool gestures (clamped onto the terrain
 * while one runs) and hover. Returns the function that removes the listeners.
 */
export function attachMap2DInput(canvas: HTMLCanvasElement, session: EditorSession, view: Map2DView, requestDraw: () => void): () => void {
  const { editor, tools, hover } = session;
  const field = () => editor.document.field;
  /** A pan in progress; `click`: a primary press a handle-grabbing tool hears of if it stays put. */
  let panning: { x: number; y: number; pointerId: number; click: PressTravel | null } | null = null;
  let toolGesture = false;

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
    // Handles are picked within a few screen pixels, whatever the zoom.
    const pickRadius = (PICK_PX / view.transform.scale) * f.cellSize;
    return { x, z, y, source: '2d', shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey, pickRadius };
  };

  const onPointerDown = (e: PointerEvent) => {
    const tool = tools.getState().active;
    const primaryToTool = e.button === 0 && toolTakesPress(tool, e.altKey);
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
      const click = e.button === 0 && tool?.pressGrabs ? new PressTravel(e.clientX, e.clientY) : null;
      panning = { x: e.clientX, y: e.clientY, pointerId: e.pointerId, click };
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
    if (panning) {
      panning.click?.moveTo(e.clientX, e.clientY);
      view.pan(e.clientX - panning.x, e.clientY - panning.y);
      panning.x = e.clientX;
      panning.y = e.clientY;
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
      const { click } = panning;
      panning = null;
      canvas.classList.remove('panning');
      // A press off the tool's handles that stayed put is its click (add, insert, select).
      const tool = tools.getState().active;
      if (click?.isClickAt(e.clientX, e.clientY) && tool && e.type === 'pointerup') {
        const event = toolEvent(e, false);
        if (event) {
          tool.onPointerDown?.(event);
          tool.onPointerUp?.(event);
        }
      }
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
    view.wheelZoom(px, py, e.deltaY);
    requestDraw();
  };

  const onContextMenu = (e: Event) => e.preventDefault();

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
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
  };
}
