import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../app/region';
import type { MapMode } from '../../app/mapImage';
import type { MapViewTransform } from '../../app/mapView';
import { planMapTiles, tileHeightRange, tilePixels, tileRowsToRedraw, type MapTile } from '../../app/lod/mapTiles';

interface TileCanvas {
  tile: MapTile;
  canvas: HTMLCanvasElement;
  range: HeightRange;
}

/**
 * The 2D heightmap as canvases of up to 512² pixels (one canvas for maps up to 1025²). An edit
 * redraws only the rows it changes in the tiles it touches; the map's height range comes from
 * per-tile ranges, so an edit never rescans the whole map. No whole-map pixel buffer is kept.
 */
export class TiledHeightmapImage {
  private tiles: TileCanvas[] = [];
  private dims = '';
  private range: HeightRange = { min: 0, max: 0 };
  private mode: MapMode = 'hypsometric';

  update(field: Heightfield, region: DirtyRegion, mode: MapMode): void {
    const dims = `${field.width}x${field.depth}`;
    let change = region;
    if (dims !== this.dims) {
      this.dims = dims;
      this.tiles = planMapTiles(field.width, field.depth).map((tile) => {
        const canvas = document.createElement('canvas');
        canvas.width = tile.i1 - tile.i0;
        canvas.height = tile.j1 - tile.j0;
        return { tile, canvas, range: { min: 0, max: 0 } };
      });
      change = { kind: 'all' };
    }
    const touched = this.tiles.filter((t) => tileRowsToRedraw(t.tile, change) !== null);
    for (const t of touched) t.range = tileHeightRange(field, t.tile);
    const range = this.combinedRange();
    // Colours follow the map's range and the mode: if either changed, every pixel does.
    if (range.min !== this.range.min || range.max !== this.range.max || mode !== this.mode) change = { kind: 'all' };
    this.range = range;
    this.mode = mode;
    for (const t of this.tiles) {
      const rows = tileRowsToRedraw(t.tile, change);
      if (!rows) continue;
      const context = t.canvas.getContext('2d');
      if (!context) continue;
      const width = t.tile.i1 - t.tile.i0;
      const pixels = tilePixels(field, t.tile, rows.rowStart, rows.rowEnd, mode, range);
      context.putImageData(new ImageData(pixels, width, rows.rowEnd - rows.rowStart), 0, rows.rowStart - t.tile.j0);
    }
  }

  /** Draws the tiles that fall inside the canvas, placed as one image of one pixel per vertex. */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform, viewWidth: number, viewHeight: number): void {
    const { scale, offsetX, offsetY } = transform;
    // Tile edges on whole device pixels: edges at fractions would be blended with the background
    // and show the tile grid as faint lines. Adjacent tiles share the rounded edge exactly.
    const dpr = context.getTransform().a || 1;
    // A single tile (maps up to 1025²) is drawn exactly where the whole image always was.
    const snap = this.tiles.length > 1 ? (v: number) => Math.round(v * dpr) / dpr : (v: number) => v;
    for (const { tile, canvas } of this.tiles) {
      const x0 = snap(offsetX + tile.i0 * scale);
      const y0 = snap(offsetY + tile.j0 * scale);
      const x1 = snap(offsetX + tile.i1 * scale);
      const y1 = snap(offsetY + tile.j1 * scale);
      if (x0 > viewWidth || y0 > viewHeight || x1 < 0 || y1 < 0) continue;
      context.drawImage(canvas, x0, y0, x1 - x0, y1 - y0);
    }
  }

  private combinedRange(): HeightRange {
    let min = Infinity;
    let max = -Infinity;
    for (const t of this.tiles) {
      if (t.range.min < min) min = t.range.min;
      if (t.range.max > max) max = t.range.max;
    }
    return { min, max };
  }
}
