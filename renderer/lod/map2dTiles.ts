import type { Heightfield } from '../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../app/region';
import type { MapMode } from '../../app/mapImage';
import type { MapViewTransform } from '../../app/mapView';
import { MapTilePixels, type MapTileRect } from '../../app/lod/mapTilePixels';
import type { MapTile } from '../../app/lod/mapTiles';

/** Pixel work per animation frame while recolouring after a height-range or mode change. */
const RECOLOUR_BUDGET_MS = 8;

/**
 * The 2D heightmap as canvases of up to 512² pixels (one canvas for maps up to 1025²). What to put
 * where comes from MapTilePixels (app/): an edit puts only its changed rectangle; a change of the
 * map's height range or of the mode is recoloured in slices once changes pause. No whole-map pixel
 * buffer is kept.
 */
export class TiledHeightmapImage {
  private readonly pixels = new MapTilePixels();
  private canvases: HTMLCanvasElement[] = [];
  private tiles: readonly MapTile[] = [];
  private view: { transform: MapViewTransform; width: number; height: number } | null = null;

  /** True when every pixel shows the current heights in the current range and mode. */
  get upToDate(): boolean {
    return this.pixels.upToDate;
  }

  update(field: Heightfield, region: DirtyRegion, mode: MapMode): void {
    const rects = this.pixels.update(field, region, mode);
    if (this.pixels.tiles !== this.tiles) {
      this.tiles = this.pixels.tiles;
      this.canvases = this.tiles.map((tile) => {
        const canvas = document.createElement('canvas');
        canvas.width = tile.i1 - tile.i0;
        canvas.height = tile.j1 - tile.j0;
        return canvas;
      });
    }
    this.put(rects);
  }

  setMode(mode: MapMode): void {
    this.pixels.setMode(mode);
  }

  /** Milliseconds until `recolourSlice` has work: 0 now, null when up to date. */
  recolourDelay(): number | null {
    return this.pixels.recolourDelay();
  }

  /** One frame's share of the recolour, tiles in the last drawn view first. */
  recolourSlice(field: Heightfield): void {
    this.put(this.pixels.recolourSlice(field, RECOLOUR_BUDGET_MS, (tile) => this.inView(tile)));
  }

  /** Draws the tiles that fall inside the canvas, placed as one image of one pixel per vertex. */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform, viewWidth: number, viewHeight: number): void {
    this.view = { transform, width: viewWidth, height: viewHeight };
    const { scale, offsetX, offsetY } = transform;
    // Tile edges on whole device pixels: edges at fractions would be blended with the background
    // and show the tile grid as faint lines. Adjacent tiles share the rounded edge exactly.
    const dpr = context.getTransform().a || 1;
    // A single tile (maps up to 1025²) is drawn exactly where the whole image always was.
    const snap = this.tiles.length > 1 ? (v: number) => Math.round(v * dpr) / dpr : (v: number) => v;
    this.tiles.forEach((tile, index) => {
      const x0 = snap(offsetX + tile.i0 * scale);
      const y0 = snap(offsetY + tile.j0 * scale);
      const x1 = snap(offsetX + tile.i1 * scale);
      const y1 = snap(offsetY + tile.j1 * scale);
      if (x0 > viewWidth || y0 > viewHeight || x1 < 0 || y1 < 0) return;
      context.drawImage(this.canvases[index], x0, y0, x1 - x0, y1 - y0);
    });
  }

  private inView(tile: MapTile): boolean {
    if (!this.view) return true;
    const { transform, width, height } = this.view;
    const { scale, offsetX, offsetY } = transform;
    return offsetX + tile.i0 * scale <= width && offsetY + tile.j0 * scale <= height && offsetX + tile.i1 * scale >= 0 && offsetY + tile.j1 * scale >= 0;
  }

  private put(rects: readonly MapTileRect[]): void {
    for (const r of rects) {
      const context = this.canvases[r.tile]?.getContext('2d');
      context?.putImageData(new ImageData(r.pixels, r.width, r.height), r.x, r.y);
    }
  }
}
