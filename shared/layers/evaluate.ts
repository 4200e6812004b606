/**
 * Evaluating a layer stack: flat ground, then each enabled layer from the bottom up. `applyLayer`
 * is the one place that says what a layer does to the heights below it (its kind's result mixed
 * in by opacity × mask), so evaluation from scratch and the incremental evaluator (incremental.ts)
 * give the same bytes.
 */
import { copyWaterSurface, type WaterSurface } from '../hydrology/waterSurface';
import type { LayerRunOptions } from './kind';
import { maskWeightAt } from './mask';
import { kindOf } from './registry';
import { wholeRect, type Layer, type LayerSize, type LayerStack, type Rect } from './types';
import { printableText } from './validate';

export type { LayerRunOptions } from './kind';

/**
 * Writes the layer's heights into `out` (not `input`) over `rect` (the whole map for non-local
 * kinds, whatever `rect` says). False when cancelled (then `out` is partly written).
 */
export function applyLayer(layer: Layer, input: Float32Array, out: Float32Array, size: LayerSize, rect: Rect, options: LayerRunOptions = {}): boolean {
  const kind = kindOf(layer);
  const area = kind.local ? rect : wholeRect(size);
  try {
    if (!kind.apply(layer, input, out, size, area, options)) return false;
  } catch (error) {
    throw new LayerEvaluationError(layer, error);
  }
  mixLayer(layer, input, out, size, area);
  return true;
}

/**
 * A layer's evaluation failed: the message names the layer (id, kind and name), so whoever shows it
 * (the CLI with its command and file, the window with its action) says which layer it was.
 */
export class LayerEvaluationError extends Error {
  override name = 'LayerEvaluationError';
  constructor(
    readonly layer: Pick<Layer, 'id' | 'kind' | 'name'>,
    cause: unknown,
  ) {
    const text = cause instanceof Error ? cause.message : String(cause);
    super(
      `layer "${printableText(String(layer.id).slice(0, 64))}" (${layer.kind}, "${printableText(String(layer.name).slice(0, 60))}") could not be ` +
        `evaluated: ${text}`,
    );
  }
}

/**
 * Mixes a layer's own result (in `out`) with what it received by its opacity and mask, over
 * `area`: the second half of `applyLayer`, for a result computed elsewhere (erosion on threads).
 */
export function mixLayer(layer: Layer, input: Float32Array, out: Float32Array, size: LayerSize, area: Rect): void {
  const { opacity, mask } = layer;
  if (opacity === 1 && !mask) return;
  for (let j = area.j0; j < area.j1; j++) {
    for (let i = area.i0; i < area.i1; i++) {
      const k = j * size.width + i;
      // Where the layer left the heights as they were, mixing would too: skip the mask's work.
      if (out[k] === input[k]) continue;
      const w = opacity * (mask ? maskWeightAt(mask, input, size, i, j) : 1);
      // Weights 1 and 0 keep exact bytes; anything between mixes in float64, rounded once.
      if (w === 1) continue;
      out[k] = w === 0 ? input[k] : input[k] + w * (out[k] - input[k]);
    }
  }
}

/**
 * The stack's heights, from scratch (flat ground below the first layer, or `input`: the heights
 * below the stack, which are not written); null when cancelled.
 */
export function evaluateStack(stack: LayerStack, size: LayerSize, options: LayerRunOptions = {}, input?: Float32Array): Float32Array | null {
  const n = size.width * size.depth;
  if (input && input.length !== n) throw new RangeError(`the heights below the stack are ${input.length} values, the map ${n}`);
  let current: Float32Array = input ?? new Float32Array(n);
  let spare: Float32Array | null = null;
  const enabled = stack.filter((layer) => layer.enabled);
  for (const [index, layer] of enabled.entries()) {
    const out: Float32Array = spare ?? new Float32Array(n);
    const onProgress = options.onProgress && ((done: number, total: number) => options.onProgress?.(index + done / Math.max(1, total), enabled.length));
    if (!applyLayer(layer, current, out, size, wholeRect(size), { ...options, onProgress, below: [...(options.below ?? []), ...enabled.slice(0, index)] }))
      return null;
    spare = current === input ? null : current;
    current = out;
  }
  return current === input ? input.slice() : current;
}

/** The index of the topmost enabled layer that is not local (-1 when there is none). */
export function topWholeMapLayer(stack: LayerStack): number {
  for (let k = stack.length - 1; k >= 0; k--) if (stack[k].enabled && !kindOf(stack[k]).local) return k;
  return -1;
}

export interface StackEvaluation {
  heights: Float32Array;
  /**
   * The result of the topmost enabled whole-map layer (`index`), the input of the local layers above
   * it, so an editor can update those locally (StackEvaluator.prime); null when there is none. Its
   * `output` is `heights` itself when no enabled layer lies above it. With `LayerRunOptions.water`,
   * `water` is what the layers up to it made (the evaluator's anchor water): a copy when a layer
   * above it makes water too, else that water itself.
   */
  base: { index: number; output: Float32Array; water?: WaterSurface } | null;
}

/** `evaluateStack`, also keeping the topmost whole-map layer's result; null when cancelled. */
export function evaluateStackWithBase(stack: LayerStack, size: LayerSize, options: LayerRunOptions = {}, input?: Float32Array): StackEvaluation | null {
  const baseIndex = topWholeMapLayer(stack);
  if (baseIndex < 0) {
    const heights = evaluateStack(stack, size, options, input);
    return heights ? { heights, base: null } : null;
  }
  const below = evaluateStack(stack.slice(0, baseIndex + 1), size, options, input);
  if (!below) return null;
  const water = options.water && (stackMakesWater(stack.slice(baseIndex + 1)) ? copyWaterSurface(options.water) : options.water);
  let current = below;
  for (let k = baseIndex + 1; k < stack.length; k++) {
    const layer = stack[k];
    if (!layer.enabled) continue;
    const out = new Float32Array(current.length);
    applyLayer(layer, current, out, size, wholeRect(size), { ...options, below: [...(options.below ?? []), ...stack.slice(0, k)] });
    current = out;
  }
  return { heights: current, base: { index: baseIndex, output: below, ...(water && { water }) } };
}

/** Whether an enabled layer of `stack` puts water on the map (so an evaluation should collect it in `LayerRunOptions.water`). */
export function stackMakesWater(stack: LayerStack): boolean {
  return stack.some((layer) => layer.enabled && kindOf(layer).makesWater === true);
}
