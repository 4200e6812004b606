/**
 * The incremental evaluator: keeps each enabled layer's result (within a memory budget, least
 * recently used evicted and recomputed when needed), so that
 * - a changed layer re-runs from its input, not from the bottom of the stack, and
 * - a local edit (a stroke, a stamp moved, a polygon edited) re-composites only its dirty rectangle
 *   through the local layers above it (grown by a slope mask's reach); the first whole-map layer
 *   above it re-runs whole, and everything above that too.
 * Every path goes through `applyLayer`, so the bytes equal `evaluateStack` from scratch.
 */
import { applyLayer, type LayerRunOptions } from './evaluate';
import { maskRadius } from './mask';
import { kindOf } from './registry';
import { sameLayerResult, wholeRect, type Layer, type LayerSize, type LayerStack, type Rect } from './types';

/**
 * Default memory for kept layer results besides the local layers at the top and their input
 * (always kept, see topChain): about 4 maps of 4097² (each 64 MiB).
 */
export const DEFAULT_LAYER_CACHE_BYTES = 256 * 1024 * 1024;

export interface EvaluatorStats {
  /** Layers whose whole map was computed by the last call. */
  wholeLayers: number;
  /** Layers re-composited over a rectangle only by the last call. */
  rectLayers: number;
  /** Bytes of layer results kept now. */
  cachedBytes: number;
  /** Where the last call's result can differ from what the previous call gave (null: anywhere, a whole layer ran). */
  changedRect: Rect | null;
}

function grow(rect: Rect, by: number, size: LayerSize): Rect {
  if (by === 0) return rect;
  return { i0: Math.max(0, rect.i0 - by), j0: Math.max(0, rect.j0 - by), i1: Math.min(size.width, rect.i1 + by), j1: Math.min(size.depth, rect.j1 + by) };
}

export class StackEvaluator {
  private layers: Layer[] = [];
  private outputs: (Float32Array | null)[] = [];
  private used: number[] = [];
  private clock = 0;
  private zeros: Float32Array | null = null;
  readonly stats: EvaluatorStats = { wholeLayers: 0, rectLayers: 0, cachedBytes: 0, changedRect: null };

  constructor(
    readonly size: LayerSize,
    readonly budgetBytes = DEFAULT_LAYER_CACHE_BYTES,
  ) {}

  /** The stack's heights, re-running from the first layer that is not the same object as last time. Null when cancelled. */
  evaluate(stack: LayerStack, options: LayerRunOptions = {}): Float32Array | null {
    let first = 0;
    while (first < stack.length && first < this.layers.length && sameLayerResult(stack[first], this.layers[first])) first++;
    if (first === stack.length && stack.length === this.layers.length) {
      this.stats.wholeLayers = 0;
      this.stats.rectLayers = 0;
      this.stats.changedRect = null;
      return this.result(stack);
    }
    return this.run(stack, first, null, options);
  }

  /**
   * Layer `index` changed only inside `rect` of its own result (a stroke into a sculpt layer, a stamp
   * moved: the union of where it was and is); every other layer is the same object as last time.
   * Otherwise (or if the layer is not local) this is `evaluate`.
   */
  evaluateRect(stack: LayerStack, index: number, rect: Rect, options: LayerRunOptions = {}): Float32Array | null {
    const same = stack.length === this.layers.length && stack.every((layer, k) => k === index || sameLayerResult(layer, this.layers[k]));
    const layer = stack[index];
    if (!same) return this.evaluate(stack, options);
    // The layer may have changed in place (same object): it re-runs whatever else holds.
    const local = layer !== undefined && kindOf(layer).local && layer.enabled && this.layers[index].enabled && this.outputs[index];
    return this.run(stack, index, local ? rect : null, options);
  }

  /**
   * Whether `stack` can be brought up to date from what is kept with local work only: every layer
   * below `from` is the same object as last evaluated, the input of `from` is kept (or there is
   * nothing below it), and every enabled layer from `from` up is local. The editor evaluates such a
   * change on its own thread; anything else goes to a worker.
   */
  canUpdateLocally(stack: LayerStack, from: number): boolean {
    if (from > this.layers.length || from > stack.length) return false;
    for (let k = 0; k < from; k++) if (!sameLayerResult(stack[k], this.layers[k])) return false;
    for (let k = from; k < stack.length; k++) if (stack[k].enabled && !kindOf(stack[k]).local) return false;
    for (let b = from - 1; b >= 0; b--) if (stack[b].enabled) return this.outputs[b] !== null && this.outputs[b] !== undefined;
    return true;
  }

  /**
   * Takes the result of layer `index` of `stack` computed elsewhere (a worker evaluated the stack):
   * everything else kept is dropped, so the local layers above it can be updated from it.
   */
  prime(stack: LayerStack, index: number, output: Float32Array): void {
    this.clear();
    if (output.length !== this.size.width * this.size.depth) throw new RangeError(`a primed result holds ${output.length} heights, the map ${this.size.width * this.size.depth}`);
    this.layers = stack.slice();
    this.outputs = stack.map(() => null);
    this.used = stack.map(() => 0);
    this.outputs[index] = output;
    this.stats.cachedBytes = output.byteLength;
    this.touch(index);
  }

  /** The heights layer `from` of `stack` receives, when kept (the layers below are as last evaluated); null otherwise. */
  keptInput(stack: LayerStack, from: number): Float32Array | null {
    if (from > this.layers.length || from > stack.length) return null;
    for (let k = 0; k < from; k++) if (!sameLayerResult(stack[k], this.layers[k])) return null;
    for (let b = from - 1; b >= 0; b--) if (stack[b].enabled) return this.outputs[b] ?? null;
    return null;
  }

  /** The layer object last evaluated at `index` (what an edit of it in a rectangle changed from). */
  recordedLayer(index: number): Layer | undefined {
    return this.layers[index];
  }

  /** Drops every kept result (e.g. the map size changed: make a new evaluator instead). */
  clear(): void {
    this.layers = [];
    this.outputs = [];
    this.used = [];
    this.stats.cachedBytes = 0;
  }

  private run(stack: LayerStack, from: number, rect: Rect | null, options: LayerRunOptions): Float32Array | null {
    this.stats.wholeLayers = 0;
    this.stats.rectLayers = 0;
    this.stats.changedRect = null;
    // Results above the stack's new top are dropped; those from `from` up are recomputed below.
    for (let k = stack.length; k < this.outputs.length; k++) this.drop(k);
    this.outputs.length = stack.length;
    this.used.length = stack.length;
    // The stack is recorded before the work: a cancelled run leaves results that no longer match.
    this.layers = stack.slice();
    let dirty = rect;
    for (let k = from; k < stack.length; k++) {
      const layer = stack[k];
      if (!layer.enabled) {
        this.drop(k);
        continue;
      }
      const input = this.inputOf(stack, k, options);
      if (!input) return this.cancelled(from);
      const kept = this.outputs[k];
      if (dirty && kept && kindOf(layer).local) {
        dirty = grow(dirty, maskRadius(layer.mask), this.size);
        dirty = kindOf(layer).widen?.(layer, this.size, dirty) ?? dirty;
        applyLayer(layer, input, kept, this.size, dirty, options);
        this.stats.rectLayers++;
        this.touch(k);
        continue;
      }
      dirty = null;
      const out = kept ?? new Float32Array(this.size.width * this.size.depth);
      if (!applyLayer(layer, input, out, this.size, wholeRect(this.size), options)) {
        this.drop(k);
        return this.cancelled(from);
      }
      this.stats.wholeLayers++;
      this.keep(k, out, input);
    }
    this.stats.changedRect = dirty;
    return this.result(stack);
  }

  private cancelled(from: number): null {
    // What was being recomputed no longer matches the recorded stack.
    for (let k = from; k < this.outputs.length; k++) this.drop(k);
    this.layers.length = Math.min(this.layers.length, from);
    return null;
  }

  private result(stack: LayerStack): Float32Array {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (!stack[k].enabled) continue;
      const out = this.outputs[k] ?? this.recompute(stack, k);
      return out ?? this.zeroInput();
    }
    return this.zeroInput();
  }

  private zeroInput(): Float32Array {
    this.zeros ??= new Float32Array(this.size.width * this.size.depth);
    return this.zeros;
  }

  /** The heights layer k receives: the result of the nearest enabled layer below (recomputed if evicted). */
  private inputOf(stack: LayerStack, k: number, options: LayerRunOptions): Float32Array | null {
    for (let b = k - 1; b >= 0; b--) {
      if (!stack[b].enabled) continue;
      return this.outputs[b] ?? this.recompute(stack, b, options);
    }
    return this.zeroInput();
  }

  private recompute(stack: LayerStack, k: number, options: LayerRunOptions = {}): Float32Array | null {
    const input = this.inputOf(stack, k, options);
    if (!input) return null;
    const out = new Float32Array(this.size.width * this.size.depth);
    if (!applyLayer(stack[k], input, out, this.size, wholeRect(this.size), options)) return null;
    this.stats.wholeLayers++;
    this.keep(k, out, input);
    return out;
  }

  private touch(k: number): void {
    this.used[k] = ++this.clock;
  }

  private keep(k: number, out: Float32Array, input: Float32Array): void {
    if (this.outputs[k] !== out) {
      this.drop(k);
      this.outputs[k] = out;
      this.stats.cachedBytes += out.byteLength;
    }
    this.touch(k);
    // Evict the least recently used results, never the one just made nor its input, nor what a
    // local edit at the top needs (thrashing those would turn every stroke into a whole re-run).
    const kept = this.topChain();
    while (this.stats.cachedBytes > this.budgetBytes) {
      let victim = -1;
      for (let v = 0; v < this.outputs.length; v++) {
        const output = this.outputs[v];
        if (!output || v === k || output === input || kept.has(v)) continue;
        if (victim < 0 || this.used[v] < this.used[victim]) victim = v;
      }
      if (victim < 0) break;
      this.drop(victim);
    }
  }

  /**
   * The results a local edit near the top re-composites: every enabled local layer from the top
   * down to the first whole-map layer, and that layer's result (their input). These stay even over
   * the budget, which bounds everything else kept.
   */
  private topChain(): Set<number> {
    const chain = new Set<number>();
    for (let k = this.layers.length - 1; k >= 0; k--) {
      const layer = this.layers[k];
      if (!layer.enabled) continue;
      chain.add(k);
      if (!kindOf(layer).local) break;
    }
    return chain;
  }

  private drop(k: number): void {
    const kept = this.outputs[k];
    if (kept) this.stats.cachedBytes -= kept.byteLength;
    this.outputs[k] = null;
  }
}
