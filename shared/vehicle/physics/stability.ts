/**
 * A physics car's geometry at rest and its rollover threshold, from its spec alone (no Rapier): the
 * Drive panel shows the static stability factor, and the physics car puts its centre of mass by it.
 */
import type { PhysicsCarSpec } from './cars';

export const GRAVITY = 9.81;
/** Wheel bottom below the body's underside with the suspension fully compressed, metres. */
export const BOTTOM_OUT_CLEARANCE = 0.05;

/** How far each spring is compressed by the car's weight at rest on flat ground (a quarter each), metres. */
export const staticSag = (spec: PhysicsCarSpec): number => Math.min(spec.suspensionTravel, (spec.mass * GRAVITY) / 4 / spec.suspensionStiffness);

/** Height of the body's underside above flat ground with the car at rest, metres. */
export const restRideHeight = (spec: PhysicsCarSpec): number => Math.max(0, spec.suspensionTravel + BOTTOM_OUT_CLEARANCE - staticSag(spec));

/** The centre of mass above the body's underside (the body frame's origin), metres. */
export const centreOfMassAboveUnderside = (spec: PhysicsCarSpec): number => spec.centreOfMassHeight - restRideHeight(spec);

/**
 * Static stability factor, track / (2 · centre-of-mass height) (NHTSA's SSF): a rigid car on a tilt
 * table tips over at atan(SSF), and in a steady turn its wheels lift at SSF · g of lateral acceleration.
 */
export const staticStabilityFactor = (spec: PhysicsCarSpec): number => spec.track / (2 * Math.max(1e-6, spec.centreOfMassHeight));

/** The side slope, degrees, at which the car tips over (ignoring suspension roll). */
export const tipAngleDeg = (spec: PhysicsCarSpec): number => (Math.atan(staticStabilityFactor(spec)) * 180) / Math.PI;
