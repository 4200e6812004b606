/**
 * A control point dragged live (a road's, a river's: the kind comes in as a SplineDragKind), as a local
 * edit (TerrainJobs.beginLocalEdit): each step evaluates the layer over the union of where the spline
 * was and is and writes that rectangle into the document's heights as a preview (both views redraw it;
 * the document's version does not move); nothing enters the history until the gesture ends, when
 * `finish` gives what applyStack records as one undo entry — the heights as the last step left them,
 * evaluated nowhere again. Cancel puts the heights back as they were.
 */
import { roadKind } from '../../shared/layers/kinds/road';
import { roadValuesProblem } from '../../shared/roads/params';
import type { Layer, LayerSize, Rect, RoadLayer } from '../../shared/layers/types';
import type { SplineDragKind, SplineLayer } from './splineKind';
import type { Editor } from '../document/editor';
import type { LocalEdit } from '../jobs/localEdit';
import type { ApplyStackOptions, TerrainJobs } from '../jobs/terrainJobs';

export const unionRect = (a: Rect | null, b: Rect | null): Rect | null =>
  !a ? b : !b ? a : { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };

/**
 * What would stop a road being shown while dragged: its values, two points in one place, a point off
 * the map. The costlier checks of the whole centreline (leaving the map between points, crossing
 * itself) run once, when the drag is recorded (roadKind.problem).
 */
export function cannotPreview(road: RoadLayer, size: LayerSize): boolean {
  return roadValuesProblem(road.params) !== null || pointsProblem(road.params.points, size);
}

/** A control point off the map or on the one before it (any spline's). */
export function pointsProblem(points: readonly { x: number; z: number }[], size: LayerSize): boolean {
  const hx = ((size.width - 1) / 2) * size.cellSize;
  const hz = ((size.depth - 1) / 2) * size.cellSize;
  for (let k = 0; k < points.length; k++) {
    if (Math.abs(points[k].x) > hx || Math.abs(points[k].z) > hz) return true;
    if (k > 0 && Math.hypot(points[k].x - points[k - 1].x, points[k].z - points[k - 1].z) < 0.01) return true;
  }
  return false;
}

export class SplineDrag<L extends SplineLayer> {
  readonly index: number;
  readonly original: L;
  /** The spline as last shown (the evaluator's layer at `index` when `local`). */
  shown: L;
  /** Whether the preview is evaluated here (else only the overlay follows, and the stack is evaluated in a worker at the end). */
  readonly local: boolean;
  readonly size: LayerSize;
  private readonly stack: readonly Layer[];
  /** The drag's local edit: the preview in the heights and its undo record. */
  readonly edit: LocalEdit;

  constructor(
    editor: Editor,
    jobs: TerrainJobs,
    roadId: string,
    private readonly kind: SplineDragKind<L>,
  ) {
    const doc = editor.document;
    this.stack = doc.stack;
    this.index = doc.stack.findIndex((layer) => layer.id === roadId);
    const layer = doc.stack[this.index];
    if (!kind.isKind(layer)) throw new Error(`there is no ${kind.noun} "${roadId}"`);
    this.original = layer;
    this.shown = layer;
    const { width, depth, cellSize } = doc.field;
    this.size = { width, depth, cellSize };
    this.edit = jobs.beginLocalEdit(doc.stack, this.index, layer.enabled);
    this.local = this.edit.local;
  }

  /** The stack with `road` in place of the dragged one. */
  stackWith(road: L): Layer[] {
    const next = this.stack.slice();
    next[this.index] = road;
    return next;
  }

  /**
   * Shows `road` (the dragged road with its point moved): evaluated here over the changed rectangle
   * when local; a road whose geometry is not valid (a point on another) is not shown. Returns
   * whether it was shown.
   */
  show(road: L): boolean {
    if (this.kind.cannotPreview(road, this.size)) return false;
    if (!this.local) {
      this.shown = road;
      return true;
    }
    // From the road the heights show (the last one evaluated), to the new one.
    const rect = unionRect(this.boundsOf(this.edit.shownLayer as L), this.boundsOf(road));
    const next = this.stackWith(road);
    if (!rect) {
      this.shown = road;
      return true;
    }
    const changed = this.edit.update(next, rect);
    this.shown = road;
    this.edit.preview({ kind: 'rect', ...changed });
    return true;
  }

  /**
   * The stack to record and applyStack's options: the drag's edit, recorded as the heights show it
   * when they hold the road as last shown (else put back first, and the stack evaluated again).
   */
  finish(): { stack: Layer[]; options: ApplyStackOptions } {
    const stack = this.stackWith(this.shown);
    this.edit.setStack(stack);
    return { stack, options: { preview: this.edit } };
  }

  /** Abandons the drag: the heights as before it. */
  cancel(): void {
    this.edit.cancel();
  }

  private boundsOf(road: L): Rect | null {
    return this.kind.bounds(road, this.size);
  }
}

export const ROAD_DRAG: SplineDragKind<RoadLayer> = {
  noun: 'road',
  isKind: (layer): layer is RoadLayer => layer?.kind === 'road',
  cannotPreview,
  bounds: (road, size) => roadKind.bounds?.(road, size) ?? null,
};

/** A road's control point dragged live. */
export class RoadDrag extends SplineDrag<RoadLayer> {
  constructor(editor: Editor, jobs: TerrainJobs, roadId: string) {
    super(editor, jobs, roadId, ROAD_DRAG);
  }
}
