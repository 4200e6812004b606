/**
 * The water of a layer stack, for exports: the topmost enabled `water` layer's, evaluated on the
 * heights that layer receives (the stack below it, from scratch), as `faultline water` and the
 * export dialog write it. A stack with several water layers exports the topmost one's water.
 */
import { evaluateStack } from './evaluate';
import type { LayerRunOptions } from './kind';
import type { LayerSize, LayerStack, WaterLayer } from './types';
import { evaluateWater, type Water } from '../hydrology/water';

export interface StackWater {
  layer: WaterLayer;
  /** The heights the layer receives. */
  below: Float32Array;
  /** Those heights with its channels carved (its output at full opacity). */
  carved: Float32Array;
  water: Water;
}

/** The topmost enabled water layer's index, or -1. */
export function topWaterLayer(stack: LayerStack): number {
  for (let k = stack.length - 1; k >= 0; k--) if (stack[k].kind === 'water' && stack[k].enabled) return k;
  return -1;
}

/** The topmost enabled water layer's water; null when the stack has none or the run was cancelled. */
export function stackWater(stack: LayerStack, size: LayerSize, options: Pick<LayerRunOptions, 'shouldCancel'> = {}): StackWater | null {
  const index = topWaterLayer(stack);
  if (index < 0) return null;
  const layer = stack[index] as WaterLayer;
  const below = evaluateStack(stack.slice(0, index), size, options);
  if (!below) return null;
  const carved = new Float32Array(below.length);
  const water = evaluateWater(size, below, carved, layer.params, options.shouldCancel);
  return water ? { layer, below, carved, water } : null;
}
