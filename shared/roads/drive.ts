/**
 * Drive this road: the physics car starts on the road's first station facing along it, and the
 * autopilot (shared/vehicle/physics/autopilot.ts) follows the centreline — its stations every 2 m as
 * waypoints — at the design speed (or a given speed), slower where a bend or crest needs it, to the last.
 */
import type { Heightfield } from '../terrain/heightfield';
import type { Obstacle } from '../vehicle/drive';
import type { PhysicsCarSpec } from '../vehicle/physics/cars';
import { collectRows, routeRowsPhysics, type PhysicsDriveResult, type PhysicsRows } from '../vehicle/physics/physicsDrive';
import type { Rapier } from '../vehicle/physics/rapier';
import type { FittedRoad } from './fittedRoad';

/** Waypoints along the centreline, about `spacing` metres apart, first and last station included. */
export function roadWaypoints(fitted: FittedRoad, spacing = 2): [number, number][] {
  const { line } = fitted;
  const every = Math.max(1, Math.round(spacing / line.ds));
  const out: [number, number][] = [];
  for (let k = 0; k < line.n - 1; k += every) out.push([line.x[k], line.z[k]]);
  out.push([line.x[line.n - 1], line.z[line.n - 1]]);
  return out;
}

export interface RoadDriveOptions {
  spec: PhysicsCarSpec;
  /** m/s; default the design speed (at least the autopilot's slowest, MIN_AUTOPILOT_SPEED). */
  speed?: number;
  step?: number;
  obstacles?: readonly Obstacle[];
  /** Metres of water per vertex the car wades or floods in (shared/vehicle/water.ts). */
  water?: Heightfield;
  onProgress?: (driven: number, total: number) => void;
}

/**
 * The road driven by the autopilot: ends on the last station, or when the car rolls over, is stuck,
 * leaves the road (further off its centreline than width / 2 + width) or runs out of time.
 */
export function driveRoad(rapier: Rapier, shaped: Heightfield, fitted: FittedRoad, options: RoadDriveOptions): PhysicsDriveResult {
  return collectRows(roadRows(rapier, shaped, fitted, options));
}

/** driveRoad row by row. Checks the route at once (DriveRouteError). */
export function roadRows(rapier: Rapier, shaped: Heightfield, fitted: FittedRoad, options: RoadDriveOptions): PhysicsRows {
  const speed = options.speed ?? fitted.params.designSpeedKmh / 3.6;
  return routeRowsPhysics(rapier, shaped, roadWaypoints(fitted), {
    spec: options.spec,
    step: options.step ?? 0.05,
    speed,
    obstacles: options.obstacles,
    roadWidth: fitted.params.width,
    onProgress: options.onProgress,
    ...(options.water ? { water: options.water } : {}),
  });
}
