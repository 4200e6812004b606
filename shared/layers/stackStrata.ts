/**
 * The rock beds a document's land was shaped in: the strata of the topmost enabled fluvial or
 * thermal layer that has them (the last process that cut the rock). The views' colour bands, the
 * colour map and the hardness mask source all read these, so they never disagree and a saved
 * project carries them in its layer stack.
 */
import type { LayerStack } from './types';
import type { Strata } from '../terrain/strata';

export function stackStrata(stack: LayerStack): Strata | null {
  for (let k = stack.length - 1; k >= 0; k--) {
    const layer = stack[k];
    if (!layer.enabled) continue;
    if (layer.kind === 'fluvial' && layer.params.strata) return layer.params.strata;
    if (layer.kind === 'thermal' && layer.params.strata) return layer.params.strata;
  }
  return null;
}
