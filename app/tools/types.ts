import type { RoadParams } from '../../shared/roads/params';

/**
 * Interactive tools are small state machines (tldraw style): each keeps one explicit state (a union
 * such as the road tool's idle | drafting | dragging) and changes it only in its handlers. The views
 * translate DOM pointer input into world hits (WorldPointer) and hand them to the one input router
 * (app/tools/inputRouter.ts), which owns capture, hover, clamping and the pick radius and forwards
 * world-space events to the active tool; a tool's gesture ends with commit or explicit cancel.
 */
export interface ToolPointerEvent {
  /** World position on the exact terrain surface, metres. */
  x: number;
  z: number;
  /** heightAt(x, z). */
  y: number;
  /** Which view produced the event. */
  source: '3d' | '2d';
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  /** Metres a handle may be from the pointer and still be picked (a few screen pixels at that point); absent: the tool's default. */
  pickRadius?: number;
}

/** What views draw for the active tool. */
export type ToolOverlay =
  | { kind: 'none' }
  /** A brush outline: circle of `radius` metres around (x, z), drawn following the surface. */
  | { kind: 'brush'; x: number; z: number; radius: number }
  /** A line being dragged on the 2D panel (manual fault). */
  | { kind: 'line'; x1: number; z1: number; x2: number; z2: number }
  /** Roads: centrelines (x, z pairs) and control points; the selected road bright, the others dim (app/roads/roadOverlay.ts). */
  | RoadToolOverlay;

export interface RoadOverlayLine {
  id: string;
  selected: boolean;
  /** Centreline samples, x0, z0, x1, z1, … metres. */
  line: Float64Array;
  /** Control points, x0, z0, x1, z1, … metres. */
  points: Float64Array;
  /** Index of the highlighted control point, or null. */
  selectedPoint: number | null;
  /** The road's surface width (m) along `line`, one per sample (the views draw the surface band). */
  widths: Float64Array;
  /** The road's params as shown (the 3D view lays its surface ribbon from them); null when its centreline cannot be built. */
  params: RoadParams | null;
}

export interface RoadToolOverlay {
  kind: 'road';
  roads: RoadOverlayLine[];
  /** The first point of a road not yet made (one click so far), or null. */
  draft: { x: number; z: number } | null;
}

export interface Tool {
  readonly id: string;
  readonly label: string;
  /** When true the views do not orbit/pan on a primary-button drag; they send pointer events here. */
  readonly capturesPrimaryDrag: boolean;
  /**
   * Tools that grab only their handles: whether a primary press at `hovered` (where the pointer last
   * hovered, from the input router; null: off the terrain) grabs one (then the press is the tool's,
   * as with capturesPrimaryDrag). Anywhere else the press navigates the view, and reaches the tool
   * (onPointerDown then onPointerUp) only as a click: released without motion (app/tools/press.ts).
   */
  pressGrabs?(hovered: ToolPointerEvent | null): boolean;
  onPointerDown?(event: ToolPointerEvent): void;
  onPointerMove?(event: ToolPointerEvent): void;
  onPointerUp?(event: ToolPointerEvent): void;
  /** Hover without buttons (brush outline follows the cursor); null when the pointer left the terrain. */
  onHover?(event: ToolPointerEvent | null): void;
  /** A key pressed while the tool is active (Delete, Enter…); true when the tool used it (no command then runs). */
  onKeyDown?(key: string): boolean;
  /** Abandons whatever is in progress (Esc); leaves the document as it was before the gesture. */
  cancel(): void;
}
