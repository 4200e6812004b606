/**
 * `fluvial`: stream-power erosion over time (shared/erosion/fluvial.ts) on the heights below.
 * Whole-map: where water runs depends on the whole map.
 */
import { runFluvial } from '../../erosion/fluvial';
import { fluvialProblem } from '../../erosion/fluvialParams';
import type { LayerKindModule } from '../kind';
import type { FluvialLayer } from '../types';

export const fluvialKind: LayerKindModule<FluvialLayer> = {
  kind: 'fluvial',
  local: false,
  problem: (layer) => fluvialProblem(layer.params),
  apply(layer, input, out, size, _rect, options) {
    return runFluvial(size, input, out, layer.params, { onProgress: options.onProgress, shouldCancel: options.shouldCancel });
  },
};
