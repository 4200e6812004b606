/**
 * The engine export's mask data with the road footprint: the document's erosion masks plus
 * `roadFootprints(stack, size)` when the stack has an enabled road, so "Road footprint" is a mask
 * source in the export dialog (Unreal weightmap layer, Unity alphamap channel, HTerrain splat
 * channel). Computed when the export asks for it and kept while the stack and the map are the same
 * (the export flow compares the object it gets to know when its preview is stale).
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
    let road: Float32Array | null = null;
    try {
      road = doc.stack.some((layer) => layer.kind === 'road' && layer.enabled) ? roadFootprints(doc.stack, { width, depth, cellSize }) : null;
    } catch {
      // A road its terrain cannot carry has no footprint to export; the layer stack reports it.
      road = null;
    }
    // The rock beds of a fluvial layer's strata, on the heights as they are (a hardness mask source).
    const hardness = stackHardness(doc.stack, { width, depth, cellSize }, doc.field.heights);
    const data = road || hardness ? { ...(erosion ?? {}), ...(road && { road }), ...(hardness && { hardness }) } : erosion;
    kept = { stack: doc.stack, width, depth, cellSize, erosion, data };
    return data;
  };
}
