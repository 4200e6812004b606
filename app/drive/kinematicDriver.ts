import type { Heightfield } from '../../shared/terrain/heightfield';
import { stepCar, type CarState, type DriveInput, type Obstacle, type StopReason } from '../../shared/vehicle/drive';
import { poseFromTerrain, poseFromWheelPlane, type CarPose, type PoseFunction } from '../../shared/vehicle/pose';
import { wheelContacts, wheelLayoutFor, type WheelContact, type WheelLayout } from '../../shared/vehicle/wheels';
import { carSettingsFor, type DriveSettings } from './settings';

/** The car a frame drew: its pose and each wheel's contact. */
export interface DrawnCar {
  readonly pose: CarPose;
  readonly wheels: WheelContact[];
}

/**
 * The kinematic car (shared/vehicle/drive.ts): moved by its speed and heading each frame, posed by pitch
 * and roll from terrain samples; counts the times it was stopped since it was placed.
 */
export class KinematicDriver {
  stoppedBy: StopReason | undefined;
  stops = 0;
  private layout: WheelLayout | null = null;
  private layoutFor = { length: NaN, width: NaN };

  constructor(
    private readonly field: () => Heightfield,
    private readonly obstacles: () => readonly Obstacle[],
  ) {}

  /** Forgets the stops (the car was placed). */
  placed(): void {
    this.stoppedBy = undefined;
    this.stops = 0;
  }

  /** Wheel sizes and mounts for a footprint (kept while the footprint stays the same). */
  wheelLayout(length: number, width: number): WheelLayout {
    if (!this.layout || this.layoutFor.length !== length || this.layoutFor.width !== width) {
      this.layout = wheelLayoutFor({ length, width });
      this.layoutFor = { length, width };
    }
    return this.layout;
  }

  /** The car after `dt` seconds of `input`, its top speed cut to `speedShare` of it (wading). */
  step(car: CarState, input: DriveInput, dt: number, settings: DriveSettings, speedShare = 1): CarState {
    const limits = carSettingsFor(settings);
    const result = stepCar(this.field(), car, input, dt, speedShare < 1 ? { ...limits, maxSpeed: limits.maxSpeed * speedShare } : limits, this.obstacles());
    if (result.stoppedBy) {
      // A stop is counted once, not again every frame the car keeps pushing against it.
      if (this.stoppedBy === undefined) this.stops++;
      this.stoppedBy = result.stoppedBy;
    } else if (result.state.speed !== 0) this.stoppedBy = undefined;
    return result.state;
  }

  /** The pose the settings' method gives the car, and the wheels of `layout` on the exact surface. */
  draw(car: CarState, settings: DriveSettings, layout: WheelLayout): DrawnCar {
    const pose = poseFunctionFor(settings)(this.field(), car, settings);
    return { pose, wheels: wheelContacts(this.field(), pose, layout) };
  }
}

export function poseFunctionFor(settings: DriveSettings): PoseFunction {
  return settings.poseMethod === 'wheelPlane' ? poseFromWheelPlane : poseFromTerrain;
}
