/** Layer kind → its module: the one place a new kind is added. */
import type { LayerKindModule } from './kind';
import { faultsKind } from './kinds/faults';
import { flattenKind } from './kinds/flatten';
import { fluvialKind } from './kinds/fluvial';
import { heightsKind } from './kinds/heights';
import { hydraulicKind } from './kinds/hydraulic';
import { manualFaultsKind } from './kinds/manualFaults';
import { normaliseKind } from './kinds/normalise';
import { riverKind } from './kinds/river';
import { roadKind } from './kinds/road';
import { terraceKind } from './kinds/terrace';
import { channelsKind } from './kinds/channels';
import { sculptKind } from './kinds/sculpt';
import { smoothKind } from './kinds/smooth';
import { stampKind } from './kinds/stamp';
import { thermalKind } from './kinds/thermal';
import { waterKind } from './kinds/water';
import type { Layer, LayerKind } from './types';

type Modules = { [K in LayerKind]: LayerKindModule<Extract<Layer, { kind: K }>> };

const MODULES: Modules = {
  faults: faultsKind,
  hydraulic: hydraulicKind,
  thermal: thermalKind,
  smooth: smoothKind,
  normalise: normaliseKind,
  terrace: terraceKind,
  channels: channelsKind,
  sculpt: sculptKind,
  manualFaults: manualFaultsKind,
  stamp: stampKind,
  flatten: flattenKind,
  heights: heightsKind,
  road: roadKind,
  water: waterKind,
  river: riverKind,
  fluvial: fluvialKind,
};

export const isLayerKind = (kind: unknown): kind is LayerKind => typeof kind === 'string' && Object.prototype.hasOwnProperty.call(MODULES, kind);

export function kindOf(layer: Layer): LayerKindModule {
  return MODULES[layer.kind] as unknown as LayerKindModule;
}
