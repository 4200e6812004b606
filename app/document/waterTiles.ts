/**
 * The undo record of the document's water changed in place (a drawn river dragged: the layer engine
 * makes the water again where the river was and is). As TileRecorder for the heights: the before of
 * each 64² tile is kept when first written, and the entry keeps only the tiles that changed; undo and
 * redo swap them with the document's water, so one copy is kept.
 */
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import type { DocumentEdit } from './history';
import { TILE_SIZE } from './tileEdit';

interface WaterTile {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
  surface: Float32Array;
  kind: Uint8Array;
}

/** Exchanges each tile's stored values with `water`'s. */
function swapTiles(water: WaterSurface, width: number, tiles: readonly WaterTile[]): void {
  for (const t of tiles) {
    const cols = t.i1 - t.i0;
    for (let j = t.j0; j < t.j1; j++) {
      const at = j * width + t.i0;
      const from = (j - t.j0) * cols;
      for (let c = 0; c < cols; c++) {
        const s = water.surface[at + c];
        water.surface[at + c] = t.surface[from + c];
        t.surface[from + c] = s;
        const k = water.kind[at + c];
        water.kind[at + c] = t.kind[from + c];
        t.kind[from + c] = k;
      }
    }
  }
}

export class WaterRecorder {
  private readonly tiles = new Map<number, WaterTile>();
  private readonly cols: number;

  constructor(
    readonly water: WaterSurface,
    private readonly width: number,
    private readonly depth: number,
  ) {
    this.cols = Math.ceil(width / TILE_SIZE);
  }

  /** Call before the water in [i0, i1) × [j0, j1) is written. */
  touch(rect: { i0: number; j0: number; i1: number; j1: number }): void {
    const rows = Math.ceil(this.depth / TILE_SIZE);
    const ti0 = Math.max(0, Math.floor(rect.i0 / TILE_SIZE));
    const tj0 = Math.max(0, Math.floor(rect.j0 / TILE_SIZE));
    const ti1 = Math.min(this.cols - 1, Math.floor((rect.i1 - 1) / TILE_SIZE));
    const tj1 = Math.min(rows - 1, Math.floor((rect.j1 - 1) / TILE_SIZE));
    for (let tj = tj0; tj <= tj1; tj++) {
      for (let ti = ti0; ti <= ti1; ti++) {
        const tile = tj * this.cols + ti;
        if (this.tiles.has(tile)) continue;
        const i0 = ti * TILE_SIZE;
        const j0 = tj * TILE_SIZE;
        const i1 = Math.min(i0 + TILE_SIZE, this.width);
        const j1 = Math.min(j0 + TILE_SIZE, this.depth);
        const cols = i1 - i0;
        const surface = new Float32Array(cols * (j1 - j0));
        const kind = new Uint8Array(cols * (j1 - j0));
        for (let j = j0; j < j1; j++) {
          surface.set(this.water.surface.subarray(j * this.width + i0, j * this.width + i1), (j - j0) * cols);
          kind.set(this.water.kind.subarray(j * this.width + i0, j * this.width + i1), (j - j0) * cols);
        }
        this.tiles.set(tile, { i0, j0, i1, j1, surface, kind });
      }
    }
  }

  /** The touched tiles whose water changed (their befores), forgetting them all. */
  private changedTiles(): WaterTile[] {
    const changed: WaterTile[] = [];
    const now = new Uint32Array(this.water.surface.buffer, this.water.surface.byteOffset, this.water.surface.length);
    for (const tile of this.tiles.values()) {
      const before = new Uint32Array(tile.surface.buffer);
      const cols = tile.i1 - tile.i0;
      let same = true;
      for (let j = tile.j0; j < tile.j1 && same; j++)
        for (let c = 0; c < cols; c++) {
          const v = j * this.width + tile.i0 + c;
          const t = (j - tile.j0) * cols + c;
          if (now[v] !== before[t] || this.water.kind[v] !== tile.kind[t]) {
            same = false;
            break;
          }
        }
      if (!same) changed.push(tile);
    }
    this.tiles.clear();
    return changed;
  }

  /**
   * `edit` with the water's change in the same entry (the document's water shows it already): undo
   * swaps the tiles back into the same water object. `edit` itself when no tile changed.
   */
  finish(edit: DocumentEdit): DocumentEdit {
    const tiles = this.changedTiles();
    if (tiles.length === 0) return edit;
    const { water, width } = this;
    let shows: 'before' | 'after' = 'after';
    const show = (doc: { water: WaterSurface | null }, wanted: 'before' | 'after') => {
      if (shows === wanted) return;
      if (doc.water !== water) throw new Error(`${edit.label}: the document's water is not the one the edit changed`);
      swapTiles(water, width, tiles);
      shows = wanted;
    };
    return {
      label: edit.label,
      byteSize: edit.byteSize + tiles.reduce((sum, t) => sum + t.surface.byteLength + t.kind.byteLength, 0),
      apply: (doc) => {
        const region = edit.apply(doc);
        show(doc, 'after');
        return region;
      },
      revert: (doc) => {
        const region = edit.revert(doc);
        show(doc, 'before');
        return region;
      },
    };
  }

  /** Puts every touched tile back as it was. */
  restore(): void {
    for (const tile of this.tiles.values()) {
      const cols = tile.i1 - tile.i0;
      for (let j = tile.j0; j < tile.j1; j++) {
        this.water.surface.set(tile.surface.subarray((j - tile.j0) * cols, (j - tile.j0 + 1) * cols), j * this.width + tile.i0);
        this.water.kind.set(tile.kind.subarray((j - tile.j0) * cols, (j - tile.j0 + 1) * cols), j * this.width + tile.i0);
      }
    }
    this.tiles.clear();
  }
}
