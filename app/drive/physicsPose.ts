import type { Vec3 } from '../../shared/terrain/surface';
import type { CarPose } from '../../shared/vehicle/pose';
import type { WheelContact, WheelLayout } from '../../shared/vehicle/wheels';
import type { PhysicsCarSpec } from '../../shared/vehicle/physics/cars';
import type { PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import { cross, normalize, scale, sub, vec3 } from '../../shared/vehicle/vec';

/** Physics: how far the body's underside may dip under the surface before it counts as clipping, metres. */
export const SCRAPE_TOLERANCE = 0.02;
/** Height of the drawn body's underside above the model's origin (CarMesh's sill). */
const DRAWN_SILL = 0.3;

/** Wheel positions and sizes of a physics car, in the drawn model's terms (wheels.ts). */
export function physicsWheelLayout(spec: PhysicsCarSpec): WheelLayout {
  const u = spec.wheelbase / 2;
  const v = spec.track / 2;
  return {
    radius: spec.wheelRadius,
    tyreWidth: Math.min(0.45, 0.7 * spec.wheelRadius),
    travel: spec.suspensionTravel / 2,
    mounts: [
      { u, v, front: true },
      { u, v: -v, front: true },
      { u: -u, v, front: false },
      { u: -u, v: -v, front: false },
    ],
  };
}

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/**
 * The pose to draw between two physics states: positions interpolated, axes interpolated and
 * re-orthonormalised. The drawn model's origin sits DRAWN_SILL below the body's underside (CarMesh's
 * sill), and each wheel's offset puts its hub where the physics put it.
 */
export function drawnPhysicsPose(a: PhysicsState, b: PhysicsState, t: number, spec: PhysicsCarSpec): { pose: CarPose; wheels: WheelContact[] } {
  const mix = (p: Vec3, q: Vec3): Vec3 => vec3(lerp(p.x, q.x, t), lerp(p.y, q.y, t), lerp(p.z, q.z, t));
  const forward = normalize(mix(a.forward, b.forward));
  const upGuess = mix(a.up, b.up);
  const right = normalize(cross(forward, upGuess));
  const up = cross(right, forward);
  const underside = mix(a.position, b.position);
  const position = sub(underside, scale(up, DRAWN_SILL));
  const heading = Math.atan2(forward.x, forward.z);
  const pitch = Math.asin(Math.max(-1, Math.min(1, forward.y)));
  const roll = lerp(a.roll, b.roll, t);
  // The body is a collider: a scrape within the engine's contact tolerance is touching, not clipping.
  const penetration = lerp(a.penetration, b.penetration, t);
  const pose: CarPose = { position, forward, up, right, heading, pitch, roll, clipDepth: penetration > SCRAPE_TOLERANCE ? penetration : 0 };
  const wheels = b.wheels.map((wb, n): WheelContact => {
    const wa = a.wheels[n];
    const hub = mix(wa.hub, wb.hub);
    // Hub height above the drawn origin along up, less the radius: the model's wheel offset.
    const rel = sub(hub, position);
    const along = rel.x * up.x + rel.y * up.y + rel.z * up.z;
    const offset = along - spec.wheelRadius;
    return { offset, grounded: wb.contact, contact: mix(wa.contactPoint, wb.contactPoint), hub };
  });
  return { pose, wheels };
}
