/**
 * The hardness mask source: the relative hardness of the rock bed each vertex's ground lies in, by
 * the stack's strata (shared/layers/stackStrata.ts: the topmost enabled fluvial or thermal layer's,
 * the beds the views colour), on the heights given (the terrain as exported). Null without strata.
 */
import type { LayerSize, LayerStack } from '../layers/types';
import { stackStrata } from '../layers/stackStrata';
import { hardnessMap } from '../terrain/strata';

export { stackStrata } from '../layers/stackStrata';

export function stackHardness(stack: LayerStack, size: LayerSize, heights: Float32Array): Float32Array | null {
  const strata = stackStrata(stack);
  return strata ? hardnessMap(strata, size, heights) : null;
}
