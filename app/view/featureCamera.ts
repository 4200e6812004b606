import type { Heightfield } from '../../shared/terrain/heightfield';
import { heightRange } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import { clampAboveSurface, groundClearance, viewBasis, type CameraPose, type Vec3Like } from './cameraPose';

/**
 * A camera that sees a river or lake selected in the Water list (issue 31: from a low camera the list's
 * framing could leave a river behind a ridge). From the camera's own bearing it raises the elevation, a
 * step at a time, until the straight line from the camera to every sample of the feature (points on its
 * water) stays above the exact surface (heightAt, the drawn triangles); if no elevation on that bearing
 * sees them all, the other bearings are tried the same way, and failing that the camera that sees the most.
 */

/** The least elevation a framed feature is seen from, degrees (a lower view reads the water edge-on). */
export const FEATURE_MIN_ELEVATION = 25;
/** The highest, degrees: nearly straight down sees any water that is not under an overhang. */
export const FEATURE_MAX_ELEVATION = 80;
/** Elevation step, degrees. */
export const FEATURE_ELEVATION_STEP = 5;
/** Bearings tried after the camera's own, in turn (degrees from it). */
const BEARING_OFFSETS = [0, 45, -45, 90, -90, 135, -135, 180];
/** Samples at most a feature gives (the selection picks them evenly along its vertices). */
export const FEATURE_SAMPLES = 24;

export interface FeatureView {
  /** Compass bearing of the camera from the target (clockwise from north, −z) and its elevation, degrees. */
  bearingDeg: number;
  elevationDeg: number;
}

/** The bearing and elevation of a camera at `position` looking at `target` (viewBasis's angles). */
export function viewOf(position: Vec3Like, target: Vec3Like): FeatureView {
  const dx = position.x - target.x;
  const dy = position.y - target.y;
  const dz = position.z - target.z;
  const flat = Math.hypot(dx, dz);
  return { bearingDeg: (Math.atan2(dx, -dz) * 180) / Math.PI, elevationDeg: (Math.atan2(dy, flat) * 180) / Math.PI };
}

/**
 * Whether the straight line from `eye` to `point` stays above the surface (heightAt) until `near`
 * metres (across the ground) from `point`: the last stretch is the water's own bank. Sampled every
 * quarter cell across the ground; only where the line is lower than `top` (the highest ground), and
 * over the map (off it nothing hides).
 */
export function sightClear(field: Heightfield, eye: Vec3Like, point: Vec3Like, near: number, top: number): boolean {
  const dx = point.x - eye.x;
  const dy = point.y - eye.y;
  const dz = point.z - eye.z;
  const flat = Math.hypot(dx, dz);
  if (flat <= near) return true;
  // From where the line comes down to the highest ground (a rising line is above it at once: eye below top).
  let from = 0;
  if (eye.y > top) {
    if (point.y >= top) return true;
    from = (eye.y - top) / (eye.y - point.y);
  }
  const to = 1 - near / flat;
  const step = field.cellSize / 4 / flat;
  for (let t = from; t <= to; t += step) {
    const ground = heightAt(field, eye.x + dx * t, eye.z + dz * t);
    if (ground > eye.y + dy * t) return false;
  }
  return true;
}

/** How many of `samples` a camera at `eye` sees (sightClear from each). */
export function samplesSeen(field: Heightfield, eye: Vec3Like, samples: readonly Vec3Like[], top: number): number {
  const near = field.cellSize;
  let seen = 0;
  for (const p of samples) if (sightClear(field, eye, p, near, top)) seen++;
  return seen;
}

/**
 * The camera `distance` from `target` that sees `samples`: from `from`'s bearing, its elevation
 * (at least FEATURE_MIN_ELEVATION) raised by FEATURE_ELEVATION_STEP up to FEATURE_MAX_ELEVATION until
 * every sample is seen; then the other bearings; else the first camera that sees the most. The camera
 * is kept above the surface as the orbit keeps it (clampAboveSurface).
 */
export function featureCameraPose(
  field: Heightfield,
  target: Vec3Like,
  samples: readonly Vec3Like[],
  from: FeatureView,
  distance: number,
): CameraPose & { seen: number } {
  const top = heightRange(field.heights).max;
  const clearance = groundClearance(field);
  const start = Math.min(FEATURE_MAX_ELEVATION, Math.max(FEATURE_MIN_ELEVATION, from.elevationDeg));
  let best: (CameraPose & { seen: number }) | null = null;
  for (const offset of BEARING_OFFSETS) {
    for (let elevation = start; elevation <= FEATURE_MAX_ELEVATION + 1e-9; elevation += FEATURE_ELEVATION_STEP) {
      const { forward } = viewBasis(from.bearingDeg + offset, elevation);
      const position = { x: target.x - forward.x * distance, y: target.y - forward.y * distance, z: target.z - forward.z * distance };
      clampAboveSurface(field, position, clearance);
      const seen = samplesSeen(field, position, samples, top);
      const pose = { target: { ...target }, position, seen };
      if (seen === samples.length) return pose;
      if (!best || seen > best.seen) best = pose;
    }
  }
  return best!;
}
