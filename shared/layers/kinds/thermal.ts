/** `thermal`: talus erosion over the whole map, with the erosion step's params object as it is. */
import { runErosionStep } from '../../erosion';
import { thermalProblem } from '../../erosion/params';
import type { LayerKindModule } from '../kind';
import type { ThermalLayer } from '../types';
import { fieldOver } from './wholeMap';

export const thermalKind: LayerKindModule<ThermalLayer> = {
  kind: 'thermal',
  local: false,
  problem: (layer) => thermalProblem(layer.params),
  apply(layer, input, out, size, _rect, options) {
    return runErosionStep(fieldOver(input, out, size), { ...layer.params, kind: 'thermal' }, options);
  },
};
