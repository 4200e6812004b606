import { centredMapView, fitMapView, frameMapView, panMapView, zoomMapView, type MapViewTransform } from '../../app/map2d/mapTransform';

interface FieldSize {
  width: number;
  depth: number;
  cellSize: number;
}

/** Wheel notches to zoom factor: one 100-unit notch zooms by about 14 %. */
const WHEEL_ZOOM_RATE = 0.0015;

/**
 * Where the 2D panel shows the map: the canvas-to-image transform and the panel size. Until the
 * user zooms or pans, the map follows the panel size (and is fitted again when the document's
 * size or cell size changes, or on Reset Camera).
 */
export class Map2DView {
  transform: MapViewTransform = { scale: 1, offsetX: 0, offsetY: 0 };
  autoFit = true;
  /** Panel size in CSS pixels. */
  width = 0;
  height = 0;
  private dims = '';

  resize(width: number, height: number, field: FieldSize): void {
    this.width = Math.max(1, Math.floor(width));
    this.height = Math.max(1, Math.floor(height));
    if (this.autoFit) this.refit(field);
  }

  refit(field: FieldSize): void {
    this.transform = fitMapView(field, this.width, this.height);
    this.autoFit = true;
  }

  /** After a document change: fits the map again when its dimensions or cell size changed. */
  documentChanged(field: FieldSize): void {
    const dims = `${field.width}x${field.depth}@${field.cellSize}`;
    if (dims === this.dims) return;
    this.dims = dims;
    this.refit(field);
  }

  /** Frames a circle of `radius` metres round world (x, z) (a river or lake selected in a list). */
  frame(field: FieldSize, x: number, z: number, radius: number): void {
    this.transform = frameMapView(field, this.width, this.height, x, z, radius);
    this.autoFit = false;
  }

  /** Pans canvas point (px, py) to the panel's centre, as far as the map's edges allow (a road report row). */
  centreOn(field: FieldSize, px: number, py: number): void {
    this.transform = centredMapView(this.transform, field, this.width, this.height, px, py);
    this.autoFit = false;
  }

  pan(dx: number, dy: number): void {
    this.transform = panMapView(this.transform, dx, dy);
    this.autoFit = false;
  }

  /** Zooms around canvas point (px, py) by a wheel's deltaY. */
  wheelZoom(px: number, py: number, deltaY: number): void {
    this.transform = zoomMapView(this.transform, px, py, Math.exp(-deltaY * WHEEL_ZOOM_RATE));
    this.autoFit = false;
  }
}
