/** `normalise`: a linear stretch of the whole map onto [min, max]. */
import { normalizeToRange } from '../../filters/normalize';
import { isFiniteNumber, type LayerKindModule } from '../kind';
import type { NormaliseLayer } from '../types';
import { fieldOver } from './wholeMap';

export const normaliseKind: LayerKindModule<NormaliseLayer> = {
  kind: 'normalise',
  local: false,
  problem: ({ params }) => (isFiniteNumber(params.min) && isFiniteNumber(params.max) && params.min <= params.max ? null : 'normalise needs finite min ≤ max'),
  apply(layer, input, out, size, _rect, options) {
    normalizeToRange(fieldOver(input, out, size), layer.params.min, layer.params.max);
    options.onProgress?.(1, 1);
    return true;
  },
};
