import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { writeMapImageRect, type MapMode } from '../mapImage';
import type { DirtyRegion } from '../region';
import { MapBlockRanges, RANGE_BLOCK_SIDE } from './mapBlockRanges';
import { planMapTiles, rectPixels, tileRectToRedraw, type MapTile } from './mapTiles';

/** Pixels to put into tile `tile` at (x, y) of the tile: width × height RGBA. */
export interface MapTileRect {
  tile: number;
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
}

/** What a pixel's colour depends on besides its heights. */
interface Colouring {
  range: HeightRange;
  mode: MapMode;
}

interface RecolourInProgress {
  tile: number;
  colouring: Colouring;
  rowsDone: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
}

export interface MapTilePixelsOptions {
  /** Milliseconds; injected by tests. */
  now?: () => number;
  /** A recolour starts once no document change came for this long (painting stays smooth). */
  settleMs?: number;
  /** Tile side in vertices; by default as planMapTiles chooses. */
  tileSide?: number;
  blockSide?: number;
  /** Pixels computed between two looks at the clock during a recolour. */
  bandPixels?: number;
}

export const RECOLOUR_SETTLE_MS = 150;
const BAND_PIXELS = 8192;

function sameColouring(a: Colouring, b: Colouring): boolean {
  return a.mode === b.mode && a.range.min === b.range.min && a.range.max === b.range.max;
}

/**
 * The 2D heightmap image as tiles of pixels, without any canvas: for each document change it gives
 * the rectangles to put (only the changed vertices plus the one-vertex hillshade margin), identical
 * to the same pixels of the whole-map image from writeMapImageRows.
 *
 * Colours follow the map's height range and the mode, so changing either recolours every pixel. An
 * edit is drawn at once in the colours its tile already shows (heights beyond that range clamp to
 * the ramp ends); the recolour to the current range runs later in time slices (`recolourSlice`),
 * once changes pause, one whole tile put at a time so each tile always shows one colouring.
 */
export class MapTilePixels {
  private tileList: MapTile[] = [];
  private tileColouring: Colouring[] = [];
  private blocks: MapBlockRanges | null = null;
  private dims = '';
  private target: Colouring = { range: { min: 0, max: 0 }, mode: 'hypsometric' };
  private lastChangeAt = -Infinity;
  private inProgress: RecolourInProgress | null = null;
  private readonly now: () => number;
  private readonly settleMs: number;
  private readonly bandPixels: number;

  constructor(private readonly options: MapTilePixelsOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.settleMs = options.settleMs ?? RECOLOUR_SETTLE_MS;
    this.bandPixels = options.bandPixels ?? BAND_PIXELS;
  }

  get tiles(): readonly MapTile[] {
    return this.tileList;
  }

  /** The map's current height range, which the finished image's colours follow. */
  get range(): HeightRange {
    return this.target.range;
  }

  /** True when every pixel shows the current heights in the current range and mode. */
  get upToDate(): boolean {
    return this.tileColouring.every((c) => sameColouring(c, this.target));
  }

  /**
   * The document changed in `region` (or its size changed, which redraws everything): the
   * rectangles to put now. A change of the whole map is drawn at once in the current colours.
   */
  update(field: Heightfield, region: DirtyRegion, mode: MapMode): MapTileRect[] {
    let change = region;
    const dims = `${field.width}x${field.depth}`;
    if (dims !== this.dims || !this.blocks) {
      this.dims = dims;
      this.tileList = planMapTiles(field.width, field.depth, this.options.tileSide);
      this.blocks = new MapBlockRanges(field.width, field.depth, this.options.blockSide ?? RANGE_BLOCK_SIDE);
      change = { kind: 'all' };
    }
    this.blocks.update(field, change);
    this.target = { range: this.blocks.range(), mode };
    if (change.kind === 'all') {
      this.inProgress = null;
      this.tileColouring = this.tileList.map(() => this.target);
      return this.tileList.map((tile, index) => this.wholeTile(index, rectPixels(field, tile, mode, this.target.range)));
    }
    this.lastChangeAt = this.now();
    const rects: MapTileRect[] = [];
    this.tileList.forEach((tile, index) => {
      const rect = tileRectToRedraw(tile, change);
      if (!rect) return;
      // Rows of a half-recoloured tile computed before this edit are stale: start that tile again.
      if (this.inProgress?.tile === index) this.inProgress = null;
      const { range, mode: tileMode } = this.tileColouring[index];
      const pixels = rectPixels(field, rect, tileMode, range);
      rects.push({ tile: index, x: rect.i0 - tile.i0, y: rect.j0 - tile.j0, width: rect.i1 - rect.i0, height: rect.j1 - rect.j0, pixels });
    });
    return rects;
  }

  /** The display mode changed: the image is recoloured by `recolourSlice`, without waiting for a pause. */
  setMode(mode: MapMode): void {
    this.target = { ...this.target, mode };
  }

  /** Milliseconds until `recolourSlice` has work to do: 0 now, null when the image is up to date. */
  recolourDelay(): number | null {
    if (this.upToDate) return null;
    return Math.max(0, this.lastChangeAt + this.settleMs - this.now());
  }

  /**
   * Recolours for about `budgetMs` (at least one band of rows), tiles for which `isVisible` holds
   * first. Returns the tiles finished in this slice, each put whole. Does nothing before changes
   * have paused (see recolourDelay).
   */
  recolourSlice(field: Heightfield, budgetMs: number, isVisible: (tile: MapTile) => boolean = () => true): MapTileRect[] {
    const rects: MapTileRect[] = [];
    if (this.recolourDelay() !== 0) return rects;
    const start = this.now();
    do {
      const work = this.nextWork(isVisible);
      if (!work) break;
      const tile = this.tileList[work.tile];
      const tileWidth = tile.i1 - tile.i0;
      const rows = Math.max(1, Math.floor(this.bandPixels / tileWidth));
      const j0 = tile.j0 + work.rowsDone;
      const j1 = Math.min(tile.j1, j0 + rows);
      writeMapImageRect(field, work.pixels.subarray(work.rowsDone * tileWidth * 4), work.colouring.mode, work.colouring.range, { i0: tile.i0, j0, i1: tile.i1, j1 });
      work.rowsDone = j1 - tile.j0;
      if (j1 === tile.j1) {
        rects.push(this.wholeTile(work.tile, work.pixels));
        this.tileColouring[work.tile] = work.colouring;
        this.inProgress = null;
      }
    } while (this.now() - start < budgetMs);
    return rects;
  }

  /** The tile being recoloured, or a new one: a visible tile before any other. */
  private nextWork(isVisible: (tile: MapTile) => boolean): RecolourInProgress | null {
    const pending = (index: number) => !sameColouring(this.tileColouring[index], this.target);
    const valid = this.inProgress && sameColouring(this.inProgress.colouring, this.target) && pending(this.inProgress.tile);
    const current = valid ? this.inProgress : null;
    let firstVisible = -1;
    let firstPending = -1;
    for (let index = 0; index < this.tileList.length && firstVisible < 0; index++) {
      if (!pending(index)) continue;
      if (firstPending < 0) firstPending = index;
      if (isVisible(this.tileList[index])) firstVisible = index;
    }
    if (current && (firstVisible < 0 || isVisible(this.tileList[current.tile]))) return current;
    const index = firstVisible >= 0 ? firstVisible : firstPending;
    if (index < 0) return null;
    const tile = this.tileList[index];
    const pixels = new Uint8ClampedArray((tile.i1 - tile.i0) * (tile.j1 - tile.j0) * 4);
    this.inProgress = { tile: index, colouring: this.target, rowsDone: 0, pixels };
    return this.inProgress;
  }

  private wholeTile(index: number, pixels: Uint8ClampedArray<ArrayBuffer>): MapTileRect {
    const tile = this.tileList[index];
    return { tile: index, x: 0, y: 0, width: tile.i1 - tile.i0, height: tile.j1 - tile.j0, pixels };
  }
}
