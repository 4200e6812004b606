/** `hydraulic`: droplet erosion over the whole map, with the erosion step's params object as it is. */
import { runErosionStep } from '../../erosion';
import { hydraulicProblem } from '../../erosion/params';
import type { LayerKindModule } from '../kind';
import type { HydraulicLayer } from '../types';
import { fieldOver } from './wholeMap';

export const hydraulicKind: LayerKindModule<HydraulicLayer> = {
  kind: 'hydraulic',
  local: false,
  problem: (layer) => hydraulicProblem(layer.params),
  apply(layer, input, out, size, _rect, options) {
    return runErosionStep(fieldOver(input, out, size), { ...layer.params, kind: 'hydraulic' }, options);
  },
};
