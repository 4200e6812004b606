/**
 * The water of a layer stack: the one function every user of water calls (the exports, the car, the
 * road report, scatter, `faultline water`). The stack is evaluated as from scratch, each enabled
 * water-making layer (`makesWater`: the automatic `water`, a drawn `river`) adding its water as it
 * runs (LayerRunOptions.water, the same water the editor's document holds); the depth is the highest
 * surface less the stack's final heights, 0 where dry — a layer above the water that raises the
 * ground (a road on a bank) dries it, one that digs deepens it. The topmost enabled `water` layer's
 * hydrology (contributing area, filled surfaces) is kept for the files only it gives (flow map,
 * contributing area, its network's centrelines); each drawn river's centreline on its surface, for
 * the centrelines file beside the network's.
 */
import type { Water } from '../hydrology/water';
import { createWaterSurface, waterDepths, type WaterSurface } from '../hydrology/waterSurface';
import { riverCentrelinePoints, type RiverCentrelinePoint } from '../rivers/export';
import { applyLayer, stackMakesWater } from './evaluate';
import type { LayerRunOptions } from './kind';
import { wholeRect, type LayerSize, type LayerStack, type RiverLayer, type WaterLayer } from './types';

/** The topmost enabled automatic water layer's own result. */
export interface AutomaticWater {
  layer: WaterLayer;
  /** The heights the layer receives. */
  below: Float32Array;
  /** Its hydrology and water (depth over its own carved ground). */
  water: Water;
}

/** An enabled drawn river of the stack: its centreline on its water surface (joined with the water below it). */
export interface DrawnRiver {
  layer: RiverLayer;
  /** From the source to the mouth at ≤ 1 m spacing (shared/rivers/export.ts). */
  points: RiverCentrelinePoint[];
}

export interface StackWater {
  /** The stack's heights (as evaluateStack). */
  heights: Float32Array;
  /** Every water-making layer's water: the highest surface and its kind per vertex. */
  surface: WaterSurface;
  /** Metres of water over `heights`, 0 where dry. */
  depth: Float32Array;
  /** The topmost enabled `water` layer's result, or null (drawn rivers only). */
  automatic: AutomaticWater | null;
  /** The enabled drawn rivers, bottom first. */
  drawn: DrawnRiver[];
}

export interface StackWaterOptions extends Pick<LayerRunOptions, 'shouldCancel'> {
  /** The heights below the stack (default flat ground). */
  input?: Float32Array;
}

/** The topmost enabled water layer's index, or -1. */
export function topWaterLayer(stack: LayerStack): number {
  for (let k = stack.length - 1; k >= 0; k--) if (stack[k].kind === 'water' && stack[k].enabled) return k;
  return -1;
}

/** Whether any enabled layer of the stack gives water (a `water` or `river` layer). */
export const stackHasWater = (stack: LayerStack): boolean => stackMakesWater(stack);

/** The stack's water; null when no enabled layer makes water, or the run was cancelled. */
export function stackWater(stack: LayerStack, size: LayerSize, options: StackWaterOptions = {}): StackWater | null {
  if (!stackMakesWater(stack)) return null;
  const n = size.width * size.depth;
  const surface = createWaterSurface(n);
  const top = topWaterLayer(stack);
  let automatic: AutomaticWater | null = null;
  const drawn: DrawnRiver[] = [];
  let current = options.input ?? new Float32Array(n);
  for (const [k, layer] of stack.entries()) {
    if (!layer.enabled) continue;
    const out = new Float32Array(n);
    const below = current;
    const run: LayerRunOptions = {
      water: surface,
      below: stack.slice(0, k),
      ...(options.shouldCancel && { shouldCancel: options.shouldCancel }),
      ...(k === top && { automaticWater: (water: Water) => (automatic = { layer: layer as WaterLayer, below, water }) }),
      ...(layer.kind === 'river' && {
        drawnRiver: (fitted, joined: Float64Array) => drawn.push({ layer, points: riverCentrelinePoints(fitted, joined) }),
      }),
    };
    if (!applyLayer(layer, current, out, size, wholeRect(size), run)) return null;
    current = out;
  }
  return { heights: current, surface, depth: waterDepths(surface, current), automatic, drawn };
}

/** Metres of water over the stack's heights per vertex, 0 where dry (0 everywhere without water). */
export function stackWaterDepth(stack: LayerStack, size: LayerSize, input?: Float32Array): Float32Array {
  return stackWater(stack, size, input ? { input } : {})?.depth ?? new Float32Array(size.width * size.depth);
}

/** The water a layer (a road) crosses: the stack's water with that layer switched off. */
export const stackWaterWithout = (stack: LayerStack, layerId: string, size: LayerSize, input?: Float32Array): Float32Array =>
  stackWaterDepth(
    stack.map((layer) => (layer.id === layerId ? { ...layer, enabled: false } : layer)),
    size,
    input,
  );
