import { stackHasWater, stackWaterDepth } from '../../shared/layers/stackWaterDepth';
import type { Layer } from '../../shared/layers/types';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { waterField } from '../../shared/vehicle/water';

/**
 * The document's water depth per vertex for the car (shared/layers/stackWater.ts), worked out again
 * only when the stack or the map changes, and not at all for a stack with no water or river layer.
 */
export function createWaterCache(stack: () => readonly Layer[], field: () => Heightfield): () => Heightfield | null {
  let cachedStack: readonly Layer[] | null = null;
  let cachedField: Heightfield | null = null;
  let water: Heightfield | null = null;
  return () => {
    const layers = stack();
    const ground = field();
    if (layers !== cachedStack || ground !== cachedField) {
      cachedStack = layers;
      cachedField = ground;
      water = stackHasWater(layers) ? waterField(ground, stackWaterDepth(layers, ground)) : null;
    }
    return water;
  };
}
