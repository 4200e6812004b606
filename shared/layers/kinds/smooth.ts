/** `smooth`: the four-pass FIR filter over the whole map. */
import { erosionFilter } from '../../filters/erosion';
import type { LayerKindModule } from '../kind';
import type { SmoothLayer } from '../types';
import { fieldOver } from './wholeMap';

export const smoothKind: LayerKindModule<SmoothLayer> = {
  kind: 'smooth',
  local: false,
  problem: (layer) => (typeof layer.params.k === 'number' && layer.params.k >= 0 && layer.params.k < 1 ? null : 'smoothing strength k must be in [0, 1)'),
  apply(layer, input, out, size, _rect, options) {
    erosionFilter(fieldOver(input, out, size), layer.params.k);
    options.onProgress?.(1, 1);
    return true;
  },
};
