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
import type { CoverAsk, CoverLink, CoverPatch, CoverRun, RiverCoverRunner } from './riverCoverJob';
import type { CoverRect } from './riverCoverBands';
import { ALL, unionRegions, type DirtyRegion } from './region';

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
  let out: ErosionCoverBytes | null = null;
  forStrokeMoves(strokesAboveErosion(stack, size), size, { i0: 0, j0: 0, i1: size.width, j1: size.depth }, (vi, vj, keep) => {
    out ??= { flow: cover.flow.slice(), deposition: cover.deposition.slice() };
    const k = vj * size.width + vi;
    out.flow[k] = Math.round(out.flow[k] * keep);
    out.deposition[k] = Math.round(out.deposition[k] * keep);
  });
  return out ?? cover;
}

/** Calls `keep` with coverKept of the move at each vertex of `rect` that `strokes` moved by more than COVER_KEPT_TO. */
function forStrokeMoves(strokes: StrokeTiles, size: LayerSize, rect: CoverRect, keep: (vi: number, vj: number, share: number) => void): void {
  for (const { i, j, moved } of strokes.values()) {
    const t = tileRect({ i, j }, size);
    const over = { i0: Math.max(t.i0, rect.i0), j0: Math.max(t.j0, rect.j0), i1: Math.min(t.i1, rect.i1), j1: Math.min(t.j1, rect.j1) };
    for (let vj = over.j0; vj < over.j1; vj++) {
      for (let vi = over.i0; vi < over.i1; vi++) {
        const m = moved[(vj - t.j0) * SCULPT_TILE + (vi - t.i0)];
        if (Math.abs(m) > COVER_KEPT_TO) keep(vi, vj, coverKept(m));
      }
    }
  }
}

/**
 * coverOnFinalSurface, its flow and silt then kept on the final `heights`' concave ground (coverInChannels), on maps of
 * every size (in the window a worker finds it: findRiverCoverWith).
 */
export function surfacedCover(cover: ErosionCoverBytes, stack: LayerStack, size: LayerSize, heights: Float32Array): ErosionCoverBytes {
  return coverInChannels(coverOnFinalSurface(cover, stack, size), heights, size);
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

type StrokeTiles = ReturnType<typeof strokesAboveErosion>;

/** The cover before the passes (coverOnFinalSurface of `cover` with `strokes`) over `rect`, rows of its width. */
function surfacedOver(cover: ErosionCoverBytes, strokes: StrokeTiles, size: LayerSize, rect: CoverRect): { flow: Uint8Array; deposition: Uint8Array } {
  const { width } = size;
  const w = rect.i1 - rect.i0;
  const flow = new Uint8Array(w * (rect.j1 - rect.j0));
  const deposition = new Uint8Array(flow.length);
  for (let j = rect.j0; j < rect.j1; j++) {
    flow.set(cover.flow.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * w);
    deposition.set(cover.deposition.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * w);
  }
  forStrokeMoves(strokes, size, rect, (vi, vj, keep) => {
    const k = (vj - rect.j0) * w + (vi - rect.i0);
    flow[k] = Math.round(flow[k] * keep);
    deposition[k] = Math.round(deposition[k] * keep);
  });
  return { flow, deposition };
}

/** Rows of `values` (a map `width` wide) over `rect`, rows of its width. */
function rowsOf<T extends Float32Array | Uint8Array>(values: T, width: number, rect: CoverRect, make: (n: number) => T): T {
  const w = rect.i1 - rect.i0;
  const out = make(w * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) out.set(values.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * w);
  return out;
}

/** `a` and `b` together, an empty rectangle being nothing. */
function joined(a: DirtyRegion | null, b: DirtyRegion | null): DirtyRegion | null {
  const empty = (r: DirtyRegion | null) => !r || (r.kind === 'rect' && (r.i1 <= r.i0 || r.j1 <= r.j0));
  if (empty(b)) return empty(a) ? null : a;
  return empty(a) ? b : unionRegions(a, b!);
}

/** The sculpt tiles whose stroke sum differs between `a` and `b` (a tile in one only: against none moved), as a rectangle of vertices, or null. */
function strokesChanged(a: StrokeTiles, b: StrokeTiles, size: LayerSize): DirtyRegion | null {
  let changed: DirtyRegion | null = null;
  const differs = (x: Float32Array, y: Float32Array | undefined) => x.some((v, k) => v !== (y ? y[k] : 0));
  for (const [key, tile] of a) if (differs(tile.moved, b.get(key)?.moved)) changed = joined(changed, { kind: 'rect', ...tileRect(tile, size) });
  for (const [key, tile] of b) if (!a.has(key) && differs(tile.moved, undefined)) changed = joined(changed, { kind: 'rect', ...tileRect(tile, size) });
  return changed;
}

interface KeptCover {
  masks: ErosionCoverBytes;
  documentVersion: number;
  stack: LayerStack;
  water: WaterSurface | null;
  cover: ErosionCoverBytes;
  /** The run finding this version's cover, while it runs (`cover` is then the last one drawn). */
  pending: CoverRun | null;
}

interface OffThread {
  link: CoverLink;
  listeners: Set<() => void>;
  /** What the worker's copy of the map is of (its last ask's), and the editor's changes since then. */
  sent: { masks: ErosionCoverBytes; water: WaterSurface | null; width: number; depth: number; strokes: StrokeTiles } | null;
  dirty: DirtyRegion | null;
  /** The editor's `version` whose change `dirty` holds. */
  seenVersion: number;
}

const kept = new WeakMap<Editor, KeptCover>();
const offThread = new WeakMap<Editor, OffThread>();

/** Takes the editor's last change into `entry.dirty` (once a version, previews too: their heights are in the document until put back). */
function noteChange(editor: Editor, entry: OffThread): void {
  const { version, lastChange } = editor.store.getState();
  if (version === entry.seenVersion) return;
  entry.seenVersion = version;
  entry.dirty = joined(entry.dirty, lastChange);
}

/**
 * From now on `editor`'s drawn cover (the channel pass, then beside the rivers) is found by a worker of `runner`'s:
 * surfaceCoverOf gives the last cover drawn (or the cover before those passes, when the erosion results are new) until
 * it is found, then tells onRiverCover's listeners. The worker is sent only an edit's rectangle after the first whole
 * map. Returns the undo (a run under way is cancelled, the worker ended).
 */
export function findRiverCoverWith(editor: Editor, runner: RiverCoverRunner): () => void {
  const entry: OffThread = { link: runner(), listeners: new Set(), sent: null, dirty: null, seenVersion: editor.store.getState().version };
  offThread.set(editor, entry);
  const unsubscribe = editor.store.subscribe(() => noteChange(editor, entry));
  return () => {
    unsubscribe();
    if (offThread.get(editor) !== entry) return;
    offThread.delete(editor);
    kept.get(editor)?.pending?.cancel();
    kept.delete(editor);
    entry.link.dispose();
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
 * Whether the cover surfaceCoverOf gives now is the one for the document as it is: false while it is still found off
 * the thread (surfaceCoverOf then gives the last one drawn). A view that drew a document version holds back its
 * "drawn" report while this is false, and reports once onRiverCover has told it and it drew again: "drawn version N"
 * means drawn with version N's cover (what the e2e tests' screenshots rely on).
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

/**
 * What to send the worker for the document as it is: the whole map when its copy is of another map (new erosion
 * results, another water, another size, a failed worker) or the change was the whole map's; else the rectangle of
 * the changes since its last ask (the heights' and the water's, and the sculpt tiles whose strokes above the erosion
 * changed).
 */
function askFor(editor: Editor, link: OffThread, masks: ErosionCoverBytes, strokes: StrokeTiles): CoverAsk {
  const doc = editor.document;
  const { width, depth, cellSize, heights } = doc.field;
  const size = { width, depth, cellSize };
  const { water } = doc;
  noteChange(editor, link);
  const sent = link.sent;
  const same = link.link.synced && sent && sent.masks === masks && sent.water === water && sent.width === width && sent.depth === depth;
  const dirty = same ? (joined(link.dirty, strokesChanged(sent.strokes, strokes, size)) ?? { kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 }) : ALL;
  link.sent = { masks, water, width, depth, strokes };
  link.dirty = null;
  if (dirty.kind === 'all') {
    const before = coverOnFinalSurface(masks, doc.stack, size);
    const copy = before === masks;
    const patch: CoverPatch = {
      rect: { i0: 0, j0: 0, i1: width, j1: depth },
      heights: heights.slice(),
      surface: water ? water.surface.slice() : null,
      kind: water ? water.kind.slice() : null,
      flow: copy ? before.flow.slice() : before.flow,
      deposition: copy ? before.deposition.slice() : before.deposition,
    };
    return { kind: 'whole', width, depth, cellSize, patch };
  }
  const rect = { i0: Math.max(0, dirty.i0), j0: Math.max(0, dirty.j0), i1: Math.min(width, dirty.i1), j1: Math.min(depth, dirty.j1) };
  // Nothing to send (a change of no vertex): an empty rectangle.
  if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) Object.assign(rect, { i1: rect.i0, j1: rect.j0 });
  const patch: CoverPatch = {
    rect,
    heights: rowsOf(heights, width, rect, (n) => new Float32Array(n)),
    surface: water ? rowsOf(water.surface, width, rect, (n) => new Float32Array(n)) : null,
    kind: water ? rowsOf(water.kind, width, rect, (n) => new Uint8Array(n)) : null,
    ...surfacedOver(masks, strokes, size, rect),
  };
  return { kind: 'rect', patch };
}

/** Starts finding the document's cover off the thread for `entry`. */
function startRun(editor: Editor, link: OffThread, entry: KeptCover): CoverRun {
  const doc = editor.document;
  const masks = entry.masks;
  const { width, depth, cellSize } = doc.field;
  const ask = askFor(editor, link, masks, strokesAboveErosion(doc.stack, { width, depth, cellSize }));
  const run = link.link.ask(ask);
  void run.result.then((answer) => {
    if (kept.get(editor) !== entry || entry.pending !== run) return;
    // A worker that failed: found here instead (the next ask sends the whole map).
    settle(editor, entry, answer ?? drawnCover(masks, entry.stack, { width, depth, cellSize }, entry.water, doc.field.heights));
  });
  return run;
}

/**
 * The document's erosion cover on its final surface, kept to its channels and beside its rivers (drawnCover), or
 * null without erosion results. Made again when the document changes (`documentVersion`: a stroke's cover follows at
 * its end, not at each dab, which would recolour the whole map per dab) or its results are set; else the same object,
 * so the views, which redraw their cover when it is another object, do not. With findRiverCoverWith it is found off
 * the thread: until then this is the last cover drawn.
 */
export function surfaceCoverOf(editor: Editor): ErosionCoverBytes | null {
  const doc = editor.document;
  const masks = doc.erosionMasks;
  if (!masks) return null;
  const { documentVersion } = editor.store.getState();
  const last = kept.get(editor);
  const { water } = doc;
  if (last && last.masks === masks && last.documentVersion === documentVersion && last.stack === doc.stack && last.water === water) return last.cover;
  last?.pending?.cancel();
  const { width, depth, cellSize, heights } = doc.field;
  const size = { width, depth, cellSize };
  const link = offThread.get(editor);
  const entry: KeptCover = { masks, documentVersion, stack: doc.stack, water, cover: masks, pending: null };
  if (link) {
    // The last cover drawn meanwhile, or for new erosion results those on the final surface (no pass over the map).
    entry.cover = last && last.masks === masks ? last.cover : coverOnFinalSurface(masks, doc.stack, size);
    kept.set(editor, entry);
    entry.pending = startRun(editor, link, entry);
  } else {
    entry.cover = drawnCover(masks, doc.stack, size, water, heights);
    kept.set(editor, entry);
  }
  return entry.cover;
}

/**
 * surfaceCoverOf as it will be once found: a run under way is no longer waited for and the cover found here (what an
 * export or a drive reads; the views are told, as when a run ends).
 */
export function surfaceCoverNow(editor: Editor): ErosionCoverBytes | null {
  const cover = surfaceCoverOf(editor);
  const entry = kept.get(editor);
  if (!entry?.pending) return cover;
  entry.pending.cancel();
  const { width, depth, cellSize, heights } = editor.document.field;
  settle(editor, entry, drawnCover(entry.masks, entry.stack, { width, depth, cellSize }, entry.water, heights));
  return entry.cover;
}
