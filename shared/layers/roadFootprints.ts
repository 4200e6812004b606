/**
 * Road footprints as mask sources: every enabled road layer's surface and gravel (shoulders and end
 * aprons) as the 3D view paints them (shared/roads/roadPaint.ts roadCoverWeights over paintedRoads).
 */
import type { LayerSize, LayerStack } from './types';
import { paintedRoads, roadCoverWeights } from '../roads/roadPaint';

/** The roads' cover per vertex, 0…1: `road` the surface, `shoulder` the gravel. */
export interface RoadFootprints {
  road: Float32Array;
  shoulder: Float32Array;
}

/** The enabled road layers' footprints (the nearest road's where they overlap); null when the stack has no enabled road. */
export function roadFootprints(stack: LayerStack, size: LayerSize): RoadFootprints | null {
  const params = stack.flatMap((layer) => (layer.enabled && layer.kind === 'road' ? [layer.params] : []));
  if (params.length === 0) return null;
  const cover = roadCoverWeights(paintedRoads(params, size.cellSize), size);
  return cover && { road: cover.surface, shoulder: cover.gravel };
}
