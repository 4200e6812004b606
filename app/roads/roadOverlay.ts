/**
 * The road tool's overlay: every road's centreline (sampled from the shared centreline, at most
 * MAX_OVERLAY_SAMPLES a road so a long road costs the views little) and control points; the views
 * put the samples on the surface (3D) or the map (2D).
 */
import type { LayerStack, RoadLayer } from '../../shared/layers/types';
import type { Centreline } from '../../shared/roads/centreline';
import { centrelineOf } from '../../shared/roads/fittedRoad';
import type { RoadOverlayLine, RoadToolOverlay } from '../tools/types';
import { roadsOf } from './roadEdits';

export const MAX_OVERLAY_SAMPLES = 1024;

export function overlayLine(road: RoadLayer, cellSize: number, selected: boolean, selectedPoint: number | null): RoadOverlayLine {
  return splineOverlayLine(road, () => centrelineOf(road.params, cellSize), road.params, selected, selectedPoint);
}

/**
 * Any spline's overlay line (a road's, a river's) from its centreline; `params` is what the 3D view
 * lays a road surface from (null: no road surface).
 */
export function splineOverlayLine(
  spline: { id: string; params: { points: readonly { x: number; z: number }[]; width: number } },
  centreline: () => Centreline,
  roadParams: RoadLayer['params'] | null,
  selected: boolean,
  selectedPoint: number | null,
): RoadOverlayLine {
  const road = spline;
  const { points: controls } = road.params;
  const points = new Float64Array(controls.length * 2);
  controls.forEach((p, k) => {
    points[2 * k] = p.x;
    points[2 * k + 1] = p.z;
  });
  let line: Float64Array;
  let widths: Float64Array;
  let params = roadParams;
  try {
    const c = centreline();
    const step = Math.max(1, Math.ceil(c.n / MAX_OVERLAY_SAMPLES));
    const count = Math.ceil((c.n - 1) / step) + 1;
    line = new Float64Array(count * 2);
    widths = new Float64Array(count);
    for (let s = 0; s < count; s++) {
      const k = Math.min(c.n - 1, s * step);
      line[2 * s] = c.x[k];
      line[2 * s + 1] = c.z[k];
      widths[s] = c.width[k];
    }
  } catch {
    // A centreline that cannot be built (a point on another while dragging): straight pieces instead.
    line = points.slice();
    widths = new Float64Array(controls.length).fill(road.params.width);
    params = null;
  }
  return { id: road.id, selected, line, points, selectedPoint: selected ? selectedPoint : null, widths, params };
}

/** The overlay for `stack` with road `selectedId` highlighted; `shown` replaces that road's layer (a drag in progress). */
export function roadOverlay(
  stack: LayerStack,
  cellSize: number,
  selectedId: string | null,
  selectedPoint: number | null,
  draft: { x: number; z: number } | null,
  shown?: RoadLayer,
): RoadToolOverlay {
  const roads = roadsOf(stack)
    .filter((road) => road.enabled || road.id === selectedId)
    .map((road) => {
      const layer = shown && shown.id === road.id ? shown : road;
      return overlayLine(layer, cellSize, road.id === selectedId, selectedPoint);
    });
  return { kind: 'road', roads, draft };
}
