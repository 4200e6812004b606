/**
 * Stack operations as pure functions: each returns a new stack (changed layers are new objects,
 * the others the same ones, so StackEvaluator re-runs from the first changed layer). Each throws a
 * RangeError naming what is wrong; the result is checked by validate.ts before it is used.
 */
import { nextRiverId } from './kinds/river';
import { nextRoadId } from './kinds/road';
import type { Layer, LayerStack } from './types';

export function layerIndex(stack: LayerStack, id: string): number {
  const index = stack.findIndex((layer) => layer.id === id);
  if (index < 0) throw new RangeError(`there is no layer "${id}" (layers: ${stack.map((layer) => layer.id).join(', ') || 'none'})`);
  return index;
}

function replaced(stack: LayerStack, index: number, layer: Layer): Layer[] {
  const next = stack.slice();
  next[index] = layer;
  return next;
}

/**
 * Optional params a kind may be given that its layer need not hold yet; setting one to null removes
 * it again (the kind's rule without it, as layers saved before it existed).
 */
export const OPTIONAL_PARAMS: Record<string, readonly string[]> = {
  faults: ['profile', 'runs'],
  thermal: [
    'retreatDeg',
    'cliffDeg',
    'faceCells',
    'faceUnits',
    'talusShare',
    'floorFill',
    'strata',
    'creaseBreak',
    'topWidth',
    'lipPasses',
    'lipDrop',
    'edgeContinues',
    'jointing',
    'jointSpacing',
    'caplessRelief',
    'capWidth',
  ],
  fluvial: ['routeEvery', 'scheme', 'softSlopes', 'incisionDepth', 'incisionMask', 'swells', 'cutOnlyFalling', 'channelWidth'],
  road: ['endsOnGround', 'levelShoulders'],
  river: ['joinAlongWater', 'gradeTributaries'],
  water: ['continueRivers', 'floodVersion', 'channelsAlongLines', 'hydraulicGeometry', 'minLakeDepth', 'weightedWater', 'blendBanks', 'followWalls'],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Sets `path` (dot-separated, e.g. `seed`, `decay.disp0` or `strata.beds.1.hardness`: a number steps
 * into a list) of a layer's params; `opacity`, `name` and `enabled` set the layer's own fields. The
 * path must exist (or be an optional param of the kind, or a bed's `colour`; null removes that).
 */
export function setLayerParam(stack: LayerStack, id: string, path: string, value: Json): Layer[] {
  const index = layerIndex(stack, id);
  const layer = stack[index];
  const keys = path.split('.');
  if (keys.some((key) => key.length === 0 || key === '__proto__' || key === 'constructor' || key === 'prototype'))
    throw new RangeError(`"${path}" is not a parameter name`);
  const params = layer.params as Record<string, unknown>;
  if (keys.length === 1 && !(keys[0] in params) && ['opacity', 'name', 'enabled'].includes(keys[0]))
    return replaced(stack, index, { ...layer, [keys[0]]: value } as Layer);
  const copy = JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const [depth, key] of keys.entries()) {
    const last = depth === keys.length - 1;
    // A bed's own colour (strata.beds.N.colour) is optional too: absent, the climate's colour for its hardness.
    const bedColour = key === 'colour' && depth >= 2 && keys[depth - 2] === 'beds' && !Array.isArray(target);
    const optional = (depth === 0 && OPTIONAL_PARAMS[layer.kind]?.includes(key)) || (last && bedColour);
    if (last && optional && value === null) {
      delete target[key];
      break;
    }
    const exists = Object.prototype.hasOwnProperty.call(target, key) && (!Array.isArray(target) || /^\d+$/.test(key));
    if (!exists && !optional) {
      const known = Object.keys(target).join(', ') || 'none';
      throw new RangeError(`layer "${id}" (${layer.kind}) has no parameter "${keys.slice(0, depth + 1).join('.')}" (it has: ${known})`);
    }
    if (last) target[key] = value;
    else {
      const inner = target[key];
      if (typeof inner !== 'object' || inner === null) throw new RangeError(`layer "${id}": "${keys.slice(0, depth + 1).join('.')}" is a value, not a group`);
      target = inner as Record<string, unknown>;
    }
  }
  return replaced(stack, index, { ...layer, params: copy } as Layer);
}

export function setLayerEnabled(stack: LayerStack, id: string, enabled: boolean): Layer[] {
  const index = layerIndex(stack, id);
  return stack[index].enabled === enabled ? stack.slice() : replaced(stack, index, { ...stack[index], enabled });
}

export function setLayerOpacity(stack: LayerStack, id: string, opacity: number): Layer[] {
  const index = layerIndex(stack, id);
  return replaced(stack, index, { ...stack[index], opacity });
}

export function renameLayer(stack: LayerStack, id: string, name: string): Layer[] {
  const index = layerIndex(stack, id);
  return replaced(stack, index, { ...stack[index], name });
}

export function removeLayer(stack: LayerStack, id: string): Layer[] {
  const index = layerIndex(stack, id);
  return [...stack.slice(0, index), ...stack.slice(index + 1)];
}

/** Moves a layer to position `to` (0 = the bottom). */
export function moveLayer(stack: LayerStack, id: string, to: number): Layer[] {
  const index = layerIndex(stack, id);
  const next = stack.slice();
  const [layer] = next.splice(index, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, layer);
  return next;
}

/** A free id from a base: `base`, `base-2`, `base-3`… */
export function freeLayerId(stack: LayerStack, base: string): string {
  const ids = new Set(stack.map((layer) => layer.id));
  if (!ids.has(base)) return base;
  let n = 2;
  while (ids.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A copy of a layer right above it (typed arrays copied too), with a new id. */
export function duplicateLayer(stack: LayerStack, id: string): Layer[] {
  const index = layerIndex(stack, id);
  const layer = stack[index];
  const copy = {
    ...layer,
    id: layer.kind === 'road' ? nextRoadId(stack) : layer.kind === 'river' ? nextRiverId(stack) : freeLayerId(stack, layer.id.replace(/-\d+$/, '')),
    name: `${layer.name} copy`,
    params: JSON.parse(JSON.stringify(layer.params)) as Layer['params'],
  } as Layer;
  if (layer.mask?.kind === 'painted') copy.mask = { kind: 'painted', weights: layer.mask.weights.slice() };
  if (copy.kind === 'sculpt' && layer.kind === 'sculpt') copy.tiles = layer.tiles.map((tile) => ({ ...tile, deltas: tile.deltas.slice() }));
  if (copy.kind === 'stamp' && layer.kind === 'stamp') copy.image = { ...layer.image, values: layer.image.values.slice() };
  if (copy.kind === 'heights' && layer.kind === 'heights') copy.heights = layer.heights.slice();
  return [...stack.slice(0, index + 1), copy, ...stack.slice(index + 1)];
}

/**
 * Solo: what one layer adds — its result minus what it received (0 where it does not act). For the
 * 2D panel's contribution view.
 */
export function contribution(below: Float32Array, result: Float32Array): Float32Array {
  const out = new Float32Array(result.length);
  for (let k = 0; k < out.length; k++) out[k] = result[k] - below[k];
  return out;
}
