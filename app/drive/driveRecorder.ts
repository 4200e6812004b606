import type { CarPose } from '../../shared/vehicle/pose';
import { telemetryCsv, telemetryRow, type TelemetryRow } from '../../shared/vehicle/telemetry';
import { PHYSICS_DT, type PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import { physicsTelemetryCsv, physicsTelemetryRow, type PhysicsTelemetryRow } from '../../shared/vehicle/physics/physicsDrive';
import type { CarDynamics } from './settings';
import type { Recording } from './driveTypes';

/** The last ~17 minutes at 60 frames a second; older rows are dropped. */
export const MAX_RECORDED_ROWS = 60_000;

/** A drive's telemetry: one row a frame for the kinematic car, one a 1/120 s step for the physics car. */
export class DriveRecorder {
  private kinematic: TelemetryRow[] = [];
  private physics: PhysicsTelemetryRow[] = [];
  private model: CarDynamics = 'kinematic';
  private time = 0;

  /** Starts a new recording made with `model`, its first row where the car is now (when it is placed). */
  start(model: CarDynamics, now: { pose: CarPose | null; physics: PhysicsState | undefined }): void {
    this.kinematic = [];
    this.physics = [];
    this.time = 0;
    this.model = model;
    if (model === 'physics') {
      if (now.physics) this.physics.push(physicsTelemetryRow(0, now.physics));
    } else if (now.pose) this.kinematic.push(telemetryRow(0, now.pose));
  }

  /** The kinematic car after a frame of `dt` seconds, in `water` metres of water. */
  addFrame(dt: number, pose: CarPose, water = 0): void {
    this.time += dt;
    this.kinematic.push(telemetryRow(this.time, pose, water));
    if (this.kinematic.length > MAX_RECORDED_ROWS) this.kinematic.splice(0, this.kinematic.length - MAX_RECORDED_ROWS);
  }

  /** The physics car after one fixed step, in `water` metres of water. */
  addStep(state: PhysicsState, water = 0): void {
    this.time += PHYSICS_DT;
    this.physics.push(physicsTelemetryRow(this.time, state, water));
    if (this.physics.length > MAX_RECORDED_ROWS) this.physics.splice(0, this.physics.length - MAX_RECORDED_ROWS);
  }

  get count(): number {
    return this.model === 'physics' ? this.physics.length : this.kinematic.length;
  }

  get recording(): Recording {
    return { model: this.model, kinematic: this.kinematic, physics: this.physics };
  }

  /** TELEMETRY_COLUMNS or PHYSICS_TELEMETRY_COLUMNS by the model recorded; a header only when empty. */
  csv(): string {
    return this.model === 'physics' ? physicsTelemetryCsv(this.physics) : telemetryCsv(this.kinematic);
  }
}
