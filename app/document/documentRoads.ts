import { roadKind } from '../../shared/layers/kinds/road';
import type { Layer } from '../../shared/layers/types';
import { fitRoad, type FittedRoad } from '../../shared/roads/fittedRoad';
import type { Heightfield } from '../../shared/terrain/heightfield';

/**
 * The models of a document's enabled, valid roads on its heights (for props: which stand on a road,
 * where scatter may not go). The centreline alone decides that, so the shaped heights serve.
 */
export function documentFittedRoads(doc: { stack: readonly Layer[]; field: Heightfield }): FittedRoad[] {
  const { width, depth, cellSize, heights } = doc.field;
  const size = { width, depth, cellSize };
  const fittedRoads: FittedRoad[] = [];
  for (const layer of doc.stack)
    if (layer.kind === 'road' && layer.enabled && !roadKind.problem?.(layer, size)) fittedRoads.push(fitRoad(layer.params, heights, size));
  return fittedRoads;
}
