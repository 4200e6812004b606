import { DEFAULT_CAR_SETTINGS, type CarSettings } from '../../shared/vehicle/drive';

/** How the car's orientation is taken from the ground (shared/vehicle/pose.ts). */
export type PoseMethod = 'classic' | 'wheelPlane';
export type DriveCamera = 'chase' | 'hood';

/** What the user sets for a test drive; the rest of the car model keeps its defaults. */
export interface DriveSettings {
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

export const DEFAULT_DRIVE_SETTINGS: DriveSettings = {
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
