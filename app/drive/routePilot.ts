import type { Heightfield } from '../../shared/terrain/heightfield';
import type { PhysicsCarSpec } from '../../shared/vehicle/physics/cars';
import { Autopilot, type AutopilotCar } from '../../shared/vehicle/physics/physicsDrive';
import { DriveWatch, type DriveEnd } from '../../shared/vehicle/physics/driveEnd';

/** What the autopilot asks of the car for one step. */
export interface PilotInput {
  readonly throttle: number;
  readonly steer: number;
  readonly brake: number;
}

/** The car as the autopilot and the drive-end rules see it. */
export interface PilotCar extends AutopilotCar {
  readonly roll: number;
}

/** One step of a route drive: the input, or how the drive ended (then the brakes go on). */
export type PilotStep = { readonly input: PilotInput | null; readonly end: null } | { readonly input: null; readonly end: DriveEnd };

/**
 * A route drive ("Drive this road"): the CLI's autopilot steering (shared/vehicle/physics) and its
 * drive-end rules (arrived, rolled over, stuck, off the road, out of time), in drive time.
 */
export class RoutePilot {
  private readonly autopilot: Autopilot;
  private readonly watch: DriveWatch;
  /** Drive time since the autopilot started, seconds. */
  private time = 0;

  constructor(waypoints: readonly (readonly [number, number])[], spec: PhysicsCarSpec, speed: number, field: Heightfield, roadWidth: number | undefined) {
    this.autopilot = new Autopilot(waypoints, spec, speed, { field });
    this.watch = new DriveWatch({ routeLength: this.autopilot.routeLength, roadWidth });
  }

  /**
   * The input for the car now, `dt` seconds of drive time after the last step, or how the drive ended
   * (`flooded`: the water at the car is deeper than it can ford).
   */
  step(car: PilotCar, dt: number, flooded = false): PilotStep {
    const input = this.autopilot.next(car);
    const where = { t: this.time, x: car.position.x, z: car.position.z, roll: car.roll, progress: this.autopilot.progress, offset: this.autopilot.offset };
    this.time += dt;
    const end = flooded ? this.watch.flood(where) : input ? this.watch.observe(where) : this.watch.arrive(where);
    return end ? { input: null, end } : { input, end: null };
  }
}
