import type { Heightfield } from '../../shared/terrain/heightfield';
import { heightAt, slopeAt } from '../../shared/terrain/surface';
import type { CarState, StopReason } from '../../shared/vehicle/drive';
import type { CarPose } from '../../shared/vehicle/pose';
import type { WheelContact, WheelLayout } from '../../shared/vehicle/wheels';
import type { PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import type { CarDynamics } from './settings';
import type { HudValues } from './driveTypes';

/** What the HUD is made from after a frame. */
export interface HudInputs {
  readonly field: Heightfield;
  readonly model: CarDynamics;
  readonly car: CarState;
  readonly pose: CarPose;
  /** The physics car's last step (absent for the kinematic car, or while the engine loads). */
  readonly physics: PhysicsState | undefined;
  /** The physics model is chosen but its car does not exist yet. */
  readonly loading: boolean;
  /** The drawn wheels (the kinematic car's, or the physics car's interpolated). */
  readonly wheels: readonly WheelContact[];
  readonly layout: WheelLayout;
  readonly stoppedBy: StopReason | undefined;
  readonly stops: number;
  /** Metres of water at the car, and whether it is flooded there. */
  readonly water: number;
  readonly flooded: boolean;
}

const deg = (radians: number): number => (radians * 180) / Math.PI;

/** The HUD's values: metres, m/s and degrees (heading 0 = +z, 90 = +x). */
export function hudValues(inputs: HudInputs): HudValues {
  const { field, car, pose, physics, wheels, layout } = inputs;
  const { x, z } = car;
  let wheelsGrounded = 0;
  let wheelGap = 0;
  // Physics: the contact points the engine found (the drawn ones are interpolated between steps).
  const contacts = physics ? physics.wheels.map((w) => ({ grounded: w.contact, contact: w.contactPoint })) : wheels;
  for (const wheel of contacts) {
    if (!wheel.grounded) continue;
    wheelsGrounded++;
    wheelGap = Math.max(wheelGap, Math.abs(wheel.contact.y - heightAt(field, wheel.contact.x, wheel.contact.z)));
  }
  const heading = deg(Math.atan2(Math.sin(pose.heading), Math.cos(pose.heading)));
  return {
    model: inputs.model,
    water: inputs.water,
    flooded: inputs.flooded,
    loading: inputs.loading,
    airborne: physics?.airborne ?? false,
    wheelContacts: physics ? physics.wheels.map((w) => w.contact) : wheels.map((w) => w.grounded),
    surfaces: physics ? physics.wheels.map((w) => w.surface) : [],
    compressions: physics ? physics.wheels.map((w) => w.compression) : wheels.map((w) => (w.offset + layout.travel) / (2 * layout.travel)),
    speed: car.speed,
    headingDeg: heading < 0 ? heading + 360 : heading,
    pitchDeg: deg(pose.pitch),
    rollDeg: deg(pose.roll),
    slopeDeg: deg(slopeAt(field, x, z)),
    x,
    z,
    height: pose.position.y,
    ground: heightAt(field, x, z),
    clipDepth: pose.clipDepth,
    stoppedBy: inputs.stoppedBy,
    stops: inputs.stops,
    wheelsGrounded,
    wheelGap,
  };
}
