/**
 * Evaluating a layer stack: flat ground, then each enabled layer from the bottom up. `applyLayer`
 * is the one place that says what a layer does to the heights below it (its kind's result mixed
 * in by opacity × mask), so evaluation from scratch and the incremental evaluator (incremental.ts)
 * give the same bytes.
 */
import type { LayerRunOptions } from './kind';
import { maskWeightAt } from './mask';
import { kindOf } from './registry';
import { wholeRect, type Layer, type LayerSize, type LayerStack, type Rect } from './types';

export type { LayerRunOptions } from './kind';

/**
 * Writes the layer's heights into `out` (not `input`) over `rect` (the whole map for non-local
 * kinds, whatever `rect` says). False when cancelled (then `out` is partly written).
 */
export function applyLayer(layer: Layer, input: Float32Array, out: Float32Array, size: LayerSize, rect: Rect, options: LayerRunOptions = {}): boolean {
  const kind = kindOf(layer);
  const area = kind.local ? rect : wholeRect(size);
  if (!kind.apply(layer, input, out, size, area, options)) return false;
  const { opacity, mask } = layer;
  if (opacity === 1 && !mask) return true;
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
  return true;
}

/** The stack's heights, from scratch; null when cancelled. */
export function evaluateStack(stack: LayerStack, size: LayerSize, options: LayerRunOptions = {}): Float32Array | null {
  const n = size.width * size.depth;
  let current: Float32Array = new Float32Array(n);
  let spare: Float32Array | null = null;
  const enabled = stack.filter((layer) => layer.enabled);
  for (const [index, layer] of enabled.entries()) {
    const out: Float32Array = spare ?? new Float32Array(n);
    const onProgress = options.onProgress && ((done: number, total: number) => options.onProgress?.(index + done / Math.max(1, total), enabled.length));
    if (!applyLayer(layer, current, out, size, wholeRect(size), { ...options, onProgress })) return null;
    spare = current;
    current = out;
  }
  return current;
}
