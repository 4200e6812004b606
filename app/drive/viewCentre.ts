import { terrainExtent, heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import type { Vec3 } from '../../shared/terrain/surface';
import { drivableBounds } from '../../shared/vehicle/drive';
import { firstTerrainHit } from '../../shared/vehicle/camera';

/**
 * Where a car of this footprint should appear for a camera at `eye` looking along `direction`: the
 * first point where the view ray meets the exact surface, or — looking past the terrain — the point
 * of the ray nearest the map centre's vertical; then moved into the drivable area. Heading faces along
 * the view direction.
 */
export function carStartFromView(
  field: Heightfield,
  eye: Vec3,
  direction: Vec3,
  car: { length: number; width: number },
): { x: number; z: number; heading: number } {
  const { sizeX, sizeZ } = terrainExtent(field);
  const { min, max } = heightRange(field.heights);
  // Long enough to cross the whole terrain from wherever the camera is.
  const reach = Math.hypot(eye.x, eye.z) + Math.hypot(sizeX, sizeZ) + Math.abs(eye.y - min) + (max - min);
  const len = Math.hypot(direction.x, direction.y, direction.z) || 1;
  const end = { x: eye.x + (direction.x / len) * reach, y: eye.y + (direction.y / len) * reach, z: eye.z + (direction.z / len) * reach };
  const hit = firstTerrainHit(field, eye, end);
  let x: number;
  let z: number;
  if (hit !== undefined) {
    x = eye.x + (end.x - eye.x) * hit;
    z = eye.z + (end.z - eye.z) * hit;
  } else {
    const dx = end.x - eye.x;
    const dz = end.z - eye.z;
    const along = dx * dx + dz * dz > 0 ? Math.max(0, Math.min(1, -(eye.x * dx + eye.z * dz) / (dx * dx + dz * dz))) : 0;
    x = eye.x + dx * along;
    z = eye.z + dz * along;
  }
  const b = drivableBounds(field, car);
  const horizontal = Math.hypot(direction.x, direction.z);
  return {
    x: Math.min(b.maxX, Math.max(b.minX, x)),
    z: Math.min(b.maxZ, Math.max(b.minZ, z)),
    heading: horizontal > 1e-9 ? Math.atan2(direction.x, direction.z) : 0,
  };
}
