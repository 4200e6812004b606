import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { writeMapImageRect, type MapImageRect, type MapMode } from './mapImage';
import type { DirtyRegion } from '../document/region';
import { DEFAULT_NATURAL_LINES, sameNaturalLines, type ErosionCover, type NaturalLines } from '../view/terrainColours';
import { MapBlockRanges, RANGE_BLOCK_SIDE } from './mapBlockRanges';
import { alignToBlocks, downsampleLevels, MAP_MIP_FACTORS, type MapMipRect } from './mapMipLevels';
import { planMapTiles, rectPixels, tileRectToRedraw, type MapTile } from './mapTiles';

/** Pixels to put into tile `tile` at (x, y) of the tile: width × height RGBA, and the same area of each reduced level. */
export interface MapTileRect {
  tile: number;
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
  levels: MapMipRect[];
}

/** What a pixel's colour depends on besides its heights. */
interface Colouring {
  range: HeightRange;
  mode: MapMode;
  /** The erosion cover drawn over the hypsometric tint (the document's results), or none. */
  cover: ErosionCover | null;
  /** The natural mode's climate and tree and snow lines (the View's). */
  lines: NaturalLines;
  /** The sea plane's level when the View shows it, else null. */
  seaLevel: number | null;
}

interface RedrawInProgress {
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
  /** Pixels computed between two looks at the clock during a slice. */
  bandPixels?: number;
  /** Reduction factors of the reduced-resolution levels; each must divide the tile side of a multi-tile plan. */
  mipFactors?: readonly number[];
}

export const RECOLOUR_SETTLE_MS = 150;
const BAND_PIXELS = 8192;

function sameColouring(a: Colouring, b: Colouring): boolean {
  return (
    a.mode === b.mode &&
    a.range.min === b.range.min &&
    a.range.max === b.range.max &&
    a.cover === b.cover &&
    (a.mode !== 'natural' || sameNaturalLines(a.lines, b.lines)) &&
    (a.mode === 'grayscale' || a.seaLevel === b.seaLevel)
  );
}

/**
 * The 2D heightmap image as tiles of pixels, without any canvas: for each document change it gives
 * the rectangles to put (only the changed vertices plus the one-vertex hillshade margin, grown to
 * whole blocks of the coarsest reduced level), identical to the same pixels of the whole-map image
 * from writeMapImageRows, together with the box-filtered pixels of the reduced levels there.
 *
 * Two kinds of work run later in time slices (`redrawSlice`), tiles in view first, each tile put
 * whole when finished so that it always shows one state:
 * - a change of the whole map (generate, open, undo of a run) marks every tile stale; they are
 *   redrawn at once, slice after slice, without blocking the main thread for the whole map;
 * - colours follow the map's height range and the mode, so changing either recolours every pixel.
 *   An edit is drawn at once in the colours its tile already shows (heights beyond that range clamp
 *   to the ramp ends); the recolour to the current range waits until changes pause.
 */
export class MapTilePixels {
  private tileList: MapTile[] = [];
  private tileColouring: Colouring[] = [];
  /** Tiles whose heights changed wholesale since they were last put: redrawn whole by a slice. */
  private stale: boolean[] = [];
  private staleCount = 0;
  private blocks: MapBlockRanges | null = null;
  private dims = '';
  private target: Colouring = { range: { min: 0, max: 0 }, mode: 'hypsometric', cover: null, lines: DEFAULT_NATURAL_LINES, seaLevel: null };
  private lastChangeAt = -Infinity;
  private inProgress: RedrawInProgress | null = null;
  private readonly now: () => number;
  private readonly settleMs: number;
  private readonly bandPixels: number;
  private readonly mipFactors: readonly number[];
  private readonly mipBlock: number;

  constructor(private readonly options: MapTilePixelsOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.settleMs = options.settleMs ?? RECOLOUR_SETTLE_MS;
    this.bandPixels = options.bandPixels ?? BAND_PIXELS;
    this.mipFactors = options.mipFactors ?? MAP_MIP_FACTORS;
    this.mipBlock = Math.max(1, ...this.mipFactors);
  }

  get tiles(): readonly MapTile[] {
    return this.tileList;
  }

  /** Reduction factors of the levels that every MapTileRect carries. */
  get levelFactors(): readonly number[] {
    return this.mipFactors;
  }

  /** The map's current height range, which the finished image's colours follow. */
  get range(): HeightRange {
    return this.target.range;
  }

  /** True when every pixel shows the current heights in the current range and mode. */
  get upToDate(): boolean {
    return this.staleCount === 0 && this.tileColouring.every((c) => sameColouring(c, this.target));
  }

  /**
   * The document changed in `region` (or its size changed, which redraws everything): the
   * rectangles to put now. A change of the whole map puts nothing now: see `redrawSlice`.
   */
  update(field: Heightfield, region: DirtyRegion, mode: MapMode): MapTileRect[] {
    let change = region;
    const dims = `${field.width}x${field.depth}`;
    if (dims !== this.dims || !this.blocks) {
      this.dims = dims;
      this.tileList = planMapTiles(field.width, field.depth, this.options.tileSide);
      this.checkMipFactors();
      this.blocks = new MapBlockRanges(field.width, field.depth, this.options.blockSide ?? RANGE_BLOCK_SIDE);
      change = { kind: 'all' };
    }
    this.blocks.update(field, change);
    this.target = { ...this.target, range: this.blocks.range(), mode };
    if (change.kind === 'all') {
      this.inProgress = null;
      this.stale = this.tileList.map(() => true);
      this.staleCount = this.tileList.length;
      this.tileColouring = this.tileList.map(() => this.target);
      return [];
    }
    this.lastChangeAt = this.now();
    const rects: MapTileRect[] = [];
    this.tileList.forEach((tile, index) => {
      const changed = tileRectToRedraw(tile, change);
      if (!changed) return;
      const rect = alignToBlocks(changed, this.mipBlock, tile);
      // Rows of a half-drawn tile computed before this edit are redone in its buffer.
      const work = this.inProgress;
      if (work?.tile === index) this.patchInProgress(field, work, rect);
      // A stale tile shows old heights everywhere: it is about to be redrawn whole.
      if (this.stale[index]) return;
      const { range, mode: tileMode, cover, lines, seaLevel } = this.tileColouring[index];
      rects.push(this.tileRect(index, rect, rectPixels(field, rect, tileMode, range, cover, lines, seaLevel)));
    });
    return rects;
  }

  /** The display mode changed: the image is recoloured by `redrawSlice`, without waiting for a pause. */
  setMode(mode: MapMode): void {
    this.target = { ...this.target, mode };
  }

  /**
   * The erosion cover to draw (the document's results; null for none). Set it before the `update`
   * of the change that brought it; results set without an edit recolour by `redrawSlice`.
   */
  /** The natural mode's lines and climate changed: recoloured like a mode change. */
  setLines(lines: NaturalLines): void {
    if (!sameNaturalLines(lines, this.target.lines)) this.target = { ...this.target, lines };
  }

  /** The sea plane shown at this level, or none (null): recoloured like a mode change. */
  setSeaLevel(seaLevel: number | null): void {
    if (seaLevel !== this.target.seaLevel) this.target = { ...this.target, seaLevel };
  }

  setCover(cover: ErosionCover | null): void {
    if (cover !== this.target.cover) this.target = { ...this.target, cover };
  }

  get cover(): ErosionCover | null {
    return this.target.cover;
  }

  /** Milliseconds until `redrawSlice` has work to do: 0 now, null when the image is up to date. */
  redrawDelay(): number | null {
    if (this.upToDate) return null;
    if (this.staleCount > 0) return 0;
    return this.settleRemaining();
  }

  /**
   * Redraws for about `budgetMs` (at least one band of rows), tiles for which `isVisible` holds
   * first: stale tiles at once, recolours once changes have paused. Returns the tiles finished in
   * this slice, each put whole.
   */
  redrawSlice(field: Heightfield, budgetMs: number, isVisible: (tile: MapTile) => boolean = () => true): MapTileRect[] {
    const rects: MapTileRect[] = [];
    if (this.redrawDelay() !== 0) return rects;
    const settled = this.settleRemaining() === 0;
    const start = this.now();
    do {
      const work = this.nextWork(isVisible, settled);
      if (!work) break;
      const tile = this.tileList[work.tile];
      const tileWidth = tile.i1 - tile.i0;
      const rows = Math.max(1, Math.floor(this.bandPixels / tileWidth));
      const j0 = tile.j0 + work.rowsDone;
      const j1 = Math.min(tile.j1, j0 + rows);
      writeMapImageRect(
        field,
        work.pixels.subarray(work.rowsDone * tileWidth * 4),
        work.colouring.mode,
        work.colouring.range,
        { i0: tile.i0, j0, i1: tile.i1, j1 },
        work.colouring.cover,
        work.colouring.lines,
        work.colouring.seaLevel,
      );
      work.rowsDone = j1 - tile.j0;
      if (j1 === tile.j1) {
        rects.push(this.tileRect(work.tile, tile, work.pixels));
        this.tileColouring[work.tile] = work.colouring;
        if (this.stale[work.tile]) {
          this.stale[work.tile] = false;
          this.staleCount--;
        }
        this.inProgress = null;
      }
    } while (this.now() - start < budgetMs);
    return rects;
  }

  /**
   * All pixels of tile `index` now, for a canvas (re)created for it: consistent with every rectangle
   * put before and after. A tile showing the current heights is drawn in the colours it shows (its
   * levels already hold exactly these pixels, so none come with it; a pending recolour still comes
   * by `redrawSlice`). A stale tile is drawn in the current colours with its levels and is then
   * current, which also spares `redrawSlice` that tile.
   */
  wholeTile(field: Heightfield, index: number): MapTileRect {
    const tile = this.tileList[index];
    if (!tile) throw new Error(`no map tile ${index}`);
    if (!this.stale[index]) {
      const { mode, range, cover, lines, seaLevel } = this.tileColouring[index];
      const pixels = rectPixels(field, tile, mode, range, cover, lines, seaLevel);
      return { tile: index, x: 0, y: 0, width: tile.i1 - tile.i0, height: tile.j1 - tile.j0, pixels, levels: [] };
    }
    const { mode, range, cover, lines, seaLevel } = this.target;
    const rect = this.tileRect(index, tile, rectPixels(field, tile, mode, range, cover, lines, seaLevel));
    this.tileColouring[index] = this.target;
    this.stale[index] = false;
    this.staleCount--;
    if (this.inProgress?.tile === index) this.inProgress = null;
    return rect;
  }

  private settleRemaining(): number {
    return Math.max(0, this.lastChangeAt + this.settleMs - this.now());
  }

  /** The tile being drawn, or a new one: a visible tile before any other. */
  private nextWork(isVisible: (tile: MapTile) => boolean, settled: boolean): RedrawInProgress | null {
    const pending = (index: number) => this.stale[index] || (settled && !sameColouring(this.tileColouring[index], this.target));
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

  /** Redoes the rows of `rect` that the half-drawn tile's buffer already holds. */
  private patchInProgress(field: Heightfield, work: RedrawInProgress, rect: MapImageRect): void {
    const tile = this.tileList[work.tile];
    const doneEnd = tile.j0 + work.rowsDone;
    if (rect.j0 >= doneEnd) return;
    const part = { i0: rect.i0, j0: rect.j0, i1: rect.i1, j1: Math.min(rect.j1, doneEnd) };
    const partWidth = part.i1 - part.i0;
    const pixels = rectPixels(field, part, work.colouring.mode, work.colouring.range, work.colouring.cover, work.colouring.lines, work.colouring.seaLevel);
    const tileWidth = tile.i1 - tile.i0;
    for (let j = part.j0; j < part.j1; j++) {
      const from = (j - part.j0) * partWidth * 4;
      work.pixels.set(pixels.subarray(from, from + partWidth * 4), ((j - tile.j0) * tileWidth + part.i0 - tile.i0) * 4);
    }
  }

  private tileRect(index: number, rect: MapImageRect, pixels: Uint8ClampedArray<ArrayBuffer>): MapTileRect {
    const tile = this.tileList[index];
    const levels = downsampleLevels(pixels, rect, this.mipFactors);
    return { tile: index, x: rect.i0 - tile.i0, y: rect.j0 - tile.j0, width: rect.i1 - rect.i0, height: rect.j1 - rect.j0, pixels, levels };
  }

  private checkMipFactors(): void {
    if (this.tileList.length < 2) return;
    const side = this.tileList[0].i1 - this.tileList[0].i0;
    for (const factor of this.mipFactors) {
      if (side % factor !== 0) throw new Error(`reduced level factor ${factor} does not divide the map tile side ${side}`);
    }
  }
}
