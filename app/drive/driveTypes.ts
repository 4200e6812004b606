import type { Heightfield } from '../../shared/terrain/heightfield';
import type { Vec3 } from '../../shared/terrain/surface';
import type { Obstacle, StopReason } from '../../shared/vehicle/drive';
import type { SpawnQuality } from '../../shared/vehicle/spawn';
import type { TelemetryRow } from '../../shared/vehicle/telemetry';
import type { PhysicsTelemetryRow } from '../../shared/vehicle/physics/physicsDrive';
import type { DriveEnd, DriveEndReason } from '../../shared/vehicle/physics/driveEnd';
import type { SurfaceId, SurfaceLookup } from '../../shared/vehicle/physics/surfaces';
import type { Rapier } from '../../shared/vehicle/physics/rapier';
import type { CarDynamics, DriveSettings } from './settings';

// What a test drive shows and is given: the session's store, HUD and options (driveSession.ts runs it).

export type DriveMode = 'off' | 'drive' | 'walk';

/** What the HUD shows: metres, m/s and degrees (heading 0 = +z, 90 = +x). */
export interface HudValues {
  readonly speed: number;
  readonly headingDeg: number;
  readonly pitchDeg: number;
  readonly rollDeg: number;
  /** Slope of the exact surface triangle under the car's centre. */
  readonly slopeDeg: number;
  readonly x: number;
  readonly z: number;
  /** The car's reference point (bottom of the wheels) height. */
  readonly height: number;
  /** heightAt(x, z): the exact ground under the centre. */
  readonly ground: number;
  readonly clipDepth: number;
  readonly stoppedBy?: StopReason;
  /** Times the car was stopped (edge, prop, too steep) since it was last placed. */
  readonly stops: number;
  /** Wheels whose bottom reaches the exact surface within the suspension travel (of 4). */
  readonly wheelsGrounded: number;
  /** Largest |wheel bottom − heightAt| over the grounded wheels, metres. */
  readonly wheelGap: number;
  readonly model: CarDynamics;
  /** Physics: no wheel touches the ground. */
  readonly airborne: boolean;
  /** Per wheel (front-left, front-right, rear-left, rear-right): touching the ground, and compression 0..1 of travel. */
  readonly wheelContacts: readonly boolean[];
  readonly compressions: readonly number[];
  /** Physics: what each wheel stands on (empty for the kinematic car). */
  readonly surfaces: readonly SurfaceId[];
  /** Physics: Rapier is still loading (the car waits at rest). */
  readonly loading: boolean;
  /** Metres of water at the car, and whether it is deeper than the car's fording depth (the car stops). */
  readonly water?: number;
  readonly flooded?: boolean;
}

/** How the car was last placed by a search for drivable ground (null when placed exactly where asked). */
export interface SpawnInfo {
  readonly quality: SpawnQuality;
  /** From the point the search started at, metres. */
  readonly distance: number;
  /** How far the car gets straight ahead at full throttle before it is stopped, metres (up to the run checked). */
  readonly freeRun: number;
  /** Where the car was put, world metres. */
  readonly x: number;
  readonly z: number;
}

export interface DriveState {
  readonly mode: DriveMode;
  readonly settings: DriveSettings;
  /** Null unless driving; published at most every HUD_INTERVAL seconds of drive time. */
  readonly hud: HudValues | null;
  readonly recording: boolean;
  /** Rows held by the current (or last) recording. */
  readonly recordedRows: number;
  readonly spawn: SpawnInfo | null;
  /** Changes when the physics drive adds a mark (DriveSession.marks): where it left the ground or bottomed out. */
  readonly marksVersion: number;
  readonly autopilot: AutopilotMode;
  /** How the last autopilot drive ended, where and when (null while it drives, when taken over, or none). */
  readonly driveEnd: DriveEnd | null;
  /**
   * Why the physics car could not be used (Rapier failed to load: the error's words), the drive then
   * going on with the kinematic car; null until that happens, and again once physics is chosen anew.
   */
  readonly physicsUnavailable: string | null;
}

/** The store's state before any drive: off, with `settings`. */
export function initialDriveState(settings: DriveSettings): DriveState {
  return {
    mode: 'off',
    settings,
    hud: null,
    recording: false,
    recordedRows: 0,
    spawn: null,
    marksVersion: 0,
    autopilot: 'off',
    driveEnd: null,
    physicsUnavailable: null,
  };
}

/**
 * The autopilot of a route drive ("Drive this road"): 'driving' while it steers, 'taken' when the driver
 * took over with the keys, 'off' without one; otherwise how the drive ended (shared/vehicle/physics/
 * driveEnd.ts): 'arrived' on the last waypoint, 'rolledOver', 'stuck', 'leftRoad' or 'timeUp'.
 */
export type AutopilotMode = 'off' | 'driving' | 'taken' | DriveEndReason;

/** The current (or last) recording: the model it was made with and its rows. */
export interface Recording {
  readonly model: CarDynamics;
  readonly kinematic: readonly TelemetryRow[];
  readonly physics: readonly PhysicsTelemetryRow[];
}

export interface CameraView {
  readonly eye: Vec3;
  readonly target: Vec3;
}

export interface DriveSessionOptions {
  field(): Heightfield;
  obstacles?(): readonly Obstacle[];
  /** What the ground is made of, for the physics car's grip and rolling resistance (absent: a road everywhere). */
  surfaces?(): SurfaceLookup | null;
  /** Metres of water per vertex (shared/vehicle/water.ts waterField; absent or null: dry everywhere). */
  water?(): Heightfield | null;
  /** Loads Rapier (lazily, on the first physics drive); the editor passes loadRapier. */
  physics?(): Promise<Rapier>;
  /** Settings to start with (the editor's defaults otherwise). */
  settings?: Partial<DriveSettings>;
}
