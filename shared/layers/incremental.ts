/**
 * The incremental evaluator: keeps each enabled layer's result (within a memory budget, least
 * recently used evicted and recomputed when needed), so that
 * - a changed layer re-runs from its input, not from the bottom of the stack, and
 * - a local edit (a stroke, a stamp moved, a polygon edited) re-composites only its dirty rectangle
 *   through the local layers above it (grown by a slope mask's reach); the first whole-map layer
 *   above it re-runs whole, and everything above that too.
 * The local layers at the top (above the anchor: the topmost whole-map layer, or the layer a worker's
 * result was primed at) keep no result each: only the anchor's result (their input) and the final
 * composite are kept, and an edit among them re-composites its dirty rectangle from the anchor's
 * result up through two shared scratch maps (exact, because local layers are rectangle-local). So
 * ten local layers at 4097² cost two maps at rest, not ten.
 * The composite can be another's array (`adopt`: the editor's document heights), so the map is held
 * once: a local edit writes its rectangle into it (telling `beforeWrite` first, so the caller keeps
 * what was there for undo), and a whole re-composite writes, through a scratch map, only the blocks
 * that differ.
 * Every path goes through `applyLayer`, so the bytes equal `evaluateStack` from scratch.
 * Water (`options.water`: the water the stack's water-making layers put down, the editor's document
 * water) is kept the same way: the anchor's water (what the layers up to it made) is kept, and a
 * composite re-makes the water from it over what it re-composites, so local water-making layers (a
 * drawn river) update it in place, equal to an evaluation from scratch (waterRect).
 */
import { copyChangedWater, copyWaterSurface, createWaterSurface, resetWater, type WaterSurface } from '../hydrology/waterSurface';
import { applyLayer, stackMakesWater, topWholeMapLayer, type LayerRunOptions } from './evaluate';
import { maskRadius } from './mask';
import { kindOf } from './registry';
import { TargetBackedResult } from './targetBackedResult';
import { sameLayerResult, wholeRect, type Layer, type LayerSize, type LayerStack, type Rect } from './types';

/**
 * Default memory for kept layer results besides the anchor's result and the final composite of the
 * local layers above it (always kept): about 4 maps of 4097² (each 64 MiB).
 */
export const DEFAULT_LAYER_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * Options of an evaluation: with `beforeWrite`, told of each rectangle of the target array (`adopt`)
 * right before the composite writes it (a whole re-composite tells only the blocks that change).
 */
export interface EvaluateOptions extends LayerRunOptions {
  beforeWrite?: (rect: Rect) => void;
  /** With `water`: told of each rectangle of it right before a composite writes it. */
  beforeWaterWrite?: (rect: Rect) => void;
}

/** Side of the blocks a whole re-composite compares before writing the target (what `beforeWrite` is told). */
export const TARGET_BLOCK = 64;

export interface EvaluatorStats {
  /** Layers whose whole map was computed by the last call. */
  wholeLayers: number;
  /** Layers re-composited over a rectangle only by the last call. */
  rectLayers: number;
  /** Local layers below the edited one re-composited over a rectangle (their results are not kept). */
  replayedLayers: number;
  /** Bytes of layer results kept now (the final composite included, the scratch maps not). */
  cachedBytes: number;
  /**
   * Where the last call's result can differ from what the previous call gave (null: anywhere, a
   * whole layer ran; a whole re-composite into the target: the blocks it changed).
   */
  changedRect: Rect | null;
}

/** What a local layer applied over `rect` reads of its input: the rectangle grown by its mask's reach, widened by its kind. */
function readsOf(layer: Layer, rect: Rect, size: LayerSize): Rect {
  const grown = grow(rect, maskRadius(layer.mask), size);
  return kindOf(layer).widen?.(layer, size, grown) ?? grown;
}

function grow(rect: Rect, by: number, size: LayerSize): Rect {
  if (by === 0) return rect;
  return { i0: Math.max(0, rect.i0 - by), j0: Math.max(0, rect.j0 - by), i1: Math.min(size.width, rect.i1 + by), j1: Math.min(size.depth, rect.j1 + by) };
}

export class StackEvaluator {
  private layers: Layer[] = [];
  /** Kept results of layers up to the anchor (never of the local layers above it). */
  private outputs: (Float32Array | null)[] = [];
  private used: number[] = [];
  private clock = 0;
  private zeros: Float32Array | null = null;
  /**
   * The layer whose result feeds the local layers above it (-1: flat ground). Every enabled layer
   * above it is local; its result is kept whatever the budget.
   */
  private anchor = -1;
  /** The composite of the enabled layers above the anchor (null: none, or not computed); the target when it holds it. */
  private top: Float32Array | null = null;
  /**
   * Another's array the composite is written into (`adopt`: the document's heights), not counted as
   * kept; null: the composite is an array of this evaluator's own.
   */
  private target: Float32Array | null = null;
  /**
   * The water the layers up to the anchor made (null: none), which the water of the local layers
   * above it is made from again; undefined: not known here (a local update that makes water then
   * goes to a worker). It may be the caller's water itself until a composite writes that.
   */
  private anchorWater: WaterSurface | null | undefined = null;
  /**
   * The anchor's result while the composite is the target: its own array holds only the blocks where
   * the local layers above make the two differ, the rest is read back from the target before
   * anything writes it (`takeAnchor`). Null: the anchor's result is all in its own array.
   */
  private anchorBacked: TargetBackedResult | null = null;
  /** Two maps the layers between the anchor and the top are composited through (not kept at rest). */
  private scratch: [Float32Array | null, Float32Array | null] = [null, null];
  readonly stats: EvaluatorStats = { wholeLayers: 0, rectLayers: 0, replayedLayers: 0, cachedBytes: 0, changedRect: null };

  constructor(
    readonly size: LayerSize,
    readonly budgetBytes = DEFAULT_LAYER_CACHE_BYTES,
  ) {}

  /** The stack's heights, re-running from the first layer that is not the same object as last time. Null when cancelled. */
  evaluate(stack: LayerStack, options: EvaluateOptions = {}): Float32Array | null {
    let first = 0;
    while (first < stack.length && first < this.layers.length && sameLayerResult(stack[first], this.layers[first])) first++;
    if (first === stack.length && stack.length === this.layers.length) {
      this.resetStats();
      return this.result(stack, options);
    }
    return this.run(stack, first, null, options);
  }

  /**
   * Layer `index` changed only inside `rect` of its own result (a stroke into a sculpt layer, a stamp
   * moved: the union of where it was and is); every other layer is the same object as last time.
   * Otherwise (or if the layer is not local) this is `evaluate`.
   */
  evaluateRect(stack: LayerStack, index: number, rect: Rect, options: EvaluateOptions = {}): Float32Array | null {
    const same = stack.length === this.layers.length && stack.every((layer, k) => k === index || sameLayerResult(layer, this.layers[k]));
    const layer = stack[index];
    if (!same) return this.evaluate(stack, options);
    // The layer may have changed in place (same object): it re-runs whatever else holds.
    const local =
      layer !== undefined &&
      kindOf(layer).local &&
      layer.enabled &&
      this.layers[index].enabled &&
      (index > this.anchor ? this.top !== null : this.outputs[index] !== null && this.outputs[index] !== undefined);
    return this.run(stack, index, local ? rect : null, options);
  }

  /**
   * Whether `stack` can be brought up to date from what is kept with local work only: every layer
   * below `from` is the same object as last evaluated, the input of `from` is kept or composited
   * from the anchor's kept result by local layers (or there is nothing below it), and every enabled
   * layer from `from` up is local. The editor evaluates such a change on its own thread; anything
   * else goes to a worker.
   */
  canUpdateLocally(stack: LayerStack, from: number): boolean {
    if (from > this.layers.length || from > stack.length) return false;
    for (let k = 0; k < from; k++) if (!sameLayerResult(stack[k], this.layers[k])) return false;
    for (let k = from; k < stack.length; k++) if (stack[k].enabled && !kindOf(stack[k]).local) return false;
    // Water is made again from the anchor's: it must be known, and the layers up to it must not re-run.
    if (stackMakesWater(stack) && (from <= this.anchor || !this.waterKnown())) return false;
    if (from > this.anchor && this.chainReady()) return true;
    for (let b = from - 1; b >= 0; b--) if (stack[b].enabled) return this.outputs[b] !== null && this.outputs[b] !== undefined;
    return true;
  }

  /**
   * Takes the result of layer `index` of `stack` computed elsewhere (a worker evaluated the stack):
   * everything else kept is dropped, so the local layers above it can be updated from it. Every
   * enabled layer above `index` must be local. `top`, when given, is the stack's heights computed
   * with it (the composite of those local layers, kept as this evaluator's own): the first edit
   * among them then re-composites its rectangle only. `water`: what the layers up to `index` made
   * (null: none; absent: not known).
   */
  prime(stack: LayerStack, index: number, output: Float32Array, top?: Float32Array, water?: WaterSurface | null): void {
    this.clear();
    this.anchorWater = water;
    if (output.length !== this.size.width * this.size.depth)
      throw new RangeError(`a primed result holds ${output.length} heights, the map ${this.size.width * this.size.depth}`);
    if (top && (top.length !== output.length || top === output)) throw new RangeError("a primed composite must be another array of the map's size");
    if (stack.slice(index + 1).some((layer) => layer.enabled && !kindOf(layer).local))
      throw new RangeError(`layer ${index} has whole-map layers above it: it cannot feed local updates`);
    this.layers = stack.slice();
    this.outputs = stack.map(() => null);
    this.used = stack.map(() => 0);
    this.outputs[index] = output;
    this.anchor = index;
    this.stats.cachedBytes = output.byteLength;
    this.touch(index);
    if (top && this.chainLayers(stack).length > 0) this.setTop(top);
  }

  /**
   * `heights` (another's array: the editor's document heights) hold `stack`'s heights, bit for bit:
   * the caller vouches for it. They become the target every composite is written into from now on
   * and, when every layer up to the anchor is as last evaluated and only local layers lie above it,
   * the composite of those layers as well: `stack` is recorded as evaluated (nothing is computed),
   * and the next local edit re-composites its rectangle straight into them. Otherwise the kept results
   * stay those of the stack last evaluated, and the composite is made again when needed.
   */
  adopt(stack: LayerStack, heights: Float32Array): void {
    if (heights.length !== this.size.width * this.size.depth)
      throw new RangeError(`adopted heights hold ${heights.length} values, the map ${this.size.width * this.size.depth}`);
    if (this.anchor >= 0 && heights === this.outputs[this.anchor]) throw new RangeError("the adopted heights cannot be the anchor's kept result");
    // Another array: what the anchor left in the old one is taken back first.
    if (heights !== this.target) this.takeAnchor(null);
    this.setTop(null);
    this.target = heights;
    let first = 0;
    while (first < stack.length && first < this.layers.length && sameLayerResult(stack[first], this.layers[first])) first++;
    // Another stack than the one evaluated: the heights were written by someone else (an undo, a
    // command on this thread), maybe where the anchor's result was left in them.
    if (this.anchorBacked && !(first === stack.length && stack.length === this.layers.length) && !this.anchorBacked.intact()) this.drop(this.anchor);
    if (first <= this.anchor || this.anchor >= stack.length || !this.chainReady()) return;
    if (stack.some((layer, k) => k > this.anchor && layer.enabled && !kindOf(layer).local)) return;
    // Only local layers above the anchor differ: `heights` are their composite.
    this.layers = stack.slice();
    for (let k = this.anchor + 1; k < Math.max(stack.length, this.outputs.length); k++) this.drop(k);
    this.outputs.length = stack.length;
    this.used.length = stack.length;
    for (let k = 0; k < stack.length; k++) {
      this.outputs[k] ??= null;
      this.used[k] ??= 0;
    }
    if (this.chainLayers(stack).length > 0) {
      this.setTop(heights);
      this.backAnchor();
    }
  }

  /** Stops writing into the adopted array (its holder cannot vouch for it now): the next composite is this evaluator's own. */
  detach(): void {
    this.takeAnchor(null);
    if (this.top && this.top === this.target) this.setTop(null);
    this.target = null;
  }

  /**
   * The adopted array is about to be written over `rect` by someone else (a brush dab, before its
   * exact evaluation): what the anchor's result left there is taken back first.
   */
  beforeTargetWrite(rect: Rect): void {
    this.takeAnchor(rect);
  }

  /**
   * Lets the two scratch maps go (a gesture ended: a 4097² map's are 2 × 64 MiB). They hold nothing
   * between updates (each composite writes what it reads of them first), so the next update that
   * needs them makes them again.
   */
  releaseScratch(): void {
    this.scratch = [null, null];
  }

  /** Bytes of the scratch maps held now. */
  get scratchBytes(): number {
    return (this.scratch[0]?.byteLength ?? 0) + (this.scratch[1]?.byteLength ?? 0);
  }

  /** Whether the composite is the adopted array (the document's heights). */
  get writesTarget(): boolean {
    return this.top !== null && this.top === this.target;
  }

  /** The heights layer `from` of `stack` receives, when kept or composited from what is kept (the layers below are as last evaluated); null otherwise. */
  keptInput(stack: LayerStack, from: number): Float32Array | null {
    if (from > this.layers.length || from > stack.length) return null;
    for (let k = 0; k < from; k++) if (!sameLayerResult(stack[k], this.layers[k])) return null;
    let below = from - 1;
    while (below >= 0 && !stack[below].enabled) below--;
    if (below < 0) return null;
    if (below === this.anchor) return this.anchorToRead(null);
    if (below < this.anchor) return this.outputs[below] ?? null;
    if (!this.chainReady()) return null;
    // A local layer above the anchor: its result is composited again from the anchor's.
    const base = this.anchorToRead(stack);
    if (!base) return null;
    let current: Float32Array = base;
    for (let k = this.anchor + 1; k <= below; k++) {
      if (!stack[k].enabled) continue;
      const out: Float32Array = new Float32Array(current.length);
      applyLayer(stack[k], current, out, this.size, wholeRect(this.size), { below: stack.slice(0, k) });
      current = out;
    }
    return current;
  }

  /**
   * The anchor's result for a reader outside the composites: while it is backed by the target, a
   * whole copy (the backing stays: taking it all back would hold the whole map until the next
   * adoption splits it again). Null when it is not known (with `stack`: recomputed if evicted).
   */
  private anchorToRead(stack: LayerStack | null): Float32Array | null {
    const backed = this.anchorBacked;
    if (!backed || this.outputs[this.anchor] !== backed.own) return stack ? this.anchorResult(stack, {}) : (this.outputs[this.anchor] ?? null);
    const whole = backed.whole();
    if (!whole) this.drop(this.anchor);
    return whole;
  }

  /** The layer object last evaluated at `index` (what an edit of it in a rectangle changed from). */
  recordedLayer(index: number): Layer | undefined {
    return this.layers[index];
  }

  /** Drops every kept result (e.g. the map size changed: make a new evaluator instead); the adopted target stays where composites go. */
  clear(): void {
    this.layers = [];
    this.outputs = [];
    this.used = [];
    this.anchor = -1;
    this.anchorWater = null;
    this.anchorBacked = null;
    this.setTop(null);
    this.scratch = [null, null];
    this.stats.cachedBytes = 0;
  }

  /** Whether the anchor's water is known (flat ground has none). */
  private waterKnown(): boolean {
    return this.anchor < 0 || this.anchorWater !== undefined;
  }

  /**
   * The anchor's water, made this evaluator's own before `target` (the water being written) is
   * written, when they were one object.
   */
  private baseWater(target: WaterSurface): WaterSurface | null {
    if (this.anchor < 0) return null;
    const base = this.anchorWater ?? null;
    if (base === target) this.anchorWater = copyWaterSurface(base);
    return this.anchorWater ?? null;
  }

  private resetStats(): void {
    this.stats.wholeLayers = 0;
    this.stats.rectLayers = 0;
    this.stats.replayedLayers = 0;
    this.stats.changedRect = null;
  }

  /** Whether the anchor's result is at hand for the layers above it (flat ground needs nothing). */
  private chainReady(): boolean {
    return this.anchor < 0 || (this.outputs[this.anchor] !== null && this.outputs[this.anchor] !== undefined);
  }

  private run(stack: LayerStack, from: number, rect: Rect | null, options: EvaluateOptions): Float32Array | null {
    this.resetStats();
    // Results above the stack's new top are dropped; those from `from` up are recomputed below.
    for (let k = stack.length; k < this.outputs.length; k++) this.drop(k);
    this.outputs.length = stack.length;
    this.used.length = stack.length;
    // The stack is recorded before the work: a cancelled run leaves results that no longer match.
    this.layers = stack.slice();
    const aboveLocal = stack.every((layer, k) => k <= this.anchor || !layer.enabled || kindOf(layer).local);
    if (from > this.anchor && this.anchor < stack.length && aboveLocal && this.chainReady()) {
      // Only local layers above the anchor changed.
      if (rect && this.top && from < stack.length && stack[from].enabled)
        return this.compositeRect(stack, from, rect, options) ? this.result(stack, options) : this.cancelled(from);
      return this.compositeWhole(stack, options) ? this.result(stack, options) : this.cancelled(from);
    }
    // A layer up to the anchor changed (or a whole-map layer above it): the anchor becomes the
    // topmost whole-map layer, and the layers up to it run as kept results.
    this.takeAnchor(null);
    this.setTop(null);
    const anchor = topWholeMapLayer(stack);
    for (let k = Math.max(anchor + 1, 0); k < this.outputs.length; k++) this.drop(k);
    this.anchor = anchor;
    // The water up to the anchor is made anew only from the first layer (else it is not known here).
    const water = options.water;
    if (water && from === 0) resetWater(water, null, wholeRect(this.size), this.size.width);
    this.anchorWater = !stackMakesWater(stack.slice(0, anchor + 1)) ? null : water && from === 0 ? water : undefined;
    let dirty = rect;
    for (let k = from; k <= anchor; k++) {
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
        applyLayer(layer, input, kept, this.size, dirty, { ...options, below: stack.slice(0, k) });
        this.stats.rectLayers++;
        this.touch(k);
        continue;
      }
      dirty = null;
      const out = kept ?? new Float32Array(this.size.width * this.size.depth);
      if (!applyLayer(layer, input, out, this.size, wholeRect(this.size), { ...options, below: stack.slice(0, k) })) {
        this.drop(k);
        return this.cancelled(from);
      }
      this.stats.wholeLayers++;
      this.keep(k, out, input);
    }
    // Inputs kept while their layer ran may go now.
    this.trim();
    if (this.anchorWater && this.anchorWater === water && this.chainMakesWater(stack)) this.anchorWater = copyWaterSurface(water);
    if (!this.compositeWhole(stack, options)) return this.cancelled(from);
    // Only a rectangle changed below the anchor: the chain above changes within what it reads of it.
    let changed = dirty;
    if (changed) for (const k of this.chainLayers(stack)) changed = readsOf(stack[k], changed, this.size);
    this.stats.changedRect = changed;
    return this.result(stack, options);
  }

  private cancelled(from: number): null {
    // What was being recomputed no longer matches the recorded stack.
    for (let k = from; k < this.outputs.length; k++) this.drop(k);
    if (this.anchor >= from) this.anchor = -1;
    this.setTop(null);
    this.layers.length = Math.min(this.layers.length, from, Math.max(0, this.anchor + 1));
    return null;
  }

  private result(stack: LayerStack, options: EvaluateOptions): Float32Array | null {
    if (this.chainLayers(stack).length > 0) {
      if (!this.top && !this.compositeWhole(stack, options)) return this.cancelled(this.anchor + 1);
      return this.top;
    }
    return this.anchorResult(stack, options);
  }

  /**
   * The anchor's result (flat ground below the first layer), recomputed if it was evicted; whole
   * unless `taken` (the caller took what it reads back from the target). Null when it was lost.
   */
  private anchorResult(stack: LayerStack, options: LayerRunOptions, taken = false): Float32Array | null {
    if (this.anchor < 0) return this.zeroInput();
    if (!taken && !this.takeAnchor(null)) return null;
    return this.outputs[this.anchor] ?? this.recompute(stack, this.anchor, options);
  }

  /** The enabled layers above the anchor, bottom first. */
  private chainLayers(stack: LayerStack): number[] {
    const chain: number[] = [];
    for (let k = this.anchor + 1; k < stack.length; k++) if (stack[k].enabled) chain.push(k);
    return chain;
  }

  /** Whether an enabled layer above the anchor makes water. */
  private chainMakesWater(stack: LayerStack): boolean {
    return this.chainLayers(stack).some((k) => kindOf(stack[k]).makesWater === true);
  }

  /**
   * Where the n-th of `count` chain layers writes: the top composite for the last, else the scratch
   * maps in turn, so no layer reads the map it writes.
   */
  private chainOutput(n: number, count: number): Float32Array {
    if (n === count - 1) {
      if (!this.top) this.setTop(this.target ?? new Float32Array(this.size.width * this.size.depth));
      return this.top as Float32Array;
    }
    const s = (count - 1 - n) % 2;
    return (this.scratch[s] ??= new Float32Array(this.size.width * this.size.depth));
  }

  /**
   * Composites every enabled layer above the anchor from its result. Into the target, the last layer
   * writes a scratch map and only the blocks that differ are copied (so `beforeWrite` keeps only
   * those for undo). False when cancelled (the target untouched).
   */
  private compositeWhole(stack: LayerStack, options: EvaluateOptions): boolean {
    const chain = this.chainLayers(stack);
    // The water is made again from the anchor's into a map of its own, then copied where it changed.
    const waterTarget = this.waterToMake(stack, options.water);
    const water = waterTarget && this.freshWater(waterTarget);
    if (chain.length === 0) {
      // No layer above the anchor: the water is the anchor's (a river deleted leaves it so).
      if (waterTarget && water) copyChangedWater(water, waterTarget, this.size, options.beforeWaterWrite);
      this.setTop(null);
      return true;
    }
    let input = this.anchorResult(stack, options);
    if (!input) return false;
    const target = this.target;
    for (const [n, k] of chain.entries()) {
      const last = n === chain.length - 1;
      const out = last && target ? (this.scratch[0] ??= new Float32Array(this.size.width * this.size.depth)) : this.chainOutput(n, chain.length);
      if (!applyLayer(stack[k], input, out, this.size, wholeRect(this.size), { ...options, water, below: stack.slice(0, k) })) return false;
      this.stats.wholeLayers++;
      input = out;
    }
    if (waterTarget && water) copyChangedWater(water, waterTarget, this.size, options.beforeWaterWrite);
    if (target) {
      this.setTop(target);
      this.stats.changedRect = copyChangedBlocks(input, target, this.size, options.beforeWrite);
      this.backAnchor();
    }
    // The scratch maps were written whole: let them go rather than keep them resident at rest.
    this.scratch = [null, null];
    return true;
  }

  /**
   * Layer `index` (above the anchor) changed inside `rect`: what changes is that rectangle, grown
   * through the layers above it by what each reads (a slope mask's reach, a road's footprint).
   * Every chain layer then re-composites, from the anchor's result up, the rectangle the layers
   * above it read of its result, which holds every rectangle they write; the last writes the top
   * composite. Exact: a local layer's result over a rectangle depends on its input there alone.
   */
  private compositeRect(stack: LayerStack, index: number, rect: Rect, options: EvaluateOptions): boolean {
    const chain = this.chainLayers(stack);
    const at = chain.indexOf(index);
    const top = this.top;
    if (at < 0 || !top) return this.compositeWhole(stack, options);
    const water = this.waterToMake(stack, options.water);
    const { dirty, areas } = water ? waterRect(stack, chain, at, rect, this.size) : rectsOf(stack, chain, at, rect, this.size);
    // The anchor's result where the first chain layer reads it and where the composite is written.
    if (!this.takeAnchor(readsOf(stack[chain[0]], areas[0], this.size)) || !this.takeAnchor(areas[chain.length - 1])) return false;
    const base = this.anchorResult(stack, options, true);
    if (!base) return false;
    this.stats.changedRect = dirty;
    if (water) {
      // Every water-making layer that writes here writes all its water inside `dirty` (waterRect),
      // so the water there is made again from the anchor's.
      options.beforeWaterWrite?.(dirty);
      resetWater(water, this.baseWater(water), dirty, this.size.width);
    }
    let input = base;
    for (const [n, k] of chain.entries()) {
      const out = this.chainOutput(n, chain.length);
      if (out === this.target) options.beforeWrite?.(areas[n]);
      if (!applyLayer(stack[k], input, out, this.size, areas[n], { ...options, water, below: stack.slice(0, k) })) return false;
      if (n >= at) this.stats.rectLayers++;
      else this.stats.replayedLayers++;
      input = out;
    }
    return true;
  }

  /**
   * `target` when a composite must make its water again: the anchor's is known, and a layer above
   * it makes water or `target` is not the anchor's water itself (it may hold water such a layer made).
   */
  private waterToMake(stack: LayerStack, target: WaterSurface | undefined): WaterSurface | undefined {
    if (!target || !this.waterKnown()) return undefined;
    return this.chainMakesWater(stack) || this.anchorWater !== target ? target : undefined;
  }

  /** A new water map holding the anchor's water (`target` is the one it will be copied into). */
  private freshWater(target: WaterSurface): WaterSurface {
    const base = this.baseWater(target);
    return base ? copyWaterSurface(base) : createWaterSurface(this.size.width * this.size.depth);
  }

  /** The composite is counted as kept only when it is this evaluator's own array. */
  private setTop(top: Float32Array | null): void {
    if (this.top && this.top !== this.target) this.stats.cachedBytes -= this.top.byteLength;
    this.top = top;
    if (top && top !== this.target) this.stats.cachedBytes += top.byteLength;
  }

  private zeroInput(): Float32Array {
    this.zeros ??= new Float32Array(this.size.width * this.size.depth);
    return this.zeros;
  }

  /** The heights layer k (up to the anchor) receives: the result of the nearest enabled layer below (recomputed if evicted). */
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
    if (!applyLayer(stack[k], input, out, this.size, wholeRect(this.size), { ...options, below: stack.slice(0, k) })) return null;
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
    this.trim(k, input);
  }

  /**
   * Evicts the least recently used results down to the budget, never `k` nor `input` (what is being
   * computed) nor the anchor's (what every local edit at the top starts from: thrashing it would turn
   * every stroke into a whole re-run).
   */
  private trim(k = -1, input: Float32Array | null = null): void {
    const budget = this.budgetBytes + (this.top && this.top !== this.target ? this.top.byteLength : 0);
    while (this.stats.cachedBytes > budget) {
      let victim = -1;
      for (let v = 0; v < this.outputs.length; v++) {
        const output = this.outputs[v];
        if (!output || v === k || output === input || v === this.anchor) continue;
        if (victim < 0 || this.used[v] < this.used[victim]) victim = v;
      }
      if (victim < 0) break;
      this.drop(victim);
    }
  }

  private drop(k: number): void {
    const kept = this.outputs[k];
    if (kept) this.stats.cachedBytes -= kept.byteLength;
    if (kept && kept === this.anchorBacked?.own) this.anchorBacked = null;
    this.outputs[k] = null;
  }

  /**
   * The anchor's result becomes backed by the target where the two are equal (the composite is
   * the target, as the document's heights are at rest), so the map is held once there.
   */
  private backAnchor(): void {
    const output = this.anchor >= 0 ? this.outputs[this.anchor] : null;
    if (this.anchorBacked || !output || !this.target || this.top !== this.target) return;
    this.anchorBacked = TargetBackedResult.split(output, this.target, this.size);
    this.outputs[this.anchor] = this.anchorBacked.own;
  }

  /**
   * The anchor's result made whole over `rect` (null: everywhere; then it is all its own again)
   * before it is read there or the target is written there. False when the target was written
   * there without this evaluator (the result is then dropped: not known here).
   */
  private takeAnchor(rect: Rect | null): boolean {
    const backed = this.anchorBacked;
    if (!backed) return true;
    if (this.outputs[this.anchor] !== backed.own) {
      this.anchorBacked = null;
      return true;
    }
    if (!backed.take(rect ?? wholeRect(this.size))) {
      this.drop(this.anchor);
      return false;
    }
    if (backed.blocksInTarget === 0 && backed.blocksPacked === 0) this.anchorBacked = null;
    return true;
  }

  /** Blocks (64²) of the anchor's result held in its own array; null when it is not backed by the target (all its own). */
  get anchorBlocksHeld(): number | null {
    return this.anchorBacked ? this.anchorBacked.blocksHeld : null;
  }
}

/**
 * Layer chain[at] changed inside `rect`: forward, the rectangle each layer from it up changes (the
 * last: `dirty`, what the composite changes); backward, the rectangle each chain layer must write so
 * that the one above reads correct heights (`areas`, the last `dirty`).
 */
export function rectsOf(stack: LayerStack, chain: readonly number[], at: number, rect: Rect, size: LayerSize): { dirty: Rect; areas: Rect[] } {
  let dirty = rect;
  for (let n = at; n < chain.length; n++) dirty = readsOf(stack[chain[n]], dirty, size);
  const areas: Rect[] = new Array<Rect>(chain.length);
  areas[chain.length - 1] = dirty;
  for (let n = chain.length - 1; n > 0; n--) areas[n - 1] = readsOf(stack[chain[n]], areas[n], size);
  return { dirty, areas };
}

const overlaps = (a: Rect, b: Rect) => a.i0 < b.i1 && b.i0 < a.i1 && a.j0 < b.j1 && b.j0 < a.j1;
const contains = (outer: Rect, inner: Rect) => outer.i0 <= inner.i0 && outer.j0 <= inner.j0 && outer.i1 >= inner.i1 && outer.j1 >= inner.j1;
const union = (a: Rect, b: Rect): Rect => ({ i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) });

/**
 * rectsOf, with the edited rectangle grown until every water-making chain layer that writes any of
 * `areas` has its whole footprint inside `dirty`: a river's water at one vertex depends on the water
 * below it along its whole centreline (where it joins a lake), so the water is made again over
 * `dirty` from the anchor's, and no layer writes water outside it.
 */
function waterRect(stack: LayerStack, chain: readonly number[], at: number, rect: Rect, size: LayerSize): { dirty: Rect; areas: Rect[] } {
  let edit = rect;
  for (;;) {
    const rects = rectsOf(stack, chain, at, edit, size);
    let grown = edit;
    for (const [n, k] of chain.entries()) {
      const kind = kindOf(stack[k]);
      if (kind.makesWater !== true) continue;
      const box = kind.bounds ? kind.bounds(stack[k], size) : wholeRect(size);
      if (box && overlaps(box, rects.areas[n]) && !contains(rects.dirty, box)) grown = union(grown, box);
    }
    if (grown === edit) return rects;
    edit = grown;
  }
}

/**
 * Copies `from` into `into` block by block (TARGET_BLOCK²), only the blocks whose bits differ,
 * telling `beforeWrite` of each first. The bounding rectangle of those blocks (empty: none).
 */
function copyChangedBlocks(from: Float32Array, into: Float32Array, size: LayerSize, beforeWrite?: (rect: Rect) => void): Rect {
  const { width, depth } = size;
  const a = new Uint32Array(from.buffer, from.byteOffset, from.length);
  const b = new Uint32Array(into.buffer, into.byteOffset, into.length);
  let changed: Rect | null = null;
  for (let j0 = 0; j0 < depth; j0 += TARGET_BLOCK) {
    const j1 = Math.min(j0 + TARGET_BLOCK, depth);
    for (let i0 = 0; i0 < width; i0 += TARGET_BLOCK) {
      const i1 = Math.min(i0 + TARGET_BLOCK, width);
      if (sameBlock(a, b, width, i0, j0, i1, j1)) continue;
      const block = { i0, j0, i1, j1 };
      beforeWrite?.(block);
      for (let j = j0; j < j1; j++) into.set(from.subarray(j * width + i0, j * width + i1), j * width + i0);
      changed = changed ? { i0: Math.min(changed.i0, i0), j0: Math.min(changed.j0, j0), i1: Math.max(changed.i1, i1), j1: Math.max(changed.j1, j1) } : block;
    }
  }
  return changed ?? { i0: 0, j0: 0, i1: 0, j1: 0 };
}

function sameBlock(a: Uint32Array, b: Uint32Array, width: number, i0: number, j0: number, i1: number, j1: number): boolean {
  for (let j = j0; j < j1; j++) {
    const row = j * width;
    for (let i = row + i0; i < row + i1; i++) if (a[i] !== b[i]) return false;
  }
  return true;
}
