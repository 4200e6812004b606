import { centredMapView, fitMapView, frameMapView, panMapView, resizedMapView, zoomMapView, type MapViewTransform } from '../../app/map2d/mapTransform';

interface FieldSize {
  width: number;
  depth: number;
  cellSize: number;
}

/** Wheel notches to zoom factor: one 100-unit notch zooms by about 14 %. */
const WHEEL_ZOOM_RATE = 0.0015;
/** The least panel side, CSS px, that a view is carried to or from on a resize (a collapsed panel is smaller). */
const MIN_PANEL_PX = 16;

interface PanelSize {
  width: number;
  height: number;
}

const usable = (size: PanelSize) => Math.min(size.width, size.height) >= MIN_PANEL_PX;

/**
 * Where the 2D panel shows the map: the canvas-to-image transform and the panel size. Until the
 * user zooms or pans, the map is fitted to the panel at every size (and again when the document's
 * size or cell size changes, or on Reset Camera). Once zoomed, panned, framed or centred on a report
 * row, a resize keeps the ground at the panel's centre and the zoom against the fitted map
 * (resizedMapView): a view made in a small window is not left in a corner of a larger one.
 */
export class Map2DView {
  transform: MapViewTransform = { scale: 1, offsetX: 0, offsetY: 0 };
  autoFit = true;
  /** Panel size in CSS pixels. */
  width = 0;
  height = 0;
  private dims = '';
  /** The panel size the transform was made for. */
  private madeFor: PanelSize = { width: 0, height: 0 };

  resize(width: number, height: number, field: FieldSize): void {
    this.width = Math.max(1, Math.floor(width));
    this.height = Math.max(1, Math.floor(height));
    if (this.autoFit) {
      this.refit(field);
      return;
    }
    const to = { width: this.width, height: this.height };
    // Collapsed: the view waits for the panel to open again.
    if (!usable(to)) return;
    if (!usable(this.madeFor)) {
      this.refit(field);
      return;
    }
    this.setView(resizedMapView(this.transform, field, this.madeFor, to), false);
  }

  refit(field: FieldSize): void {
    this.setView(fitMapView(field, this.width, this.height), true);
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
    this.setView(frameMapView(field, this.width, this.height, x, z, radius), false);
  }

  /**
   * Pans canvas point (px, py) to the panel's centre, as far as the map's edges allow (a report row). A
   * fitted map that cannot move (the whole map in view) stays fitted, following the panel's size.
   */
  centreOn(field: FieldSize, px: number, py: number): void {
    const next = centredMapView(this.transform, field, this.width, this.height, px, py);
    const moved = next.offsetX !== this.transform.offsetX || next.offsetY !== this.transform.offsetY;
    this.setView(next, this.autoFit && !moved);
  }

  pan(dx: number, dy: number): void {
    this.setView(panMapView(this.transform, dx, dy), false);
  }

  /** Zooms around canvas point (px, py) by a wheel's deltaY. */
  wheelZoom(px: number, py: number, deltaY: number): void {
    this.setView(zoomMapView(this.transform, px, py, Math.exp(-deltaY * WHEEL_ZOOM_RATE)), false);
  }

  private setView(transform: MapViewTransform, autoFit: boolean): void {
    this.transform = transform;
    this.autoFit = autoFit;
    this.madeFor = { width: this.width, height: this.height };
  }
}
