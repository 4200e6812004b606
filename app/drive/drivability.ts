import type { Heightfield } from '../../shared/terrain/heightfield';
import { carSlopeLimits } from '../../shared/vehicle/physics/drivability';
import type { DriveSettings } from './settings';

/**
 * The slope the drivability overlay tints above: the physics car's own limit (the lowest of its climb,
 * tip and slide angles, shared/vehicle/physics/drivability.ts) or the kinematic car's max climb.
 */
export function overlaySlopeDeg(settings: Pick<DriveSettings, 'model' | 'carSpec' | 'maxClimbSlopeDeg'>): number {
  return settings.model === 'physics' ? carSlopeLimits(settings.carSpec).limitDeg : settings.maxClimbSlopeDeg;
}

/** Whether a settings change changes what the overlay tints. */
export const overlaySlopeChanged = (a: DriveSettings, b: DriveSettings): boolean =>
  a.drivabilityOverlay !== b.drivabilityOverlay || overlaySlopeDeg(a) !== overlaySlopeDeg(b);

/**
 * Marks every vertex that touches a triangle steeper than `maxSlopeDeg` (out[j·width + i] = 1, else 0).
 * Triangles are exactly the rendered ones (see shared/terrain/mesh.ts), so the tint never hides a
 * steep face and never marks a vertex whose faces are all drivable.
 */
export function steepVertexMask(field: Heightfield, maxSlopeDeg: number, out: Uint8Array = new Uint8Array(field.width * field.depth)): Uint8Array {
  const { width, depth, cellSize, heights } = field;
  out.fill(0);
  if (maxSlopeDeg >= 90) return out;
  const limit = Math.tan((Math.max(0, maxSlopeDeg) * Math.PI) / 180) * cellSize;
  const limitSquared = limit * limit;
  // Compare rises over one cell against tan(limit)·cellSize, squared: no sqrt or atan per triangle.
  const steep = (dx: number, dz: number): boolean => dx * dx + dz * dz > limitSquared;
  for (let j = 0; j < depth - 1; j++) {
    for (let i = 0; i < width - 1; i++) {
      const k00 = j * width + i;
      const k10 = k00 + 1;
      const k01 = k00 + width;
      const k11 = k01 + 1;
      const h00 = heights[k00];
      const h10 = heights[k10];
      const h01 = heights[k01];
      const h11 = heights[k11];
      if (steep(h10 - h00, h01 - h00)) out[k00] = out[k10] = out[k01] = 1;
      if (steep(h11 - h01, h11 - h10)) out[k10] = out[k01] = out[k11] = 1;
    }
  }
  return out;
}
