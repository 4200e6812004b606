import type { Layer, RoadLayer } from '../../shared/layers/types';

/** The stack's road layers, bottom first. */
export function roadLayers(stack: readonly Layer[]): RoadLayer[] {
  return stack.filter((layer): layer is RoadLayer => layer.kind === 'road');
}

/**
 * The road the road commands act on: the selected layer when it is a road, else the topmost road
 * layer; null when the stack has none.
 */
export function currentRoad(stack: readonly Layer[], selectedId: string | null): RoadLayer | null {
  const selected = selectedId === null ? undefined : stack.find((layer) => layer.id === selectedId);
  if (selected?.kind === 'road') return selected;
  const roads = roadLayers(stack);
  return roads.length > 0 ? roads[roads.length - 1] : null;
}
