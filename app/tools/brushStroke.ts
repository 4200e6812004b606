import type { Heightfield } from '../../shared/terrain/heightfield';
import { addSculptDeltas, tileCounts, tileRect } from '../../shared/layers/kinds/sculpt';
import { SCULPT_TILE, type Layer, type LayerSize, type Rect, type SculptLayer } from '../../shared/layers/types';
import { unionRegions, type DirtyRegion } from '../document/region';
import { TileRecorder, type TileEdit } from '../document/tileEdit';
import type { LocalEdit } from '../jobs/localEdit';
import { applyDab, dabRect, type BrushSettings, type VertexRect } from './brush';

/**
 * The sculpt layer a stroke paints into, through the stroke's local edit (TerrainJobs.beginLocalEdit).
 * The stroke works on `layer`, a copy of the edit's layer whose tiles are copied as they are first
 * touched (the original stays as it was, for undo); `stack` holds the copy. When the edit is local,
 * each dab is evaluated exactly through the local layers above; otherwise the heights show the dab's
 * change directly until the stroke's evaluation comes back.
 */
export class SculptPaint {
  readonly layer: SculptLayer;
  readonly stack: Layer[];
  private readonly owned = new Set<number>();
  private readonly size: LayerSize;
  /** Every vertex the stroke changed. */
  rect: Rect | null = null;

  /** Whether each dab is evaluated exactly (the edit is local). */
  get evaluated(): boolean {
    return this.edit.local;
  }

  get index(): number {
    return this.edit.index;
  }

  constructor(readonly edit: LocalEdit) {
    const original = edit.stack[edit.index];
    if (original?.kind !== 'sculpt') throw new Error('a stroke paints into a sculpt layer');
    this.size = edit.size;
    this.layer = { ...original, tiles: original.tiles.slice() };
    this.stack = edit.stack.slice();
    this.stack[edit.index] = this.layer;
    edit.setStack(this.stack);
  }

  /**
   * Adds the heights' change over `rect` (now − before, row by row) to the layer; when local,
   * evaluates it exactly into `heights` (LocalEdit.update). Returns where the heights changed (null
   * when not local: the dab's own change stands).
   */
  add(rect: VertexRect, before: Float32Array, heights: Float32Array): Rect | null {
    const { width } = this.size;
    const cols = rect.i1 - rect.i0;
    this.own(rect);
    addSculptDeltas(this.layer, this.size, rect, (i, j) => heights[j * width + i] - before[(j - rect.j0) * cols + (i - rect.i0)]);
    this.rect = this.rect
      ? { i0: Math.min(this.rect.i0, rect.i0), j0: Math.min(this.rect.j0, rect.j0), i1: Math.max(this.rect.i1, rect.i1), j1: Math.max(this.rect.j1, rect.j1) }
      : { ...rect };
    if (!this.edit.local) return null;
    return unionOf(rect, this.edit.update(this.stack, rect));
  }

  /** Copies, once, the existing tiles the rectangle touches, so the original layer keeps its deltas. */
  private own(rect: VertexRect): void {
    const counts = tileCounts(this.size);
    const tiles = this.layer.tiles;
    for (let n = 0; n < tiles.length; n++) {
      const tile = tiles[n];
      const key = tile.j * counts.x + tile.i;
      if (this.owned.has(key)) continue;
      const t = tileRect(tile, this.size);
      if (t.i1 <= rect.i0 || t.i0 >= rect.i1 || t.j1 <= rect.j0 || t.j0 >= rect.j1) continue;
      tiles[n] = { ...tile, deltas: tile.deltas.slice() };
      this.owned.add(key);
    }
    // Tiles the rectangle creates are the copy's own from the start.
    const ti1 = Math.ceil(rect.i1 / SCULPT_TILE);
    const tj1 = Math.ceil(rect.j1 / SCULPT_TILE);
    for (let tj = Math.floor(rect.j0 / SCULPT_TILE); tj < tj1; tj++)
      for (let ti = Math.floor(rect.i0 / SCULPT_TILE); ti < ti1; ti++) this.owned.add(tj * counts.x + ti);
  }
}

/** Dabs are spaced a quarter radius apart along the pointer path, so fast drags leave no gaps. */
export const DAB_SPACING_PER_RADIUS = 0.25;

/**
 * One brush stroke (pointer down … up): changes heights in place as it goes. Painting into a sculpt
 * layer, its local edit keeps the touched tiles and ends it (LocalEdit.commit or cancel); on the
 * heights alone (benches, the large-map test), the stroke keeps them and becomes a single tile edit
 * at the end (`finish`) — or puts everything back (`cancel`).
 */
export class BrushStroke {
  /** The heights' undo record when no sculpt layer is painted (else the paint's edit keeps it). */
  private readonly recorder: TileRecorder | null;
  private lastX: number;
  private lastZ: number;
  private readonly flattenTo: number;

  constructor(
    private readonly field: Heightfield,
    private readonly settings: BrushSettings,
    x: number,
    z: number,
    startHeight: number,
    /** The sculpt layer the stroke paints into (none: the heights alone change). */
    readonly paint: SculptPaint | null = null,
  ) {
    this.recorder = paint ? null : new TileRecorder(field.heights, field.width, field.depth);
    this.flattenTo = startHeight;
    this.lastX = x;
    this.lastZ = z;
  }

  /** The first dab, at the pointer-down position. */
  begin(): DirtyRegion | null {
    return this.dab(this.lastX, this.lastZ);
  }

  /** Dabs from the last dab towards (x, z) every spacing; returns the rect changed, if any. */
  moveTo(x: number, z: number): DirtyRegion | null {
    const spacing = Math.max(this.settings.radius * DAB_SPACING_PER_RADIUS, 1e-6);
    const distance = Math.hypot(x - this.lastX, z - this.lastZ);
    const steps = Math.floor(distance / spacing);
    let region: DirtyRegion | null = null;
    const fromX = this.lastX;
    const fromZ = this.lastZ;
    for (let s = 1; s <= steps; s++) {
      const t = (s * spacing) / distance;
      const changed = this.dab(fromX + (x - fromX) * t, fromZ + (z - fromZ) * t);
      if (changed) region = unionRegions(region, changed);
    }
    if (steps > 0) {
      const t = (steps * spacing) / distance;
      this.lastX = fromX + (x - fromX) * t;
      this.lastZ = fromZ + (z - fromZ) * t;
    }
    return region;
  }

  /** Ends a stroke on the heights alone: the edit to record (heights already hold its result), or null if nothing changed. */
  finish(label: string): TileEdit | null {
    if (!this.recorder) throw new Error('a stroke into a sculpt layer ends through its local edit');
    return this.recorder.finish(label);
  }

  /** Restores the heights from before the stroke (without telling the views); returns what to redraw. */
  cancel(): DirtyRegion | null {
    return this.recorder ? this.recorder.restore() : (this.paint?.edit.restore(false) ?? null);
  }

  private dab(x: number, z: number): DirtyRegion | null {
    const rect = dabRect(this.field, x, z, this.settings.radius);
    if (!rect) return null;
    if (this.paint) this.paint.edit.touch(rect);
    else this.recorder?.touch(rect.i0, rect.j0, rect.i1, rect.j1);
    const before = this.paint ? copyRect(this.field, rect) : null;
    applyDab(this.field, this.settings, x, z, rect, this.flattenTo);
    if (this.paint && before) {
      // The exact heights (the stack's through the layers above) replace the dab's own, wherever
      // they changed; the edit keeps what each rectangle held first.
      const changed = this.paint.add(rect, before, this.field.heights);
      if (changed) return { kind: 'rect', ...changed };
    }
    return { kind: 'rect', ...rect };
  }
}

/** The rectangle holding both (an empty one adds nothing). */
function unionOf(a: Rect, b: Rect): Rect {
  if (b.i1 <= b.i0 || b.j1 <= b.j0) return a;
  return { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };
}

function copyRect(field: Heightfield, rect: VertexRect): Float32Array {
  const cols = rect.i1 - rect.i0;
  const out = new Float32Array(cols * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) out.set(field.heights.subarray(j * field.width + rect.i0, j * field.width + rect.i1), (j - rect.j0) * cols);
  return out;
}
