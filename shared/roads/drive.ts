/**
 * Drive this road: the physics car starts on the road's first station facing along it, and the
 * autopilot (pure pursuit, shared/vehicle/physics/physicsDrive.ts) follows the centreline — its
 * stations every 2 m as waypoints — at the design speed (or a given speed) to the last one.
 */
import type { Heightfield } from '../terrain/heightfield';
import type { Obstacle } from '../vehicle/drive';
import type { PhysicsCarSpec } from '../vehicle/physics/cars';
import { driveRoutePhysics, type PhysicsDriveResult } from '../vehicle/physics/physicsDrive';
import type { Rapier } from '../vehicle/physics/rapier';
import type { RoadModel } from './model';

/** Waypoints along the centreline, about `spacing` metres apart, first and last station included. */
export function roadWaypoints(model: RoadModel, spacing = 2): [number, number][] {
  const { line } = model;
  const every = Math.max(1, Math.round(spacing / line.ds));
  const out: [number, number][] = [];
  for (let k = 0; k < line.n - 1; k += every) out.push([line.x[k], line.z[k]]);
  out.push([line.x[line.n - 1], line.z[line.n - 1]]);
  return out;
}

export interface RoadDriveOptions {
  spec: PhysicsCarSpec;
  /** m/s; default the design speed. */
  speed?: number;
  step?: number;
  obstacles?: readonly Obstacle[];
}

export function driveRoad(rapier: Rapier, shaped: Heightfield, model: RoadModel, options: RoadDriveOptions): PhysicsDriveResult {
  const speed = options.speed ?? model.params.designSpeedKmh / 3.6;
  return driveRoutePhysics(rapier, shaped, roadWaypoints(model), { spec: options.spec, step: options.step ?? 0.05, speed, obstacles: options.obstacles });
}
