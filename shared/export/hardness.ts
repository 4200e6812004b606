/**
 * The hardness mask source: the relative hardness of the rock bed each vertex's ground lies in, by
 * the strata of the stack's topmost enabled fluvial layer (shared/terrain/strata.ts), on the heights
 * given (the terrain as exported). Null when no enabled fluvial layer has strata.
 */
import type { LayerSize, LayerStack } from '../layers/types';
import { hardnessMap, type Strata } from '../terrain/strata';

/** The strata of the topmost enabled fluvial layer that has them, or null. */
export function stackStrata(stack: LayerStack): Strata | null {
  for (let k = stack.length - 1; k >= 0; k--) {
    const layer = stack[k];
    if (layer.kind === 'fluvial' && layer.enabled && layer.params.strata) return layer.params.strata;
  }
  return null;
}

export function stackHardness(stack: LayerStack, size: LayerSize, heights: Float32Array): Float32Array | null {
  const strata = stackStrata(stack);
  return strata ? hardnessMap(strata, size, heights) : null;
}
