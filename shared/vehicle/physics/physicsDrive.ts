import type { Heightfield } from '../../terrain/heightfield';
import { drivableBounds, type Obstacle } from '../drive';
import { DriveRouteError, TELEMETRY_COLUMNS } from '../telemetry';
import { isFlooded, wadingSpeedFactor, waterAtCar } from '../water';
import { Autopilot } from './autopilot';
import { BOUND_SLACK_SECONDS, BOUND_SPEED, DriveWatch, MAX_AUTOPILOT_SECONDS, driveTimeLimit, type DriveEnd } from './driveEnd';
import type { PhysicsCarSpec } from './cars';
import { NO_INPUT, PHYSICS_DT, PHYSICS_HZ, PhysicsCar, type PhysicsInput, type PhysicsStart, type PhysicsState } from './physicsCar';
export { Autopilot, type AutopilotCar } from './autopilot';
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
export function physicsTelemetryRow(t: number, s: PhysicsState, water = 0): PhysicsTelemetryRow {
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
    water,
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

/** One CSV line of a row (no newline). */
export const formatPhysicsRow = (row: PhysicsTelemetryRow, decimals = 6): string =>
  PHYSICS_TELEMETRY_COLUMNS.map((c) => formatNumber(row[c], decimals)).join(',');

export function physicsTelemetryCsv(rows: readonly PhysicsTelemetryRow[], decimals = 6): string {
  const lines = [PHYSICS_TELEMETRY_COLUMNS.join(',')];
  for (const row of rows) lines.push(formatPhysicsRow(row, decimals));
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
  /**
   * Metres of water per vertex (shared/vehicle/water.ts waterField): the throttle is held to the wading
   * share of it (slower in water), and the drive ends `flooded` past the spec's fording depth.
   */
  readonly water?: Heightfield;
  /** Called every ten seconds of drive time or so: seconds driven of at most `total`. */
  readonly onProgress?: (driven: number, total: number) => void;
}

export interface PhysicsDriveOutcome {
  readonly reachedEnd: boolean;
  /** Autopilot drives: how and where the drive ended. */
  readonly end?: DriveEnd;
}

export interface PhysicsDriveResult extends PhysicsDriveOutcome {
  readonly rows: PhysicsTelemetryRow[];
}

/** Rows one after another, then the outcome (the generator's return value). */
export type PhysicsRows = Generator<PhysicsTelemetryRow, PhysicsDriveOutcome, void>;

const stepsPerRow = (step: number): number => Math.max(1, Math.round(step * PHYSICS_HZ));
/** Drive time between progress calls, seconds. */
const PROGRESS_EVERY = 10;

/** All the rows of a drive, and its outcome. */
export function collectRows(rows: PhysicsRows): PhysicsDriveResult {
  const out: PhysicsTelemetryRow[] = [];
  for (;;) {
    const next = rows.next();
    if (next.done) return { ...next.value, rows: out };
    out.push(next.value);
  }
}

/** Drives `duration` seconds from `start` with the scheduled inputs (before the first row: no input). */
export function driveInputs(
  rapier: Rapier,
  field: Heightfield,
  start: PhysicsStart,
  schedule: readonly TimedInput[],
  duration: number,
  options: PhysicsDriveCommon,
): PhysicsDriveResult {
  return collectRows(inputRows(rapier, field, start, schedule, duration, options));
}

/** driveInputs row by row (the CLI writes them as they come). Checks its arguments at once. */
export function inputRows(
  rapier: Rapier,
  field: Heightfield,
  start: PhysicsStart,
  schedule: readonly TimedInput[],
  duration: number,
  options: PhysicsDriveCommon,
): PhysicsRows {
  if (!(duration > 0) || !Number.isFinite(duration)) throw new DriveRouteError(`duration must be a positive number of seconds, got ${duration}`);
  const bounds = drivableBounds(field, options.spec);
  if (!(start.x >= bounds.minX && start.x <= bounds.maxX && start.z >= bounds.minZ && start.z <= bounds.maxZ)) {
    throw new DriveRouteError(
      `the start (${start.x}, ${start.z}) is outside the drivable area x ∈ [${bounds.minX}, ${bounds.maxX}], z ∈ [${bounds.minZ}, ${bounds.maxZ}] ` +
        `(the map less half the car length)`,
    );
  }
  return (function* (): PhysicsRows {
    const car = new PhysicsCar(rapier, field, options.spec, start, options.obstacles);
    try {
      const every = stepsPerRow(options.step);
      const total = Math.round(duration * PHYSICS_HZ);
      const fording = options.spec.fordingDepth;
      let water = waterUnder(options.water, car.state);
      yield physicsTelemetryRow(0, car.state, water);
      let next = 0;
      let input: PhysicsInput = NO_INPUT;
      for (let k = 0; k < total; k++) {
        const t = k * PHYSICS_DT;
        if (isFlooded(water, fording)) {
          if (k % every !== 0) yield physicsTelemetryRow(t, car.state, water);
          return { reachedEnd: false, end: { reason: 'flooded', t, x: car.state.position.x, z: car.state.position.z, at: 0 } };
        }
        while (next < schedule.length && schedule[next].t <= t + 1e-9) input = schedule[next++];
        car.step(wading(input, water, fording));
        water = waterUnder(options.water, car.state);
        if ((k + 1) % every === 0 || k + 1 === total) yield physicsTelemetryRow((k + 1) * PHYSICS_DT, car.state, water);
        if ((k + 1) % (PROGRESS_EVERY * PHYSICS_HZ) === 0) options.onProgress?.((k + 1) * PHYSICS_DT, duration);
      }
      return { reachedEnd: true };
    } finally {
      car.dispose();
    }
  })();
}

export interface RouteDriveOptions extends PhysicsDriveCommon {
  /** Cruise speed, m/s (at least MIN_AUTOPILOT_SPEED is used). */
  readonly speed: number;
  /** A road's width, metres: the drive ends when the car is further off its line than width / 2 + width. */
  readonly roadWidth?: number;
}

/** The length of a route, metres. */
export function routeLength(waypoints: readonly (readonly [number, number])[]): number {
  let length = 0;
  for (let k = 1; k < waypoints.length; k++) length += Math.hypot(waypoints[k][0] - waypoints[k - 1][0], waypoints[k][1] - waypoints[k - 1][1]);
  return length;
}

/**
 * Checks a route before it is driven: waypoints finite and within the drivable area, and a drive-time
 * bound (length / 2 m/s + 30 s) of at most MAX_AUTOPILOT_SECONDS. Throws DriveRouteError naming the problem.
 */
export function checkRoute(field: Heightfield, spec: PhysicsCarSpec, waypoints: readonly (readonly [number, number])[], speed: number): void {
  if (!(speed > 0) || !Number.isFinite(speed)) throw new DriveRouteError(`speed must be a positive number, got ${speed}`);
  if (waypoints.length === 0) throw new DriveRouteError('the route has no waypoints');
  const bounds = drivableBounds(field, spec);
  waypoints.forEach(([x, z], k) => {
    if (!Number.isFinite(x) || !Number.isFinite(z)) throw new DriveRouteError(`waypoint ${k} is not a pair of numbers`);
    if (x < bounds.minX || x > bounds.maxX || z < bounds.minZ || z > bounds.maxZ) {
      throw new DriveRouteError(
        `waypoint ${k} (${x}, ${z}) is outside the drivable area x ∈ [${bounds.minX}, ${bounds.maxX}], z ∈ [${bounds.minZ}, ${bounds.maxZ}] (the ` +
          `map less half the car length)`,
      );
    }
  });
  const limit = driveTimeLimit(routeLength(waypoints));
  if (limit > MAX_AUTOPILOT_SECONDS) {
    throw new DriveRouteError(
      `the route is ${Math.round(routeLength(waypoints)).toLocaleString('en-US')} m long: a drive may take at ` +
        `most ${MAX_AUTOPILOT_SECONDS.toLocaleString('en-US')} s (length / ${BOUND_SPEED} m/s + ${BOUND_SLACK_SECONDS} s)`,
    );
  }
}

/**
 * Autopilot drive (autopilot.ts) from the first waypoint to the last, ended early by the DriveWatch's
 * rules (rolled over, stuck, left the road, out of time); the last row is the car where it ended.
 */
export function driveRoutePhysics(
  rapier: Rapier,
  field: Heightfield,
  waypoints: readonly (readonly [number, number])[],
  options: RouteDriveOptions,
): PhysicsDriveResult {
  return collectRows(routeRowsPhysics(rapier, field, waypoints, options));
}

/** driveRoutePhysics row by row. Checks the route at once. */
export function routeRowsPhysics(
  rapier: Rapier,
  field: Heightfield,
  waypoints: readonly (readonly [number, number])[],
  options: RouteDriveOptions,
): PhysicsRows {
  const spec = options.spec;
  checkRoute(field, spec, waypoints, options.speed);
  return (function* (): PhysicsRows {
    const car = new PhysicsCar(rapier, field, spec, routeStart(waypoints), options.obstacles);
    try {
      const pilot = new Autopilot(waypoints, spec, options.speed, { field });
      const watch = new DriveWatch({ routeLength: pilot.routeLength, roadWidth: options.roadWidth });
      const every = stepsPerRow(options.step);
      let water = waterUnder(options.water, car.state);
      yield physicsTelemetryRow(0, car.state, water);
      for (let k = 0; ; k++) {
        const s = car.state;
        const input = pilot.next(s);
        const t = k * PHYSICS_DT;
        const where = { t, x: s.position.x, z: s.position.z, roll: s.roll, progress: pilot.progress, offset: pilot.offset };
        const end = isFlooded(water, spec.fordingDepth) ? watch.flood(where) : input ? watch.observe(where) : watch.arrive(where);
        if (end) {
          if (k % every !== 0) yield physicsTelemetryRow(t, s, water);
          return { reachedEnd: end.reason === 'arrived', end };
        }
        car.step(wading(input!, water, spec.fordingDepth));
        water = waterUnder(options.water, car.state);
        if ((k + 1) % every === 0) yield physicsTelemetryRow((k + 1) * PHYSICS_DT, car.state, water);
        if ((k + 1) % (PROGRESS_EVERY * PHYSICS_HZ) === 0) options.onProgress?.((k + 1) * PHYSICS_DT, watch.timeLimit);
      }
    } finally {
      car.dispose();
    }
  })();
}

/** The water under the car's underside centre, metres. */
const waterUnder = (water: Heightfield | undefined, s: PhysicsState): number => waterAtCar(water, s.position.x, s.position.z);

/** Wading: the throttle held to the share of the car's speed the water leaves it (water.ts), brakes as they are. */
export function wading(input: PhysicsInput, water: number, fording: number): PhysicsInput {
  if (!(water > 0) || !(input.throttle > 0)) return input;
  return { ...input, throttle: input.throttle * wadingSpeedFactor(water, fording) };
}

/** Where a route's car starts: on its first waypoint, facing the first waypoint that is elsewhere. */
export function routeStart(waypoints: readonly (readonly [number, number])[]): PhysicsStart {
  const [x0, z0] = waypoints[0];
  const first = waypoints.find(([x, z]) => Math.hypot(x - x0, z - z0) > 1e-6);
  return { x: x0, z: z0, heading: first ? Math.atan2(first[0] - x0, first[1] - z0) : 0 };
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
    if (rows.length > 0 && !(t > rows[rows.length - 1].t)) bad('t', "greater than the previous row's t");
    if (!(throttle >= -1 && throttle <= 1)) bad('throttle', 'between -1 and 1');
    if (!(steer >= -1 && steer <= 1)) bad('steer', 'between -1 and 1');
    if (!(brake >= 0 && brake <= 1)) bad('brake', 'between 0 and 1');
    if (handbrake !== 0 && handbrake !== 1) bad('handbrake', '0 or 1');
    rows.push({ t, throttle, steer, brake, handbrake: handbrake === 1 });
  }
  return rows;
}
