/**
 * The water mask sources (`water`: depth in metres; `shore`: wetness 0…1) of a layer stack, added to
 * the other mask data only when a mask rule asks for them: finding the water evaluates the stack
 * with its water layers and the hydrology, seconds at 4097², so the window does it in the
 * codec worker, never on its own thread.
 */
import { shoreWetness } from '../hydrology/shore';
import { stackHasWater, stackWater, type StackWater } from '../layers/stackWater';
import type { LayerSize, LayerStack } from '../layers/types';
import type { MaskSet, MaskSource, MaskSourceData } from './masks';

export const WATER_SOURCES: readonly MaskSource[] = ['water', 'shore'];

/** Whether any rule of the set reads water or shore. */
export function usesWaterSources(set: MaskSet | null | undefined): boolean {
  return !!set?.layers.some((layer) => layer.rules.some((rule) => WATER_SOURCES.includes(rule.source)));
}

/** The water sources a stack can give (none without an enabled water or river layer). */
export function waterSourcesOf(stack: LayerStack): MaskSource[] {
  return stackHasWater(stack) ? [...WATER_SOURCES] : [];
}

/** `data` with water and shore from the stack's water (unchanged when it has none). */
export function withWaterData(data: MaskSourceData, stack: LayerStack, size: LayerSize): MaskSourceData {
  return withFoundWater(data, stackWater(stack, size), size);
}

/** `data` with water and shore of water already found (unchanged without). */
export function withFoundWater(data: MaskSourceData, found: StackWater | null, size: LayerSize): MaskSourceData {
  if (!found) return data;
  const { depth } = found;
  return { ...data, water: depth, shore: shoreWetness(size, depth) };
}
