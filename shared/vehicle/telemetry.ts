import type { Heightfield } from '../terrain/heightfield';
import { drivableBounds, moveCar, type CarSettings, type Obstacle, type StopReason } from './drive';
import { WADING_DRAG, isFlooded, wadingSpeedFactor, waterAtCar } from './water';
import { poseFromTerrain, poseFromWheelPlane, type CarPlacement, type CarPose } from './pose';

/** Telemetry CSV columns: metres, radians, unit vectors in world space (y up); water: metres of water at the car's centre. */
export const TELEMETRY_COLUMNS = ['t', 'x', 'y', 'z', 'heading', 'pitch', 'roll', 'upX', 'upY', 'upZ', 'fwdX', 'fwdY', 'fwdZ', 'clip', 'water'] as const;

export type TelemetryRow = Record<(typeof TELEMETRY_COLUMNS)[number], number>;

export function telemetryRow(t: number, pose: CarPose, water = 0): TelemetryRow {
  return {
    t,
    x: pose.position.x,
    y: pose.position.y,
    z: pose.position.z,
    heading: pose.heading,
    pitch: pose.pitch,
    roll: pose.roll,
    upX: pose.up.x,
    upY: pose.up.y,
    upZ: pose.up.z,
    fwdX: pose.forward.x,
    fwdY: pose.forward.y,
    fwdZ: pose.forward.z,
    clip: pose.clipDepth,
    water,
  };
}

/** Fixed decimals without "-0.000000" for tiny negatives. */
function formatNumber(v: number, decimals: number): string {
  const text = v.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
}

export function formatTelemetryRow(row: TelemetryRow, decimals = 6): string {
  return TELEMETRY_COLUMNS.map((c) => formatNumber(row[c], decimals)).join(',');
}

/** Header line plus one line per row, each ending in "\n". */
export function telemetryCsv(rows: readonly TelemetryRow[], decimals = 6): string {
  return [TELEMETRY_COLUMNS.join(','), ...rows.map((r) => formatTelemetryRow(r, decimals))].map((line) => `${line}\n`).join('');
}

export class DriveRouteError extends Error {
  override name = 'DriveRouteError';
}

export interface DriveRouteOptions {
  /** Cruise speed, m/s. */
  readonly speed: number;
  readonly length: number;
  readonly width: number;
  /** Time step between rows, seconds. */
  readonly step: number;
  /** Yaw rate limit, rad/s (default 1.5). */
  readonly turnRate?: number;
  /** Default 90: the headless driver climbs anything unless told otherwise. */
  readonly maxClimbSlopeDeg?: number;
  readonly clearance?: number;
  readonly obstacles?: readonly Obstacle[];
  readonly poseMethod?: 'classic' | 'wheelPlane';
  /** Safety stop; the default allows twice the straight-line time plus a full turn per waypoint. */
  readonly maxSteps?: number;
  /** Metres of water per vertex (waterField), and the car's fording depth (water.ts): slower in water, stopped past it. */
  readonly water?: Heightfield;
  readonly fordingDepth?: number;
}

export interface DriveRouteResult {
  readonly rows: TelemetryRow[];
  readonly reachedEnd: boolean;
  /** Why the drive ended before the last waypoint: blocked, flooded (water deeper than its fording depth), or out of steps. */
  readonly stoppedBy?: StopReason | 'flooded' | 'maxSteps';
}

const ARRIVAL_TOLERANCE = 1e-6;

/**
 * One step of pursuit: follow the circular arc that leaves along the current heading and ends on the
 * target (radius = remaining / (2·sin|error|)), at the cruise speed or slower where the arc is tighter
 * than turnRate allows — so the car cannot circle a waypoint forever. A target more than 90° off the
 * heading is faced first by turning on the spot.
 */
export function pursueTarget(remaining: number, error: number, cruise: number, turnRate: number, step: number): { distance: number; turn: number } {
  const maxTurn = turnRate * step;
  if (Math.abs(error) > Math.PI / 2) return { distance: 0, turn: Math.max(-maxTurn, Math.min(maxTurn, error)) };
  if (Math.abs(Math.sin(error)) < 1e-12) return { distance: Math.min(cruise * step, remaining), turn: 0 };
  const radius = remaining / (2 * Math.abs(Math.sin(error)));
  const arc = 2 * Math.abs(error) * radius;
  const distance = Math.min(Math.min(cruise, turnRate * radius) * step, arc);
  return { distance, turn: (Math.sign(error) * distance) / radius };
}

function assertPositive(name: string, value: number): void {
  if (!(value > 0) || !Number.isFinite(value)) throw new DriveRouteError(`${name} must be a positive number, got ${value}`);
}

/**
 * Headless driver: starts on the first waypoint facing the next and drives to each in turn along
 * circular arcs (see pursueTarget). Moves go through the same sub-stepped, collision-checked moveCar as
 * interactive driving; every row is the pose code's output for that step.
 */
export function driveRoute(field: Heightfield, waypoints: readonly (readonly [number, number])[], options: DriveRouteOptions): DriveRouteResult {
  const rows: TelemetryRow[] = [];
  const generator = routeRows(field, waypoints, options);
  for (;;) {
    const next = generator.next();
    if (next.done) return { ...next.value, rows };
    rows.push(next.value);
  }
}

/** How a kinematic route drive ended. */
export type DriveRouteOutcome = Omit<DriveRouteResult, 'rows'>;

/** driveRoute row by row (the CLI writes them as they come, never holding them all). Checks its arguments at once. */
export function routeRows(
  field: Heightfield,
  waypoints: readonly (readonly [number, number])[],
  options: DriveRouteOptions,
): Generator<TelemetryRow, DriveRouteOutcome, void> {
  assertPositive('speed', options.speed);
  assertPositive('step', options.step);
  assertPositive('car length', options.length);
  assertPositive('car width', options.width);
  const turnRate = options.turnRate ?? 1.5;
  assertPositive('turn rate', turnRate);
  if (waypoints.length === 0) throw new DriveRouteError('the route has no waypoints');
  const bounds = drivableBounds(field, options);
  waypoints.forEach(([x, z], k) => {
    if (!Number.isFinite(x) || !Number.isFinite(z)) throw new DriveRouteError(`waypoint ${k} is not a pair of numbers`);
    if (x < bounds.minX || x > bounds.maxX || z < bounds.minZ || z > bounds.maxZ) {
      throw new DriveRouteError(
        `waypoint ${k} (${x}, ${z}) is outside the drivable area x ∈ [${bounds.minX}, ${bounds.maxX}], z ∈ [${bounds.minZ}, ${bounds.maxZ}] (the ` +
          `map less half the car length)`,
      );
    }
  });
  const settings: CarSettings = {
    length: options.length,
    width: options.width,
    maxSpeed: options.speed,
    maxClimbSlopeDeg: options.maxClimbSlopeDeg ?? 90,
    accel: 0,
    brake: 0,
    turnRate,
  };
  const body = { length: options.length, width: options.width, clearance: options.clearance };
  const pose = options.poseMethod === 'wheelPlane' ? poseFromWheelPlane : poseFromTerrain;
  const fording = options.fordingDepth ?? Infinity;

  let routeLength = 0;
  for (let k = 1; k < waypoints.length; k++) routeLength += Math.hypot(waypoints[k][0] - waypoints[k - 1][0], waypoints[k][1] - waypoints[k - 1][1]);
  const slowest = options.water ? 1 - WADING_DRAG : 1;
  const maxSteps =
    options.maxSteps ??
    Math.ceil((2 * routeLength) / (options.speed * slowest * options.step) + waypoints.length * Math.ceil((2 * Math.PI) / (turnRate * options.step))) + 100;

  return (function* (): Generator<TelemetryRow, DriveRouteOutcome, void> {
    const [x0, z0] = waypoints[0];
    const next = waypoints.find(([x, z]) => Math.hypot(x - x0, z - z0) > ARRIVAL_TOLERANCE);
    let car: CarPlacement = { x: x0, z: z0, heading: next ? Math.atan2(next[0] - x0, next[1] - z0) : 0 };
    let water = waterAtCar(options.water, car.x, car.z);
    yield telemetryRow(0, pose(field, car, body), water);
    if (isFlooded(water, fording)) return { reachedEnd: false, stoppedBy: 'flooded' };
    let target = 1;
    let stepIndex = 0;
    while (target < waypoints.length) {
      const [tx, tz] = waypoints[target];
      const remaining = Math.hypot(tx - car.x, tz - car.z);
      if (remaining <= ARRIVAL_TOLERANCE) {
        target++;
        continue;
      }
      if (++stepIndex > maxSteps) return { reachedEnd: false, stoppedBy: 'maxSteps' };
      const bearing = Math.atan2(tx - car.x, tz - car.z);
      const error = Math.atan2(Math.sin(bearing - car.heading), Math.cos(bearing - car.heading));
      // Wading: the cruise speed is slowed by the water under the car (water.ts).
      const cruise = options.speed * wadingSpeedFactor(water, fording);
      const { distance, turn } = pursueTarget(remaining, error, cruise, turnRate, options.step);
      const moved = moveCar(field, car, distance, turn, settings, options.obstacles);
      car = moved.placement;
      water = waterAtCar(options.water, car.x, car.z);
      yield telemetryRow(stepIndex * options.step, pose(field, car, body), water);
      if (moved.stoppedBy) return { reachedEnd: false, stoppedBy: moved.stoppedBy };
      if (isFlooded(water, fording)) return { reachedEnd: false, stoppedBy: 'flooded' };
    }
    return { reachedEnd: true };
  })();
}
