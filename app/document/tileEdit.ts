import type { DocumentEdit } from './history';
import type { TerrainDocument } from './document';
import { ALL, unionRegions, type DirtyRegion } from './region';

/** Side of a history tile, in vertices: small enough that a brush stroke keeps little, large enough to keep the tile list short. */
export const TILE_SIZE = 64;

interface TileGrid {
  width: number;
  depth: number;
  cols: number;
  rows: number;
}

function tileGrid(width: number, depth: number): TileGrid {
  return { width, depth, cols: Math.ceil(width / TILE_SIZE), rows: Math.ceil(depth / TILE_SIZE) };
}

interface TileBounds {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

function tileBounds(grid: TileGrid, tile: number): TileBounds {
  const ti = tile % grid.cols;
  const tj = (tile - ti) / grid.cols;
  const i0 = ti * TILE_SIZE;
  const j0 = tj * TILE_SIZE;
  return { i0, j0, i1: Math.min(i0 + TILE_SIZE, grid.width), j1: Math.min(j0 + TILE_SIZE, grid.depth) };
}

function copyTileOut(heights: Float32Array, width: number, b: TileBounds): Float32Array {
  const cols = b.i1 - b.i0;
  const out = new Float32Array(cols * (b.j1 - b.j0));
  for (let j = b.j0; j < b.j1; j++) out.set(heights.subarray(j * width + b.i0, j * width + b.i1), (j - b.j0) * cols);
  return out;
}

function copyTileIn(heights: Float32Array, width: number, b: TileBounds, values: Float32Array): void {
  const cols = b.i1 - b.i0;
  for (let j = b.j0; j < b.j1; j++) heights.set(values.subarray((j - b.j0) * cols, (j - b.j0 + 1) * cols), j * width + b.i0);
}

/** Bitwise equality, so that −0 vs 0 and NaN payloads count as changes and undo is bit-exact. */
function sameBits(a: Float32Array, b: Float32Array): boolean {
  const ua = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const ub = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let k = 0; k < ua.length; k++) if (ua[k] !== ub[k]) return false;
  return true;
}

function sameBitsInRect(a: Float32Array, b: Float32Array, width: number, r: TileBounds): boolean {
  for (let j = r.j0; j < r.j1; j++) {
    if (!sameBits(a.subarray(j * width + r.i0, j * width + r.i1), b.subarray(j * width + r.i0, j * width + r.i1))) return false;
  }
  return true;
}

function sameBitsInTile(heights: Float32Array, width: number, b: TileBounds, values: Float32Array): boolean {
  const cols = b.i1 - b.i0;
  for (let j = b.j0; j < b.j1; j++) {
    const row = heights.subarray(j * width + b.i0, j * width + b.i1);
    if (!sameBits(row, values.subarray((j - b.j0) * cols, (j - b.j0 + 1) * cols))) return false;
  }
  return true;
}

/**
 * The values of a rectangle of vertices (row by row, `i1 − i0` a row) in the state the document does
 * not show now: the state before the edit while it is applied, after it while it is undone.
 */
interface StoredRect extends TileBounds {
  values: Float32Array;
}

/** Which state of its rectangles the document shows. */
type EditState = 'before' | 'after';

/** A height edit that keeps one copy of the tiles it changed (or of the whole map, when that changed). */
export interface TileEdit extends DocumentEdit {
  readonly tileCount: number;
  readonly region: DirtyRegion;
}

/** Exchanges a stored rectangle with the document's heights, row by row through `scratch`. */
function swapRect(heights: Float32Array, width: number, rect: StoredRect, scratch: Float32Array): void {
  const cols = rect.i1 - rect.i0;
  const row = scratch.subarray(0, cols);
  for (let j = rect.j0; j < rect.j1; j++) {
    const inDocument = heights.subarray(j * width + rect.i0, j * width + rect.i1);
    const stored = rect.values.subarray((j - rect.j0) * cols, (j - rect.j0 + 1) * cols);
    row.set(inDocument);
    inDocument.set(stored);
    stored.set(row);
  }
}

/**
 * Builds the edit from rectangles that differ from the document's heights. Undo and redo swap each
 * rectangle's stored values with the document's, so only one copy of the changed heights is kept
 * (not a before and an after). `shows` is the state the document shows now: 'after' for a gesture
 * that already changed the heights (applying it then records it without writing), 'before' for a
 * computed result not yet written. The map's dimensions must not change between apply and revert.
 */
function createSwapEdit(label: string, width: number, depth: number, rects: readonly StoredRect[], tileCount: number, shows: EditState): TileEdit {
  let region: DirtyRegion | null = null;
  let byteSize = 0;
  let widest = 0;
  for (const r of rects) {
    byteSize += r.values.byteLength;
    widest = Math.max(widest, r.i1 - r.i0);
    region = unionRegions(region, { kind: 'rect', i0: r.i0, j0: r.j0, i1: r.i1, j1: r.j1 });
  }
  const finalRegion: DirtyRegion =
    region === null
      ? { kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 }
      : region.kind === 'rect' && region.i0 === 0 && region.j0 === 0 && region.i1 === width && region.j1 === depth
        ? ALL
        : region;
  let state = shows;
  const show = (doc: TerrainDocument, wanted: EditState): DirtyRegion => {
    const { field } = doc;
    if (field.width !== width || field.depth !== depth)
      throw new Error(`${label}: the map is ${field.width} × ${field.depth}, the edit was made on ${width} × ${depth}`);
    if (state !== wanted) {
      const scratch = new Float32Array(widest);
      for (const r of rects) swapRect(field.heights, width, r, scratch);
      state = wanted;
    }
    return finalRegion;
  };
  return {
    label,
    byteSize,
    tileCount,
    region: finalRegion,
    apply: (doc) => show(doc, 'after'),
    revert: (doc) => show(doc, 'before'),
  };
}

/**
 * Whole-map change (a generation job, a filter, a manual fault): compares the document's `before`
 * with the computed `after` tile by tile and keeps one copy of the tiles that differ. When every
 * tile differs, the edit takes `after` itself as its copy (no second whole map): callers pass an
 * array they no longer use. `before` is not retained. With `within`, only the tiles it touches are
 * compared (the caller knows nothing changed elsewhere) and `after` is only read, never kept.
 */
export function diffTileEdit(
  label: string,
  width: number,
  depth: number,
  before: Float32Array,
  after: Float32Array,
  within?: { i0: number; j0: number; i1: number; j1: number },
): TileEdit {
  if (before.length !== width * depth || after.length !== width * depth) throw new Error(`${label}: expected ${width * depth} heights`);
  const grid = tileGrid(width, depth);
  const changed: number[] = [];
  for (let tile = 0; tile < grid.cols * grid.rows; tile++) {
    const b = tileBounds(grid, tile);
    // Tiles outside `within` are the same by the caller's word: not compared.
    if (within && (b.i1 <= within.i0 || b.i0 >= within.i1 || b.j1 <= within.j0 || b.j0 >= within.j1)) continue;
    if (!sameBitsInRect(before, after, width, b)) changed.push(tile);
  }
  const everyTile = changed.length === grid.cols * grid.rows;
  const rects: StoredRect[] = everyTile
    ? // `after` becomes the edit's own unless the caller lent it (within: an array it keeps).
      [{ i0: 0, j0: 0, i1: width, j1: depth, values: within ? after.slice() : after }]
    : changed.map((tile) => {
        const b = tileBounds(grid, tile);
        return { ...b, values: copyTileOut(after, width, b) };
      });
  return createSwapEdit(label, width, depth, rects, changed.length, 'before');
}

/** A height edit that changed nothing (a stack change whose heights came out the same). */
export function emptyTileEdit(label: string, width: number, depth: number): TileEdit {
  return createSwapEdit(label, width, depth, [], 0, 'after');
}

/**
 * Records before-snapshots of tiles as a live gesture (a brush stroke) touches them, so the heights
 * can change in place while dragging and become one edit at the end, or be restored on cancel.
 */
export class TileRecorder {
  private readonly grid: TileGrid;
  private readonly snapshots = new Map<number, Float32Array>();

  constructor(
    private readonly heights: Float32Array,
    width: number,
    depth: number,
  ) {
    this.grid = tileGrid(width, depth);
  }

  /** Call before modifying vertices in [i0, i1) × [j0, j1) (clamped to the map). */
  touch(i0: number, j0: number, i1: number, j1: number): void {
    const { grid } = this;
    const ti0 = Math.max(0, Math.floor(i0 / TILE_SIZE));
    const tj0 = Math.max(0, Math.floor(j0 / TILE_SIZE));
    const ti1 = Math.min(grid.cols - 1, Math.floor((i1 - 1) / TILE_SIZE));
    const tj1 = Math.min(grid.rows - 1, Math.floor((j1 - 1) / TILE_SIZE));
    for (let tj = tj0; tj <= tj1; tj++) {
      for (let ti = ti0; ti <= ti1; ti++) {
        const tile = tj * grid.cols + ti;
        if (!this.snapshots.has(tile)) this.snapshots.set(tile, copyTileOut(this.heights, grid.width, tileBounds(grid, tile)));
      }
    }
  }

  get touchedTiles(): number {
    return this.snapshots.size;
  }

  /**
   * The edit holding only touched tiles whose heights really changed (their before-snapshots: the
   * heights already show the stroke); null when nothing changed.
   */
  finish(label: string): TileEdit | null {
    const { grid } = this;
    const rects: StoredRect[] = [];
    for (const [tile, before] of [...this.snapshots].sort((a, b) => a[0] - b[0])) {
      const b = tileBounds(grid, tile);
      if (sameBitsInTile(this.heights, grid.width, b, before)) continue;
      rects.push({ ...b, values: before });
    }
    this.snapshots.clear();
    return rects.length ? createSwapEdit(label, grid.width, grid.depth, rects, rects.length, 'after') : null;
  }

  /** Puts every touched tile back as it was; returns the region restored (null if none). */
  restore(): DirtyRegion | null {
    const { grid } = this;
    let region: DirtyRegion | null = null;
    for (const [tile, before] of this.snapshots) {
      const b = tileBounds(grid, tile);
      copyTileIn(this.heights, grid.width, b, before);
      region = unionRegions(region, { kind: 'rect', ...b });
    }
    this.snapshots.clear();
    return region;
  }
}
