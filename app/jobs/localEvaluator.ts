import { topWholeMapLayer } from '../../shared/layers/evaluate';
import { StackEvaluator } from '../../shared/layers/incremental';
import { sameLayerResult, type Layer, type LayerSize, type LayerStack, type Rect } from '../../shared/layers/types';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import type { StackBase } from './protocol';

/** The document's water an update makes again where its layers change it, and who is told before each write. */
export interface WaterWrite {
  readonly target: WaterSurface;
  readonly beforeWrite: (rect: Rect) => void;
}

/** The first index where two stacks hold layers that evaluate differently (the shorter length when one extends the other). */
export function firstChangedLayer(before: LayerStack, after: LayerStack): number {
  let k = 0;
  while (k < before.length && k < after.length && sameLayerResult(before[k], after[k])) k++;
  return k;
}

/** What changed in a stack: layer `index`, only inside `rect` (null: anywhere) since it was the object `from`. */
export interface LayerChange {
  index: number;
  rect: Rect | null;
  from?: Layer;
}

/**
 * The editor's side of evaluation: a StackEvaluator for the map on screen, fed with what a worker
 * computed (the topmost whole-map layer's result), so that changes to the local layers above it —
 * brush strokes into a sculpt layer, a stamp moved, a layer hidden — are evaluated on this thread
 * over their dirty rectangle alone. Whatever needs a whole-map layer to run goes to a worker
 * (TerrainJobs.applyStack); `prepareUpdate` says which.
 * Its composite of those local layers is the document's heights themselves (`sync`), so the map is
 * held once: an update writes its rectangle into them, telling the caller's `beforeWrite` first
 * (the gesture's or edit's undo record).
 */
export class LocalEvaluator {
  private evaluator: StackEvaluator | null = null;

  /**
   * Whether `stack` on a map of `size` can be evaluated here from what is kept, changed from layer `from`
   * up; on a new map of local layers alone it starts the evaluator it will need (hence prepare).
   */
  prepareUpdate(stack: LayerStack, size: LayerSize, from: number): boolean {
    const evaluator = this.evaluator;
    if (!evaluator || !sameSize(evaluator.size, size)) {
      // A stack of local layers alone (imported heights, sculpt…) needs nothing from a worker.
      if (topWholeMapLayer(stack) >= 0) return false;
      this.evaluator = new StackEvaluator(size);
      return true;
    }
    return evaluator.canUpdateLocally(stack, from);
  }

  /**
   * The stack's heights, changed from layer `change.index` up — only inside `rect` when the layer
   * changed there alone from `from` (the object it was; when the evaluator last saw another, the
   * whole layer is re-run). Synced (`sync`), they are the document's heights, written in place:
   * `beforeWrite` is told each rectangle first (a whole re-composite: each 64² block that changes).
   * Otherwise the engine's own array (copy what you keep; the document is not written). `water`: the
   * document's water, made again in place where the update changes it (drawn rivers). Call only
   * when `prepareUpdate` said so.
   */
  update(stack: LayerStack, size: LayerSize, change: LayerChange, beforeWrite?: (rect: Rect) => void, water?: WaterWrite): Float32Array {
    const evaluator = this.evaluator;
    if (!evaluator || !sameSize(evaluator.size, size)) throw new Error('the layer engine holds no results for this map');
    const inRect = change.rect !== null && change.from !== undefined && evaluator.recordedLayer(change.index) === change.from;
    const options = { ...(beforeWrite && { beforeWrite }), ...(water && { water: water.target, beforeWaterWrite: water.beforeWrite }) };
    const result = inRect && change.rect ? evaluator.evaluateRect(stack, change.index, change.rect, options) : evaluator.evaluate(stack, options);
    if (!result) throw new Error('a local layer update was cancelled');
    return result;
  }

  /**
   * `heights` are the document's heights, of `stack` on a map of `size`. `vouched`: they are that
   * stack's evaluation bit for bit (no gesture's preview in them): they become the engine's
   * composite (StackEvaluator.sync), and updates write into them. Not vouched: the engine stops
   * writing into them and composites into an array of its own until the next vouched sync.
   */
  adopt(stack: LayerStack, size: LayerSize, heights: Float32Array, vouched: boolean): void {
    if (!vouched) {
      this.evaluator?.detach();
      return;
    }
    if (heights.length !== size.width * size.depth) throw new RangeError(`the heights hold ${heights.length} values, the map ${size.width * size.depth}`);
    if (!this.evaluator || !sameSize(this.evaluator.size, size)) this.evaluator = new StackEvaluator(size);
    this.evaluator.adopt(stack, heights);
  }

  /** A gesture ended: the engine's scratch maps go until the next update needs them. */
  releaseScratch(): void {
    this.evaluator?.releaseScratch();
  }

  /** Call before anything but the engine writes the document's heights in `rect` (a brush dab). */
  beforeHeightsWrite(rect: Rect): void {
    this.evaluator?.beforeTargetWrite(rect);
  }

  /** Whether the engine's composite is the document's heights (synced, not an array of its own). */
  get writesHeights(): boolean {
    return this.evaluator?.writesTarget ?? false;
  }

  /**
   * Takes a worker's evaluation of `stack`: its base (the topmost whole-map layer's result, which
   * this keeps: pass an array nobody else writes) becomes the start of local updates; `heights`, the
   * stack's result (kept too, when given and not the base), spares the first local update a whole
   * re-composite.
   */
  prime(stack: Layer[], size: LayerSize, base: StackBase, heights?: Float32Array): void {
    if (!this.evaluator || !sameSize(this.evaluator.size, size)) this.evaluator = new StackEvaluator(size);
    if (base) this.evaluator.prime(stack, base.index, base.output, heights !== base.output ? heights : undefined, base.water);
    else {
      // Local layers only: they evaluate from flat ground here, into the document's heights once
      // synced (never now: the document is written by the edit that takes the worker's result).
      this.evaluator.clear();
    }
  }

  /** A copy of the heights layer `from` of `stack` receives, when kept here; null otherwise. */
  keptInput(stack: LayerStack, size: LayerSize, from: number): Float32Array | null {
    const evaluator = this.evaluator;
    if (!evaluator || !sameSize(evaluator.size, size)) return null;
    return evaluator.keptInput(stack, from)?.slice() ?? null;
  }

  /** The heights layer `from` of `stack` receives, when kept here (the engine's own array: read only, do not keep); null otherwise. */
  peekInput(stack: LayerStack, size: LayerSize, from: number): Float32Array | null {
    const evaluator = this.evaluator;
    if (!evaluator || !sameSize(evaluator.size, size)) return null;
    return evaluator.keptInput(stack, from);
  }

  /** Forgets every kept result (another document). */
  reset(): void {
    this.evaluator = null;
  }

  /** Where the last update's result can differ from the one before it (null: anywhere). */
  get changedRect(): Rect | null {
    return this.evaluator?.stats.changedRect ?? null;
  }

  /** Bytes of layer results kept. */
  get cachedBytes(): number {
    return this.evaluator?.stats.cachedBytes ?? 0;
  }
}

function sameSize(a: LayerSize, b: LayerSize): boolean {
  return a.width === b.width && a.depth === b.depth && a.cellSize === b.cellSize;
}
