/**
 * The erosion cover on the final surface. The document's erosion results are those of its topmost
 * hydraulic layer, on the ground as that layer left it; brush strokes above it move the ground, and where
 * they cut a valley (or filled one) the old channels' gravel and wet ground and the sediment are no longer
 * there (shared/erosion/cover.ts coverKept). What the views draw is the cover so kept: the lowered valley
 * is read by the slope rules (grass on its floor, earth and rock on its walls), not painted with the old
 * channels that crossed its line.
 * Beside a river the water layer put down, the droplets' channels and silt give way to the river's own bed
 * (shared/erosion/riverCover.ts): a creek is drawn on its gravel and wet ground, not on a band of the droplets'
 * gravel and silt many times its width. Both views and the window's engine masks read this one cover.
 */
import { coverKept, COVER_KEPT_TO, type ErosionCoverBytes } from '../../shared/erosion/cover';
import { coverBesideRivers, RIVER_COVER_BACK } from '../../shared/erosion/riverCover';
import { coverInChannels } from '../../shared/erosion/channelCover';
import { shoreWetness } from '../../shared/hydrology/shore';
import { WATER_LAKE } from '../../shared/hydrology/water';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { SCULPT_TILE, type LayerSize, type LayerStack, type SculptLayer } from '../../shared/layers/types';
import { tileRect } from '../../shared/layers/kinds/sculpt';
import type { Editor } from './editor';

/**
 * The brush strokes' change of height above the topmost enabled hydraulic layer, per sculpt tile (its
 * 64² deltas summed over the layers by their opacity; a layer's mask is taken as full, so where a mask
 * held a stroke back the cover is taken away all the same). Empty when no stroke lies above it.
 */
function strokesAboveErosion(stack: LayerStack, size: LayerSize): Map<string, { i: number; j: number; moved: Float32Array }> {
  const tiles = new Map<string, { i: number; j: number; moved: Float32Array }>();
  let top = -1;
  stack.forEach((layer, index) => {
    if (layer.enabled && layer.kind === 'hydraulic') top = index;
  });
  if (top < 0) return tiles;
  for (const layer of stack.slice(top + 1)) {
    if (!layer.enabled || layer.kind !== 'sculpt' || layer.opacity === 0) continue;
    for (const tile of (layer as SculptLayer).tiles) {
      const key = `${tile.i},${tile.j}`;
      let entry = tiles.get(key);
      if (!entry) {
        entry = { i: tile.i, j: tile.j, moved: new Float32Array(SCULPT_TILE * SCULPT_TILE) };
        tiles.set(key, entry);
      }
      for (let k = 0; k < tile.deltas.length; k++) entry.moved[k] += layer.opacity * tile.deltas[k];
    }
  }
  // Tiles past the map's edge hold deltas no vertex reads.
  for (const [key, { i, j }] of tiles) {
    const r = tileRect({ i, j }, size);
    if (r.i1 <= r.i0 || r.j1 <= r.j0) tiles.delete(key);
  }
  return tiles;
}

/**
 * `cover` (the topmost hydraulic layer's results) as it lies on the final surface: each vertex's bytes
 * times coverKept of the height the brush strokes above that layer moved it. The same object when no
 * stroke moved any ground by more than COVER_KEPT_TO; else new arrays (the full ones).
 */
export function coverOnFinalSurface(cover: ErosionCoverBytes, stack: LayerStack, size: LayerSize): ErosionCoverBytes {
  const tiles = strokesAboveErosion(stack, size);
  let out: ErosionCoverBytes | null = null;
  for (const { i, j, moved } of tiles.values()) {
    const r = tileRect({ i, j }, size);
    for (let vj = r.j0; vj < r.j1; vj++) {
      for (let vi = r.i0; vi < r.i1; vi++) {
        const m = moved[(vj - r.j0) * SCULPT_TILE + (vi - r.i0)];
        if (!(Math.abs(m) > COVER_KEPT_TO)) continue;
        out ??= { flow: cover.flow.slice(), deposition: cover.deposition.slice() };
        const k = vj * size.width + vi;
        const keep = coverKept(m);
        out.flow[k] = Math.round(out.flow[k] * keep);
        out.deposition[k] = Math.round(out.deposition[k] * keep);
      }
    }
  }
  return out ?? cover;
}

/**
 * The largest map (vertices) whose cover follows its rivers and its channels: the 3D view's full mesh, where the
 * wet margin is drawn too (app/water/wetGround.ts). Larger maps keep the droplets' cover (the distance to the
 * water and the ground's concavity are passes over the whole map on the window's thread at each edit).
 */
export const RIVER_COVER_MAX_VERTICES = 1025 * 1025;

/** The rivers' nearness over RIVER_COVER_BACK metres (1 under a river's water, lakes not counted), or null with no river. */
export function riverNearness(size: LayerSize, water: WaterSurface, heights: Float32Array): Float32Array | null {
  const depth = new Float32Array(heights.length);
  const { surface, kind } = water;
  let any = false;
  for (let v = 0; v < heights.length; v++) {
    const wet = surface[v] - heights[v];
    if (wet > 0 && kind[v] !== WATER_LAKE) {
      depth[v] = wet;
      any = true;
    }
  }
  return any ? shoreWetness(size, depth, RIVER_COVER_BACK) : null;
}

/**
 * The cover the views draw and the window exports: coverOnFinalSurface, its flow kept on the final `heights`'
 * concave ground (coverInChannels), then beside the rivers of `water` the rivers' own (coverBesideRivers), on
 * maps up to RIVER_COVER_MAX_VERTICES.
 */
export function drawnCover(cover: ErosionCoverBytes, stack: LayerStack, size: LayerSize, water: WaterSurface | null, heights: Float32Array): ErosionCoverBytes {
  const surfaced = coverOnFinalSurface(cover, stack, size);
  if (size.width * size.depth > RIVER_COVER_MAX_VERTICES) return surfaced;
  const channelled = coverInChannels(surfaced, heights, size);
  if (!water) return channelled;
  const nearness = riverNearness(size, water, heights);
  return nearness ? coverBesideRivers(channelled, nearness) : channelled;
}

interface KeptCover {
  masks: ErosionCoverBytes;
  documentVersion: number;
  stack: LayerStack;
  water: WaterSurface | null;
  cover: ErosionCoverBytes;
}

const kept = new WeakMap<Editor, KeptCover>();

/**
 * The document's erosion cover on its final surface and beside its rivers (drawnCover), or null without
 * erosion results. Made again when the document changes (`documentVersion`: a stroke's cover follows at its end,
 * not at each dab, which would recolour the whole map per dab) or its results are set; else the same object,
 * so the views, which redraw their cover when it is another object, do not.
 */
export function surfaceCoverOf(editor: Editor): ErosionCoverBytes | null {
  const doc = editor.document;
  const masks = doc.erosionMasks;
  if (!masks) return null;
  const { documentVersion } = editor.store.getState();
  const last = kept.get(editor);
  const { water } = doc;
  if (last && last.masks === masks && last.documentVersion === documentVersion && last.stack === doc.stack && last.water === water) return last.cover;
  const { width, depth, cellSize, heights } = doc.field;
  const cover = drawnCover(masks, doc.stack, { width, depth, cellSize }, water, heights);
  kept.set(editor, { masks, documentVersion, stack: doc.stack, water, cover });
  return cover;
}
