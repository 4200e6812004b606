import type { Heightfield } from '../shared/terrain/heightfield';
import { heightRange, terrainExtent } from '../shared/terrain/heightfield';
import { heightAt } from '../shared/terrain/surface';

export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

export interface CameraPose {
  position: Vec3Like;
  target: Vec3Like;
}

/**
 * The default view: from the +z side, above the terrain, looking toward −z. Seen this way +x is to
 * the right and the far edge is the smallest z, which matches the 2D panel (row 0 = smallest z at
 * the top), so the two views read the same way.
 */
export function defaultCameraPose(field: Heightfield, fovYDegrees = 50, aspect = 1): CameraPose {
  const { sizeX, sizeZ } = terrainExtent(field);
  const { min, max } = heightRange(field.heights);
  const mid = (min + max) / 2;
  // Fit the terrain's bounding sphere in the narrower of the two fields of view.
  const radius = 0.5 * Math.hypot(sizeX, sizeZ, max - min);
  const halfY = (fovYDegrees * Math.PI) / 360;
  const halfX = Math.atan(Math.tan(halfY) * aspect);
  const distance = (radius / Math.sin(Math.min(halfX, halfY))) * 0.82;
  // Elevation about 35° above the horizon, looking toward −z.
  const elevation = (35 * Math.PI) / 180;
  return {
    target: { x: 0, y: mid, z: 0 },
    position: { x: 0, y: mid + distance * Math.sin(elevation), z: distance * Math.cos(elevation) },
  };
}

/** Smallest distance kept between the camera and the ground below it, metres. */
export function groundClearance(field: Pick<Heightfield, 'cellSize'>): number {
  return Math.max(0.5, field.cellSize);
}

/**
 * Lifts `position` so that it is at least `margin` above the exact surface when it is over the
 * terrain; returns whether it moved. Off the map there is no ground to hit.
 */
export function clampAboveSurface(field: Heightfield, position: Vec3Like, margin: number): boolean {
  const ground = heightAt(field, position.x, position.z);
  if (Number.isNaN(ground)) return false;
  const floor = ground + margin;
  if (position.y >= floor) return false;
  position.y = floor;
  return true;
}
