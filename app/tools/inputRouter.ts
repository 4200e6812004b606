import { clampToTerrain } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import type { Editor } from '../document/editor';
import type { HoverStore } from '../view/viewStore';
import { PressTravel, toolTakesPress } from './press';
import type { ToolStore } from './toolStore';
import type { Tool, ToolPointerEvent } from './types';

/** Screen pixels within which a tool picks a handle, in either view. */
export const PICK_PX = 10;

/**
 * One pointer event as a view saw it, translated to the world: where it hit the terrain and which
 * buttons and keys were down. The views make these (renderer/viewport/terrainPointer.ts,
 * renderer/map2d/map2dInput.ts) and do nothing else with a tool.
 */
export interface WorldPointer {
  source: '3d' | '2d';
  /** The world point under the pointer (metres), or null when the pointer is off the terrain. */
  hit: { x: number; z: number } | null;
  /** Metres one screen pixel spans at the hit (the pick radius is PICK_PX of them); absent: the tool's default radius. */
  metresPerPixel?: number;
  /** Screen position (pixels): a click is a press that did not travel. */
  screenX: number;
  screenY: number;
  /** The button that changed (down/up), as DOM PointerEvent.button. */
  button: number;
  /** The buttons held, as DOM PointerEvent.buttons. */
  buttons: number;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
}

/** Who a primary press belongs to: the tool (the view captures the pointer for it), or the view's navigation. */
export type PressOwner = 'tool' | 'view';

/**
 * The one input router between both views and the active tool: it turns world hits into tool events
 * (with the exact height and one pick radius), keeps the hover readout and the tool's hover, decides
 * whether a primary press is the tool's (a stroke, a handle) or the view's (orbit, pan), routes the
 * tool's gesture to it — clamped onto the terrain in both views — and gives a tool that grabs only
 * its handles a press that navigated only as a click without motion (app/tools/press.ts).
 */
export class InputRouter {
  /** The primary press in progress: the tool's (a gesture it owns) or the view's (a click if it stays put). */
  private press: { tool: Tool; owned: boolean; travel: PressTravel } | null = null;
  /** Where the pointer last hovered over the terrain (a tool that grabs handles decides a press there). */
  private hovered: ToolPointerEvent | null = null;

  constructor(
    private readonly editor: Editor,
    private readonly tools: ToolStore,
    private readonly hover: HoverStore,
  ) {}

  /** Whether a primary press now (with Alt or not) is the active tool's: the 3D view asks before its orbit control sees it. */
  takesPress(altKey: boolean): boolean {
    return toolTakesPress(this.tools.getState().active, altKey, this.hovered);
  }

  /** Whether the active tool owns the press in progress (its gesture: the view does not navigate). */
  get capturing(): boolean {
    return this.press?.owned ?? false;
  }

  /** A button went down. 'tool': the view captures the pointer and does not navigate; 'view': it navigates. */
  down(input: WorldPointer): PressOwner {
    const tool = this.tools.getState().active;
    this.press = null;
    if (!tool || input.button !== 0) return 'view';
    const owned = toolTakesPress(tool, input.altKey, this.hovered);
    const event = this.toolEvent(input, false);
    if (!owned) {
      this.press = { tool, owned, travel: new PressTravel(input.screenX, input.screenY) };
      return 'view';
    }
    // The tool's press off the terrain: nobody's (the view does not navigate either).
    if (!event) return 'tool';
    this.press = { tool, owned, travel: new PressTravel(input.screenX, input.screenY) };
    tool.onPointerDown?.(event);
    return 'tool';
  }

  /** The pointer moved: the hover readout, then the tool's gesture (clamped onto the terrain) or its hover. */
  move(input: WorldPointer): void {
    const hovered = this.toolEvent(input, false);
    this.hovered = hovered;
    this.hover.setState({ hover: hovered ? { x: hovered.x, z: hovered.z, h: hovered.y, source: input.source } : null });
    const press = this.press;
    const primary = (input.buttons & 1) !== 0;
    if (press && primary) press.travel.moveTo(input.screenX, input.screenY);
    const tool = this.tools.getState().active;
    if (!tool) return;
    if (press?.owned && primary && press.tool === tool) {
      const event = this.toolEvent(input, true);
      if (event) tool.onPointerMove?.(event);
    } else if (!primary) tool.onHover?.(hovered);
  }

  /** A button went up (`cancelled`: the pointer was taken away, pointercancel: never a click). */
  up(input: WorldPointer, cancelled = false): void {
    const tool = this.tools.getState().active;
    const current = this.press;
    if (input.button !== 0) return;
    this.press = null;
    if (!tool || !current || current.tool !== tool) return;
    if (current.owned) {
      const event = this.toolEvent(input, true);
      if (event) tool.onPointerUp?.(event);
      return;
    }
    // The view navigated; a tool that grabs handles hears of the press only if it was a click.
    if (cancelled || !tool.pressGrabs || !current.travel.isClickAt(input.screenX, input.screenY)) return;
    const event = this.toolEvent(input, false);
    if (!event) return;
    tool.onPointerDown?.(event);
    tool.onPointerUp?.(event);
  }

  /** The pointer left the view: no hover (the tool's gesture, if any, goes on). */
  leave(): void {
    this.hover.setState({ hover: null });
    this.hovered = null;
    if (!this.capturing) this.tools.getState().active?.onHover?.(null);
  }

  /** The tool event for a hit: the exact height, the pick radius; `clamp`: onto the terrain (a gesture). */
  private toolEvent(input: WorldPointer, clamp: boolean): ToolPointerEvent | null {
    if (!input.hit) return null;
    const field = this.editor.document.field;
    let { x, z } = input.hit;
    if (clamp) ({ x, z } = clampToTerrain(field, x, z));
    const y = heightAt(field, x, z);
    if (Number.isNaN(y)) return null;
    const event: ToolPointerEvent = { x, z, y, source: input.source, shiftKey: input.shiftKey, altKey: input.altKey, ctrlKey: input.ctrlKey };
    if (input.metresPerPixel !== undefined && input.metresPerPixel > 0) event.pickRadius = PICK_PX * input.metresPerPixel;
    return event;
  }
}
