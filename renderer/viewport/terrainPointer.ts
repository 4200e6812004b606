import type { ThreeEvent } from '@react-three/fiber';
import { heightAt } from '../../shared/terrain/surface';
import type { ToolPointerEvent } from '../../app/tools/types';
import type { EditorSession } from '../../app/editorSession';
import { PressTravel, toolTakesPress } from '../../app/tools/press';
import type { Tool } from '../../app/tools/types';

/** Screen pixels within which a tool picks a handle. */
const PICK_PX = 10;

/** Metres that PICK_PX span at the hit point (perspective: distance × the view's height per pixel). */
function pickRadiusAt(e: ThreeEvent<PointerEvent>): number | undefined {
  const camera = e.camera as { fov?: number };
  const element = e.nativeEvent.target;
  const pixels = element instanceof HTMLElement ? element.clientHeight : 0;
  if (typeof camera.fov !== 'number' || pixels <= 0 || !(e.distance > 0)) return undefined;
  return (2 * e.distance * Math.tan((camera.fov * Math.PI) / 360) * PICK_PX) / pixels;
}

export interface TerrainPointerHandlers {
  onPointerMove(e: ThreeEvent<PointerEvent>): void;
  onPointerDown(e: ThreeEvent<PointerEvent>): void;
  onPointerUp(e: ThreeEvent<PointerEvent>): void;
  onPointerOut(): void;
}

/**
 * Pointer handling shared by every terrain surface (full mesh or LOD): the hit point's x/z with the
 * exact heightAt drive the hover readout and the active tool. A press the tool does not take
 * navigates (OrbitRig) and reaches a tool that grabs handles only as a click without motion.
 */
export function terrainPointerHandlers({ editor, hover, tools }: Pick<EditorSession, 'editor' | 'hover' | 'tools'>): TerrainPointerHandlers {
  const toolEvent = (e: ThreeEvent<PointerEvent>): ToolPointerEvent | null => {
    const { x, z } = e.point;
    const y = heightAt(editor.document.field, x, z);
    if (Number.isNaN(y)) return null;
    return { x, z, y, source: '3d', shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey, pickRadius: pickRadiusAt(e) };
  };
  /** The primary press in progress: the tool's (a drag it owns), or the view's (a click if it stays put). */
  let press: { tool: Tool; owned: boolean; travel: PressTravel } | null = null;
  return {
    onPointerMove(e) {
      const event = toolEvent(e);
      hover.setState({ hover: event ? { x: event.x, z: event.z, h: event.y, source: '3d' } : null });
      const tool = tools.getState().active;
      if (press && e.buttons & 1) press.travel.moveTo(e.nativeEvent.clientX, e.nativeEvent.clientY);
      if (!tool || !event) return;
      if (e.buttons & 1 && press?.owned && press.tool === tool) tool.onPointerMove?.(event);
      else if (!(e.buttons & 1)) tool.onHover?.(event);
    },
    onPointerDown(e) {
      const tool = tools.getState().active;
      const event = toolEvent(e);
      press = null;
      if (!tool || !event || e.button !== 0 || !tool.capturesPrimaryDrag) return;
      const owned = toolTakesPress(tool, e.altKey);
      press = { tool, owned, travel: new PressTravel(e.nativeEvent.clientX, e.nativeEvent.clientY) };
      if (!owned) return;
      e.stopPropagation();
      (e.target as Element).setPointerCapture(e.pointerId);
      tool.onPointerDown?.(event);
    },
    onPointerUp(e) {
      const tool = tools.getState().active;
      const event = toolEvent(e);
      const current = press;
      press = null;
      if (!tool || !event || e.button !== 0 || !current || current.tool !== tool) return;
      if (current.owned) {
        tool.onPointerUp?.(event);
        return;
      }
      // The view navigated; a tool that grabs handles hears of the press only if it was a click.
      if (tool.pressGrabs && current.travel.isClickAt(e.nativeEvent.clientX, e.nativeEvent.clientY)) {
        tool.onPointerDown?.(event);
        tool.onPointerUp?.(event);
      }
    },
    onPointerOut() {
      hover.setState({ hover: null });
      tools.getState().active?.onHover?.(null);
    },
  };
}
