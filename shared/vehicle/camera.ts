import type { Heightfield } from '../terrain/heightfield';
import { heightAt, type Vec3 } from '../terrain/surface';
import { clampToTerrain, groundHeight } from './ground';
import type { CarPose } from './pose';
import { add, length, scale, sub, vec3 } from './vec';

/** Eye height above the ground in walk mode, metres. */
export const WALK_EYE_HEIGHT = 1.67;
/** Default gap kept between any camera and the ground, metres. */
export const DEFAULT_CAMERA_MARGIN = 0.3;

/** The position raised to at least the ground + margin where it is over the terrain; unchanged elsewhere. */
export function clampCameraAboveGround(field: Heightfield, position: Vec3, margin: number): Vec3 {
  const ground = heightAt(field, position.x, position.z);
  if (Number.isNaN(ground) || position.y >= ground + margin) return position;
  return vec3(position.x, ground + margin, position.z);
}

/** Walk-mode eye at (x, z) — moved onto the map if off it — WALK_EYE_HEIGHT above the exact surface. */
export function walkEyePosition(field: Heightfield, x: number, z: number, eyeHeight = WALK_EYE_HEIGHT): Vec3 {
  const p = clampToTerrain(field, x, z);
  return vec3(p.x, groundHeight(field, p.x, p.z) + eyeHeight, p.z);
}

/**
 * Fraction t ∈ [0, 1] along from → to where the segment first passes from above the exact surface to
 * below it, or undefined if it never does. Exact, not sampled: it evaluates the segment's clearance at
 * every crossing of a grid line or cell diagonal — between two such crossings the surface under the
 * segment is one triangle, so the clearance is linear and a sign change is found exactly.
 * (Those crossings are at most one cell apart, so this is at least as fine as half-cell marching.)
 */
export function firstTerrainHit(field: Heightfield, from: Vec3, to: Vec3): number | undefined {
  const toGrid = (v: number, count: number): number => v / field.cellSize + (count - 1) / 2;
  const gx0 = toGrid(from.x, field.width);
  const gx1 = toGrid(to.x, field.width);
  const gz0 = toGrid(from.z, field.depth);
  const gz1 = toGrid(to.z, field.depth);
  const breaks = [0, 1];
  const addCrossings = (a: number, b: number): void => {
    if (a === b) return;
    const lo = Math.ceil(Math.min(a, b));
    const hi = Math.floor(Math.max(a, b));
    for (let k = lo; k <= hi; k++) breaks.push((k - a) / (b - a));
  };
  addCrossings(gx0, gx1);
  addCrossings(gz0, gz1);
  addCrossings(gx0 + gz0, gx1 + gz1);
  breaks.sort((a, b) => a - b);
  const clearanceAt = (t: number): number => from.y + (to.y - from.y) * t - heightAt(field, from.x + (to.x - from.x) * t, from.z + (to.z - from.z) * t);
  let previousT = NaN;
  let previous = NaN; // NaN: off the map or not yet above ground
  for (const t of breaks) {
    const c = clearanceAt(t);
    if (c < 0 && previous >= 0) return previousT + ((t - previousT) * previous) / (previous - c);
    previous = c;
    previousT = t;
  }
  return undefined;
}

/**
 * Keeps a camera looking at `target` from behind no terrain: if the segment target → camera enters the
 * ground, the camera is pulled in to `margin` metres on the target's side of the first hit; either way it
 * ends at least `margin` above the ground.
 */
export function resolveCameraOcclusion(field: Heightfield, target: Vec3, camera: Vec3, margin: number): Vec3 {
  const hit = firstTerrainHit(field, target, camera);
  if (hit === undefined) return clampCameraAboveGround(field, camera, margin);
  const offset = sub(camera, target);
  const t = Math.max(0, hit - margin / length(offset));
  return clampCameraAboveGround(field, add(target, scale(offset, t)), margin);
}

export interface ChaseCameraOptions {
  /** Horizontal distance behind the car, metres. */
  readonly distance: number;
  /** Height above the car's reference point, metres. */
  readonly height: number;
  /** Height of the looked-at point above the car's reference point, metres. */
  readonly targetHeight: number;
  readonly margin: number;
}

export const DEFAULT_CHASE_CAMERA: ChaseCameraOptions = { distance: 8, height: 3, targetHeight: 1.2, margin: DEFAULT_CAMERA_MARGIN };

/** Heights tried for the chase camera, as multiples of its height, before it is pulled in towards the car. */
export const CHASE_RAISE_STEPS: readonly number[] = [1, 2, 3.5, 5];

/**
 * Chase camera behind the car (along its heading, ignoring pitch), kept out of the terrain. Where
 * ground behind the car hides it (a bank, a cliff), the camera first rises to look over it — the car
 * stays in view from its usual distance — and only if that fails is it pulled in towards the car.
 */
export function chaseCamera(field: Heightfield, pose: CarPose, options: ChaseCameraOptions = DEFAULT_CHASE_CAMERA): { eye: Vec3; target: Vec3 } {
  const target = add(pose.position, vec3(0, options.targetHeight, 0));
  const backX = -Math.sin(pose.heading) * options.distance;
  const backZ = -Math.cos(pose.heading) * options.distance;
  if (target.y > heightAt(field, target.x, target.z)) {
    for (const k of CHASE_RAISE_STEPS) {
      const eye = add(pose.position, vec3(backX, options.height * k, backZ));
      if (firstTerrainHit(field, target, eye) === undefined) return { eye: clampCameraAboveGround(field, eye, options.margin), target };
    }
  }
  const eye = resolveCameraOcclusion(field, target, add(pose.position, vec3(backX, options.height, backZ)), options.margin);
  return { eye, target };
}

/** Hood camera: above the bonnet, looking along the car's forward axis, kept above the ground. */
export function hoodCamera(field: Heightfield, pose: CarPose, carLength: number, eyeHeight = 1.2, margin = DEFAULT_CAMERA_MARGIN): { eye: Vec3; target: Vec3 } {
  const raw = add(add(pose.position, scale(pose.up, eyeHeight)), scale(pose.forward, carLength / 4));
  const eye = clampCameraAboveGround(field, raw, margin);
  return { eye, target: add(eye, scale(pose.forward, 10)) };
}
