/**
 * Groups of a layer's params that may be off — a fluvial layer's `strata` and `upliftMask` (null), a
 * thermal layer's optional `strata` (absent) — and the value each starts from when switched on in the
 * Layers panel, whose fields then edit its numbers. Off is the layer's rule without the group.
 */
import type { UpliftMask } from '../erosion/fluvialParams';
import type { Strata } from '../terrain/strata';
import { setLayerParam } from './edit';
import type { Layer, LayerKind, LayerStack } from './types';

export interface SwitchableGroup {
  key: string;
  /** What the group does, for the switch's tooltip. */
  title: string;
  start: Strata | UpliftMask;
}

/** Canyons' rock: 10 m of shale and 4 m of sandstone 3× as hard, repeating, flat-lying. */
const START_STRATA: Strata = {
  beds: [
    { thickness: 10, hardness: 1 },
    { thickness: 4, hardness: 3 },
  ],
  base: 0,
  dipDeg: 0,
  dipAzimuthDeg: 0,
};

const STRATA_TITLE = 'Rock beds by height, each with a thickness and a hardness (off: uniform rock)';

export const SWITCHABLE_GROUPS: Partial<Record<LayerKind, readonly SwitchableGroup[]>> = {
  fluvial: [
    { key: 'strata', title: `${STRATA_TITLE}: harder beds erode slower and stand as cliffs`, start: START_STRATA },
    {
      key: 'upliftMask',
      title: 'Uplift only within a band of the input heights, metres (off: everywhere)',
      start: { kind: 'height', min: 0, max: 100, softness: 10 },
    },
  ],
  thermal: [{ key: 'strata', title: `${STRATA_TITLE}: harder beds stand steeper`, start: START_STRATA }],
};

/** Whether a layer has the group on. */
export function groupOn(layer: Layer, key: string): boolean {
  const value = (layer.params as Record<string, unknown>)[key];
  return value !== null && value !== undefined;
}

/** The stack with layer `id`'s group `key` switched on (from its start value) or off (null: removed or null). */
export function switchGroup(stack: LayerStack, id: string, key: string, on: boolean): Layer[] {
  const layer = stack.find((candidate) => candidate.id === id);
  const group = layer && SWITCHABLE_GROUPS[layer.kind]?.find((candidate) => candidate.key === key);
  if (!layer || !group) throw new RangeError(`layer "${id}" has no group "${key}" to switch on or off`);
  const value = on ? (JSON.parse(JSON.stringify(group.start)) as Parameters<typeof setLayerParam>[3]) : null;
  return setLayerParam(stack, id, key, value);
}
