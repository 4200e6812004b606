import { DEFAULT_CAR_SETTINGS, type CarSettings } from '../../shared/vehicle/drive';
import { STOCK_CARS, isStockCarId, patchCarSpec, type StockCarId, type PhysicsCarSpec } from '../../shared/vehicle/physics/cars';
import { restRideHeight } from '../../shared/vehicle/physics/stability';

/** How the car's orientation is taken from the ground (shared/vehicle/pose.ts). */
export type PoseMethod = 'classic' | 'wheelPlane';
export type DriveCamera = 'chase' | 'hood';
/** physics: the Rapier raycast-wheel car; kinematic: the seeds' terrain-following car (pitch/roll from samples). */
export type CarDynamics = 'physics' | 'kinematic';

/** What the user sets for a test drive; the rest of the car model keeps its defaults. */
export interface DriveSettings {
  readonly model: CarDynamics;
  /** The physics car's preset, and its values as edited (choosing a preset resets them). */
  readonly car: StockCarId;
  readonly carSpec: PhysicsCarSpec;
  /** Kinematic car footprint (the physics car's size is in carSpec). */
  readonly length: number;
  readonly width: number;
  /** m/s. */
  readonly maxSpeed: number;
  readonly maxClimbSlopeDeg: number;
  readonly poseMethod: PoseMethod;
  readonly camera: DriveCamera;
  /** Tint ground steeper than maxClimbSlopeDeg in both views. */
  readonly drivabilityOverlay: boolean;
}

/** The editor starts drives with the physics car (driveFeature.ts). */
export const EDITOR_CAR_DYNAMICS: CarDynamics = 'physics';

/**
 * A DriveSession's defaults: the kinematic car, which needs no engine (the editor switches to
 * EDITOR_CAR_DYNAMICS when it creates its session).
 */
export const DEFAULT_DRIVE_SETTINGS: DriveSettings = {
  model: 'kinematic',
  car: 'hatchback',
  carSpec: STOCK_CARS.hatchback,
  length: DEFAULT_CAR_SETTINGS.length,
  width: DEFAULT_CAR_SETTINGS.width,
  maxSpeed: DEFAULT_CAR_SETTINGS.maxSpeed,
  maxClimbSlopeDeg: DEFAULT_CAR_SETTINGS.maxClimbSlopeDeg,
  poseMethod: 'classic',
  camera: 'chase',
  drivabilityOverlay: false,
};

/** Accepted ranges of the numeric settings (the side panel uses them as input limits). */
export const DRIVE_SETTING_LIMITS = {
  length: { min: 0.5, max: 30 },
  width: { min: 0.3, max: 15 },
  maxSpeed: { min: 0.5, max: 150 },
  maxClimbSlopeDeg: { min: 1, max: 90 },
} as const;

type NumericSetting = keyof typeof DRIVE_SETTING_LIMITS;

/** Applies a patch, keeping every number finite and within its limits (a bad value keeps the old one). */
export function patchDriveSettings(current: DriveSettings, patch: Partial<DriveSettings>): DriveSettings {
  const next: { -readonly [K in keyof DriveSettings]: DriveSettings[K] } = { ...current, ...patch };
  if (next.model !== 'physics' && next.model !== 'kinematic') next.model = current.model;
  if (!isStockCarId(next.car)) next.car = current.car;
  // A new preset brings its values; edits on top of it (carSpec in the same patch) apply after.
  const base = next.car !== current.car ? STOCK_CARS[next.car] : current.carSpec;
  next.carSpec = patch.carSpec ? patchCarSpec(base, patch.carSpec) : base;
  for (const key of Object.keys(DRIVE_SETTING_LIMITS) as NumericSetting[]) {
    const value = next[key];
    const { min, max } = DRIVE_SETTING_LIMITS[key];
    next[key] = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : current[key];
  }
  return next;
}

/** The car model stepCar needs for these settings. */
export function carSettingsFor(settings: DriveSettings): CarSettings {
  return {
    ...DEFAULT_CAR_SETTINGS,
    length: settings.length,
    width: settings.width,
    maxSpeed: settings.maxSpeed,
    maxClimbSlopeDeg: settings.maxClimbSlopeDeg,
  };
}

/**
 * The drive settings saved with a project (camera and overlay are the user's, not the project's).
 * `centreOfMassFrom: 'ground'` marks files whose car's centre of mass is measured from the ground
 * (since session 12); before, it was from the body's underside.
 */
export type SavedDriveSettings = Omit<DriveSettings, 'camera' | 'drivabilityOverlay'> & { readonly centreOfMassFrom: 'ground' };

export function savedDriveSettings(settings: DriveSettings): SavedDriveSettings {
  const { model, car, carSpec, length, width, maxSpeed, maxClimbSlopeDeg, poseMethod } = settings;
  return { model, car, carSpec: { ...carSpec }, length, width, maxSpeed, maxClimbSlopeDeg, poseMethod, centreOfMassFrom: 'ground' };
}

/** The presets' centre-of-mass heights before session 12 (above the underside, and raised by a bug). */
const OLD_STOCK_CENTRE_OF_MASS: Readonly<Record<string, number>> = { hatchback: 0.15, '4x4': 0.45, truck: 0.7 };

/**
 * A car spec saved before the centre of mass was measured from the ground: an untouched preset value
 * becomes the preset's new one; an edited value keeps its place on the body (underside + ride height).
 */
function migrateCentreOfMass(spec: Record<string, unknown>, car: string): Record<string, unknown> {
  const value = spec.centreOfMassHeight;
  if (typeof value !== 'number' || !Number.isFinite(value)) return spec;
  const { centreOfMassHeight: _old, ...rest } = spec;
  if (OLD_STOCK_CENTRE_OF_MASS[car] === value) return rest;
  const ride = restRideHeight(patchCarSpec(STOCK_CARS[isStockCarId(car) ? car : 'hatchback'], rest));
  return { ...rest, centreOfMassHeight: value + ride };
}

/**
 * Settings from a project's saved object: each known, valid value is taken (numbers clamped to their
 * limits), anything else keeps the current value, so a file from another version still opens.
 */
export function driveSettingsFromSaved(current: DriveSettings, saved: unknown): DriveSettings {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return current;
  const value = saved as Record<string, unknown>;
  const patch: { -readonly [K in keyof DriveSettings]?: DriveSettings[K] } = {};
  if (value.model === 'physics' || value.model === 'kinematic') patch.model = value.model;
  if (isStockCarId(value.car)) patch.car = value.car;
  for (const key of ['length', 'width', 'maxSpeed', 'maxClimbSlopeDeg'] as const) {
    const v = value[key];
    if (typeof v === 'number' && Number.isFinite(v)) patch[key] = v;
  }
  if (value.poseMethod === 'classic' || value.poseMethod === 'wheelPlane') patch.poseMethod = value.poseMethod;
  const withPreset = patchDriveSettings(current, patch);
  const savedSpec = value.carSpec;
  if (typeof savedSpec !== 'object' || savedSpec === null || Array.isArray(savedSpec)) return withPreset;
  const spec =
    value.centreOfMassFrom === 'ground' ? (savedSpec as Record<string, unknown>) : migrateCentreOfMass(savedSpec as Record<string, unknown>, withPreset.car);
  return { ...withPreset, carSpec: patchCarSpec(withPreset.carSpec, spec as Partial<Record<keyof PhysicsCarSpec, unknown>>) };
}
