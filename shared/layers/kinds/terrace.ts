/** `terrace`: flat treads at base + n · step metres with soft risers, over the whole map (shared/filters/terrace.ts). */
import { terraceHeights, terraceProblem } from '../../filters/terrace';
import { isFiniteNumber, type LayerKindModule } from '../kind';
import type { TerraceLayer } from '../types';
import { fieldOver } from './wholeMap';

export const terraceKind: LayerKindModule<TerraceLayer> = {
  kind: 'terrace',
  local: false,
  problem: ({ params }) =>
    isFiniteNumber(params.step) &&
    isFiniteNumber(params.riser) &&
    isFiniteNumber(params.base) &&
    (params.wander === undefined || isFiniteNumber(params.wander)) &&
    (params.wanderSpacing === undefined || isFiniteNumber(params.wanderSpacing))
      ? terraceProblem(params)
      : 'terrace needs finite step, riser and base (and wander, wanderSpacing if given)',
  apply(layer, input, out, size, _rect, options) {
    terraceHeights(fieldOver(input, out, size), layer.params);
    options.onProgress?.(1, 1);
    return true;
  },
};
