import type { Tool, ToolPointerEvent } from './types';

/**
 * Click or drag: a primary press that the active tool does not grab navigates the view (orbit), and
 * counts as a click for the tool only when it is released without motion. A hand never holds the
 * mouse perfectly still, so "without motion" allows a few pixels of travel.
 */

/** Screen pixels a press may travel (at most, from where it went down) and still be a click. */
export const CLICK_SLOP_PX = 4;

export class PressTravel {
  private readonly x0: number;
  private readonly y0: number;
  private farthest = 0;

  constructor(x: number, y: number) {
    this.x0 = x;
    this.y0 = y;
  }

  /** Records a pointer position (screen pixels) while the button is held. */
  moveTo(x: number, y: number): void {
    this.farthest = Math.max(this.farthest, Math.hypot(x - this.x0, y - this.y0));
  }

  /** True when the press, released at (x, y), never went farther than CLICK_SLOP_PX: a click. */
  isClickAt(x: number, y: number): boolean {
    this.moveTo(x, y);
    return this.farthest <= CLICK_SLOP_PX;
  }
}

/**
 * Whether a primary press (now, with these modifier keys) belongs to the tool rather than to the
 * view's navigation: a handle the tool grabs, or any press of a painting tool except with Alt (Alt+left
 * drag always orbits), `hovered` being where the pointer last hovered. The input router asks this
 * (InputRouter.takesPress: the 3D view's OrbitRig, before the press reaches the terrain).
 */
export function toolTakesPress(tool: Tool | null, altKey: boolean, hovered: ToolPointerEvent | null = null): boolean {
  if (!tool) return false;
  if (tool.pressGrabs) return tool.pressGrabs(hovered);
  return tool.capturesPrimaryDrag && !altKey;
}
