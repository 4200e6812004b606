import type { Collider, DynamicRayCastVehicleController, RigidBody, World } from '@dimforge/rapier3d-deterministic-compat';
import { terrainExtent, vertexX, vertexZ, type Heightfield } from '../../terrain/heightfield';
import type { Vec3 } from '../../terrain/surface';
import type { Obstacle } from '../drive';
import { groundHeight } from '../ground';
import { eulerFromBasis, poseFromWheelPlane, type CarBasis } from '../pose';
import { add, cross, scale, vec3 } from '../vec';
import type { PhysicsCarSpec } from './cars';
import type { Rapier } from './rapier';
import { BOTTOM_OUT_CLEARANCE, GRAVITY, centreOfMassAboveUnderside, staticSag } from './stability';
import { SURFACES, type SurfaceId, type SurfaceLookup } from './surfaces';

/**
 * A raycast-wheel car on Rapier (DynamicRayCastVehicleController, the btRaycastVehicle lineage) over the
 * exact terrain surface.
 *
 * The ground is a Rapier heightfield patch around the car, rebuilt as the car moves. Rapier triangulates
 * each heightfield cell along the same diagonal as Faultline, (x0, z1)–(x1, z0) (physicsCar.test.ts
 * proves it by ray casts against heightAt), so the patch's triangles are the drawn ones. A patch instead of
 * the whole map keeps Rapier's copy of the heights small on an 8193² map and lets an edit show up at
 * the next rebuild. Props are fixed cylinders of their footprint radius, added with the patch; the map's
 * edge is a wall.
 *
 * Body frame: (left, up, forward) = local (+x, +y, +z) as in pose.ts; the body's origin is the centre of
 * its underside. Fixed step: PHYSICS_DT; the caller interpolates between the last two states to draw.
 */

export const PHYSICS_HZ = 120;
export const PHYSICS_DT = 1 / PHYSICS_HZ;
/** Rolling resistance with no throttle and no brake, as a fraction of the weight, on a road (surfaces.ts has the others). */
export const ROLLING_RESISTANCE = SURFACES.road.rollingResistance;
/** Air drag: ½ ρ Cd A per m² of frontal area. */
const DRAG_PER_AREA = 0.5 * 1.2 * 0.35;
/** Below this forward speed, m/s, reverse throttle drives backwards instead of braking. */
const REVERSE_SWITCH_SPEED = 0.5;
/** Forward speed, m/s, below which braked wheels hold the car still (holdWhenBraked). */
const HOLD_SPEED = 0.5;
/** Handbrake force on the rear wheels, as a fraction of the full brake force. */
const HANDBRAKE_FRACTION = 1;
/** Patch of terrain around the car, metres beyond the car's reach; rebuilt when the car gets within REBUILD_MARGIN of its edge. */
const PATCH_SLACK = 24;
const REBUILD_MARGIN = 6;
/** Most cells along a patch side (a finer map gets a smaller patch in metres). */
const MAX_PATCH_CELLS = 384;
const PROP_HEIGHT = 4;
const PROP_SINK = 0.5;

export interface PhysicsInput {
  /** −1..1: forwards (or, while reversing, brake); negative brakes, then reverses. */
  readonly throttle: number;
  /** −1..1, +1 right. */
  readonly steer: number;
  /** 0..1. */
  readonly brake: number;
  readonly handbrake: boolean;
}

export const NO_INPUT: PhysicsInput = { throttle: 0, steer: 0, brake: 0, handbrake: false };

export interface PhysicsWheel {
  readonly contact: boolean;
  /** 0 fully extended … 1 bottomed out. */
  readonly compression: number;
  /** Ground point the wheel touches (world), or the bottom of the hanging wheel. */
  readonly contactPoint: Vec3;
  /** Wheel centre (world). */
  readonly hub: Vec3;
  /** Steering angle, radians (positive turns left). */
  readonly steering: number;
  /** Accumulated spin, radians. */
  readonly rotation: number;
  /** What the wheel stands on (the last it touched while in the air): its grip and rolling resistance. */
  readonly surface: SurfaceId;
}

export interface PhysicsState extends CarBasis {
  /** Centre of the body's underside (world). */
  readonly position: Vec3;
  /** Body rotation (x, y, z, w). */
  readonly rotation: { readonly x: number; readonly y: number; readonly z: number; readonly w: number };
  readonly heading: number;
  readonly pitch: number;
  readonly roll: number;
  /** Along the body's forward axis, m/s. */
  readonly speed: number;
  readonly wheels: readonly PhysicsWheel[];
  readonly airborne: boolean;
  /** Deepest point of the body's underside below the exact surface, metres (≥ 0). */
  readonly penetration: number;
}

export interface PhysicsStart {
  readonly x: number;
  readonly z: number;
  readonly heading: number;
}

interface PropGrid {
  readonly cell: number;
  readonly buckets: Map<string, Obstacle[]>;
}

function gridOf(obstacles: readonly Obstacle[], cell: number): PropGrid {
  const buckets = new Map<string, Obstacle[]>();
  for (const o of obstacles) {
    const key = `${Math.floor(o.x / cell)},${Math.floor(o.z / cell)}`;
    const list = buckets.get(key);
    if (list) list.push(o);
    else buckets.set(key, [o]);
  }
  return { cell, buckets };
}

const clampUnit = (v: number): number => (Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0);
const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 0);

/**
 * The engine's force split over the driven wheels, N: equal shares, but no wheel more than its grip
 * (`grips[i]`), and what a wheel cannot take goes to the driven wheels that can, as traction control
 * (braking a spinning wheel so the differential sends its torque across) or a limited-slip differential
 * does. Without it, a driven wheel unloaded on twisted ground wasted its share: the hatchback stalled on
 * a 15° climb, well under the atan((μ/2) / (1 + μh/L)) that the axle's grip allows (drivability.ts).
 */
export function shareDriveForce(total: number, grips: readonly number[], driven: (i: number) => boolean): number[] {
  const out = grips.map(() => 0);
  const order = grips
    .map((_, i) => i)
    .filter(driven)
    .sort((a, b) => grips[a] - grips[b]);
  let left = total;
  order.forEach((i, k) => {
    const force = Math.min(Math.max(0, grips[i]), left / (order.length - k));
    out[i] = force;
    left -= force;
  });
  return out;
}

/** Wheel mounts in body space: front-left, front-right, rear-left, rear-right (left = +x). */
export function wheelMounts(spec: PhysicsCarSpec): { x: number; z: number; front: boolean }[] {
  const u = spec.wheelbase / 2;
  const v = spec.track / 2;
  return [
    { x: v, z: u, front: true },
    { x: -v, z: u, front: true },
    { x: v, z: -u, front: false },
    { x: -v, z: -u, front: false },
  ];
}

/** Height of the wheels' suspension mounts above the body's underside. */
export const mountHeight = (spec: PhysicsCarSpec): number => spec.wheelRadius + spec.suspensionRestLength - spec.suspensionTravel - BOTTOM_OUT_CLEARANCE;

/**
 * Where the body starts, at rest: tilted to the plane through the ground under its four wheels, the wheels
 * at their static sag, lifted further if any part of the underside would start below the surface.
 */
export function startPlacement(field: Heightfield, spec: PhysicsCarSpec, start: PhysicsStart): { position: Vec3; rotation: Quat } {
  const heading = Number.isFinite(start.heading) ? start.heading : 0;
  const pose = poseFromWheelPlane(field, { x: start.x, z: start.z, heading }, { length: spec.wheelbase, width: spec.track }, false);
  const sag = staticSag(spec);
  const ride = Math.max(0, spec.wheelRadius + spec.suspensionRestLength - sag - mountHeight(spec));
  const { up, forward, right } = pose;
  const origin = add(pose.position, scale(up, ride));
  let lift = 0;
  for (let a = -2; a <= 2; a++) {
    for (let b = -2; b <= 2; b++) {
      const p = add(origin, add(scale(forward, (b / 2) * (spec.length / 2)), scale(right, (a / 2) * (spec.width / 2))));
      lift = Math.max(lift, groundHeight(field, p.x, p.z) - p.y);
    }
  }
  return { position: vec3(origin.x, origin.y + lift + 0.01, origin.z), rotation: quaternionFromAxes(scale(right, -1), up, forward) };
}

type Quat = { x: number; y: number; z: number; w: number };

/** Each axle's anti-roll bar rate as a multiple of one wheel's spring rate (three quarters of the roll stiffness). */
const ANTI_ROLL_RATIO = 1.5;
/** Rapier's fixed roll influence of every wheel (not settable from JavaScript). */
const RAPIER_ROLL_INFLUENCE = 0.1;

/** A body-frame vector in world space: v + 2w(q×v) + 2q×(q×v). */
function rotateByQuat(q: Quat, vx: number, vy: number, vz: number): Vec3 {
  const cx = q.y * vz - q.z * vy;
  const cy = q.z * vx - q.x * vz;
  const cz = q.x * vy - q.y * vx;
  return vec3(vx + 2 * (q.w * cx + q.y * cz - q.z * cy), vy + 2 * (q.w * cy + q.z * cx - q.x * cz), vz + 2 * (q.w * cz + q.x * cy - q.y * cx));
}

/** The rotation whose columns are these orthonormal axes (local x, y, z in world space). */
function quaternionFromAxes(X: Vec3, Y: Vec3, Z: Vec3): Quat {
  const trace = X.x + Y.y + Z.z;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    return { w: 0.25 / s, x: (Y.z - Z.y) * s, y: (Z.x - X.z) * s, z: (X.y - Y.x) * s };
  }
  if (X.x > Y.y && X.x > Z.z) {
    const s = 2 * Math.sqrt(1 + X.x - Y.y - Z.z);
    return { w: (Y.z - Z.y) / s, x: 0.25 * s, y: (Y.x + X.y) / s, z: (Z.x + X.z) / s };
  }
  if (Y.y > Z.z) {
    const s = 2 * Math.sqrt(1 + Y.y - X.x - Z.z);
    return { w: (Z.x - X.z) / s, x: (Y.x + X.y) / s, y: 0.25 * s, z: (Z.y + Y.z) / s };
  }
  const s = 2 * Math.sqrt(1 + Z.z - X.x - Y.y);
  return { w: (X.y - Y.x) / s, x: (Z.x + X.z) / s, y: (Z.y + Y.z) / s, z: 0.25 * s };
}

export class PhysicsCar {
  private readonly world: World;
  private readonly body: RigidBody;
  private readonly vehicle: DynamicRayCastVehicleController;
  private patch: Collider | null = null;
  private patchCentre = { x: NaN, z: NaN };
  private patchHalf = 0;
  private props: Collider[] = [];
  private retired: Collider[] = [];
  private grid: PropGrid;
  private current: PhysicsState;
  private previous: PhysicsState;
  private steps = 0;
  /** Load each wheel's anti-roll bar adds (+) or takes (−) in the last step, N. */
  private readonly barForce = [0, 0, 0, 0];
  private readonly surface: SurfaceId[] = ['road', 'road', 'road', 'road'];
  /** Each wheel's friction: the tyre's × its surface's grip. */
  private readonly friction: number[];

  constructor(
    private readonly rapier: Rapier,
    private field: Heightfield,
    private readonly spec: PhysicsCarSpec,
    start: PhysicsStart,
    obstacles: readonly Obstacle[] = [],
    private surfaces: SurfaceLookup | null = null,
  ) {
    const R = rapier;
    this.friction = [0, 1, 2, 3].map(() => spec.tyreFriction);
    this.grid = gridOf(obstacles, 16);
    this.world = new R.World({ x: 0, y: -GRAVITY, z: 0 });
    this.world.timestep = PHYSICS_DT;
    this.addEdgeWalls();

    const { mass, length, width, height } = spec;
    const placed = startPlacement(field, spec, start);
    this.body = this.world.createRigidBody(
      R.RigidBodyDesc.dynamic()
        .setTranslation(placed.position.x, placed.position.y, placed.position.z)
        .setRotation(placed.rotation)
        .setCanSleep(false)
        .setCcdEnabled(true),
    );
    const inertia = {
      x: (mass * (height * height + length * length)) / 12,
      y: (mass * (width * width + length * length)) / 12,
      z: (mass * (width * width + height * height)) / 12,
    };
    this.world.createCollider(
      R.ColliderDesc.cuboid(width / 2, height / 2, length / 2)
        .setTranslation(0, height / 2, 0)
        // Bodywork scraping the ground slides rather than grips: a bumper that bites flips the car.
        .setFriction(0.1)
        // Mass properties are in the collider's frame, which sits height/2 above the underside.
        .setMassProperties(mass, { x: 0, y: centreOfMassAboveUnderside(spec) - height / 2, z: 0 }, inertia, { x: 0, y: 0, z: 0, w: 1 }),
      this.body,
    );
    this.vehicle = this.world.createVehicleController(this.body);
    this.vehicle.indexUpAxis = 1;
    this.vehicle.setIndexForwardAxis = 2;
    const mountY = mountHeight(spec);
    for (const mount of wheelMounts(spec)) {
      this.vehicle.addWheel({ x: mount.x, y: mountY, z: mount.z }, { x: 0, y: -1, z: 0 }, { x: -1, y: 0, z: 0 }, spec.suspensionRestLength, spec.wheelRadius);
    }
    for (let i = 0; i < 4; i++) {
      // Rapier multiplies spring and damper rates by the chassis mass: give it per-kg rates.
      this.vehicle.setWheelSuspensionStiffness(i, spec.suspensionStiffness / mass);
      this.vehicle.setWheelSuspensionCompression(i, spec.suspensionDamping / mass);
      this.vehicle.setWheelSuspensionRelaxation(i, spec.suspensionDamping / mass);
      this.vehicle.setWheelMaxSuspensionTravel(i, spec.suspensionTravel);
      this.vehicle.setWheelMaxSuspensionForce(i, mass * GRAVITY * 20);
      this.vehicle.setWheelFrictionSlip(i, spec.tyreFriction);
      this.vehicle.setWheelSideFrictionStiffness(i, 1);
    }
    this.ensurePatch(true);
    // Until the wheels first touch: the ground under the car's start.
    for (let i = 0; i < 4; i++) this.setSurface(i, this.surfaces ? this.surfaces(start.x, start.z) : 'road');
    // Registers the ground with the scene queries before the first wheel ray casts (the body falls
    // 1/120 s meanwhile: under a millimetre).
    this.world.step();
    // The wheels cast their rays (a zero-length update applies no impulse), so the placement's state
    // already has its contacts: a car put on the ground is not airborne in its first row.
    this.vehicle.updateVehicle(0);
    this.current = this.readState();
    this.previous = this.current;
  }

  /** The state after the last step. */
  get state(): PhysicsState {
    return this.current;
  }

  /** The state before the last step (draw between it and `state`). */
  get previousState(): PhysicsState {
    return this.previous;
  }

  /** Steps taken since the car was placed. */
  get stepCount(): number {
    return this.steps;
  }

  /** Advances one fixed step of PHYSICS_DT seconds. */
  step(input: PhysicsInput): PhysicsState {
    this.ensurePatch(false);
    this.readSurfaces();
    this.applyInput(input);
    this.vehicle.updateVehicle(PHYSICS_DT);
    this.restoreSideFrictionRoll();
    this.applyAntiRollBars();
    this.holdWhenBraked(input);
    this.world.step();
    if (this.retired.length > 0) {
      for (const collider of this.retired) this.world.removeCollider(collider, false);
      this.retired = [];
    }
    this.steps++;
    this.previous = this.current;
    this.current = this.readState();
    return this.current;
  }

  /** The terrain changed (an edit while driving): the ground patch is rebuilt before the next step. */
  setField(field: Heightfield): void {
    this.field = field;
    this.patchCentre = { x: NaN, z: NaN };
  }

  /** What the ground is made of (null: a road everywhere); read under each wheel every step. */
  setSurfaces(surfaces: SurfaceLookup | null): void {
    this.surfaces = surfaces;
  }

  private setSurface(i: number, id: SurfaceId): void {
    this.surface[i] = id;
    const friction = this.spec.tyreFriction * SURFACES[id].grip;
    if (friction !== this.friction[i]) {
      this.friction[i] = friction;
      this.vehicle.setWheelFrictionSlip(i, friction);
    }
  }

  /** Each wheel's surface at the point it touched in the last step (a wheel in the air keeps its last). */
  private readSurfaces(): void {
    if (!this.surfaces) return;
    const wheels = this.current.wheels;
    for (let i = 0; i < 4; i++) {
      if (!wheels[i].contact) continue;
      const id = this.surfaces(wheels[i].contactPoint.x, wheels[i].contactPoint.z);
      if (id !== this.surface[i]) this.setSurface(i, id);
    }
  }

  setObstacles(obstacles: readonly Obstacle[]): void {
    this.grid = gridOf(obstacles, 16);
    this.patchCentre = { x: NaN, z: NaN };
  }

  /** Frees Rapier's memory; the car cannot be used afterwards. */
  dispose(): void {
    this.world.removeVehicleController(this.vehicle);
    this.world.free();
  }

  private applyInput(input: PhysicsInput): void {
    const { spec } = this;
    const speed = this.vehicle.currentVehicleSpeed();
    const throttle = clampUnit(input.throttle);
    let drive = 0;
    let brake = clamp01(input.brake);
    if (throttle > 0) {
      if (speed < -REVERSE_SWITCH_SPEED) brake = Math.max(brake, throttle);
      else drive = throttle * clamp01(1 - speed / spec.topSpeed);
    } else if (throttle < 0) {
      if (speed > REVERSE_SWITCH_SPEED) brake = Math.max(brake, -throttle);
      else drive = throttle * clamp01(1 + speed / (spec.topSpeed / 3));
    }
    const dt = PHYSICS_DT;
    const coasting = drive === 0 && brake === 0;
    const steering = -clampUnit(input.steer) * ((spec.maxSteerDeg * Math.PI) / 180);
    const grips = [0, 1, 2, 3].map((i) => this.forwardGrip(i));
    const driveForces = shareDriveForce(Math.abs(drive * spec.engineForce), grips, (i) => spec.driven === 'all' || (spec.driven === 'front') === i < 2);
    for (let i = 0; i < 4; i++) {
      const front = i < 2;
      const grip = grips[i];
      this.vehicle.setWheelEngineForce(i, Math.sign(drive) * driveForces[i]);
      // Rapier's brake is the largest rolling-friction impulse per step: force × dt.
      const rolling = coasting ? (SURFACES[this.surface[i]].rollingResistance * spec.mass * GRAVITY) / 4 : 0;
      let wheelBrake = (brake * spec.brakeForce) / 4 + rolling;
      if (input.handbrake && !front) wheelBrake = Math.max(wheelBrake, (HANDBRAKE_FRACTION * spec.brakeForce) / 2);
      this.vehicle.setWheelBrake(i, Math.min(wheelBrake, grip) * dt);
      this.vehicle.setWheelSteering(i, front ? steering : 0);
    }
    // Air drag along the velocity.
    const v = this.body.linvel();
    const speedAll = Math.hypot(v.x, v.y, v.z);
    if (speedAll > 0) {
      const k = DRAG_PER_AREA * spec.width * spec.height * speedAll * dt;
      this.body.applyImpulse({ x: -k * v.x, y: -k * v.y, z: -k * v.z }, true);
    }
  }

  /**
   * The friction circle: the forward force (drive or brake) a wheel may still take, N, beside the side
   * force it carried in the last step, with both within tyre friction × its load. Rapier's own check
   * counts the forward force at half (btRaycastVehicle's ellipse), which let a hard brake reach 1.25 g on
   * μ = 1 tyres; capped here, the two together stay within μ·N (a step's lag in load and side force).
   */
  private forwardGrip(i: number): number {
    if (!this.vehicle.wheelIsInContact(i)) return 0;
    const limit = this.friction[i] * Math.max(0, (this.vehicle.wheelSuspensionForce(i) ?? 0) + this.barForce[i]);
    const side = (this.vehicle.wheelSideImpulse(i) ?? 0) / PHYSICS_DT;
    return Math.sqrt(Math.max(0, limit * limit - side * side));
  }

  /**
   * An anti-roll bar on each axle (as on real cars): a force ANTI_ROLL_RATIO × the spring rate × the
   * difference of the two wheels' compression lifts the more compressed side and pulls the other down.
   * It keeps the body's roll on a side slope to a degree or two, so the car tips near atan(SSF) as a
   * rigid car does; the load it moves is at most what the lighter wheel carries (a bar cannot pull a
   * wheel off the ground), and counts in that wheel's grip.
   */
  private applyAntiRollBars(): void {
    const k = this.spec.suspensionStiffness;
    const rest = this.spec.suspensionRestLength;
    const q = this.body.rotation();
    const up = rotateByQuat(q, 0, 1, 0);
    for (const [a, b] of [
      [0, 1],
      [2, 3],
    ] as const) {
      const spring = (i: number): number => (this.vehicle.wheelIsInContact(i) ? Math.max(0, rest - (this.vehicle.wheelSuspensionLength(i) ?? rest)) : 0);
      const xa = spring(a);
      const xb = spring(b);
      const force = Math.sign(xa - xb) * Math.min(ANTI_ROLL_RATIO * k * Math.abs(xa - xb), k * Math.min(xa, xb));
      this.barForce[a] = force;
      this.barForce[b] = -force;
      if (force === 0) continue;
      for (const [i, f] of [
        [a, force],
        [b, -force],
      ] as const) {
        const point = this.vehicle.wheelHardPoint(i);
        if (point) this.body.applyImpulseAtPoint(scale(up, f * PHYSICS_DT), point, true);
      }
    }
  }

  /**
   * Rapier applies each wheel's side friction 90 % of the way up from the contact to the centre of mass
   * (Bullet's roll influence 0.1, a game's guard against rolling over); a real tyre pushes at the ground.
   * This adds back the roll moment that shift took away, so the car leans and tips as its centre of mass
   * and track say (on a tilt table at atan(track / 2h)).
   */
  private restoreSideFrictionRoll(): void {
    const q = this.body.rotation();
    const up = rotateByQuat(q, 0, 1, 0);
    const com = this.body.worldCom();
    let tx = 0;
    let ty = 0;
    let tz = 0;
    for (let i = 0; i < 4; i++) {
      const side = this.vehicle.wheelSideImpulse(i) ?? 0;
      if (side === 0 || !this.vehicle.wheelIsInContact(i)) continue;
      const p = this.vehicle.wheelContactPoint(i);
      const n = this.vehicle.wheelContactNormal(i);
      if (!p || !n) continue;
      // The wheel's axle as Rapier takes it: the body's −x turned by the steering about up, then laid in the contact plane.
      const steering = this.vehicle.wheelSteering(i) ?? 0;
      const body = rotateByQuat(q, -1, 0, 0);
      const c = Math.cos(steering);
      const sn = Math.sin(steering);
      const k = cross(up, body);
      let axle = vec3(body.x * c + k.x * sn, body.y * c + k.y * sn, body.z * c + k.z * sn);
      const along = axle.x * n.x + axle.y * n.y + axle.z * n.z;
      axle = vec3(axle.x - n.x * along, axle.y - n.y * along, axle.z - n.z * along);
      const length = Math.hypot(axle.x, axle.y, axle.z);
      if (length < 1e-9) continue;
      const J = scale(axle, side / length);
      const lift = (up.x * (p.x - com.x) + up.y * (p.y - com.y) + up.z * (p.z - com.z)) * (1 - RAPIER_ROLL_INFLUENCE);
      const torque = cross(scale(up, lift), J);
      tx += torque.x;
      ty += torque.y;
      tz += torque.z;
    }
    if (tx !== 0 || ty !== 0 || tz !== 0) this.body.applyTorqueImpulse({ x: tx, y: ty, z: tz }, true);
  }

  /**
   * Static friction for braked wheels at a standstill. A raycast vehicle's brake only removes the speed it
   * sees each step, so gravity along a slope leaves a steady creep (~8 cm/s on 15°); a locked wheel does not
   * creep. Below HOLD_SPEED, the velocity along the body's forward axis after the coming step's gravity is
   * cancelled, up to the grip of the braked wheels (tyre friction × their suspension force).
   */
  private holdWhenBraked(input: PhysicsInput): void {
    const brake = clamp01(input.brake);
    if (!input.handbrake && brake === 0) return;
    if (clampUnit(input.throttle) !== 0 && !input.handbrake) return;
    const q = this.body.rotation();
    const forward = {
      x: 2 * (q.x * q.z + q.w * q.y),
      y: 2 * (q.y * q.z - q.w * q.x),
      z: 1 - 2 * (q.x * q.x + q.y * q.y),
    };
    const v = this.body.linvel();
    const along = v.x * forward.x + v.y * forward.y + v.z * forward.z - GRAVITY * forward.y * PHYSICS_DT;
    if (Math.abs(along) > HOLD_SPEED) return;
    let grip = 0;
    for (let i = 0; i < 4; i++) {
      if (!this.vehicle.wheelIsInContact(i)) continue;
      const share = i >= 2 && input.handbrake ? 1 : brake;
      grip += share * this.friction[i] * Math.max(0, this.vehicle.wheelSuspensionForce(i) ?? 0);
    }
    const impulse = Math.min(grip * PHYSICS_DT, Math.abs(along) * this.spec.mass) * -Math.sign(along);
    this.body.applyImpulse({ x: impulse * forward.x, y: impulse * forward.y, z: impulse * forward.z }, true);
  }

  private reach(): number {
    return Math.hypot(this.spec.length, this.spec.width) / 2;
  }

  /** Rebuilds the ground patch (and the props on it) when the car nears its edge, or when forced. */
  private ensurePatch(force: boolean): void {
    const p = this.body.translation();
    const limit = this.patchHalf - this.reach() - REBUILD_MARGIN;
    if (!force && Math.abs(p.x - this.patchCentre.x) <= limit && Math.abs(p.z - this.patchCentre.z) <= limit) return;
    const R = this.rapier;
    const field = this.field;
    const s = field.cellSize;
    const halfCells = Math.min(MAX_PATCH_CELLS / 2, Math.max(2, Math.ceil((this.reach() + PATCH_SLACK) / s)));
    const gx = p.x / s + (field.width - 1) / 2;
    const gz = p.z / s + (field.depth - 1) / 2;
    const clampI = (v: number, max: number): number => Math.max(0, Math.min(max, Number.isFinite(v) ? v : 0));
    const i0 = clampI(Math.round(gx) - halfCells, field.width - 1);
    const i1 = clampI(Math.round(gx) + halfCells, field.width - 1);
    const j0 = clampI(Math.round(gz) - halfCells, field.depth - 1);
    const j1 = clampI(Math.round(gz) + halfCells, field.depth - 1);
    // The old patch and props stay until the next world step has put the new ones into Rapier's
    // scene queries: the wheels' ray casts before that step would otherwise find no ground at all.
    if (this.patch) this.retired.push(this.patch);
    this.retired.push(...this.props);
    this.props = [];
    this.patch = null;
    if (i1 > i0 && j1 > j0) {
      const ncols = i1 - i0;
      const nrows = j1 - j0;
      // Column-major: Rapier's rows run along z, its columns along x.
      const heights = new Float32Array((nrows + 1) * (ncols + 1));
      const w = field.width;
      for (let i = 0; i <= ncols; i++) {
        for (let j = 0; j <= nrows; j++) heights[i * (nrows + 1) + j] = field.heights[(j0 + j) * w + i0 + i];
      }
      const cx = (vertexX(field, i0) + vertexX(field, i1)) / 2;
      const cz = (vertexZ(field, j0) + vertexZ(field, j1)) / 2;
      this.patch = this.world.createCollider(
        R.ColliderDesc.heightfield(nrows, ncols, heights, { x: ncols * s, y: 1, z: nrows * s }, R.HeightFieldFlags.FIX_INTERNAL_EDGES)
          .setTranslation(cx, 0, cz)
          .setFriction(0.8),
      );
    }
    this.patchCentre = { x: p.x, z: p.z };
    this.patchHalf = halfCells * s;
    this.addProps(p.x, p.z, this.patchHalf);
  }

  private addProps(x: number, z: number, half: number): void {
    const { cell, buckets } = this.grid;
    const R = this.rapier;
    for (let a = Math.floor((x - half) / cell); a <= Math.floor((x + half) / cell); a++) {
      for (let b = Math.floor((z - half) / cell); b <= Math.floor((z + half) / cell); b++) {
        const list = buckets.get(`${a},${b}`);
        if (!list) continue;
        for (const o of list) {
          const base = groundHeight(this.field, o.x, o.z) - PROP_SINK;
          this.props.push(
            this.world.createCollider(
              R.ColliderDesc.cylinder(PROP_HEIGHT / 2, o.radius)
                .setTranslation(o.x, base + PROP_HEIGHT / 2, o.z)
                .setFriction(0.5),
            ),
          );
        }
      }
    }
  }

  private addEdgeWalls(): void {
    const R = this.rapier;
    const { sizeX, sizeZ } = terrainExtent(this.field);
    const t = 1;
    const h = 1e5;
    for (const [x, z, hx, hz] of [
      [sizeX / 2 + t, 0, t, sizeZ / 2 + 2 * t],
      [-sizeX / 2 - t, 0, t, sizeZ / 2 + 2 * t],
      [0, sizeZ / 2 + t, sizeX / 2 + 2 * t, t],
      [0, -sizeZ / 2 - t, sizeX / 2 + 2 * t, t],
    ] as const) {
      this.world.createCollider(R.ColliderDesc.cuboid(hx, h, hz).setTranslation(x, 0, z).setFriction(0.2));
    }
  }

  private readState(): PhysicsState {
    const t = this.body.translation();
    const q = this.body.rotation();
    const rotate = (vx: number, vy: number, vz: number): Vec3 => rotateByQuat(q, vx, vy, vz);
    const toWorld = (lx: number, ly: number, lz: number): Vec3 => {
      const r = rotate(lx, ly, lz);
      return vec3(t.x + r.x, t.y + r.y, t.z + r.z);
    };
    const forward = rotate(0, 0, 1);
    const up = rotate(0, 1, 0);
    const right = cross(forward, up);
    const { heading, pitch, roll } = eulerFromBasis({ forward, up, right });
    const spec = this.spec;
    const mountY = mountHeight(spec);
    const mounts = wheelMounts(spec);
    const wheels: PhysicsWheel[] = [];
    let airborne = true;
    for (let i = 0; i < 4; i++) {
      const contact = this.vehicle.wheelIsInContact(i);
      if (contact) airborne = false;
      const length = this.vehicle.wheelSuspensionLength(i) ?? spec.suspensionRestLength;
      const minLength = spec.suspensionRestLength - spec.suspensionTravel;
      const compression = contact ? clamp01((spec.suspensionRestLength - length) / (spec.suspensionRestLength - minLength)) : 0;
      const hang = contact ? length : spec.suspensionRestLength;
      const hub = toWorld(mounts[i].x, mountY - hang, mounts[i].z);
      const point = contact ? this.vehicle.wheelContactPoint(i) : null;
      wheels.push({
        contact,
        compression,
        contactPoint: point ? vec3(point.x, point.y, point.z) : toWorld(mounts[i].x, mountY - hang - spec.wheelRadius, mounts[i].z),
        hub,
        steering: this.vehicle.wheelSteering(i) ?? 0,
        rotation: this.vehicle.wheelRotation(i) ?? 0,
        surface: this.surface[i],
      });
    }
    // The underside: a 5 × 5 grid of points; how deep the deepest is under the exact surface.
    let penetration = 0;
    for (let a = -2; a <= 2; a++) {
      for (let b = -2; b <= 2; b++) {
        const p = toWorld((a / 2) * (spec.width / 2), 0, (b / 2) * (spec.length / 2));
        penetration = Math.max(penetration, groundHeight(this.field, p.x, p.z) - p.y);
      }
    }
    return {
      position: vec3(t.x, t.y, t.z),
      rotation: { x: q.x, y: q.y, z: q.z, w: q.w },
      forward,
      up,
      right,
      heading,
      pitch,
      roll,
      speed: this.vehicle.currentVehicleSpeed(),
      wheels,
      airborne,
      penetration,
    };
  }
}
