/**
 * `water`: automatic rivers and lakes from the heights below (shared/hydrology/water.ts). Whole-map:
 * where water runs depends on the whole map. Its water depth per vertex, for views and exports, is
 * `evaluateWater` on the same input; evaluation hands its surface to `LayerRunOptions.water`. With
 * `weightedWater` the layer's weight (opacity × mask) decides where its water is (`keepWeightedWater`).
 */
import { evaluateWater, WATER_DRY, type Water } from '../../hydrology/water';
import { WATER_WEIGHT_THRESHOLD, waterProblem } from '../../hydrology/waterParams';
import { addWaterSurface } from '../../hydrology/waterSurface';
import type { LayerKindModule } from '../kind';
import { maskWeightAt } from '../mask';
import type { LayerSize, WaterLayer } from '../types';

/**
 * Dries `water` (in place: its surface, kind and depth) at every vertex where the layer's weight,
 * opacity × its mask's weight on the heights it receives (as `mixLayer` mixes its carve), is under
 * WATER_WEIGHT_THRESHOLD. Kept vertices keep their surface as it was.
 */
export function keepWeightedWater(water: Water, layer: Pick<WaterLayer, 'opacity' | 'mask'>, input: Float32Array, size: LayerSize): void {
  const { opacity, mask } = layer;
  if (opacity >= 1 && !mask) return;
  const { surface, kind, depth } = water;
  for (let j = 0; j < size.depth; j++) {
    for (let i = 0; i < size.width; i++) {
      const v = j * size.width + i;
      if (!(surface[v] === surface[v]) && kind[v] === WATER_DRY) continue;
      const w = opacity * (mask ? maskWeightAt(mask, input, size, i, j) : 1);
      if (w >= WATER_WEIGHT_THRESHOLD) continue;
      surface[v] = NaN;
      kind[v] = WATER_DRY;
      depth[v] = 0;
    }
  }
}

export const waterKind: LayerKindModule<WaterLayer> = {
  kind: 'water',
  local: false,
  makesWater: true,
  problem: (layer) => waterProblem(layer.params),
  apply(layer, input, out, size, _rect, options) {
    const water = evaluateWater(size, input, out, layer.params, options.shouldCancel);
    if (water && layer.params.weightedWater) keepWeightedWater(water, layer, input, size);
    if (water && options.water) {
      addWaterSurface(options.water, water.surface, water.kind);
      // Layers run bottom first, so the topmost automatic water's figure is the one kept.
      options.water.largestDrainingArea = water.largestDrainingArea;
    }
    if (water) options.automaticWater?.(water);
    return water !== null;
  },
};
