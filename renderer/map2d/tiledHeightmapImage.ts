import type { Heightfield } from '../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../app/document/region';
import type { MapMode } from '../../app/map2d/mapImage';
import type { ErosionCover, NaturalLines } from '../../app/view/terrainColours';
import type { MapViewTransform } from '../../app/map2d/mapTransform';
import { MapTilePixels, type MapTileRect } from '../../app/map2d/mapTilePixels';
import { mipFactorForScale, mipLevelSize } from '../../app/map2d/mapMipLevels';
import type { MapTile } from '../../app/map2d/mapTiles';
import { MapTileResidency } from '../../app/map2d/mapTileResidency';
import { visibleSpan } from '../../app/map2d/mapMagnification';

/** Pixel work per animation frame while redrawing after a whole-map, height-range or mode change. */
const REDRAW_BUDGET_MS = 8;
/**
 * Full-resolution tile canvases drawn from the heights per frame when they come into view (a few ms
 * each): at most this many, and no more once this many ms went by; the rest follow in later frames.
 */
const CANVASES_PER_FRAME = 4;
const CANVAS_BUDGET_MS = 6;

interface Level {
  factor: number;
  canvas: HTMLCanvasElement;
}

/**
 * The 2D heightmap as canvases of up to 512² pixels (one canvas for maps up to 1025²), plus one
 * canvas per reduced level (1/4, 1/16 of the side) for drawing zoomed out. What to put where comes
 * from MapTilePixels (app/): an edit puts only its changed rectangle; a whole-map change, a change of
 * the map's height range or of the mode is redrawn in slices, one whole tile at a time. No
 * full-resolution whole-map pixel buffer is kept.
 *
 * On a map of several tiles, a tile gets its canvas only when drawn at full resolution, and at most
 * MAP_TILE_CANVAS_CAPACITY canvases stay (least recently drawn freed first), since each costs its
 * pixels in the GPU process. The levels are kept current for every tile, with or without canvas; a
 * tile's canvas is drawn whole from the heights when (re)created, the level showing meanwhile.
 */
export class TiledHeightmapImage {
  private readonly pixels = new MapTilePixels();
  private canvases: (HTMLCanvasElement | null)[] = [];
  /** Which tiles keep a canvas; null for a single-tile map, whose one canvas always stays. */
  private residency: MapTileResidency | null = null;
  private field: Heightfield | null = null;
  private pendingCanvases = 0;
  private createdThisFrame = 0;
  private levels: Level[] = [];
  private tiles: readonly MapTile[] = [];
  private size = { width: 0, depth: 0 };
  private view: { transform: MapViewTransform; width: number; height: number } | null = null;
  /** The tiles' pixels in view, copied side by side for one interpolated draw (maps of several tiles only). */
  private joined: HTMLCanvasElement | null = null;

  /** True when every pixel shows the current heights in the current range and mode. */
  get upToDate(): boolean {
    return this.pixels.upToDate;
  }

  /** Full-resolution tile canvases held now (a single-tile map always holds its one). */
  get tileCanvases(): number {
    return this.canvases.reduce((count, canvas) => count + (canvas ? 1 : 0), 0);
  }

  /** False while the last draw showed the level instead of a full-resolution tile in view that has no canvas yet. */
  get drawComplete(): boolean {
    return this.pendingCanvases === 0;
  }

  update(field: Heightfield, region: DirtyRegion, mode: MapMode): void {
    this.field = field;
    const rects = this.pixels.update(field, region, mode);
    if (this.pixels.tiles !== this.tiles) {
      this.tiles = this.pixels.tiles;
      this.size = { width: field.width, depth: field.depth };
      this.canvases.forEach(freeCanvas);
      for (const level of this.levels) freeCanvas(level.canvas);
      const single = this.tiles.length === 1;
      this.residency = single ? null : new MapTileResidency();
      this.canvases = this.tiles.map((tile) => (single ? createCanvas(tile.i1 - tile.i0, tile.j1 - tile.j0) : null));
      this.pendingCanvases = 0;
      this.levels = this.pixels.levelFactors.map((factor) => {
        const size = mipLevelSize(field.width, field.depth, factor);
        return { factor, canvas: createCanvas(size.width, size.depth) };
      });
    }
    this.put(rects);
  }

  setMode(mode: MapMode): void {
    this.pixels.setMode(mode);
  }

  /** The natural mode's climate and lines (MapTilePixels.setLines). */
  setLines(lines: NaturalLines): void {
    this.pixels.setLines(lines);
  }

  /** The sea plane's level when shown, or null (MapTilePixels.setSeaLevel). */
  setSeaLevel(seaLevel: number | null): void {
    this.pixels.setSeaLevel(seaLevel);
  }

  /** The erosion cover over the hypsometric tint (MapTilePixels.setCover). */
  setCover(cover: ErosionCover | null): void {
    this.pixels.setCover(cover);
  }

  /** Milliseconds until `redrawSlice` has work: 0 now, null when up to date. */
  redrawDelay(): number | null {
    return this.pixels.redrawDelay();
  }

  /** One frame's share of the redraw, tiles in the last drawn view first. */
  redrawSlice(field: Heightfield): void {
    this.field = field;
    this.put(this.pixels.redrawSlice(field, REDRAW_BUDGET_MS, (tile) => this.inView(tile)));
  }

  /**
   * Draws the map placed as one image of one pixel per vertex: at one device pixel or more per
   * image pixel the full-resolution tiles in view; zoomed out, the coarsest reduced level that still
   * has a level pixel per device pixel, in one drawImage.
   */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform, viewWidth: number, viewHeight: number): void {
    this.view = { transform, width: viewWidth, height: viewHeight };
    const { scale, offsetX, offsetY } = transform;
    const dpr = context.getTransform().a || 1;
    const factor = mipFactorForScale(scale * dpr, this.pixels.levelFactors);
    const level = this.levels.find((l) => l.factor === factor);
    this.residency?.beginFrame();
    this.pendingCanvases = 0;
    if (level) {
      this.drawLevel(context, level, transform);
      this.freeEvicted();
      return;
    }
    // Tile edges on whole device pixels: edges at fractions would be blended with the background
    // and show the tile grid as faint lines. Adjacent tiles share the rounded edge exactly.
    // A single tile (maps up to 1025²) is drawn exactly where the whole image always was.
    const snap = this.tiles.length > 1 ? (v: number) => Math.round(v * dpr) / dpr : (v: number) => v;
    const placed: { index: number; x0: number; y0: number; x1: number; y1: number }[] = [];
    this.tiles.forEach((tile, index) => {
      const x0 = snap(offsetX + tile.i0 * scale);
      const y0 = snap(offsetY + tile.j0 * scale);
      const x1 = snap(offsetX + tile.i1 * scale);
      const y1 = snap(offsetY + tile.j1 * scale);
      if (x0 > viewWidth || y0 > viewHeight || x1 < 0 || y1 < 0) return;
      placed.push({ index, x0, y0, x1, y1 });
    });
    // Tiles in view still without a canvas show the finest level underneath until they have one.
    if (this.levels.length > 0 && placed.some((p) => !this.canvases[p.index])) this.drawLevel(context, this.levels[0], transform);
    const startedAt = performance.now();
    this.createdThisFrame = 0;
    if (this.tiles.length > 1 && context.imageSmoothingEnabled) {
      this.drawJoined(context, transform, viewWidth, viewHeight, placed, startedAt);
      this.freeEvicted();
      return;
    }
    for (const { index, x0, y0, x1, y1 } of placed) {
      const canvas = this.tileCanvas(index, startedAt);
      if (canvas) context.drawImage(canvas, x0, y0, x1 - x0, y1 - y0);
    }
    this.freeEvicted();
  }

  /**
   * Interpolated across tile edges: each tile interpolated on its own stops at its last pixel (half a
   * vertex of flat colour along every tile seam when magnified). The pixels in view (one more each
   * side) are copied 1:1 into one canvas, which is then drawn scaled in one interpolated drawImage.
   */
  private drawJoined(
    context: CanvasRenderingContext2D,
    transform: MapViewTransform,
    viewWidth: number,
    viewHeight: number,
    placed: readonly { index: number }[],
    startedAt: number,
  ): void {
    const { scale, offsetX, offsetY } = transform;
    const columns = visibleSpan(offsetX, scale, viewWidth, this.size.width);
    const rows = visibleSpan(offsetY, scale, viewHeight, this.size.depth);
    const width = columns.end - columns.start;
    const height = rows.end - rows.start;
    if (width <= 0 || height <= 0) return;
    if (!this.joined) this.joined = document.createElement('canvas');
    const joined = this.joined;
    if (joined.width < width || joined.height < height) {
      joined.width = Math.max(joined.width, width);
      joined.height = Math.max(joined.height, height);
    }
    const target = joined.getContext('2d');
    if (!target) return;
    target.clearRect(0, 0, width, height);
    for (const { index } of placed) {
      const canvas = this.tileCanvas(index, startedAt);
      if (!canvas) continue;
      const tile = this.tiles[index];
      const i0 = Math.max(tile.i0, columns.start);
      const i1 = Math.min(tile.i1, columns.end);
      const j0 = Math.max(tile.j0, rows.start);
      const j1 = Math.min(tile.j1, rows.end);
      if (i1 <= i0 || j1 <= j0) continue;
      target.drawImage(canvas, i0 - tile.i0, j0 - tile.j0, i1 - i0, j1 - j0, i0 - columns.start, j0 - rows.start, i1 - i0, j1 - j0);
    }
    context.drawImage(joined, 0, 0, width, height, offsetX + columns.start * scale, offsetY + rows.start * scale, width * scale, height * scale);
  }

  private drawLevel(context: CanvasRenderingContext2D, level: Level, transform: MapViewTransform): void {
    // Level pixel I covers image pixels [f·I, f·I + f): the last one may reach past the map's
    // edge by less than a device pixel at this scale.
    const { width, height } = level.canvas;
    const { scale, offsetX, offsetY } = transform;
    context.drawImage(level.canvas, offsetX, offsetY, width * level.factor * scale, height * level.factor * scale);
  }

  /** The canvas of a tile drawn at full resolution in this frame, created now if the frame's budget allows, else null. */
  private tileCanvas(index: number, startedAt: number): HTMLCanvasElement | null {
    const existing = this.canvases[index];
    if (existing) {
      this.residency?.drawn(index);
      return existing;
    }
    const field = this.field;
    if (!this.residency || !field || this.createdThisFrame >= CANVASES_PER_FRAME || performance.now() - startedAt > CANVAS_BUDGET_MS) {
      this.pendingCanvases++;
      return null;
    }
    this.createdThisFrame++;
    const tile = this.tiles[index];
    const canvas = createCanvas(tile.i1 - tile.i0, tile.j1 - tile.j0);
    this.canvases[index] = canvas;
    this.residency.admit(index);
    this.put([this.pixels.wholeTile(field, index)]);
    return canvas;
  }

  private freeEvicted(): void {
    for (const index of this.residency?.endFrame() ?? []) {
      const canvas = this.canvases[index];
      if (canvas) freeCanvas(canvas);
      this.canvases[index] = null;
    }
  }

  private inView(tile: MapTile): boolean {
    if (!this.view) return true;
    const { transform, width, height } = this.view;
    const { scale, offsetX, offsetY } = transform;
    return offsetX + tile.i0 * scale <= width && offsetY + tile.j0 * scale <= height && offsetX + tile.i1 * scale >= 0 && offsetY + tile.j1 * scale >= 0;
  }

  private put(rects: readonly MapTileRect[]): void {
    for (const r of rects) {
      this.canvases[r.tile]?.getContext('2d')?.putImageData(new ImageData(r.pixels, r.width, r.height), r.x, r.y);
      for (const part of r.levels) {
        const level = this.levels.find((l) => l.factor === part.factor);
        level?.canvas.getContext('2d')?.putImageData(new ImageData(part.pixels, part.width, part.height), part.i0, part.j0);
      }
    }
  }
}

/** Releases a canvas's pixels at once rather than when it is garbage collected. */
function freeCanvas(canvas: HTMLCanvasElement | null): void {
  if (!canvas) return;
  canvas.width = 0;
  canvas.height = 0;
}

function createCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}
