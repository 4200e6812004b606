import { roadKind } from '../../shared/layers/kinds/road';
import type { Layer } from '../../shared/layers/types';
import { buildRoadModel, type RoadModel } from '../../shared/roads/model';
import type { Heightfield } from '../../shared/terrain/heightfield';

/**
 * The models of a document's enabled, valid roads on its heights (for props: which stand on a road,
 * where scatter may not go). The centreline alone decides that, so the shaped heights serve.
 */
export function documentRoadModels(doc: { stack: readonly Layer[]; field: Heightfield }): RoadModel[] {
  const { width, depth, cellSize, heights } = doc.field;
  const size = { width, depth, cellSize };
  const models: RoadModel[] = [];
  for (const layer of doc.stack)
    if (layer.kind === 'road' && layer.enabled && !roadKind.problem?.(layer, size)) models.push(buildRoadModel(layer.params, heights, size));
  return models;
}
