import { topWholeMapLayer } from '../../shared/layers/evaluate';
import { StackEvaluator } from '../../shared/layers/incremental';
import { sameLayerResult, type Layer, type LayerSize, type LayerStack, type Rect } from '../../shared/layers/types';
import type { StackBase } from '../jobs/protocol';

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
 * (TerrainJobs.applyStack); `canUpdate` says which.
 */
export class LayerEngine {
  private evaluator: StackEvaluator | null = null;

  /** `onUse` is told after every update and prime (TerrainJobs lets the composite go once they stop). */
  constructor(private readonly onUse: () => void = () => {}) {}

  /** Whether `stack` on a map of `size` can be evaluated here from what is kept, changed from layer `from` up. */
  canUpdate(stack: LayerStack, size: LayerSize, from: number): boolean {
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
   * The stack's heights (the evaluator's own array: copy what you keep), changed from layer
   * `change.index` up — only inside `rect` when the layer changed there alone from `from` (the
   * object it was; when the evaluator last saw another, the whole layer is re-run). Call only when
   * `canUpdate` said so.
   */
  update(stack: LayerStack, size: LayerSize, change: LayerChange): Float32Array {
    const evaluator = this.evaluator;
    if (!evaluator || !sameSize(evaluator.size, size)) throw new Error('the layer engine holds no results for this map');
    const inRect = change.rect !== null && change.from !== undefined && evaluator.recordedLayer(change.index) === change.from;
    const result = inRect && change.rect ? evaluator.evaluateRect(stack, change.index, change.rect) : evaluator.evaluate(stack);
    if (!result) throw new Error('a local layer update was cancelled');
    this.onUse();
    return result;
  }

  /**
   * Takes a worker's evaluation of `stack`: its base (the topmost whole-map layer's result, which
   * this keeps: pass an array nobody else writes) becomes the start of local updates; `heights`, the
   * stack's result (kept too, when given and not the base), spares the first local update a whole
   * re-composite.
   */
  prime(stack: Layer[], size: LayerSize, base: StackBase, heights?: Float32Array): void {
    if (!this.evaluator || !sameSize(this.evaluator.size, size)) this.evaluator = new StackEvaluator(size);
    if (base) this.evaluator.prime(stack, base.index, base.output, heights !== base.output ? heights : undefined);
    else {
      // Local layers only: they evaluate from flat ground here.
      this.evaluator.clear();
      this.evaluator.evaluate(stack);
    }
    this.onUse();
  }

  /**
   * Takes `stack`'s heights (`copy` makes the engine's own, called only when taken) as the composite
   * of the local layers above the primed base, when none is kept and `stack` is what the engine last
   * evaluated or primed: see StackEvaluator.adoptTop. False when not taken.
   */
  adoptComposite(stack: LayerStack, copy: () => Float32Array): boolean {
    const evaluator = this.evaluator;
    if (!evaluator || !evaluator.holds(stack)) return false;
    return evaluator.adoptTop(copy);
  }

  /**
   * Lets the composite of the local layers go when `stack` on a map of `size` is what the engine
   * last evaluated (its heights are then the document's: `adoptComposite` takes them back before the
   * next local edit). True when the engine holds that stack, whether or not a composite was kept.
   */
  releaseComposite(stack: LayerStack, size: LayerSize): boolean {
    const evaluator = this.evaluator;
    if (!evaluator || !sameSize(evaluator.size, size) || !evaluator.holds(stack)) return false;
    evaluator.releaseTop();
    return true;
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
