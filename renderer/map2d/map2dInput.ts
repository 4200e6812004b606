import type { EditorSession } from '../../app/editorSession';
import { canvasToWorld } from '../../app/map2d/mapTransform';
import type { WorldPointer } from '../../app/tools/inputRouter';
import type { Map2DView } from './map2dView';

/**
 * The 2D panel's pointer and wheel input: zoom with the wheel around the cursor, pan with the
 * middle/right button (or the primary when the active tool does not take the press), and every
 * pointer event as a world hit for the input router (app/tools/inputRouter.ts), which drives the
 * hover readout and the active tool. Returns the function that removes the listeners.
 */
export function attachMap2DInput(canvas: HTMLCanvasElement, session: EditorSession, view: Map2DView, requestDraw: () => void): () => void {
  const { editor, input } = session;
  const field = () => editor.document.field;
  /** A pan in progress. */
  let panning: { x: number; y: number; pointerId: number } | null = null;

  const localPoint = (e: PointerEvent | WheelEvent) => {
    const rect = canvas.getBoundingClientRect();
    return { px: e.clientX - rect.left, py: e.clientY - rect.top };
  };

  /** The pointer event as a world hit (the router clamps a tool's gesture onto the terrain). */
  const worldPointer = (e: PointerEvent): WorldPointer => {
    const f = field();
    const { px, py } = localPoint(e);
    const hit = canvasToWorld(view.transform, f, px, py);
    return {
      source: '2d',
      hit,
      metresPerPixel: f.cellSize / view.transform.scale,
      screenX: e.clientX,
      screenY: e.clientY,
      button: e.button,
      buttons: e.buttons,
      shiftKey: e.shiftKey,
      altKey: e.altKey,
      ctrlKey: e.ctrlKey,
    };
  };

  const onPointerDown = (e: PointerEvent) => {
    if (input.down(worldPointer(e)) === 'tool') {
      canvas.setPointerCapture(e.pointerId);
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
    input.move(worldPointer(e));
    if (!panning) return;
    view.pan(e.clientX - panning.x, e.clientY - panning.y);
    panning.x = e.clientX;
    panning.y = e.clientY;
    requestDraw();
  };

  const onPointerUp = (e: PointerEvent) => {
    if (panning && panning.pointerId === e.pointerId) {
      panning = null;
      canvas.classList.remove('panning');
    }
    input.up(worldPointer(e), e.type !== 'pointerup');
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
  };

  const onPointerLeave = () => {
    input.leave();
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
