/**
 * The engine export's mask data with the road footprints: the document's erosion masks plus
 * `roadFootprints(stack, size)` when the stack has an enabled road, so "Road surface" and "Shoulder
 * & apron gravel" (the roads' shoulders and end aprons) are mask sources in the export dialog (Unreal weightmap layer, Unity
 * alphamap channel, HTerrain splat channel), covering what the 3D view paints. Computed when the
 * export asks for it and kept while the stack and the map are the same (the export flow compares the object it gets to know when its preview is stale).
 */
import type { MaskSourceData } from '../../shared/export/masks';
import type { LayerStack } from '../../shared/layers/types';
import { roadFootprints } from '../../shared/layers/roadFootprints';
import { stackHardness } from '../../shared/export/hardness';
import type { TerrainDocument } from '../document/document';

export function createMaskDataProvider(document: () => TerrainDocument): () => MaskSourceData | null {
  let kept: { stack: LayerStack; width: number; depth: number; cellSize: number; erosion: MaskSourceData | null; data: MaskSourceData | null } | null = null;
  return () => {
    const doc = document();
    const { width, depth, cellSize } = doc.field;
    const erosion = doc.erosionMasks;
    if (kept && kept.stack === doc.stack && kept.width === width && kept.depth === depth && kept.cellSize === cellSize && kept.erosion === erosion)
      return kept.data;
    // A road whose centreline cannot be built has no footprint (roadPaint.ts paintedRoads); the layer stack reports it.
    const roads = roadFootprints(doc.stack, { width, depth, cellSize });
    // The rock beds of a fluvial layer's strata, on the heights as they are (a hardness mask source).
    const hardness = stackHardness(doc.stack, { width, depth, cellSize }, doc.field.heights);
    const data =
      roads || hardness ? { ...(erosion ?? {}), ...(roads && { road: roads.road, shoulder: roads.shoulder }), ...(hardness && { hardness }) } : erosion;
    kept = { stack: doc.stack, width, depth, cellSize, erosion, data };
    return data;
  };
}
