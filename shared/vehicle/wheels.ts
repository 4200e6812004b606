import type { Heightfield } from '../terrain/heightfield';
import type { Vec3 } from '../terrain/surface';
import { groundHeight } from './ground';
import type { CarBasis, CarPose } from './pose';
import { add, scale, vec3 } from './vec';

/**
 * Where the four wheels of a test car sit and how far each one's suspension moves so that its
 * bottom touches the exact surface. The body follows the pose (pitch and roll from terrain samples);
 * each wheel slides along the body's up axis from its rest position on the pose's contact plane until
 * its contact point (hub − up · radius) lies on heightAt, limited to ± travel.
 */

export interface WheelMount {
  /** Body-space contact position at rest: u metres along forward, v metres along left. */
  readonly u: number;
  readonly v: number;
  readonly front: boolean;
}

export interface WheelLayout {
  readonly radius: number;
  /** Tyre width, metres. */
  readonly tyreWidth: number;
  /** Suspension travel either side of rest along the body's up axis, metres. */
  readonly travel: number;
  /** Front-left, front-right, rear-left, rear-right. */
  readonly mounts: readonly WheelMount[];
}

export interface WheelContact {
  /**
   * Suspension offset along the body's up axis from rest, clamped to ± travel: positive when the ground
   * pushes the wheel up into the body, negative when the wheel hangs down into a dip.
   */
  readonly offset: number;
  /** Whether the contact point is on the surface (the offset needed was within the travel). */
  readonly grounded: boolean;
  /** The wheel's bottom (world): rest contact + up · offset. */
  readonly contact: Vec3;
  /** The wheel's centre (world): contact + up · radius. */
  readonly hub: Vec3;
}

/** Proportions of the default 4.2 m × 1.8 m car; other footprints scale them. */
const REFERENCE_LENGTH = 4.2;
const REFERENCE_WIDTH = 1.8;
const REFERENCE_RADIUS = 0.34;
const REFERENCE_TYRE = 0.24;
const WHEELBASE_FRACTION = 0.62;
const REFERENCE_TRAVEL = 0.3;

/** Wheel positions and sizes for a car of this footprint (the footprint the pose samples). */
export function wheelLayoutFor(car: { readonly length: number; readonly width: number }): WheelLayout {
  const k = Math.min(car.length / REFERENCE_LENGTH, car.width / REFERENCE_WIDTH);
  const radius = REFERENCE_RADIUS * k;
  const tyreWidth = REFERENCE_TYRE * k;
  const u = (car.length * WHEELBASE_FRACTION) / 2;
  // Tyres flush with the footprint's sides: the wheels stay inside the sampled rectangle.
  const v = car.width / 2 - tyreWidth / 2;
  return {
    radius,
    tyreWidth,
    travel: REFERENCE_TRAVEL * k,
    mounts: [
      { u, v, front: true },
      { u, v: -v, front: true },
      { u: -u, v, front: false },
      { u: -u, v: -v, front: false },
    ],
  };
}

/** Rest contact point of a mount on the pose's contact plane (world). */
export function restContact(pose: Pick<CarPose, 'position'> & CarBasis, mount: WheelMount): Vec3 {
  const { position, forward, right } = pose;
  return vec3(
    position.x + forward.x * mount.u - right.x * mount.v,
    position.y + forward.y * mount.u - right.y * mount.v,
    position.z + forward.z * mount.u - right.z * mount.v,
  );
}

const SOLVE_TOLERANCE = 1e-7;
const SOLVE_ITERATIONS = 60;

/**
 * The suspension offset d at which rest + up·d lies on the exact surface: the root of
 * gap(d) = (rest + up·d).y − ground((rest + up·d).xz), which is continuous and piecewise linear. When
 * the ground is beyond the travel, the offset is clamped (the wheel hangs or bottoms out).
 */
export function suspensionOffset(field: Heightfield, rest: Vec3, up: Vec3, travel: number): { offset: number; grounded: boolean } {
  const gap = (d: number): number => rest.y + up.y * d - groundHeight(field, rest.x + up.x * d, rest.z + up.z * d);
  let lo = -travel;
  let hi = travel;
  let gLo = gap(lo);
  let gHi = gap(hi);
  // Above the ground even fully extended: hangs at full droop. Below it even fully compressed: bottoms out.
  if (gLo > 0 && gHi > 0) return { offset: -travel, grounded: false };
  if (gLo < 0 && gHi < 0) return { offset: travel, grounded: false };
  if (!(gLo <= 0 || gHi <= 0)) return { offset: 0, grounded: false }; // NaN: no ground to find
  // Rest (d = 0) narrows the bracket: most wheels sit near it.
  const g0 = gap(0);
  if (g0 === 0) return { offset: 0, grounded: true };
  if (g0 < 0 === gLo < 0) {
    lo = 0;
    gLo = g0;
  } else {
    hi = 0;
    gHi = g0;
  }
  // Illinois (regula falsi that halves the stale end): exact on one triangle, fast across a kink.
  let side = 0;
  for (let k = 0; k < SOLVE_ITERATIONS && hi - lo > SOLVE_TOLERANCE; k++) {
    const d = gHi === gLo ? (lo + hi) / 2 : (lo * gHi - hi * gLo) / (gHi - gLo);
    const g = gap(d);
    if (g === 0) return { offset: d, grounded: true };
    if (g < 0 === gLo < 0) {
      lo = d;
      gLo = g;
      if (side === -1) gHi /= 2;
      side = -1;
    } else {
      hi = d;
      gHi = g;
      if (side === 1) gLo /= 2;
      side = 1;
    }
    if (Math.abs(g) < SOLVE_TOLERANCE) return { offset: d, grounded: true };
  }
  return { offset: Math.abs(gLo) < Math.abs(gHi) ? lo : hi, grounded: true };
}

/** Each wheel's suspension offset, contact point and hub for this pose, in the layout's order. */
export function wheelContacts(field: Heightfield, pose: CarPose, layout: WheelLayout): WheelContact[] {
  return layout.mounts.map((mount) => {
    const rest = restContact(pose, mount);
    const { offset, grounded } = suspensionOffset(field, rest, pose.up, layout.travel);
    const contact = add(rest, scale(pose.up, offset));
    return { offset, grounded, contact, hub: add(contact, scale(pose.up, layout.radius)) };
  });
}
