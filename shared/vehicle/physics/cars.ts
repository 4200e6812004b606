/**
 * Cars for the physics test drive: plain data (no engine), so the Drive panel, the project file and the
 * CLI can name and edit them without loading the physics engine.
 */

export type StockCarId = 'hatchback' | '4x4' | 'truck';
export type DrivenWheels = 'front' | 'rear' | 'all';

export interface PhysicsCarSpec {
  /** kg. */
  readonly mass: number;
  /** Body length, width and height, metres. */
  readonly length: number;
  readonly width: number;
  readonly height: number;
  /** Front axle to rear axle, metres. */
  readonly wheelbase: number;
  /** Left wheel centre to right wheel centre, metres. */
  readonly track: number;
  readonly wheelRadius: number;
  /**
   * Centre of mass height above flat ground with the car at rest, metres (track / (2 · this) is the static
   * stability factor: NHTSA measures about 1.4 for cars, 1.2 for SUVs, 1.0–1.2 for light trucks).
   */
  readonly centreOfMassHeight: number;
  /** Free length of each spring (suspension fully extended), metres. */
  readonly suspensionRestLength: number;
  /** How far each wheel can move up from full extension before it bottoms out, metres. */
  readonly suspensionTravel: number;
  /** Spring rate per wheel, N/m. */
  readonly suspensionStiffness: number;
  /** Damper rate per wheel, N·s/m. */
  readonly suspensionDamping: number;
  /** Peak engine force at the driven wheels, N. */
  readonly engineForce: number;
  /** Top speed forwards, m/s (the engine force fades to zero there); reverse is a third of it. */
  readonly topSpeed: number;
  /** Total brake force at full brake, N. */
  readonly brakeForce: number;
  /** Front wheel steering lock, degrees. */
  readonly maxSteerDeg: number;
  /** Tyre friction coefficient (grip / load). */
  readonly tyreFriction: number;
  /**
   * Deepest water the car can wade, metres (shared/vehicle/water.ts: slower in water, flooded past it);
   * the presets' 0.3 / 0.6 / 0.9 m are issue 31's.
   */
  readonly fordingDepth: number;
  readonly driven: DrivenWheels;
}

export const STOCK_CARS: Readonly<Record<StockCarId, PhysicsCarSpec>> = {
  hatchback: {
    mass: 1200,
    length: 4.0,
    width: 1.75,
    height: 1.45,
    wheelbase: 2.5,
    track: 1.5,
    wheelRadius: 0.31,
    centreOfMassHeight: 0.55,
    suspensionRestLength: 0.3,
    suspensionTravel: 0.2,
    suspensionStiffness: 30_000,
    suspensionDamping: 3_500,
    engineForce: 5_000,
    topSpeed: 50,
    brakeForce: 12_000,
    maxSteerDeg: 35,
    tyreFriction: 1.0,
    fordingDepth: 0.3,
    driven: 'front',
  },
  '4x4': {
    mass: 2000,
    length: 4.6,
    width: 1.9,
    height: 1.8,
    wheelbase: 2.8,
    track: 1.6,
    wheelRadius: 0.38,
    centreOfMassHeight: 0.67,
    suspensionRestLength: 0.4,
    suspensionTravel: 0.3,
    suspensionStiffness: 40_000,
    suspensionDamping: 5_500,
    engineForce: 9_000,
    topSpeed: 45,
    brakeForce: 20_000,
    maxSteerDeg: 33,
    tyreFriction: 1.0,
    fordingDepth: 0.6,
    driven: 'all',
  },
  truck: {
    mass: 7500,
    length: 7.5,
    width: 2.4,
    height: 3.0,
    wheelbase: 4.5,
    track: 2.0,
    wheelRadius: 0.5,
    centreOfMassHeight: 0.92,
    suspensionRestLength: 0.4,
    suspensionTravel: 0.25,
    suspensionStiffness: 200_000,
    suspensionDamping: 30_000,
    engineForce: 25_000,
    topSpeed: 28,
    brakeForce: 70_000,
    maxSteerDeg: 30,
    tyreFriction: 0.9,
    fordingDepth: 0.9,
    driven: 'rear',
  },
};

export const STOCK_CAR_IDS = Object.keys(STOCK_CARS) as StockCarId[];

export const isStockCarId = (value: unknown): value is StockCarId => typeof value === 'string' && Object.hasOwn(STOCK_CARS, value);

type NumericKey = { [K in keyof PhysicsCarSpec]: PhysicsCarSpec[K] extends number ? K : never }[keyof PhysicsCarSpec];

/** Accepted ranges of each number (the Drive panel uses them as input limits). */
export const CAR_SPEC_LIMITS: Readonly<Record<NumericKey, { readonly min: number; readonly max: number }>> = {
  mass: { min: 100, max: 60_000 },
  length: { min: 1, max: 20 },
  width: { min: 0.8, max: 4 },
  height: { min: 0.5, max: 5 },
  wheelbase: { min: 0.5, max: 15 },
  track: { min: 0.5, max: 3.5 },
  wheelRadius: { min: 0.1, max: 1.2 },
  centreOfMassHeight: { min: 0.1, max: 5 },
  suspensionRestLength: { min: 0.05, max: 1.5 },
  suspensionTravel: { min: 0.02, max: 1.2 },
  suspensionStiffness: { min: 1_000, max: 2_000_000 },
  suspensionDamping: { min: 0, max: 500_000 },
  engineForce: { min: 0, max: 500_000 },
  topSpeed: { min: 1, max: 150 },
  brakeForce: { min: 0, max: 2_000_000 },
  maxSteerDeg: { min: 0, max: 60 },
  tyreFriction: { min: 0.05, max: 3 },
  fordingDepth: { min: 0, max: 3 },
};

export const CAR_SPEC_NUMBERS = Object.keys(CAR_SPEC_LIMITS) as NumericKey[];

/**
 * Applies a patch, keeping every number finite and within its limits (a bad value keeps the old one),
 * the travel within the rest length, and the wheels within the body.
 */
export function patchCarSpec(current: PhysicsCarSpec, patch: Partial<Record<keyof PhysicsCarSpec, unknown>>): PhysicsCarSpec {
  const next: { -readonly [K in keyof PhysicsCarSpec]: PhysicsCarSpec[K] } = { ...current };
  for (const key of CAR_SPEC_NUMBERS) {
    const value = patch[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const { min, max } = CAR_SPEC_LIMITS[key];
    next[key] = Math.min(max, Math.max(min, value));
  }
  if (patch.driven === 'front' || patch.driven === 'rear' || patch.driven === 'all') next.driven = patch.driven;
  next.suspensionTravel = Math.min(next.suspensionTravel, next.suspensionRestLength);
  next.wheelbase = Math.min(next.wheelbase, next.length);
  next.track = Math.min(next.track, next.width);
  // Not above the roof: the body stands restRideHeight (at most travel + 5 cm) above the ground.
  next.centreOfMassHeight = Math.min(next.centreOfMassHeight, next.height + next.suspensionTravel);
  return next;
}
