/**
 * What the physics car drives on in the editor (shared/vehicle/physics/surfaces.ts): the document's road
 * layers' carriageways, its erosion cover's sediment as the views draw it (app/document/surfaceCover.ts: gone
 * where strokes moved the ground and beside rivers), the view's snow line, and the slope. Built once when a
 * physics drive starts (an edit while driving keeps the start's surfaces).
 */
import { fitRoad } from '../../shared/roads/fittedRoad';
import { roadCarriageways, surfaceLookup, type SurfaceLookup } from '../../shared/vehicle/physics/surfaces';
import type { TerrainDocument } from '../document/document';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';

export function documentSurfaces(doc: TerrainDocument, snowLine: number | undefined, cover: ErosionCoverBytes | null = doc.erosionMasks): SurfaceLookup {
  const { field } = doc;
  const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
  // A road's carriageway does not depend on the heights it was laid on (only its profile does).
  const lines = doc.stack
    .filter((layer) => layer.enabled && layer.kind === 'road')
    .map((layer) => fitRoad((layer as Extract<typeof layer, { kind: 'road' }>).params, field.heights, size).line);
  return surfaceLookup({ field, roads: lines.length > 0 ? roadCarriageways(lines, field) : null, deposition: cover?.deposition ?? null, snowLine });
}
