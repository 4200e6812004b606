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

function sameBitsInTile(heights: Float32Array, width: number, b: TileBounds, values: Float32Array): boolean {
  const cols = b.i1 - b.i0;
  for (let j = b.j0; j < b.j1; j++) {
    const row = heights.subarray(j * width + b.i0, j * width + b.i1);
    if (!sameBits(row, values.subarray((j - b.j0) * cols, (j - b.j0 + 1) * cols))) return false;
  }
  return true;
}

export interface ChangedTile {
  readonly tile: number;
  readonly before: Float32Array;
  readonly after: Float32Array;
}

/** A height edit that keeps before/after values only for the tiles that changed. */
export interface TileEdit extends DocumentEdit {
  readonly tileCount: number;
  readonly region: DirtyRegion;
}

/** Builds the edit from tiles already known to differ. The map's dimensions must not change between apply and revert. */
export function createTileEdit(label: string, width: number, depth: number, tiles: readonly ChangedTile[]): TileEdit {
  const grid = tileGrid(width, depth);
  let region: DirtyRegion | null = null;
  let byteSize = 0;
  for (const t of tiles) {
    byteSize += t.before.byteLength + t.after.byteLength;
    const b = tileBounds(grid, t.tile);
    region = unionRegions(region, { kind: 'rect', ...b });
  }
  const finalRegion: DirtyRegion =
    region === null ? { kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 } : region.kind === 'rect' && region.i0 === 0 && region.j0 === 0 && region.i1 === width && region.j1 === depth ? ALL : region;
  const write = (doc: TerrainDocument, pick: (t: ChangedTile) => Float32Array): DirtyRegion => {
    const { field } = doc;
    if (field.width !== width || field.depth !== depth) throw new Error(`${label}: the map is ${field.width} × ${field.depth}, the edit was made on ${width} × ${depth}`);
    for (const t of tiles) copyTileIn(field.heights, width, tileBounds(grid, t.tile), pick(t));
    return finalRegion;
  };
  return {
    label,
    byteSize,
    tileCount: tiles.length,
    region: finalRegion,
    apply: (doc) => write(doc, (t) => t.after),
    revert: (doc) => write(doc, (t) => t.before),
  };
}

/**
 * Whole-map change (a generation job, a filter): compares `before` with `after` tile by tile and keeps
 * only the tiles that differ. Neither array is retained.
 */
export function diffTileEdit(label: string, width: number, depth: number, before: Float32Array, after: Float32Array): TileEdit {
  if (before.length !== width * depth || after.length !== width * depth) throw new Error(`${label}: expected ${width * depth} heights`);
  const grid = tileGrid(width, depth);
  const tiles: ChangedTile[] = [];
  for (let tile = 0; tile < grid.cols * grid.rows; tile++) {
    const b = tileBounds(grid, tile);
    const afterTile = copyTileOut(after, width, b);
    if (sameBitsInTile(before, width, b, afterTile)) continue;
    tiles.push({ tile, before: copyTileOut(before, width, b), after: afterTile });
  }
  return createTileEdit(label, width, depth, tiles);
}

/**
 * Records before-snapshots of tiles as a live gesture (a brush stroke) touches them, so the heights
 * can change in place while dragging and become one edit at the end, or be restored on cancel.
 */
export class TileRecorder {
  private readonly grid: TileGrid;
  private readonly snapshots = new Map<number, Float32Array>();

  constructor(private readonly heights: Float32Array, width: number, depth: number) {
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

  /** The edit holding only touched tiles whose heights really changed; null when nothing changed. */
  finish(label: string): TileEdit | null {
    const { grid } = this;
    const tiles: ChangedTile[] = [];
    for (const [tile, before] of [...this.snapshots].sort((a, b) => a[0] - b[0])) {
      const b = tileBounds(grid, tile);
      if (sameBitsInTile(this.heights, grid.width, b, before)) continue;
      tiles.push({ tile, before, after: copyTileOut(this.heights, grid.width, b) });
    }
    this.snapshots.clear();
    return tiles.length ? createTileEdit(label, grid.width, grid.depth, tiles) : null;
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
