import type { Heightfield } from '../terrain/heightfield';
import { heightAt, type Vec3 } from '../terrain/surface';
import { groundHeight } from './ground';
import { add, cross, normalize, scale, vec3 } from './vec';

/**
 * Orientation of a car on the exact terrain surface.
 *
 * Conventions (world space, y up, right-handed):
 * - heading h is the yaw in radians: forward on flat ground is (sin h, 0, cos h), so heading 0 faces +z and
 *   heading π/2 faces +x. Right is forward × up, i.e. (−cos h, 0, sin h) on flat ground.
 * - The body frame is (left, up, forward) = local (+x, +y, +z): at heading 0 it coincides with the world axes.
 * - Euler order: yaw (heading, about world y), then pitch (about the body's right axis, positive = nose up),
 *   then roll (about the body's forward axis, positive = left side up / leaning to the right).
 *   Body-to-world rotation R = Ry(heading) · Rx(−pitch) · Rz(roll).
 */

export interface CarBody {
  /** Front-to-back distance between the terrain samples (the footprint length), metres. */
  readonly length: number;
  /** Left-to-right distance between the terrain samples (the footprint width), metres. */
  readonly width: number;
  /** Height of the body's underside above the wheel contact plane, metres (default DEFAULT_CLEARANCE). */
  readonly clearance?: number;
}

export interface CarPlacement {
  readonly x: number;
  readonly z: number;
  readonly heading: number;
}

export interface CarBasis {
  /** Unit vectors in world space; right = forward × up, up = right × forward. */
  readonly forward: Vec3;
  readonly up: Vec3;
  readonly right: Vec3;
}

export interface CarPose extends CarBasis {
  /**
   * Body reference point: the point of the wheel contact plane under the car's centre, so a model whose
   * origin is at the bottom of its wheels, placed here with this basis, has its wheels on the ground.
   * Its x and z are the placement's.
   */
  readonly position: Vec3;
  readonly heading: number;
  readonly pitch: number;
  readonly roll: number;
  /** Deepest vertical intrusion of the terrain into the body's underside over its footprint, metres (≥ 0). */
  readonly clipDepth: number;
}

export const DEFAULT_CLEARANCE = 0.3;

const WORLD_UP = vec3(0, 1, 0);

/** Forward direction on flat ground for this heading. */
export const horizontalForward = (heading: number): Vec3 => vec3(Math.sin(heading), 0, Math.cos(heading));

/** Left direction on flat ground for this heading (−right). */
export const horizontalLeft = (heading: number): Vec3 => vec3(Math.cos(heading), 0, -Math.sin(heading));

const rotateX = (v: Vec3, a: number): Vec3 => {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return vec3(v.x, c * v.y - s * v.z, s * v.y + c * v.z);
};
const rotateY = (v: Vec3, a: number): Vec3 => {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return vec3(c * v.x + s * v.z, v.y, -s * v.x + c * v.z);
};
const rotateZ = (v: Vec3, a: number): Vec3 => {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return vec3(c * v.x - s * v.y, s * v.x + c * v.y, v.z);
};

/** The body axes for these Euler angles (see the conventions above). */
export function basisFromEuler(heading: number, pitch: number, roll: number): CarBasis {
  const toWorld = (local: Vec3): Vec3 => rotateY(rotateX(rotateZ(local, roll), -pitch), heading);
  const left = toWorld(vec3(1, 0, 0));
  return { forward: toWorld(vec3(0, 0, 1)), up: toWorld(vec3(0, 1, 0)), right: scale(left, -1) };
}

/** Heading, pitch and roll of a basis (inverse of basisFromEuler for |pitch| < 90°). */
export function eulerFromBasis(basis: CarBasis): { heading: number; pitch: number; roll: number } {
  const { forward, up, right } = basis;
  return {
    heading: Math.atan2(forward.x, forward.z),
    pitch: Math.asin(Math.max(-1, Math.min(1, forward.y))),
    // left.y = sin(roll)·cos(pitch), up.y = cos(roll)·cos(pitch).
    roll: Math.atan2(-right.y, up.y),
  };
}

/**
 * Orthonormal body axes from a forward tangent and a left tangent of the ground. Forward keeps its
 * direction exactly; up is their normalised cross product, so when both tangents lie in a plane, up is
 * that plane's normal and forward lies in the plane.
 */
export function basisFromTangents(forwardTangent: Vec3, leftTangent: Vec3): CarBasis {
  const forward = normalize(forwardTangent);
  let up = normalize(cross(forward, leftTangent));
  // Degenerate only if the tangents are parallel, which horizontal offsets never produce; keep it finite.
  if (!Number.isFinite(up.x)) up = WORLD_UP;
  // up ⟂ forward and both are unit, so right is unit and the triple is orthonormal.
  const right = cross(forward, up);
  return { forward, up, right };
}

/** The classic terrain-following sample points: front-left, front-centre, front-right, back-centre. */
export function classicSamplePoints(
  placement: CarPlacement,
  body: CarBody,
): {
  frontLeft: { x: number; z: number };
  frontCentre: { x: number; z: number };
  frontRight: { x: number; z: number };
  backCentre: { x: number; z: number };
} {
  const f = horizontalForward(placement.heading);
  const l = horizontalLeft(placement.heading);
  const hl = body.length / 2;
  const hw = body.width / 2;
  const at = (u: number, v: number): { x: number; z: number } => ({
    x: placement.x + u * f.x + v * l.x,
    z: placement.z + u * f.z + v * l.z,
  });
  return { frontLeft: at(hl, hw), frontCentre: at(hl, 0), frontRight: at(hl, -hw), backCentre: at(-hl, 0) };
}

/** The same pose as a function of the placement; `withClip` false skips the clip depth (reported 0). */
export type PoseFunction = (field: Heightfield, placement: CarPlacement, body: CarBody, withClip?: boolean) => CarPose;

function assembleFromBasis(field: Heightfield, placement: CarPlacement, body: CarBody, basis: CarBasis, centreHeight: number, withClip: boolean): CarPose {
  const position = vec3(placement.x, centreHeight, placement.z);
  const angles = eulerFromBasis(basis);
  return {
    ...basis,
    position,
    heading: placement.heading,
    pitch: angles.pitch,
    roll: angles.roll,
    clipDepth: withClip ? clipDepth(field, position, basis, body) : 0,
  };
}

/**
 * Classic four-sample terrain following: three samples across the front and one at the back of the
 * footprint. Forward runs from the back sample to the front-centre sample, the side tangent from the
 * front-right to the front-left sample (true 3D vectors: height difference over horizontal distance),
 * up = forward × left. The contact plane passes through the front-centre and back-centre samples.
 */
export function poseFromTerrain(field: Heightfield, placement: CarPlacement, body: CarBody, withClip = true): CarPose {
  const p = classicSamplePoints(placement, body);
  const h = (q: { x: number; z: number }): number => groundHeight(field, q.x, q.z);
  const hFront = h(p.frontCentre);
  const hBack = h(p.backCentre);
  const f = horizontalForward(placement.heading);
  const l = horizontalLeft(placement.heading);
  const forwardTangent = vec3(body.length * f.x, hFront - hBack, body.length * f.z);
  const leftTangent = vec3(body.width * l.x, h(p.frontLeft) - h(p.frontRight), body.width * l.z);
  return assembleFromBasis(field, placement, body, basisFromTangents(forwardTangent, leftTangent), (hFront + hBack) / 2, withClip);
}

/**
 * Alternative: sample the four wheel contact points (footprint corners) and fit the least-squares plane
 * height = a + b·u + c·v (u along forward, v along left, horizontal metres); up is that plane's normal.
 */
export function poseFromWheelPlane(field: Heightfield, placement: CarPlacement, body: CarBody, withClip = true): CarPose {
  const f = horizontalForward(placement.heading);
  const l = horizontalLeft(placement.heading);
  const hl = body.length / 2;
  const hw = body.width / 2;
  const h = (u: number, v: number): number => groundHeight(field, placement.x + u * f.x + v * l.x, placement.z + u * f.z + v * l.z);
  const fl = h(hl, hw);
  const fr = h(hl, -hw);
  const bl = h(-hl, hw);
  const br = h(-hl, -hw);
  // The corners are symmetric about the centre, so the normal equations decouple into these closed forms.
  const a = (fl + fr + bl + br) / 4;
  const b = (fl + fr - bl - br) / (2 * body.length);
  const c = (fl + bl - fr - br) / (2 * body.width);
  const basis = basisFromTangents(vec3(f.x, b, f.z), vec3(l.x, c, l.z));
  return assembleFromBasis(field, placement, body, basis, a, withClip);
}

/**
 * How far the terrain cuts into the underside of the body: the box's bottom face is the footprint
 * (length × width) lifted by the clearance along up. Samples the exact surface under that face on a grid
 * no coarser than half a cell and returns the largest (terrain height − face height), or 0.
 */
export function clipDepth(field: Heightfield, position: Vec3, basis: CarBasis, body: CarBody): number {
  const clearance = body.clearance ?? DEFAULT_CLEARANCE;
  const spacing = field.cellSize / 2;
  const nu = Math.max(1, Math.ceil(body.length / spacing));
  const nv = Math.max(1, Math.ceil(body.width / spacing));
  const bottomCentre = add(position, scale(basis.up, clearance));
  let deepest = 0;
  for (let a = 0; a <= nu; a++) {
    const u = -body.length / 2 + (body.length * a) / nu;
    const along = add(bottomCentre, scale(basis.forward, u));
    for (let b = 0; b <= nv; b++) {
      const v = -body.width / 2 + (body.width * b) / nv;
      const point = add(along, scale(basis.right, -v));
      const depth = heightAt(field, point.x, point.z) - point.y;
      if (depth > deepest) deepest = depth; // NaN (off the map) never compares greater
    }
  }
  return deepest;
}
