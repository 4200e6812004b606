/**
 * The water of a whole stack per vertex, for the car, the road report and scatter: every enabled
 * `water` layer (automatic rivers and lakes) and `river` layer (drawn) gives a water surface where
 * it is wet; the stack's water depth is the highest of those surfaces less the stack's final
 * heights, 0 where dry. A layer above the water that raises the ground (a road on a bank, a bridge)
 * so dries it; one that digs lowers the bed and deepens it.
 */
import { evaluateWater } from '../hydrology/water';
import { riverLayerWater } from '../rivers/carve';
import { applyLayer } from './evaluate';
import { wholeRect, type LayerSize, type LayerStack } from './types';

export interface StackWaterAndHeights {
  /** The stack's heights (as evaluateStack). */
  readonly heights: Float32Array;
  /** Metres of water over `heights`, 0 where dry. */
  readonly depth: Float32Array;
}

/** The stack's heights and water depth per vertex; `input` the heights below the stack (default flat). */
export function stackWaterAndHeights(stack: LayerStack, size: LayerSize, input?: Float32Array): StackWaterAndHeights {
  const n = size.width * size.depth;
  let current = input ? input.slice() : new Float32Array(n);
  let surface: Float32Array | null = null;
  const raise = (wet: Float32Array): void => {
    surface ??= new Float32Array(n).fill(NaN);
    for (let k = 0; k < n; k++) if (!(wet[k] <= surface[k])) surface[k] = Number.isNaN(wet[k]) ? surface[k] : wet[k];
  };
  for (const layer of stack) {
    if (!layer.enabled) continue;
    const out = new Float32Array(n);
    applyLayer(layer, current, out, size, wholeRect(size));
    if (layer.kind === 'water') raise(evaluateWater(size, current, new Float32Array(n), layer.params)!.surface);
    else if (layer.kind === 'river') raise(riverLayerWater(layer, current, out, size, surface ?? undefined).surface);
    current = out;
  }
  const depth = new Float32Array(n);
  const top: Float32Array | null = surface;
  if (top) for (let k = 0; k < n; k++) if (top[k] > current[k]) depth[k] = top[k] - current[k];
  return { heights: current, depth };
}

/** Whether any enabled layer of the stack gives water (a `water` or `river` layer). */
export const stackHasWater = (stack: LayerStack): boolean => stack.some((layer) => layer.enabled && (layer.kind === 'water' || layer.kind === 'river'));

/** Metres of water over the stack's heights per vertex, 0 where dry (see stackWaterAndHeights). */
export const stackWaterDepth = (stack: LayerStack, size: LayerSize, input?: Float32Array): Float32Array => stackWaterAndHeights(stack, size, input).depth;

/** The water a layer (a road) crosses: the stack's water with that layer switched off. */
export const stackWaterWithout = (stack: LayerStack, layerId: string, size: LayerSize, input?: Float32Array): Float32Array =>
  stackWaterDepth(
    stack.map((layer) => (layer.id === layerId ? { ...layer, enabled: false } : layer)),
    size,
    input,
  );
