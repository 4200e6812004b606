/**
 * A control point dragged live (a road's, a river's: the kind comes in as a SplineDragKind): each
 * step evaluates the layer through the editor's local path (LayerEngine over the union of where the
 * spline was and is) and writes that rectangle into the
 * document's heights as a preview (both views redraw it); nothing enters the history until the
 * gesture ends, when `finish` gives what applyStack records as one undo entry. Cancel puts the
 * heights and the engine back as they were.
 */
import { roadKind } from '../../shared/layers/kinds/road';
import { roadValuesProblem } from '../../shared/roads/params';
import type { Layer, LayerSize, Rect, RoadLayer } from '../../shared/layers/types';
import type { SplineDragKind, SplineLayer } from './splineKind';
import type { Editor } from '../document/editor';
import { TileRecorder } from '../document/tileEdit';
import type { ApplyStackOptions, TerrainJobs } from '../jobs/terrainJobs';

export const unionRect = (a: Rect | null, b: Rect | null): Rect | null => (!a ? b : !b ? a : { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) });

/**
 * What would stop a road being shown while dragged: its values, two points in one place, a point off
 * the map. The costlier checks of the whole centreline (leaving the map between points, crossing
 * itself) run once, when the drag is recorded (roadKind.problem).
 */
export function previewProblem(road: RoadLayer, size: LayerSize): boolean {
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
  /** The spline as last shown (the engine's layer at `index` when `local`). */
  shown: L;
  /** Whether the preview is evaluated here (else only the overlay follows, and the stack is evaluated in a worker at the end). */
  readonly local: boolean;
  private readonly recorder: TileRecorder;
  readonly size: LayerSize;
  private readonly stack: readonly Layer[];
  /** Whether the heights hold a preview. */
  private previewed = false;

  constructor(
    private readonly editor: Editor,
    private readonly jobs: TerrainJobs,
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
    this.local = layer.enabled && jobs.prepareLocal(doc.stack, this.index);
    this.recorder = new TileRecorder(doc.field.heights, width, depth);
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
    if (this.kind.previewProblem(road, this.size)) return false;
    if (!this.local) {
      this.shown = road;
      return true;
    }
    const rect = unionRect(this.boundsOf(this.shown), this.boundsOf(road));
    const next = this.stackWith(road);
    if (!rect) {
      this.shown = road;
      return true;
    }
    // The engine writes the document's heights itself when its composite is them (the recorder
    // keeps what each rectangle held first); else its result is copied in over what changed.
    const field = this.editor.document.field;
    const touch = (r: Rect) => this.recorder.touch(r.i0, r.j0, r.i1, r.j1);
    this.previewed = true;
    const heights = this.jobs.engine.update(next, this.size, { index: this.index, rect, from: this.shown }, touch);
    this.shown = road;
    const reported = this.jobs.engine.changedRect;
    const changed = !reported ? { i0: 0, j0: 0, i1: this.size.width, j1: this.size.depth } : reported.i1 > reported.i0 && reported.j1 > reported.j0 ? (unionRect(rect, reported) ?? rect) : rect;
    if (heights !== field.heights) {
      touch(changed);
      const { width } = this.size;
      for (let j = changed.j0; j < changed.j1; j++) field.heights.set(heights.subarray(j * width + changed.i0, j * width + changed.i1), j * width + changed.i0);
    }
    this.editor.preview({ kind: 'rect', ...changed });
    return true;
  }

  /** The stack to record and applyStack's options (the heights' preview goes back before the edit records its before). */
  finish(): { stack: Layer[]; options: ApplyStackOptions } {
    const stack = this.stackWith(this.shown);
    if (!this.local) return { stack, options: {} };
    const rect = unionRect(this.boundsOf(this.shown), this.boundsOf(this.original));
    return {
      stack,
      options: {
        // The preview goes back first, so the change is from the document's road (the engine takes
        // up the document's stack again before it evaluates: TerrainJobs.applyStack).
        change: { index: this.index, rect, from: this.original },
        beforeApply: () => this.restoreHeights(),
      },
    };
  }

  /**
   * Abandons the drag: the heights as before it (the engine, which evaluated the dragged road, takes
   * up the document's stack and heights at the next local edit: TerrainJobs.prepareLocal).
   */
  cancel(): void {
    this.restoreHeights();
  }

  private restoreHeights(): void {
    if (!this.previewed) return;
    this.previewed = false;
    this.editor.endPreview(this.recorder.restore());
  }

  private boundsOf(road: L): Rect | null {
    return this.kind.bounds(road, this.size);
  }
}

export const ROAD_DRAG: SplineDragKind<RoadLayer> = {
  noun: 'road',
  isKind: (layer): layer is RoadLayer => layer?.kind === 'road',
  previewProblem,
  bounds: (road, size) => roadKind.bounds?.(road, size) ?? null,
};

/** A road's control point dragged live. */
export class RoadDrag extends SplineDrag<RoadLayer> {
  constructor(editor: Editor, jobs: TerrainJobs, roadId: string) {
    super(editor, jobs, roadId, ROAD_DRAG);
  }
}
