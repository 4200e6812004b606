/**
 * `water`: automatic rivers and lakes from the heights below (shared/hydrology/water.ts). Whole-map:
 * where water runs depends on the whole map. Its water depth per vertex, for views and exports, is
 * `evaluateWater` on the same input; evaluation hands its surface to `LayerRunOptions.water`.
 */
import { evaluateWater } from '../../hydrology/water';
import { waterProblem } from '../../hydrology/waterParams';
import { addWaterSurface } from '../../hydrology/waterSurface';
import type { LayerKindModule } from '../kind';
import type { WaterLayer } from '../types';

export const waterKind: LayerKindModule<WaterLayer> = {
  kind: 'water',
  local: false,
  makesWater: true,
  problem: (layer) => waterProblem(layer.params),
  apply(layer, input, out, size, _rect, options) {
    const water = evaluateWater(size, input, out, layer.params, options.shouldCancel);
    if (water && options.water) {
      addWaterSurface(options.water, water.surface, water.kind);
      // Layers run bottom first, so the topmost automatic water's figure is the one kept.
      options.water.largestDrainingArea = water.largestDrainingArea;
    }
    if (water) options.automaticWater?.(water);
    return water !== null;
  },
};
