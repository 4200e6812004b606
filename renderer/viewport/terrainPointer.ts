import type { ThreeEvent } from '@react-three/fiber';
import type { EditorSession } from '../../app/editorSession';
import type { WorldPointer } from '../../app/tools/inputRouter';

/** Metres one screen pixel spans at the hit point (perspective: distance × the view's height per pixel). */
function metresPerPixelAt(e: ThreeEvent<PointerEvent>): number | undefined {
  const camera = e.camera as { fov?: number };
  const element = e.nativeEvent.target;
  const pixels = element instanceof HTMLElement ? element.clientHeight : 0;
  if (typeof camera.fov !== 'number' || pixels <= 0 || !(e.distance > 0)) return undefined;
  return (2 * e.distance * Math.tan((camera.fov * Math.PI) / 360)) / pixels;
}

/** The 3D view's pointer event as a world hit on the terrain surface. */
function worldPointer(e: ThreeEvent<PointerEvent>): WorldPointer {
  const metresPerPixel = metresPerPixelAt(e);
  return {
    source: '3d',
    hit: { x: e.point.x, z: e.point.z },
    ...(metresPerPixel !== undefined ? { metresPerPixel } : {}),
    screenX: e.nativeEvent.clientX,
    screenY: e.nativeEvent.clientY,
    button: e.button,
    buttons: e.buttons,
    shiftKey: e.shiftKey,
    altKey: e.altKey,
    ctrlKey: e.ctrlKey,
  };
}

export interface TerrainPointerHandlers {
  onPointerMove(e: ThreeEvent<PointerEvent>): void;
  onPointerDown(e: ThreeEvent<PointerEvent>): void;
  onPointerUp(e: ThreeEvent<PointerEvent>): void;
  onPointerOut(): void;
}

/**
 * Pointer handling shared by every terrain surface (full mesh or LOD): each event becomes a world
 * hit for the input router (app/tools/inputRouter.ts), which drives the hover readout and the active
 * tool. A press the router gives the tool is captured here, and does not reach the orbit control.
 */
export function terrainPointerHandlers({ input }: Pick<EditorSession, 'input'>): TerrainPointerHandlers {
  return {
    onPointerMove(e) {
      input.move(worldPointer(e));
    },
    onPointerDown(e) {
      if (input.down(worldPointer(e)) !== 'tool') return;
      e.stopPropagation();
      (e.target as Element).setPointerCapture(e.pointerId);
    },
    onPointerUp(e) {
      input.up(worldPointer(e));
    },
    onPointerOut() {
      input.leave();
    },
  };
}
