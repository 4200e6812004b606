import { terrainExtent, type Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';

/** The nearest point of the terrain's rectangle to (x, z) (the point itself when it is over the terrain). */
export function clampToTerrain(field: Heightfield, x: number, z: number): { x: number; z: number } {
  const { sizeX, sizeZ } = terrainExtent(field);
  return { x: Math.min(sizeX / 2, Math.max(-sizeX / 2, x)), z: Math.min(sizeZ / 2, Math.max(-sizeZ / 2, z)) };
}

/**
 * Exact surface height at (x, z), or at the nearest edge point when (x, z) is off the map — so a car whose
 * corner pokes past the edge sees the edge continued flat instead of NaN.
 */
export function groundHeight(field: Heightfield, x: number, z: number): number {
  const p = clampToTerrain(field, x, z);
  return heightAt(field, p.x, p.z);
}
