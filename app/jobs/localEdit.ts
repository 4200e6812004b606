/**
 * One local edit of the layer stack: a gesture (a brush stroke, a road point dragged) or a single
 * change (a stamp moved, a flatten pad's value set from the panel). It owns the choice between
 * evaluating here (the LocalEvaluator writes the document's heights in place) and a worker (the gesture's
 * preview is put back and TerrainJobs evaluates the stack when it ends), and the undo record of every
 * tile it changes. What it shows before `commit` is a preview: the views redraw, the document's
 * version does not move (Editor.preview). `commit` records one undo entry; `cancel` puts back every
 * height it wrote. The document's water goes with the heights: where the engine makes it again (a
 * drawn river's), its before is kept the same way, and a water made for the first stack that has
 * water is the document's while shown (gone again on cancel).
 */
import { emptyTileEdit, TileRecorder } from '../document/tileEdit';
import { withStack, withWater } from '../document/generationEdits';
import { WaterRecorder } from '../document/waterTiles';
import { packedWater } from '../document/packedWater';
import { stackMakesWater } from '../../shared/layers/evaluate';
import { createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import type { Editor } from '../document/editor';
import type { DocumentEdit } from '../document/history';
import type { DirtyRegion } from '../document/region';
import type { Layer, LayerSize, Rect } from '../../shared/layers/types';
import type { LocalEvaluator } from './localEvaluator';

/** How a local edit ends when its heights came out as they were. */
export type UnchangedHeights = 'record' | 'skip';

export interface CommitOptions {
  /** Adds to the stack's edit what belongs in the same undo entry (props a road clears), given the heights' edit. */
  wrap?: (edit: DocumentEdit) => DocumentEdit;
  /** 'skip': no entry when no height changed (a stroke that left every bit as it was); 'record' (default): the stack change alone is an entry. */
  unchanged?: UnchangedHeights;
}

/** What TerrainJobs gives a local edit: its engine, and the worker path a gesture that is not local ends through. */
export interface LocalEditHost {
  readonly evaluator: LocalEvaluator;
  /** Records `next` as one entry through TerrainJobs.applyStack, the edit's preview going back first when it is not exact. */
  applyPreview(next: Layer[], label: string, edit: LocalEdit, options: CommitOptions): Promise<'done' | 'cancelled' | 'failed' | 'busy'>;
  /** Called when an exact preview became the document's (the engine's composite is its heights again). */
  committedHere(): void;
}

const rectUnion = (a: Rect | null, b: Rect | null): Rect | null =>
  !a ? b : !b ? a : { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };
const isEmpty = (r: Rect) => r.i1 <= r.i0 || r.j1 <= r.j0;

export class LocalEdit {
  /** The layer at `index` as it was when the edit began (the document's). */
  readonly original: Layer;
  /** The stack the heights show (when `local`), or the last one given (else). */
  private current: Layer[];
  /** The layer at `index` the engine last evaluated (the rectangle of a next update is from it). */
  private evaluated: Layer;
  /** Every vertex the edit changed (its own writes and the engine's). */
  private changed: Rect | null = null;
  private readonly recorder: TileRecorder;
  /** The document's water when the edit began. */
  private readonly waterBefore: WaterSurface | null;
  /** The undo record of the water written in place (made with the first write). */
  private waterRecorder: WaterRecorder | null = null;
  /** Whether the heights hold something of this edit's (a preview to put back or record). */
  private wrote = false;
  private ended = false;

  constructor(
    private readonly editor: Editor,
    private readonly host: LocalEditHost,
    stack: readonly Layer[],
    readonly index: number,
    /** Whether updates are evaluated here (TerrainJobs.prepareLocal said so). */
    readonly local: boolean,
    readonly size: LayerSize,
    /** The layer the first update's rectangle is from, when not `stack[index]` (a change given to applyStack). */
    from?: Layer,
  ) {
    this.current = stack.slice();
    this.original = stack[index];
    this.evaluated = from ?? this.original;
    this.recorder = new TileRecorder(editor.document.field.heights, size.width, size.depth);
    this.waterBefore = editor.document.water;
  }

  /**
   * The water an update of `next` makes again: the document's (a new one when it has none and `next`
   * makes water: the document's while shown), with its before kept for undo; none when neither.
   */
  private waterFor(next: readonly Layer[]) {
    const doc = this.editor.document;
    if (!doc.water && stackMakesWater(next)) doc.water = packedWater(createWaterSurface(this.size.width * this.size.depth));
    const target = doc.water;
    if (!target) return undefined;
    if (this.waterRecorder?.water !== target)
      this.waterRecorder = target === this.waterBefore ? new WaterRecorder(target, this.size.width, this.size.depth) : null;
    const recorder = this.waterRecorder;
    return { target, beforeWrite: (rect: Rect) => recorder?.touch(rect) };
  }

  /** The stack whose evaluation the heights hold (set by `update`), or null. */
  private evaluatedStack: readonly Layer[] | null = null;

  /** The stack as last shown or given. */
  get stack(): readonly Layer[] {
    return this.current;
  }

  /** The layer at `index` whose evaluation the heights hold (the original until an update). */
  get shownLayer(): Layer {
    return this.evaluated;
  }

  /** Every vertex the edit changed so far, or null. */
  get rect(): Rect | null {
    return this.changed;
  }

  /** Call before the gesture writes the heights in `rect` itself (a brush dab): their before is kept for undo and cancel. */
  touch(rect: Rect): void {
    this.host.evaluator.beforeHeightsWrite(rect);
    this.recorder.touch(rect.i0, rect.j0, rect.i1, rect.j1);
    this.wrote = true;
    this.changed = rectUnion(this.changed, rect);
  }

  /** Takes `next` as the edit's stack without evaluating it (a gesture that is not local: the worker evaluates it at commit). */
  setStack(next: Layer[]): void {
    this.current = next;
  }

  /**
   * Evaluates `next` (layer `index` changed, only inside `rect` when given, from the layer last
   * evaluated) through the local layers above it into the document's heights: the engine writes them
   * itself when its composite is them (each rectangle's before kept first), else its result is copied
   * in over what changed. Returns where the heights changed. Call only when `local`.
   */
  update(next: Layer[], rect: Rect | null): Rect {
    if (!this.local) throw new Error('a local edit evaluated away from this thread');
    const { width, depth } = this.size;
    const heights = this.editor.document.field.heights;
    const touch = (r: Rect) => this.touch(r);
    this.wrote = true;
    const result = this.host.evaluator.update(next, this.size, { index: this.index, rect, from: this.evaluated }, touch, this.waterFor(next));
    this.current = next;
    this.evaluatedStack = next;
    this.evaluated = next[this.index];
    const reported = this.host.evaluator.changedRect;
    const whole = { i0: 0, j0: 0, i1: width, j1: depth };
    const changed = !reported || !rect ? (reported ?? whole) : isEmpty(reported) ? rect : (rectUnion(rect, reported) ?? rect);
    if (result !== heights) {
      touch(changed);
      for (let j = changed.j0; j < changed.j1; j++) heights.set(result.subarray(j * width + changed.i0, j * width + changed.i1), j * width + changed.i0);
    }
    this.changed = rectUnion(this.changed, changed);
    return changed;
  }

  /** The heights layer `index` of `next` receives, kept by the engine (read only), or null. Call only when `local`. */
  input(next: readonly Layer[]): Float32Array | null {
    return this.host.evaluator.peekInput(next, this.size, this.index);
  }

  /** Whether the heights hold exactly `next`'s evaluation (a local edit whose last update was `next`'s layers). */
  shows(next: readonly Layer[]): boolean {
    const shown = this.evaluatedStack;
    if (!shown || next.length !== shown.length) return false;
    for (let k = 0; k < next.length; k++) if (next[k] !== shown[k]) return false;
    return true;
  }

  /** Tells the views the heights changed in `region` for the preview (no history entry, the document's version kept). */
  preview(region: DirtyRegion | null): void {
    if (region) this.editor.preview(region);
  }

  /**
   * Records the edit as one undo entry: the heights as they are (a local edit's are exact), else
   * the stack evaluated in a worker after the preview went back (TerrainJobs.applyStack).
   */
  commit(label: string, options: CommitOptions = {}): Promise<'done' | 'cancelled' | 'failed' | 'busy'> {
    this.ended = true;
    // The gesture is over: the engine's scratch maps are not kept at rest.
    this.host.evaluator.releaseScratch();
    if (this.shows(this.current)) return Promise.resolve(this.commitShown(label, options));
    return this.host.applyPreview(this.current, label, this, options);
  }

  /** Records what the heights show (call only when `shows` the stack to record): one `Editor.apply`. */
  commitShown(label: string, options: CommitOptions = {}): 'done' {
    this.ended = true;
    this.host.evaluator.releaseScratch();
    const doc = this.editor.document;
    const { width, depth } = this.size;
    const heightsEdit = this.recorder.finish(label) ?? (options.unchanged === 'skip' ? null : emptyTileEdit(label, width, depth));
    this.wrote = false;
    if (!heightsEdit) {
      // Every touched height has its bits back: no entry, and the preview is over.
      this.restoreWater();
      this.editor.endPreview(null);
      return 'done';
    }
    const edit = this.withWaterOf(withStack(heightsEdit, doc.stack, this.current));
    this.editor.apply(options.wrap ? options.wrap(edit) : edit);
    this.host.committedHere();
    return 'done';
  }

  /**
   * `edit` with the water's change: the tiles written in place, or the water made for a stack that
   * had none; a stack that makes no water ends with none (as evaluated from scratch).
   */
  private withWaterOf(edit: DocumentEdit): DocumentEdit {
    const doc = this.editor.document;
    const made = doc.water;
    if (!stackMakesWater(this.current)) {
      this.restoreWater();
      return withWater(edit, this.waterBefore, null);
    }
    if (made !== this.waterBefore) {
      this.waterRecorder = null;
      return withWater(edit, this.waterBefore, made);
    }
    const recorder = this.waterRecorder;
    this.waterRecorder = null;
    return recorder ? recorder.finish(edit) : edit;
  }

  /** The document's water as it was when the edit began. */
  private restoreWater(): void {
    this.waterRecorder?.restore();
    this.waterRecorder = null;
    this.editor.document.water = this.waterBefore;
  }

  /**
   * Puts back every height the edit wrote (`redraw`: the views are told, the preview is over). The
   * engine, which evaluated the edit's layers, takes up the document's stack and heights at the next
   * local edit (TerrainJobs.prepareLocal).
   */
  restore(redraw = true): DirtyRegion | null {
    if (!this.wrote) return null;
    this.wrote = false;
    this.restoreWater();
    const region = this.recorder.restore();
    if (redraw) this.editor.endPreview(region);
    return region;
  }

  /** Abandons the edit (Esc): the heights as before it; the document was never changed. */
  cancel(): void {
    if (this.ended) return;
    this.ended = true;
    this.host.evaluator.releaseScratch();
    this.restore();
  }
}
