import type { Heightfield } from '../../terrain/heightfield';
import { drivableBounds, type Obstacle } from '../drive';
import { DriveRouteError, TELEMETRY_COLUMNS } from '../telemetry';
import type { PhysicsCarSpec } from './cars';
import { NO_INPUT, PHYSICS_DT, PHYSICS_HZ, PhysicsCar, type PhysicsInput, type PhysicsStart, type PhysicsState } from './physicsCar';
import type { Rapier } from './rapier';

/**
 * Headless physics drives for the CLI and tests: from a schedule of inputs, or by an autopilot along a
 * route's waypoints. Rows are sampled every `step` seconds of the fixed 120 Hz simulation.
 */

/** The kinematic columns, then speed, airborne, per-wheel contact (0/1) and compression (0..1 of travel). */
export const PHYSICS_TELEMETRY_COLUMNS = [
  ...TELEMETRY_COLUMNS,
  'speed',
  'airborne',
  'contact0',
  'contact1',
  'contact2',
  'contact3',
  'compression0',
  'compression1',
  'compression2',
  'compression3',
] as const;

export type PhysicsTelemetryRow = Record<(typeof PHYSICS_TELEMETRY_COLUMNS)[number], number>;

/** x, y, z: the centre of the body's underside; clip: how deep the underside is below the exact surface. */
export function physicsTelemetryRow(t: number, s: PhysicsState): PhysicsTelemetryRow {
  const w = s.wheels;
  return {
    t,
    x: s.position.x,
    y: s.position.y,
    z: s.position.z,
    heading: s.heading,
    pitch: s.pitch,
    roll: s.roll,
    upX: s.up.x,
    upY: s.up.y,
    upZ: s.up.z,
    fwdX: s.forward.x,
    fwdY: s.forward.y,
    fwdZ: s.forward.z,
    clip: s.penetration,
    speed: s.speed,
    airborne: s.airborne ? 1 : 0,
    contact0: w[0].contact ? 1 : 0,
    contact1: w[1].contact ? 1 : 0,
    contact2: w[2].contact ? 1 : 0,
    contact3: w[3].contact ? 1 : 0,
    compression0: w[0].compression,
    compression1: w[1].compression,
    compression2: w[2].compression,
    compression3: w[3].compression,
  };
}

const formatNumber = (v: number, decimals: number): string => {
  const text = v.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
};

export function physicsTelemetryCsv(rows: readonly PhysicsTelemetryRow[], decimals = 6): string {
  const lines = [PHYSICS_TELEMETRY_COLUMNS.join(',')];
  for (const row of rows) lines.push(PHYSICS_TELEMETRY_COLUMNS.map((c) => formatNumber(row[c], decimals)).join(','));
  return lines.map((line) => `${line}\n`).join('');
}

/** One row of an inputs schedule: these values hold from `t` until the next row's `t`. */
export interface TimedInput extends PhysicsInput {
  readonly t: number;
}

export interface PhysicsDriveCommon {
  readonly spec: PhysicsCarSpec;
  /** Seconds between telemetry rows (rounded to whole physics steps, at least one). */
  readonly step: number;
  readonly obstacles?: readonly Obstacle[];
}

export interface PhysicsDriveResult {
  readonly rows: PhysicsTelemetryRow[];
  readonly reachedEnd: boolean;
  /** Why an autopilot drive ended before its last waypoint. */
  readonly stoppedBy?: 'stuck' | 'maxSteps';
}

const stepsPerRow = (step: number): number => Math.max(1, Math.round(step * PHYSICS_HZ));

/** Drives `duration` seconds from `start` with the scheduled inputs (before the first row: no input). */
export function driveInputs(
  rapier: Rapier,
  field: Heightfield,
  start: PhysicsStart,
  schedule: readonly TimedInput[],
  duration: number,
  options: PhysicsDriveCommon,
): PhysicsDriveResult {
  if (!(duration > 0) || !Number.isFinite(duration)) throw new DriveRouteError(`duration must be a positive number of seconds, got ${duration}`);
  const car = new PhysicsCar(rapier, field, options.spec, start, options.obstacles);
  try {
    const every = stepsPerRow(options.step);
    const total = Math.round(duration * PHYSICS_HZ);
    const rows = [physicsTelemetryRow(0, car.state)];
    let next = 0;
    let input: PhysicsInput = NO_INPUT;
    for (let k = 0; k < total; k++) {
      const t = k * PHYSICS_DT;
      while (next < schedule.length && schedule[next].t <= t + 1e-9) input = schedule[next++];
      car.step(input);
      if ((k + 1) % every === 0 || k + 1 === total) rows.push(physicsTelemetryRow((k + 1) * PHYSICS_DT, car.state));
    }
    return { rows, reachedEnd: true };
  } finally {
    car.dispose();
  }
}

export interface AutopilotOptions extends PhysicsDriveCommon {
  /** Cruise speed, m/s. */
  readonly speed: number;
}

/** Within this distance of the last waypoint and slower than STOPPED_SPEED, the route is done. */
const ARRIVAL_RADIUS = 1.5;
const STOPPED_SPEED = 0.3;
/** Seconds at walking pace with the throttle open before the autopilot gives up (a prop, a wall, a slope). */
const STUCK_SECONDS = 3;
/** Deceleration the autopilot plans with when it slows for the last waypoint, m/s². */
const PLANNED_BRAKING = 3;
const SPEED_GAIN = 0.5;

/**
 * Autopilot: pure pursuit of a point `lookahead` metres ahead along the route (steering angle
 * atan(2·wheelbase·sin α / distance)), cruise speed held by a proportional throttle/brake, slowing in
 * tight turns and to stop on the last waypoint. It never reverses.
 */
export function driveRoutePhysics(
  rapier: Rapier,
  field: Heightfield,
  waypoints: readonly (readonly [number, number])[],
  options: AutopilotOptions,
): PhysicsDriveResult {
  if (!(options.speed > 0) || !Number.isFinite(options.speed)) throw new DriveRouteError(`speed must be a positive number, got ${options.speed}`);
  if (waypoints.length === 0) throw new DriveRouteError('the route has no waypoints');
  const spec = options.spec;
  const bounds = drivableBounds(field, spec);
  waypoints.forEach(([x, z], k) => {
    if (!Number.isFinite(x) || !Number.isFinite(z)) throw new DriveRouteError(`waypoint ${k} is not a pair of numbers`);
    if (x < bounds.minX || x > bounds.maxX || z < bounds.minZ || z > bounds.maxZ) {
      throw new DriveRouteError(
        `waypoint ${k} (${x}, ${z}) is outside the drivable area x ∈ [${bounds.minX}, ${bounds.maxX}], z ∈ [${bounds.minZ}, ${bounds.maxZ}] (the map less half the car length)`,
      );
    }
  });
  const car = new PhysicsCar(rapier, field, spec, routeStart(waypoints), options.obstacles);
  try {
    const pilot = new Autopilot(waypoints, spec, options.speed);
    const maxSteps = Math.ceil((2 * pilot.routeLength / options.speed + 30) * PHYSICS_HZ);
    const every = stepsPerRow(options.step);
    const rows = [physicsTelemetryRow(0, car.state)];
    let stuckSteps = 0;
    for (let k = 0; ; k++) {
      const s = car.state;
      const input = pilot.next(s);
      if (!input) {
        if (k % every !== 0) rows.push(physicsTelemetryRow(k * PHYSICS_DT, s));
        return { rows, reachedEnd: true };
      }
      if (k >= maxSteps) return { rows, reachedEnd: false, stoppedBy: 'maxSteps' };
      car.step(input);
      if ((k + 1) % every === 0) rows.push(physicsTelemetryRow((k + 1) * PHYSICS_DT, car.state));
      stuckSteps = input.throttle > 0.5 && Math.abs(car.state.speed) < STOPPED_SPEED ? stuckSteps + 1 : 0;
      if (stuckSteps >= STUCK_SECONDS * PHYSICS_HZ) {
        if ((k + 1) % every !== 0) rows.push(physicsTelemetryRow((k + 1) * PHYSICS_DT, car.state));
        return { rows, reachedEnd: false, stoppedBy: 'stuck' };
      }
    }
  } finally {
    car.dispose();
  }
}

/** Where a route's car starts: on its first waypoint, facing the first waypoint that is elsewhere. */
export function routeStart(waypoints: readonly (readonly [number, number])[]): PhysicsStart {
  const [x0, z0] = waypoints[0];
  const first = waypoints.find(([x, z]) => Math.hypot(x - x0, z - z0) > 1e-6);
  return { x: x0, z: z0, heading: first ? Math.atan2(first[0] - x0, first[1] - z0) : 0 };
}

/** What the autopilot reads of a car (a physics state, or the kinematic car's). */
export interface AutopilotCar {
  readonly position: { readonly x: number; readonly z: number };
  readonly heading: number;
  readonly speed: number;
}

/**
 * The autopilot's controller, one physics step at a time (the CLI's headless drive and the editor's
 * "Drive this road" use the same one): pure pursuit of a point ahead along the route, the cruise
 * speed held by a proportional throttle/brake.
 */
export class Autopilot {
  readonly routeLength: number;
  private target: number;
  private readonly last: number;
  private readonly maxSteer: number;

  constructor(
    private readonly waypoints: readonly (readonly [number, number])[],
    private readonly spec: PhysicsCarSpec,
    private readonly speed: number,
  ) {
    let routeLength = 0;
    for (let k = 1; k < waypoints.length; k++) routeLength += Math.hypot(waypoints[k][0] - waypoints[k - 1][0], waypoints[k][1] - waypoints[k - 1][1]);
    this.routeLength = routeLength;
    this.last = waypoints.length - 1;
    this.target = Math.min(1, this.last);
    this.maxSteer = (spec.maxSteerDeg * Math.PI) / 180;
  }

  /** Index of the waypoint being pursued. */
  get targetIndex(): number {
    return this.target;
  }

  /** The input for the next step from the car's state; null once the car has stopped on the last waypoint. */
  next(s: AutopilotCar): PhysicsInput | null {
    const { waypoints, spec, last } = this;
    const { x, z } = s.position;
    const lookahead = Math.max(spec.wheelbase * 1.5, 0.6 * Math.abs(s.speed));
    while (this.target < last && Math.hypot(waypoints[this.target][0] - x, waypoints[this.target][1] - z) < lookahead) this.target++;
    const target = this.target;
    const [tx, tz] = waypoints[target];
    const distance = Math.hypot(tx - x, tz - z);
    let toEnd = distance;
    for (let j = target; j < last; j++) toEnd += Math.hypot(waypoints[j + 1][0] - waypoints[j][0], waypoints[j + 1][1] - waypoints[j][1]);
    if (target === last && distance < ARRIVAL_RADIUS && Math.abs(s.speed) < STOPPED_SPEED) return null;
    const bearing = Math.atan2(tx - x, tz - z);
    const alpha = Math.atan2(Math.sin(bearing - s.heading), Math.cos(bearing - s.heading));
    const steerAngle = Math.atan2(2 * spec.wheelbase * Math.sin(alpha), Math.max(distance, 1e-3));
    const steer = Math.max(-1, Math.min(1, -steerAngle / Math.max(this.maxSteer, 1e-6)));
    const wanted = Math.min(this.speed * Math.max(0.25, Math.cos(alpha)), Math.sqrt(2 * PLANNED_BRAKING * Math.max(0, toEnd - ARRIVAL_RADIUS / 2)));
    const error = wanted - s.speed;
    return error >= 0 ? { throttle: Math.min(1, SPEED_GAIN * error), steer, brake: 0, handbrake: false } : { throttle: 0, steer, brake: Math.min(1, -SPEED_GAIN * error), handbrake: false };
  }
}

export class InputsError extends Error {
  override name = 'InputsError';
}

/** Most rows an inputs file may have. */
export const MAX_INPUT_ROWS = 1_000_000;
const INPUT_HEADER = ['t', 'throttle', 'steer', 'brake', 'handbrake'];

/**
 * Parses `t,throttle,steer,brake,handbrake` CSV (header first; t in seconds, strictly increasing from ≥ 0;
 * throttle and steer −1..1, brake 0..1, handbrake 0 or 1). Errors name the line and the problem.
 */
export function parseInputsCsv(text: string): TimedInput[] {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length === 0) throw new InputsError('is empty; expected the header t,throttle,steer,brake,handbrake');
  const header = lines[0].split(',').map((c) => c.trim().toLowerCase());
  if (header.join(',') !== INPUT_HEADER.join(',')) throw new InputsError(`line 1: the header must be ${INPUT_HEADER.join(',')}`);
  if (lines.length - 1 > MAX_INPUT_ROWS) throw new InputsError(`has more than ${MAX_INPUT_ROWS.toLocaleString('en-US')} rows`);
  const rows: TimedInput[] = [];
  for (let k = 1; k < lines.length; k++) {
    const cells = lines[k].split(',');
    if (cells.length !== 5) throw new InputsError(`line ${k + 1}: expected 5 values, got ${cells.length}`);
    const values = cells.map((c) => (/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(c) ? Number(c) : NaN));
    const [t, throttle, steer, brake, handbrake] = values;
    const bad = (name: string, range: string): never => {
      throw new InputsError(`line ${k + 1}: ${name} must be ${range}, got "${cells[INPUT_HEADER.indexOf(name)].trim()}"`);
    };
    if (!(t >= 0) || !Number.isFinite(t)) bad('t', 'a number of seconds ≥ 0');
    if (rows.length > 0 && !(t > rows[rows.length - 1].t)) bad('t', 'greater than the previous row\'s t');
    if (!(throttle >= -1 && throttle <= 1)) bad('throttle', 'between -1 and 1');
    if (!(steer >= -1 && steer <= 1)) bad('steer', 'between -1 and 1');
    if (!(brake >= 0 && brake <= 1)) bad('brake', 'between 0 and 1');
    if (handbrake !== 0 && handbrake !== 1) bad('handbrake', '0 or 1');
    rows.push({ t, throttle, steer, brake, handbrake: handbrake === 1 });
  }
  return rows;
}
