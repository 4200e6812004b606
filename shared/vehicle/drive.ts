import { terrainExtent, type Heightfield } from '../terrain/heightfield';
import { groundHeight } from './ground';
import { horizontalForward, horizontalLeft, type CarPlacement } from './pose';

/**
 * A simple deterministic car for test drives: speed along the heading, steering proportional to speed,
 * no slip. Headings follow pose.ts (forward = (sin h, 0, cos h)); steer +1 turns right, which lowers the heading.
 *
 * Collision model: the footprint is a stadium (capsule) of the car's length and width — the rectangle
 * with its corners rounded — and props are circles. The whole capsule stays over the map.
 */

export interface CarState {
  readonly x: number;
  readonly z: number;
  readonly heading: number;
  /** Metres per second along forward; negative when reversing. */
  readonly speed: number;
}

export interface DriveInput {
  /** −1..1: positive accelerates forwards (or brakes while reversing), negative brakes then reverses. */
  readonly throttle: number;
  /** −1..1: positive turns right. */
  readonly steer: number;
  readonly handbrake: boolean;
}

export interface CarSettings {
  readonly length: number;
  readonly width: number;
  /** Top speed forwards, m/s; reversing is limited to REVERSE_SPEED_FRACTION of it. */
  readonly maxSpeed: number;
  /** The car will not climb ground steeper than this (degrees); ≥ 90 means no limit. */
  readonly maxClimbSlopeDeg: number;
  /** Acceleration at full throttle, m/s². */
  readonly accel: number;
  /** Deceleration at full brake, m/s². */
  readonly brake: number;
  /** Yaw rate at full steer once at FULL_STEER_SPEED or faster, rad/s. */
  readonly turnRate: number;
}

export interface Obstacle {
  readonly x: number;
  readonly z: number;
  readonly radius: number;
}

export type StopReason = 'edge' | 'obstacle' | 'slope';

export interface MoveResult {
  readonly placement: CarPlacement;
  /** Why the move ended early; the caller should zero the speed. */
  readonly stoppedBy?: StopReason;
  readonly substeps: number;
}

export interface StepResult {
  readonly state: CarState;
  readonly stoppedBy?: StopReason;
  readonly substeps: number;
}

export const DEFAULT_CAR_SETTINGS: CarSettings = {
  length: 4.2,
  width: 1.8,
  maxSpeed: 25,
  maxClimbSlopeDeg: 35,
  accel: 6,
  brake: 12,
  turnRate: 1.2,
};

export const REVERSE_SPEED_FRACTION = 1 / 3;
/** Rolling resistance with no throttle, as a fraction of the brake deceleration. */
export const COAST_DECELERATION_FRACTION = 0.2;
export const HANDBRAKE_FACTOR = 1.5;
/** Below this speed the yaw rate scales down linearly, so a standing car does not spin. */
export const FULL_STEER_SPEED = 5;

const clampUnit = (v: number): number => (Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0);
const approachZero = (v: number, amount: number): number => (v > 0 ? Math.max(0, v - amount) : Math.min(0, v + amount));
const wrapAngle = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

export function nextSpeed(speed: number, input: DriveInput, dt: number, settings: CarSettings): number {
  const throttle = clampUnit(input.throttle);
  const reverseMax = settings.maxSpeed * REVERSE_SPEED_FRACTION;
  let v = speed;
  if (input.handbrake) v = approachZero(v, settings.brake * HANDBRAKE_FACTOR * dt);
  else if (throttle > 0) v = v < 0 ? approachZero(v, settings.brake * throttle * dt) : v + settings.accel * throttle * dt;
  else if (throttle < 0) v = v > 0 ? approachZero(v, -settings.brake * throttle * dt) : v + settings.accel * throttle * dt;
  else v = approachZero(v, settings.brake * COAST_DECELERATION_FRACTION * dt);
  return Math.max(-reverseMax, Math.min(settings.maxSpeed, v));
}

/** Advances the car by dt seconds: speed from the input, then a collision-checked, sub-stepped move. */
export function stepCar(
  field: Heightfield,
  state: CarState,
  input: DriveInput,
  dt: number,
  settings: CarSettings,
  obstacles: readonly Obstacle[] = [],
): StepResult {
  if (!(dt > 0) || !Number.isFinite(dt)) return { state, substeps: 0 };
  const speed = nextSpeed(state.speed, input, dt, settings);
  const steerScale = Math.max(-1, Math.min(1, speed / FULL_STEER_SPEED));
  const turn = -clampUnit(input.steer) * settings.turnRate * steerScale * dt;
  const moved = moveCar(field, state, speed * dt, turn, settings, obstacles);
  const { x, z, heading } = moved.placement;
  return {
    state: { x, z, heading, speed: moved.stoppedBy ? 0 : speed },
    stoppedBy: moved.stoppedBy,
    substeps: moved.substeps,
  };
}

/** Where the car's centre may be so that its capsule stays over the map at any heading. */
export function drivableBounds(
  field: Heightfield,
  settings: Pick<CarSettings, 'length' | 'width'>,
): {
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
} {
  const { sizeX, sizeZ } = terrainExtent(field);
  const reach = Math.max(settings.length, settings.width) / 2;
  const halfX = Math.max(0, sizeX / 2 - reach);
  const halfZ = Math.max(0, sizeZ / 2 - reach);
  return { minX: -halfX, maxX: halfX, minZ: -halfZ, maxZ: halfZ };
}

/**
 * Moves the car `distance` metres along its heading (negative: backwards) while turning by `turn`
 * radians, in sub-steps short enough that no footprint sample point moves more than half a cell. Stops
 * at the map edge (clamped), against an obstacle (at the point of contact) or before a leading-edge
 * sample would climb ground steeper than the limit (at the last good sub-step).
 */
export function moveCar(
  field: Heightfield,
  start: CarPlacement,
  distance: number,
  turn: number,
  settings: CarSettings,
  obstacles: readonly Obstacle[] = [],
): MoveResult {
  const bounds = drivableBounds(field, settings);
  const clamped = clampInto(bounds, start.x, start.z);
  if (clamped.x !== start.x || clamped.z !== start.z) {
    return { placement: { ...clamped, heading: start.heading }, stoppedBy: 'edge', substeps: 0 };
  }
  const reach = Math.hypot(settings.length / 2, settings.width / 2);
  const substeps = Math.max(1, Math.ceil((Math.abs(distance) + Math.abs(turn) * reach) / (field.cellSize / 2)));
  const maxRise = settings.maxClimbSlopeDeg >= 90 ? Infinity : Math.tan((settings.maxClimbSlopeDeg * Math.PI) / 180);
  const near = nearbyObstacles(obstacles, start, Math.abs(distance) + Math.max(settings.length, settings.width) / 2);
  let current: CarPlacement = start;
  for (let s = 1; s <= substeps; s++) {
    let heading = wrapAngle(current.heading + turn / substeps);
    if (rotationCollides(near, current, heading, settings)) heading = current.heading;
    // Translate along the sub-step's mid heading: the chord direction when the path is a circular arc.
    const f = horizontalForward(current.heading + wrapAngle(heading - current.heading) / 2);
    const step = distance / substeps;
    const target = clampInto(bounds, current.x + f.x * step, current.z + f.z * step);
    const hitEdge = target.x !== current.x + f.x * step || target.z !== current.z + f.z * step;
    const contact = firstContact(near, current.x, current.z, target.x, target.z, heading, settings);
    const next: CarPlacement = {
      x: current.x + (target.x - current.x) * contact,
      z: current.z + (target.z - current.z) * contact,
      heading,
    };
    if (climbsTooSteep(field, current, next, distance >= 0, settings, maxRise)) {
      return { placement: current, stoppedBy: 'slope', substeps: s };
    }
    current = next;
    if (contact < 1) return { placement: current, stoppedBy: 'obstacle', substeps: s };
    if (hitEdge) return { placement: current, stoppedBy: 'edge', substeps: s };
  }
  return { placement: current, substeps };
}

function clampInto(b: ReturnType<typeof drivableBounds>, x: number, z: number): { x: number; z: number } {
  return { x: Math.min(b.maxX, Math.max(b.minX, x)), z: Math.min(b.maxZ, Math.max(b.minZ, z)) };
}

/** Leading-edge sample points (front or back: left, centre, right) for a placement. */
function leadingPoints(p: CarPlacement, forwards: boolean, settings: CarSettings): { x: number; z: number }[] {
  const f = horizontalForward(p.heading);
  const l = horizontalLeft(p.heading);
  const u = (forwards ? 1 : -1) * (settings.length / 2);
  return [-1, 0, 1].map((side) => {
    const v = (side * settings.width) / 2;
    return { x: p.x + u * f.x + v * l.x, z: p.z + u * f.z + v * l.z };
  });
}

/** True if any leading-edge point rises faster than maxRise per metre over this sub-step. */
function climbsTooSteep(field: Heightfield, from: CarPlacement, to: CarPlacement, forwards: boolean, settings: CarSettings, maxRise: number): boolean {
  if (maxRise === Infinity) return false;
  const before = leadingPoints(from, forwards, settings);
  const after = leadingPoints(to, forwards, settings);
  for (let k = 0; k < before.length; k++) {
    const run = Math.hypot(after[k].x - before[k].x, after[k].z - before[k].z);
    if (run <= 1e-12) continue;
    const rise = groundHeight(field, after[k].x, after[k].z) - groundHeight(field, before[k].x, before[k].z);
    if (rise > maxRise * run) return true;
  }
  return false;
}

function nearbyObstacles(obstacles: readonly Obstacle[], p: CarPlacement, reach: number): Obstacle[] {
  return obstacles.filter((o) => Math.hypot(o.x - p.x, o.z - p.z) <= reach + o.radius);
}

/** Distance from (px, pz) to the car's capsule axis (centre ± (length − width)/2 along forward). */
function distanceToAxis(px: number, pz: number, cx: number, cz: number, heading: number, settings: CarSettings): number {
  const halfAxis = Math.max(0, settings.length - settings.width) / 2;
  const f = horizontalForward(heading);
  const along = Math.max(-halfAxis, Math.min(halfAxis, (px - cx) * f.x + (pz - cz) * f.z));
  return Math.hypot(px - (cx + along * f.x), pz - (cz + along * f.z));
}

const clearance = (o: Obstacle, settings: CarSettings): number => o.radius + Math.min(settings.length, settings.width) / 2;

/** Whether the car's capsule at this placement overlaps any obstacle (touching is not overlapping). */
export function overlapsObstacle(obstacles: readonly Obstacle[], p: CarPlacement, settings: CarSettings): boolean {
  return obstacles.some((o) => distanceToAxis(o.x, o.z, p.x, p.z, p.heading, settings) < clearance(o, settings));
}

function rotationCollides(near: readonly Obstacle[], p: CarPlacement, heading: number, settings: CarSettings): boolean {
  return near.some((o) => {
    const before = distanceToAxis(o.x, o.z, p.x, p.z, p.heading, settings);
    const after = distanceToAxis(o.x, o.z, p.x, p.z, heading, settings);
    return after < clearance(o, settings) && after < before;
  });
}

/**
 * Fraction of the straight move (x0, z0) → (x1, z1) the capsule can travel before touching an obstacle
 * (1 = no contact). The distance from an obstacle to the moving axis segment is convex in the fraction,
 * so a ternary search finds its minimum and a bisection the first touch. An obstacle already overlapping
 * only blocks moves that bring it closer.
 */
function firstContact(near: readonly Obstacle[], x0: number, z0: number, x1: number, z1: number, heading: number, settings: CarSettings): number {
  let earliest = 1;
  for (const o of near) {
    const limit = clearance(o, settings);
    const gap = (t: number): number => distanceToAxis(o.x, o.z, x0 + (x1 - x0) * t, z0 + (z1 - z0) * t, heading, settings);
    const g0 = gap(0);
    if (g0 < limit) {
      if (gap(1) < g0) earliest = 0;
      continue;
    }
    let lo = 0;
    let hi = earliest;
    for (let k = 0; k < 80; k++) {
      const m1 = lo + (hi - lo) / 3;
      const m2 = hi - (hi - lo) / 3;
      if (gap(m1) <= gap(m2)) hi = m2;
      else lo = m1;
    }
    const tMin = (lo + hi) / 2;
    if (gap(tMin) >= limit) continue;
    let clear = 0;
    let touching = tMin;
    for (let k = 0; k < 80; k++) {
      const mid = (clear + touching) / 2;
      if (gap(mid) >= limit) clear = mid;
      else touching = mid;
    }
    earliest = Math.min(earliest, clear);
  }
  return earliest;
}
