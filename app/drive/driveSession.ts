import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { heightAt, slopeAt, type Vec3 } from '../../shared/terrain/surface';
import { drivableBounds, stepCar, type CarState, type DriveInput, type Obstacle, type StopReason } from '../../shared/vehicle/drive';
import { poseFromTerrain, poseFromWheelPlane, type CarPose, type PoseFunction } from '../../shared/vehicle/pose';
import { findSpawn, type SpawnQuality } from '../../shared/vehicle/spawn';
import { wheelContacts, wheelLayoutFor, type WheelContact, type WheelLayout } from '../../shared/vehicle/wheels';
import { DEFAULT_CAMERA_MARGIN, chaseCamera, hoodCamera, resolveCameraOcclusion, walkEyePosition } from '../../shared/vehicle/camera';
import { telemetryCsv, telemetryRow, type TelemetryRow } from '../../shared/vehicle/telemetry';
import { add, scale, vec3 } from '../../shared/vehicle/vec';
import { driveInputFrom, heldKeyFor, keyCommandFor, walkInputFrom, type HeldKey } from './keys';
import { DEFAULT_DRIVE_SETTINGS, carSettingsFor, patchDriveSettings, type DriveSettings } from './settings';

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
}

/** How the car was last placed by a search for drivable ground (null when placed exactly where asked). */
export interface SpawnInfo {
  readonly quality: SpawnQuality;
  /** From the point the search started at, metres. */
  readonly distance: number;
  /** How far the car gets straight ahead at full throttle before it is stopped, metres (up to the run checked). */
  readonly freeRun: number;
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
}

export interface CameraView {
  readonly eye: Vec3;
  readonly target: Vec3;
}

export interface DriveSessionOptions {
  field(): Heightfield;
  obstacles?(): readonly Obstacle[];
}

/** HUD refresh period, seconds of simulated time: the car moves every frame, React re-renders ~10×/s. */
export const HUD_INTERVAL = 0.1;
/** Longest frame step taken at once: after a stall the car should not jump by seconds of motion. */
export const MAX_FRAME_DT = 0.25;
export const WALK_SPEED = 4;
export const WALK_RUN_SPEED = 12;
/** Radians of look per pixel of mouse movement. */
export const LOOK_SENSITIVITY = 0.004;
const MAX_LOOK_PITCH = (85 * Math.PI) / 180;
/** The last ~17 minutes at 60 frames a second; older rows are dropped. */
export const MAX_RECORDED_ROWS = 60_000;
const HOOD_OCCLUSION_HEIGHT = 1;

const deg = (radians: number): number => (radians * 180) / Math.PI;

/**
 * A test drive (or walk) over the document's terrain. Per-frame state (car, pose, held keys, recorded
 * rows) lives in plain fields; the store holds only what the UI shows, the HUD refreshed at a
 * throttled rate, so React never re-renders per frame.
 */
export class DriveSession {
  readonly store: StoreApi<DriveState>;
  private readonly held = new Set<HeldKey>();
  private car: CarState = { x: 0, z: 0, heading: 0, speed: 0 };
  private currentPose: CarPose | null = null;
  private stoppedBy: StopReason | undefined;
  private stops = 0;
  private currentWheels: readonly WheelContact[] = [];
  private layout: WheelLayout | null = null;
  private layoutFor = { length: NaN, width: NaN };
  private walker = { x: 0, z: 0, yaw: 0, pitch: 0 };
  private sinceHud = 0;
  private rows: TelemetryRow[] = [];
  private recordTime = 0;

  constructor(private readonly options: DriveSessionOptions) {
    this.store = createStore<DriveState>(() => ({
      mode: 'off',
      settings: DEFAULT_DRIVE_SETTINGS,
      hud: null,
      recording: false,
      recordedRows: 0,
      spawn: null,
    }));
  }

  get mode(): DriveMode {
    return this.store.getState().mode;
  }

  get settings(): DriveSettings {
    return this.store.getState().settings;
  }

  /** The car's pose after the last frame (null unless driving). */
  get pose(): CarPose | null {
    return this.currentPose;
  }

  get carState(): CarState {
    return this.car;
  }

  /** Each wheel's suspension offset and contact after the last frame (empty unless driving). */
  get wheels(): readonly WheelContact[] {
    return this.currentWheels;
  }

  /** Wheel sizes and mounts for the current footprint. */
  get wheelLayout(): WheelLayout {
    const { length, width } = this.settings;
    if (!this.layout || this.layoutFor.length !== length || this.layoutFor.width !== width) {
      this.layout = wheelLayoutFor({ length, width });
      this.layoutFor = { length, width };
    }
    return this.layout;
  }

  /** What the keys ask of the car now (the model steers its front wheels by it). */
  get input(): DriveInput {
    return driveInputFrom(this.held);
  }

  /** While driving or walking, the keyboard belongs to the car or walker, not to command shortcuts. */
  capturesKeys(): boolean {
    return this.mode !== 'off';
  }

  setSettings(patch: Partial<DriveSettings>): void {
    this.store.setState((s) => ({ settings: patchDriveSettings(s.settings, patch) }));
    if (this.mode === 'drive') this.refreshPose();
  }

  /** Puts the car on the ground at (x, z) (moved into the drivable area), at rest, facing `heading`. */
  enterDrive(start: { x: number; z: number; heading: number }): void {
    this.held.clear();
    this.store.setState({ mode: 'drive', spawn: null });
    this.place(start);
  }

  /**
   * Starts a drive at the nearest drivable spot to (x, z), facing downhill or along the flattest
   * direction (shared/vehicle/spawn.ts); `heading` is preferred where the ground does not choose.
   */
  enterDriveNear(from: { x: number; z: number; heading: number }): void {
    this.held.clear();
    this.store.setState({ mode: 'drive' });
    this.placeNear(from);
  }

  /** Puts the car, at rest, on the nearest drivable ground to where it is now (the "R" key). */
  resetOntoDrivableGround(): void {
    if (this.mode !== 'drive') return;
    this.placeNear(this.car);
  }

  enterWalk(start: { x: number; z: number; yaw: number }): void {
    const eye = walkEyePosition(this.field(), start.x, start.z);
    this.held.clear();
    this.walker = { x: eye.x, z: eye.z, yaw: Number.isFinite(start.yaw) ? start.yaw : 0, pitch: 0 };
    this.currentPose = null;
    this.currentWheels = [];
    this.store.setState({ mode: 'walk', hud: null });
  }

  leave(): void {
    this.held.clear();
    this.currentPose = null;
    this.currentWheels = [];
    this.store.setState({ mode: 'off', hud: null, recording: false });
  }

  /** Handles a key press while capturing; returns whether the key was used. */
  keyDown(code: string): boolean {
    if (!this.capturesKeys()) return false;
    const held = heldKeyFor(code);
    if (held) {
      this.held.add(held);
      return true;
    }
    switch (keyCommandFor(code)) {
      case 'leave':
        this.leave();
        return true;
      case 'reset':
        this.resetOntoDrivableGround();
        return true;
      case 'camera':
        if (this.mode === 'drive') this.setSettings({ camera: this.settings.camera === 'chase' ? 'hood' : 'chase' });
        return true;
      default:
        return false;
    }
  }

  keyUp(code: string): boolean {
    const held = heldKeyFor(code);
    if (!held) return false;
    this.held.delete(held);
    return true;
  }

  /** Forgets held keys (the window lost focus and will not see their release). */
  releaseKeys(): void {
    this.held.clear();
  }

  /** Mouse look while walking: pixels moved right and down. */
  look(dx: number, dy: number): void {
    if (this.mode !== 'walk') return;
    this.walker.yaw -= dx * LOOK_SENSITIVITY;
    this.walker.pitch = Math.max(-MAX_LOOK_PITCH, Math.min(MAX_LOOK_PITCH, this.walker.pitch - dy * LOOK_SENSITIVITY));
  }

  /** Advances the car or walker by one frame of `dt` seconds (capped at MAX_FRAME_DT). */
  frame(dt: number): void {
    const step = Math.min(MAX_FRAME_DT, Math.max(0, Number.isFinite(dt) ? dt : 0));
    if (this.mode === 'drive') this.driveFrame(step);
    else if (this.mode === 'walk') this.walkFrame(step);
  }

  /** Where the camera should be for the current mode, never under the ground; null when off. */
  camera(): CameraView | null {
    const field = this.field();
    if (this.mode === 'walk') {
      const eye = walkEyePosition(field, this.walker.x, this.walker.z);
      const { yaw, pitch } = this.walker;
      const look = vec3(Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch));
      return { eye, target: add(eye, look) };
    }
    const pose = this.currentPose;
    if (this.mode !== 'drive' || !pose) return null;
    if (this.settings.camera === 'chase') return chaseCamera(field, pose);
    const hood = hoodCamera(field, pose, this.settings.length);
    // Keep the line from the car's body to the eye out of the ground too (a crest in front of the bonnet).
    const body = add(pose.position, scale(pose.up, HOOD_OCCLUSION_HEIGHT));
    const eye = resolveCameraOcclusion(field, body, hood.eye, DEFAULT_CAMERA_MARGIN);
    return { eye, target: add(eye, scale(pose.forward, 10)) };
  }

  startRecording(): void {
    if (this.mode !== 'drive') return;
    this.rows = [];
    this.recordTime = 0;
    if (this.currentPose) this.rows.push(telemetryRow(0, this.currentPose));
    this.store.setState({ recording: true, recordedRows: this.rows.length });
  }

  stopRecording(): void {
    this.store.setState({ recording: false, recordedRows: this.rows.length });
  }

  /** The recorded drive as CSV (columns TELEMETRY_COLUMNS); a header only when nothing was recorded. */
  recordingCsv(): string {
    return telemetryCsv(this.rows);
  }

  private field(): Heightfield {
    return this.options.field();
  }

  private poseFunction(): PoseFunction {
    return this.settings.poseMethod === 'wheelPlane' ? poseFromWheelPlane : poseFromTerrain;
  }

  private poseAt(state: CarState): CarPose {
    return this.poseFunction()(this.field(), state, this.settings);
  }

  /** The car at rest exactly at `start` (moved into the drivable area). */
  private place(start: { x: number; z: number; heading: number }): void {
    const b = drivableBounds(this.field(), this.settings);
    this.car = {
      x: Math.min(b.maxX, Math.max(b.minX, Number.isFinite(start.x) ? start.x : 0)),
      z: Math.min(b.maxZ, Math.max(b.minZ, Number.isFinite(start.z) ? start.z : 0)),
      heading: Number.isFinite(start.heading) ? start.heading : 0,
      speed: 0,
    };
    this.stoppedBy = undefined;
    this.stops = 0;
    this.refreshPose();
  }

  private placeNear(from: { x: number; z: number; heading: number }): void {
    const found = findSpawn(this.field(), from, {
      car: carSettingsFor(this.settings),
      pose: this.poseFunction(),
      obstacles: this.options.obstacles?.() ?? [],
      preferredHeading: from.heading,
    });
    this.store.setState({ spawn: { quality: found.quality, distance: found.distance, freeRun: found.freeRun } });
    this.place(found.placement);
  }

  private driveFrame(dt: number): void {
    if (dt > 0) {
      const result = stepCar(this.field(), this.car, driveInputFrom(this.held), dt, carSettingsFor(this.settings), this.options.obstacles?.() ?? []);
      this.car = result.state;
      if (result.stoppedBy) {
        // A stop is counted once, not again every frame the car keeps pushing against it.
        if (this.stoppedBy === undefined) this.stops++;
        this.stoppedBy = result.stoppedBy;
      } else if (result.state.speed !== 0) this.stoppedBy = undefined;
    }
    const pose = this.updatePose();
    if (this.store.getState().recording && dt > 0) {
      this.recordTime += dt;
      this.rows.push(telemetryRow(this.recordTime, pose));
      if (this.rows.length > MAX_RECORDED_ROWS) this.rows.splice(0, this.rows.length - MAX_RECORDED_ROWS);
    }
    this.sinceHud += dt;
    if (this.sinceHud >= HUD_INTERVAL) this.publishHud();
  }

  private walkFrame(dt: number): void {
    const { forward, right, run } = walkInputFrom(this.held);
    const norm = Math.hypot(forward, right);
    if (norm === 0 || dt === 0) return;
    const distance = (run ? WALK_RUN_SPEED : WALK_SPEED) * dt;
    const { yaw } = this.walker;
    // Forward (sin, 0, cos) and right (−cos, 0, sin) as in shared/vehicle/pose.ts.
    const dx = (forward * Math.sin(yaw) - right * Math.cos(yaw)) / norm;
    const dz = (forward * Math.cos(yaw) + right * Math.sin(yaw)) / norm;
    const eye = walkEyePosition(this.field(), this.walker.x + dx * distance, this.walker.z + dz * distance);
    this.walker.x = eye.x;
    this.walker.z = eye.z;
  }

  private refreshPose(): void {
    this.updatePose();
    this.publishHud();
  }

  private updatePose(): CarPose {
    const pose = this.poseAt(this.car);
    this.currentPose = pose;
    this.currentWheels = wheelContacts(this.field(), pose, this.wheelLayout);
    return pose;
  }

  private publishHud(): void {
    this.sinceHud = 0;
    const pose = this.currentPose;
    if (!pose) return;
    const field = this.field();
    const { x, z } = this.car;
    let wheelsGrounded = 0;
    let wheelGap = 0;
    for (const wheel of this.currentWheels) {
      if (!wheel.grounded) continue;
      wheelsGrounded++;
      wheelGap = Math.max(wheelGap, Math.abs(wheel.contact.y - heightAt(field, wheel.contact.x, wheel.contact.z)));
    }
    const heading = deg(Math.atan2(Math.sin(pose.heading), Math.cos(pose.heading)));
    this.store.setState({
      hud: {
        speed: this.car.speed,
        headingDeg: heading < 0 ? heading + 360 : heading,
        pitchDeg: deg(pose.pitch),
        rollDeg: deg(pose.roll),
        slopeDeg: deg(slopeAt(field, x, z)),
        x,
        z,
        height: pose.position.y,
        ground: heightAt(field, x, z),
        clipDepth: pose.clipDepth,
        stoppedBy: this.stoppedBy,
        stops: this.stops,
        wheelsGrounded,
        wheelGap,
      },
      recordedRows: this.rows.length,
    });
  }
}

