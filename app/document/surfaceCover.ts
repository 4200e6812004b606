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
import { coverFromAnswer, riverCoverAsk, type RiverCoverAsk, type RiverCoverRun, type RiverCoverRunner } from './riverCoverJob';

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
 * The largest map (vertices) whose droplet cover is kept to its concave ground (coverInChannels): that pass is
 * over the whole map on the window's thread at each document change. Larger maps keep the droplets' cover.
 */
export const CHANNEL_COVER_MAX_VERTICES = 1025 * 1025;

/** coverOnFinalSurface, its flow and silt then kept on the final `heights`' concave ground (coverInChannels) on maps up to CHANNEL_COVER_MAX_VERTICES. */
export function surfacedCover(cover: ErosionCoverBytes, stack: LayerStack, size: LayerSize, heights: Float32Array): ErosionCoverBytes {
  const surfaced = coverOnFinalSurface(cover, stack, size);
  return size.width * size.depth > CHANNEL_COVER_MAX_VERTICES ? surfaced : coverInChannels(surfaced, heights, size);
}

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

/** `surfaced` (surfacedCover's) beside the rivers of `water` over the final `heights`: the rivers' own (coverBesideRivers). */
export function coverBesideRiversOf(surfaced: ErosionCoverBytes, size: LayerSize, water: WaterSurface | null, heights: Float32Array): ErosionCoverBytes {
  if (!water) return surfaced;
  const nearness = riverNearness(size, water, heights);
  return nearness ? coverBesideRivers(surfaced, nearness) : surfaced;
}

/**
 * The cover the views draw and the window exports: coverOnFinalSurface, kept to the concave ground (surfacedCover),
 * then beside the rivers of `water` (over the final `heights`) the rivers' own (coverBesideRivers), on maps of every size.
 */
export function drawnCover(cover: ErosionCoverBytes, stack: LayerStack, size: LayerSize, water: WaterSurface | null, heights: Float32Array): ErosionCoverBytes {
  return coverBesideRiversOf(surfacedCover(cover, stack, size, heights), size, water, heights);
}

interface KeptCover {
  masks: ErosionCoverBytes;
  documentVersion: number;
  stack: LayerStack;
  water: WaterSurface | null;
  cover: ErosionCoverBytes;
  /** The cover before the rivers and the run finding it beside them, while it runs (`cover` is then the last one drawn). */
  pending: { surfaced: ErosionCoverBytes; run: RiverCoverRun } | null;
}

interface OffThread {
  runner: RiverCoverRunner;
  listeners: Set<() => void>;
}

const kept = new WeakMap<Editor, KeptCover>();
const offThread = new WeakMap<Editor, OffThread>();

/**
 * From now on `editor`'s cover beside the rivers is found by `runner` (a worker in the window): surfaceCoverOf gives
 * the last cover drawn (or the cover before the rivers, when the erosion results are new) until it is found, then
 * tells onRiverCover's listeners. Returns the undo (a run under way is cancelled).
 */
export function findRiverCoverWith(editor: Editor, runner: RiverCoverRunner): () => void {
  const entry: OffThread = { runner, listeners: new Set() };
  offThread.set(editor, entry);
  return () => {
    if (offThread.get(editor) !== entry) return;
    offThread.delete(editor);
    const last = kept.get(editor);
    last?.pending?.run.cancel();
    kept.delete(editor);
  };
}

/** Calls `listener` when a cover found off the thread is ready (read it with surfaceCoverOf); returns the unsubscribe. */
export function onRiverCover(editor: Editor, listener: () => void): () => void {
  const entry = offThread.get(editor);
  if (!entry) return () => undefined;
  entry.listeners.add(listener);
  return () => entry.listeners.delete(listener);
}

/**
 * Whether the cover surfaceCoverOf gives now is the one for the document as it is: false while the cover beside the
 * rivers is still found off the thread (surfaceCoverOf then gives the last one drawn). A view that drew a document
 * version holds back its "drawn" report while this is false, and reports once onRiverCover has told it and it drew
 * again: "drawn version N" means drawn with version N's cover (what the e2e tests' screenshots rely on).
 */
export function surfaceCoverSettled(editor: Editor): boolean {
  // Brought up to the document as it is first (the same object, at no cost, when it already is).
  surfaceCoverOf(editor);
  return !kept.get(editor)?.pending;
}

function settle(editor: Editor, entry: KeptCover, cover: ErosionCoverBytes): void {
  entry.cover = cover;
  entry.pending = null;
  for (const listener of [...(offThread.get(editor)?.listeners ?? [])]) listener();
}

/** Starts finding the cover beside the rivers off the thread (`ask`: riverCoverAsk's, arrays of its own). */
function startRun(
  editor: Editor,
  runner: RiverCoverRunner,
  entry: KeptCover,
  surfaced: ErosionCoverBytes,
  water: WaterSurface,
  ask: RiverCoverAsk,
): RiverCoverRun {
  const { width, depth, cellSize, heights } = editor.document.field;
  const run = runner(ask);
  void run.result.then((answer) => {
    if (kept.get(editor) !== entry || entry.pending?.run !== run) return;
    // A worker that failed: found here instead.
    settle(editor, entry, answer ? coverFromAnswer(surfaced, answer) : coverBesideRiversOf(surfaced, { width, depth, cellSize }, water, heights));
  });
  return run;
}

/**
 * The document's erosion cover on its final surface and beside its rivers (drawnCover), or null without
 * erosion results. Made again when the document changes (`documentVersion`: a stroke's cover follows at its end,
 * not at each dab, which would recolour the whole map per dab) or its results are set; else the same object,
 * so the views, which redraw their cover when it is another object, do not. With findRiverCoverWith the part beside
 * the rivers is found off the thread: until then this is the last cover drawn.
 */
export function surfaceCoverOf(editor: Editor): ErosionCoverBytes | null {
  const doc = editor.document;
  const masks = doc.erosionMasks;
  if (!masks) return null;
  const { documentVersion } = editor.store.getState();
  const last = kept.get(editor);
  const { water } = doc;
  if (last && last.masks === masks && last.documentVersion === documentVersion && last.stack === doc.stack && last.water === water) return last.cover;
  last?.pending?.run.cancel();
  const { width, depth, cellSize, heights } = doc.field;
  const size = { width, depth, cellSize };
  const surfaced = surfacedCover(masks, doc.stack, size, heights);
  const runner = offThread.get(editor)?.runner;
  const entry: KeptCover = { masks, documentVersion, stack: doc.stack, water, cover: surfaced, pending: null };
  if (water && runner) {
    if (last && last.masks === masks) entry.cover = last.cover;
    const ask = riverCoverAsk(size, surfaced.flow, { surface: water.surface, kind: water.kind, heights });
    entry.pending = { surfaced, run: startRun(editor, runner, entry, surfaced, water, ask) };
  } else {
    entry.cover = coverBesideRiversOf(surfaced, size, water, heights);
  }
  kept.set(editor, entry);
  return entry.cover;
}

/**
 * surfaceCoverOf as it will be once found: a run under way is cancelled and the cover found here (what an export or
 * a drive reads; the views are told, as when a run ends).
 */
export function surfaceCoverNow(editor: Editor): ErosionCoverBytes | null {
  const cover = surfaceCoverOf(editor);
  const entry = kept.get(editor);
  if (!entry?.pending) return cover;
  const { surfaced, run } = entry.pending;
  run.cancel();
  const { width, depth, cellSize, heights } = editor.document.field;
  settle(editor, entry, coverBesideRiversOf(surfaced, { width, depth, cellSize }, entry.water, heights));
  return entry.cover;
}
