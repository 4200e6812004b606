/**
 * Joining a spline's end to another by a click (the road tool): while drawing an end — the draft's
 * second point, or the selected spline's first or last point selected — a click on another spline's
 * line puts that end on its centreline, where the junction code joins the two (shared/roads/junction.ts).
 */
import type { Centreline } from '../../shared/roads/centreline';
import type { JobResult } from '../jobs/terrainJobs';
import type { SplineKind, SplineLayer, SplineToolModel } from './splineKind';

/** The point of a centreline nearest to (x, z), on its pieces between stations. */
export function nearestOnCentreline(line: Centreline, x: number, z: number): { x: number; z: number } {
  let best = { x: line.x[0], z: line.z[0] };
  let bestD = Infinity;
  for (let k = 0; k + 1 < line.n; k++) {
    const ax = line.x[k];
    const az = line.z[k];
    const dx = line.x[k + 1] - ax;
    const dz = line.z[k + 1] - az;
    const length2 = dx * dx + dz * dz;
    const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (z - az) * dz) / length2)) : 0;
    const px = ax + t * dx;
    const pz = az + t * dz;
    const d = (px - x) ** 2 + (pz - z) ** 2;
    if (d < bestD) {
      bestD = d;
      best = { x: px, z: pz };
    }
  }
  return best;
}

/**
 * Which end a click on another spline joins: the draft's second point ('draft'), the selected
 * spline's last point ('append') or its first ('prepend'), or null (the click selects the other).
 */
export function joiningEnd(drafting: boolean, selectedPoints: number | null, selectedPoint: number | null): 'draft' | 'append' | 'prepend' | null {
  if (drafting) return 'draft';
  if (selectedPoints === null || selectedPoint === null) return null;
  if (selectedPoint === selectedPoints - 1) return 'append';
  if (selectedPoint === 0) return 'prepend';
  return null;
}

/**
 * The join a click at `at` on the line of `other` (null: none) makes, or null when no end is being
 * drawn (the click then selects the other spline).
 */
export function joinByClick<L extends SplineLayer>(
  model: SplineToolModel<L>,
  kind: Pick<SplineKind<L>, 'centreline'>,
  other: L | null,
  drafting: boolean,
  cellSize: number,
  at: { x: number; z: number },
): Promise<JobResult> | null {
  if (!other) return null;
  const line = kind.centreline(other, cellSize);
  const selected = model.selected();
  const end = joiningEnd(drafting, selected ? selected.params.points.length : null, model.selectedPoint());
  if (!end) return null;
  const on = nearestOnCentreline(line, at.x, at.z);
  if (end === 'draft') return model.createFromDraft(on.x, on.z);
  const id = selected?.id ?? '';
  return end === 'append' ? model.appendPoint(id, on.x, on.z) : model.insertPoint(id, 0, on.x, on.z);
}
