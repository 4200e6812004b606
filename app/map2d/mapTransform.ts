import type { Heightfield } from '../../shared/terrain/heightfield';

/**
 * Zoom and pan of the 2D heightmap panel. The image has one pixel per vertex; image pixel (i, j)
 * covers [i, i + 1) × [j, j + 1) in image units and its centre is vertex (i, j). On the canvas, image
 * point (u, v) is drawn at (offsetX + u·scale, offsetY + v·scale) CSS pixels, so +x points right and
 * +z points down (row 0, the smallest z, at the top).
 */
export interface MapViewTransform {
  /** CSS pixels per image pixel. */
  scale: number;
  offsetX: number;
  offsetY: number;
}

export const MIN_MAP_SCALE = 1 / 64;
export const MAX_MAP_SCALE = 64;

type Dimensions = Pick<Heightfield, 'width' | 'depth' | 'cellSize'>;

/**
 * Fits the whole map centred in a canvas of the given CSS size, leaving `margin` pixels around it: a
 * designer sees all of it on open (renderer/viewsLayout.ts gives the map a pane of about its shape).
 */
export function fitMapView(field: Dimensions, canvasWidth: number, canvasHeight: number, margin = 4): MapViewTransform {
  const byHeight = (canvasHeight - 2 * margin) / field.depth;
  const byWidth = (canvasWidth - 2 * margin) / field.width;
  const scale = Math.max(MIN_MAP_SCALE, Math.min(byHeight, byWidth, MAX_MAP_SCALE));
  return {
    scale,
    offsetX: (canvasWidth - field.width * scale) / 2,
    offsetY: (canvasHeight - field.depth * scale) / 2,
  };
}

/** World (x, z) in metres under a canvas point (continuous, not snapped to vertices). */
export function canvasToWorld(view: MapViewTransform, field: Dimensions, px: number, py: number): { x: number; z: number } {
  const u = (px - view.offsetX) / view.scale - 0.5;
  const v = (py - view.offsetY) / view.scale - 0.5;
  return { x: (u - (field.width - 1) / 2) * field.cellSize, z: (v - (field.depth - 1) / 2) * field.cellSize };
}

/** Canvas point (CSS pixels) of world (x, z). */
export function worldToCanvas(view: MapViewTransform, field: Dimensions, x: number, z: number): { px: number; py: number } {
  const u = x / field.cellSize + (field.width - 1) / 2 + 0.5;
  const v = z / field.cellSize + (field.depth - 1) / 2 + 0.5;
  return { px: view.offsetX + u * view.scale, py: view.offsetY + v * view.scale };
}

/** Zooms by `factor` keeping the image point under canvas point (px, py) fixed. */
export function zoomMapView(view: MapViewTransform, px: number, py: number, factor: number): MapViewTransform {
  const scale = Math.min(MAX_MAP_SCALE, Math.max(MIN_MAP_SCALE, view.scale * factor));
  const u = (px - view.offsetX) / view.scale;
  const v = (py - view.offsetY) / view.scale;
  return { scale, offsetX: px - u * scale, offsetY: py - v * scale };
}

export function panMapView(view: MapViewTransform, dx: number, dy: number): MapViewTransform {
  return { scale: view.scale, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/**
 * The offset on one axis that puts `target` (an offset) as near as the map's edges allow: a map larger
 * than the pane covers it (no blank beyond its edge shows), a smaller one stays wholly inside it.
 */
function clampedOffset(target: number, pane: number, mapSize: number): number {
  const a = pane - mapSize;
  return Math.min(Math.max(target, Math.min(0, a)), Math.max(0, a));
}

/**
 * Pans `view` so canvas point (px, py) comes to the centre of a pane of the given CSS size, as far as
 * the map's edges allow (a report row near the map's edge: the map stays in the pane, as a map viewer
 * keeps it, rather than blank space beyond its edge coming in). On an axis where the whole map is in the
 * pane (a fitted map) every point is in view already: the map stays where it is there, only brought wholly
 * inside (a centred, fitted map is not nudged by the few pixels its margin allows). The scale is kept.
 */
export function centredMapView(
  view: MapViewTransform,
  field: Pick<Heightfield, 'width' | 'depth'>,
  canvasWidth: number,
  canvasHeight: number,
  px: number,
  py: number,
): MapViewTransform {
  const axis = (offset: number, pane: number, mapSize: number, at: number) => clampedOffset(mapSize <= pane ? offset : offset + pane / 2 - at, pane, mapSize);
  return {
    scale: view.scale,
    offsetX: axis(view.offsetX, canvasWidth, field.width * view.scale, px),
    offsetY: axis(view.offsetY, canvasHeight, field.depth * view.scale, py),
  };
}

/**
 * The view a pane keeps when it is resized from `from` to `to` (CSS sizes): the map point at the pane's
 * centre stays at its centre and the zoom relative to the whole map fitted stays (a map fitted, panned to a
 * report row or framed round a lake shows the same ground, as large against the pane), panned back as far as
 * the map's edges ask (as centredMapView). Both panes wider and taller than the fit's margins.
 */
export function resizedMapView(
  view: MapViewTransform,
  field: Dimensions,
  from: { width: number; height: number },
  to: { width: number; height: number },
): MapViewTransform {
  const relative = view.scale / fitMapView(field, from.width, from.height).scale;
  const scale = Math.max(MIN_MAP_SCALE, Math.min(relative * fitMapView(field, to.width, to.height).scale, MAX_MAP_SCALE));
  const u = (from.width / 2 - view.offsetX) / view.scale;
  const v = (from.height / 2 - view.offsetY) / view.scale;
  return {
    scale,
    offsetX: clampedOffset(to.width / 2 - u * scale, to.width, field.width * scale),
    offsetY: clampedOffset(to.height / 2 - v * scale, to.height, field.depth * scale),
  };
}

/** The least a framed view shows across, vertices: a small lake is framed with the ground round it. */
export const MIN_FRAMED_VERTICES = 64;

/**
 * Frames a circle of `radius` metres round world (x, z) in a canvas of the given CSS size: its
 * centre at the canvas centre, the whole circle inside `margin` pixels (at least MIN_FRAMED_VERTICES
 * across, within the zoom limits), panned back as far as the map's edges ask (as centredMapView: a map
 * larger than the pane covers it, a smaller one stays wholly inside it), so a lake at the map's edge
 * does not bring blank space in. For a river or lake selected in a list, as the 3D camera frames it.
 */
export function frameMapView(
  field: Dimensions,
  canvasWidth: number,
  canvasHeight: number,
  x: number,
  z: number,
  radius: number,
  margin = 16,
): MapViewTransform {
  const across = Math.max(MIN_FRAMED_VERTICES, (2 * radius) / field.cellSize);
  const room = Math.max(1, Math.min(canvasWidth, canvasHeight) - 2 * margin);
  const scale = Math.max(MIN_MAP_SCALE, Math.min(room / across, MAX_MAP_SCALE));
  const u = x / field.cellSize + (field.width - 1) / 2 + 0.5;
  const v = z / field.cellSize + (field.depth - 1) / 2 + 0.5;
  return {
    scale,
    offsetX: clampedOffset(canvasWidth / 2 - u * scale, canvasWidth, field.width * scale),
    offsetY: clampedOffset(canvasHeight / 2 - v * scale, canvasHeight, field.depth * scale),
  };
}
