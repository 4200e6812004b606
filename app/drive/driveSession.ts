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
import { DEFAULT_DRIVE_SETTINGS, carSettingsFor, patchDriveSettings, type DriveModel, type DriveSettings } from './settings';
import type { PhysicsCarSpec } from '../../shared/vehicle/physics/cars';
import { DriveMarks } from './driveMarks';
import { PHYSICS_DT, PhysicsCar, type PhysicsInput, type PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import { Autopilot, physicsTelemetryCsv, physicsTelemetryRow, routeStart, wading, type PhysicsTelemetryRow } from '../../shared/vehicle/physics/physicsDrive';
import { isFlooded, wadingSpeedFactor, waterAtCar } from '../../shared/vehicle/water';
import { DriveWatch, type DriveEnd, type DriveEndReason } from '../../shared/vehicle/physics/driveEnd';
import type { SurfaceId, SurfaceLookup } from '../../shared/vehicle/physics/surfaces';
import type { Rapier } from '../../shared/vehicle/physics/rapier';
import { cross, normalize, sub } from '../../shared/vehicle/vec';

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
  readonly model: DriveModel;
  /** Physics: no wheel touches the ground. */
  readonly airborne: boolean;
  /** Per wheel (front-left, front-right, rear-left, rear-right): touching the ground, and compression 0..1 of travel. */
  readonly wheelContacts: readonly boolean[];
  readonly compressions: readonly number[];
  /** Physics: what each wheel stands on (empty for the kinematic car). */
  readonly surfaces: readonly SurfaceId[];
  /** Physics: the engine is still loading (the car waits at rest). */
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
}

/**
 * The autopilot of a route drive ("Drive this road"): 'driving' while it steers, 'taken' when the driver
 * took over with the keys, 'off' without one; otherwise how the drive ended (shared/vehicle/physics/
 * driveEnd.ts): 'arrived' on the last waypoint, 'rolledOver', 'stuck', 'leftRoad' or 'timeUp'.
 */
export type AutopilotMode = 'off' | 'driving' | 'taken' | DriveEndReason;

/** The current (or last) recording: the model it was made with and its rows. */
export interface Recording {
  readonly model: DriveModel;
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
  /** Loads the physics engine (lazily, on the first physics drive); the editor passes loadRapier. */
  physics?(): Promise<Rapier>;
  /** Settings to start with (the editor's defaults otherwise). */
  settings?: Partial<DriveSettings>;
}

const NO_OBSTACLES: readonly Obstacle[] = [];

/** How fast the keyboard's steering moves the physics car's wheels, full lock per second. */
export const KEY_STEER_RATE = 3;
/** Physics: how far the body's underside may dip under the surface before it counts as clipping, metres. */
export const SCRAPE_TOLERANCE = 0.02;
/** Height of the drawn body's underside above the model's origin (CarModel's sill). */
const DRAWN_SILL = 0.3;

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
  /** Where the current (or last) physics drive left the ground or bottomed out, for the drivability overlay. */
  readonly marks = new DriveMarks();
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
  private physicsRows: PhysicsTelemetryRow[] = [];
  private recordedModel: DriveModel = 'kinematic';
  private recordTime = 0;
  private rapier: Rapier | null = null;
  private physicsCar: PhysicsCar | null = null;
  private physicsField: Heightfield | null = null;
  private physicsObstacles: readonly Obstacle[] | null = null;
  private accumulator = 0;
  private physicsSteer = 0;
  private placeGeneration = 0;
  private pilot: Autopilot | null = null;
  private watch: DriveWatch | null = null;
  /** Drive time since the autopilot started, seconds. */
  private pilotTime = 0;

  constructor(private readonly options: DriveSessionOptions) {
    this.store = createStore<DriveState>(() => ({
      mode: 'off',
      settings: patchDriveSettings(DEFAULT_DRIVE_SETTINGS, options.settings ?? {}),
      hud: null,
      recording: false,
      recordedRows: 0,
      spawn: null,
      marksVersion: 0,
      autopilot: 'off',
      driveEnd: null,
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
    if (this.physicsActive) return physicsWheelLayout(this.settings.carSpec);
    const { length, width } = this.settings;
    if (!this.layout || this.layoutFor.length !== length || this.layoutFor.width !== width) {
      this.layout = wheelLayoutFor({ length, width });
      this.layoutFor = { length, width };
    }
    return this.layout;
  }

  /** Whether the physics model drives the car (physics chosen; the engine may still be loading). */
  get physicsActive(): boolean {
    return this.settings.model === 'physics';
  }

  /** The physics car's state after the last step (null unless a physics drive is running). */
  get physicsState(): PhysicsState | null {
    return this.physicsCar?.state ?? null;
  }

  /** Size of the car as drawn. */
  get drawnSize(): { length: number; width: number } {
    const s = this.settings;
    return s.model === 'physics' ? { length: s.carSpec.length, width: s.carSpec.width } : { length: s.length, width: s.width };
  }

  /** What the keys ask of the car now (the model steers its front wheels by it). */
  get input(): DriveInput {
    const input = driveInputFrom(this.held);
    return this.physicsActive ? { ...input, steer: this.physicsSteer } : input;
  }

  /** While driving or walking, the keyboard belongs to the car or walker, not to command shortcuts. */
  capturesKeys(): boolean {
    return this.mode !== 'off';
  }

  setSettings(patch: Partial<DriveSettings>): void {
    const before = this.settings;
    this.store.setState((s) => ({ settings: patchDriveSettings(s.settings, patch) }));
    if (this.mode !== 'drive') return;
    const after = this.settings;
    // Another model or car: put the new one where the old one is, at rest.
    if (after.model !== before.model || after.carSpec !== before.carSpec) this.place({ x: this.car.x, z: this.car.z, heading: this.car.heading });
    else this.refreshPose();
  }

  /**
   * Puts the car on the ground at (x, z) (moved into the drivable area), at rest, facing `heading`.
   * `autopilot` is set in the same state change, so listeners see a road drive start as one.
   */
  enterDrive(start: { x: number; z: number; heading: number }, autopilot: AutopilotMode = 'off'): void {
    this.held.clear();
    this.marks.clear();
    this.pilot = null;
    this.watch = null;
    this.store.setState({ mode: 'drive', spawn: null, autopilot, driveEnd: null });
    this.place(start);
  }

  /**
   * Drives a route with the autopilot (shared/vehicle/physics/physicsDrive.ts's pure pursuit, the
   * CLI's controller): the car starts at rest on the first waypoint facing the next, and the drive is
   * recorded from the start. Any driving key takes over; Esc leaves.
   */
  enterAutopilot(waypoints: readonly (readonly [number, number])[], speed: number, options: { roadWidth?: number } = {}): void {
    if (waypoints.length === 0 || !(speed > 0)) return;
    this.enterDrive(routeStart(waypoints), 'driving');
    this.pilot = new Autopilot(waypoints, this.settings.carSpec, speed, { field: this.field() });
    // The drive ends by the CLI's rules (rolled over, stuck, off the road, out of time), in drive time.
    this.watch = new DriveWatch({ routeLength: this.pilot.routeLength, roadWidth: options.roadWidth });
    this.pilotTime = 0;
    this.startRecording();
  }

  /** The current (or last) recording's rows. */
  get recording(): Recording {
    return { model: this.recordedModel, kinematic: this.rows, physics: this.physicsRows };
  }

  /**
   * Starts a drive at the nearest drivable spot to (x, z), facing downhill or along the flattest
   * direction (shared/vehicle/spawn.ts); `heading` is preferred where the ground does not choose.
   */
  enterDriveNear(from: { x: number; z: number; heading: number }): void {
    this.held.clear();
    this.marks.clear();
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
    this.stopPilot('off');
    this.disposePhysics();
    this.currentPose = null;
    this.currentWheels = [];
    this.store.setState({ mode: 'off', hud: null, recording: false, marksVersion: this.marks.version });
  }

  /** Handles a key press while capturing; returns whether the key was used. */
  keyDown(code: string): boolean {
    if (!this.capturesKeys()) return false;
    const held = heldKeyFor(code);
    if (held) {
      this.held.add(held);
      this.stopPilot('taken');
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
    this.physicsRows = [];
    this.recordTime = 0;
    this.recordedModel = this.settings.model;
    const physics = this.physicsCar?.state;
    if (this.recordedModel === 'physics') {
      if (physics) this.physicsRows.push(physicsTelemetryRow(0, physics));
    } else if (this.currentPose) this.rows.push(telemetryRow(0, this.currentPose));
    this.store.setState({ recording: true, recordedRows: this.recordedCount() });
  }

  stopRecording(): void {
    this.store.setState({ recording: false, recordedRows: this.recordedCount() });
  }

  /**
   * The recorded drive as CSV: TELEMETRY_COLUMNS for the kinematic car, PHYSICS_TELEMETRY_COLUMNS (one
   * row per 1/120 s step) for the physics car; a header only when nothing was recorded.
   */
  recordingCsv(): string {
    return this.recordedModel === 'physics' ? physicsTelemetryCsv(this.physicsRows) : telemetryCsv(this.rows);
  }

  /** Ends the autopilot (if it drives) in `mode`. */
  private stopPilot(mode: AutopilotMode, end: DriveEnd | null = null): void {
    if (!this.pilot) return;
    this.pilot = null;
    this.watch = null;
    this.store.setState({ autopilot: mode, driveEnd: end });
  }

  /**
   * The autopilot's input for the car now, `dt` seconds of drive time after the last; null when it does
   * not drive. When the drive ends (arrived, or the watch's rules) the brakes go on for that step.
   */
  private pilotInput(car: { position: { x: number; z: number }; heading: number; speed: number; roll: number }, dt: number): { throttle: number; steer: number; brake: number } | null {
    const pilot = this.pilot;
    const watch = this.watch;
    if (!pilot || !watch) return null;
    const input = pilot.next(car);
    const where = { t: this.pilotTime, x: car.position.x, z: car.position.z, roll: car.roll, progress: pilot.progress, offset: pilot.offset };
    this.pilotTime += dt;
    const end = this.floodedHere() ? watch.flood(where) : input ? watch.observe(where) : watch.arrive(where);
    if (!end) return input;
    this.stopPilot(end.reason, end);
    return { throttle: 0, steer: 0, brake: 1 };
  }

  private recordedCount(): number {
    return this.recordedModel === 'physics' ? this.physicsRows.length : this.rows.length;
  }

  /** Metres of water under the car's centre now. */
  private waterHere(): number {
    return waterAtCar(this.options.water?.(), this.car.x, this.car.z);
  }

  private floodedHere(): boolean {
    return isFlooded(this.waterHere(), this.settings.carSpec.fordingDepth);
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
    this.disposePhysics();
    if (this.physicsActive) this.startPhysics();
    this.refreshPose();
  }

  /** Creates the physics car at the placement, once the engine is loaded (the first time, asynchronously). */
  private startPhysics(): void {
    const generation = ++this.placeGeneration;
    const create = (rapier: Rapier): void => {
      if (generation !== this.placeGeneration || this.mode !== 'drive' || !this.physicsActive) return;
      this.rapier = rapier;
      const field = this.field();
      const obstacles = this.options.obstacles?.() ?? NO_OBSTACLES;
      this.physicsCar = new PhysicsCar(rapier, field, this.settings.carSpec, this.car, obstacles, this.options.surfaces?.() ?? null);
      this.physicsField = field;
      this.physicsObstacles = obstacles;
      this.accumulator = 0;
      this.physicsSteer = 0;
      this.refreshPose();
    };
    if (this.rapier) {
      create(this.rapier);
      return;
    }
    const load = this.options.physics ?? (async () => (await import('../../shared/vehicle/physics/rapier')).loadRapier());
    load().then(create, (error: unknown) => {
      // Without the engine the kinematic car still drives: say so rather than leave a dead car.
      console.warn('Physics engine failed to load; using the kinematic car', error);
      if (generation === this.placeGeneration) this.setSettings({ model: 'kinematic' });
    });
  }

  private disposePhysics(): void {
    this.placeGeneration++;
    this.physicsCar?.dispose();
    this.physicsCar = null;
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
    if (this.physicsActive) {
      this.physicsFrame(dt);
      return;
    }
    if (dt > 0) {
      const { x, z, heading, speed } = this.car;
      const pilot = this.pilotInput({ position: { x, z }, heading, speed, roll: this.currentPose?.roll ?? 0 }, dt);
      const input = pilot ? { throttle: pilot.throttle - pilot.brake, steer: pilot.steer, handbrake: false } : driveInputFrom(this.held);
      // Wading: the top speed is the share the water leaves (none when flooded: the car stops).
      const settings = carSettingsFor(this.settings);
      const wade = wadingSpeedFactor(this.waterHere(), this.settings.carSpec.fordingDepth);
      const result = stepCar(this.field(), this.car, input, dt, wade < 1 ? { ...settings, maxSpeed: settings.maxSpeed * wade } : settings, this.options.obstacles?.() ?? []);
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
      this.rows.push(telemetryRow(this.recordTime, pose, this.waterHere()));
      if (this.rows.length > MAX_RECORDED_ROWS) this.rows.splice(0, this.rows.length - MAX_RECORDED_ROWS);
    }
    this.sinceHud += dt;
    if (this.sinceHud >= HUD_INTERVAL) this.publishHud();
  }

  /** Fixed 1/120 s steps for the time that passed; the pose drawn is interpolated between the last two. */
  private physicsFrame(dt: number): void {
    const car = this.physicsCar;
    if (!car) return;
    const field = this.field();
    if (field !== this.physicsField) {
      car.setField(field);
      this.physicsField = field;
    }
    const obstacles = this.options.obstacles?.() ?? NO_OBSTACLES;
    if (obstacles !== this.physicsObstacles) {
      car.setObstacles(obstacles);
      this.physicsObstacles = obstacles;
    }
    const keys = driveInputFrom(this.held);
    const recording = this.store.getState().recording;
    this.accumulator += dt;
    while (this.accumulator >= PHYSICS_DT) {
      this.accumulator -= PHYSICS_DT;
      const maxChange = KEY_STEER_RATE * PHYSICS_DT;
      this.physicsSteer += Math.max(-maxChange, Math.min(maxChange, keys.steer - this.physicsSteer));
      const pilot = this.pilotInput(car.state, PHYSICS_DT);
      if (pilot) this.physicsSteer = pilot.steer;
      const input: PhysicsInput = pilot ? { ...pilot, handbrake: false } : { throttle: keys.throttle, steer: this.physicsSteer, brake: 0, handbrake: keys.handbrake };
      const water = this.waterHere();
      const fording = this.settings.carSpec.fordingDepth;
      // Flooded: the engine is out and the brakes hold the car.
      car.step(isFlooded(water, fording) ? { ...input, throttle: 0, brake: 1 } : wading(input, water, fording));
      this.marks.observe(car.state);
      if (recording) {
        this.recordTime += PHYSICS_DT;
        this.physicsRows.push(physicsTelemetryRow(this.recordTime, car.state, this.waterHere()));
        if (this.physicsRows.length > MAX_RECORDED_ROWS) this.physicsRows.splice(0, this.physicsRows.length - MAX_RECORDED_ROWS);
      }
    }
    const s = car.state;
    this.car = { x: s.position.x, z: s.position.z, heading: s.heading, speed: s.speed };
    this.updatePose();
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
    const physics = this.physicsCar;
    if (this.physicsActive && physics) {
      const alpha = Math.max(0, Math.min(1, this.accumulator / PHYSICS_DT));
      const drawn = drawnPhysicsPose(physics.previousState, physics.state, alpha, this.settings.carSpec);
      this.currentPose = drawn.pose;
      this.currentWheels = drawn.wheels;
      return drawn.pose;
    }
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
    // Physics: the contact points the engine found (the drawn ones are interpolated between steps).
    const contacts = this.physicsActive && this.physicsCar ? this.physicsCar.state.wheels.map((w) => ({ grounded: w.contact, contact: w.contactPoint })) : this.currentWheels;
    for (const wheel of contacts) {
      if (!wheel.grounded) continue;
      wheelsGrounded++;
      wheelGap = Math.max(wheelGap, Math.abs(wheel.contact.y - heightAt(field, wheel.contact.x, wheel.contact.z)));
    }
    const heading = deg(Math.atan2(Math.sin(pose.heading), Math.cos(pose.heading)));
    const physics = this.physicsActive ? this.physicsCar?.state : undefined;
    this.store.setState({
      hud: {
        model: this.settings.model,
        water: this.waterHere(),
        flooded: this.floodedHere(),
        loading: this.physicsActive && !this.physicsCar,
        airborne: physics?.airborne ?? false,
        wheelContacts: physics ? physics.wheels.map((w) => w.contact) : this.currentWheels.map((w) => w.grounded),
        surfaces: physics ? physics.wheels.map((w) => w.surface) : [],
        compressions: physics ? physics.wheels.map((w) => w.compression) : this.currentWheels.map((w) => (w.offset + this.wheelLayout.travel) / (2 * this.wheelLayout.travel)),
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
      recordedRows: this.recordedCount(),
      marksVersion: this.marks.version,
    });
  }
}

/** Wheel positions and sizes of a physics car, in the drawn model's terms (wheels.ts). */
export function physicsWheelLayout(spec: PhysicsCarSpec): WheelLayout {
  const u = spec.wheelbase / 2;
  const v = spec.track / 2;
  return {
    radius: spec.wheelRadius,
    tyreWidth: Math.min(0.45, 0.7 * spec.wheelRadius),
    travel: spec.suspensionTravel / 2,
    mounts: [
      { u, v, front: true },
      { u, v: -v, front: true },
      { u: -u, v, front: false },
      { u: -u, v: -v, front: false },
    ],
  };
}

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/**
 * The pose to draw between two physics states: positions interpolated, axes interpolated and
 * re-orthonormalised. The drawn model's origin sits DRAWN_SILL below the body's underside (CarModel's
 * sill), and each wheel's offset puts its hub where the physics put it.
 */
export function drawnPhysicsPose(a: PhysicsState, b: PhysicsState, t: number, spec: PhysicsCarSpec): { pose: CarPose; wheels: WheelContact[] } {
  const mix = (p: Vec3, q: Vec3): Vec3 => vec3(lerp(p.x, q.x, t), lerp(p.y, q.y, t), lerp(p.z, q.z, t));
  const forward = normalize(mix(a.forward, b.forward));
  const upGuess = mix(a.up, b.up);
  const right = normalize(cross(forward, upGuess));
  const up = cross(right, forward);
  const underside = mix(a.position, b.position);
  const position = sub(underside, scale(up, DRAWN_SILL));
  const heading = Math.atan2(forward.x, forward.z);
  const pitch = Math.asin(Math.max(-1, Math.min(1, forward.y)));
  const roll = lerp(a.roll, b.roll, t);
  // The body is a collider: a scrape within the engine's contact tolerance is touching, not clipping.
  const penetration = lerp(a.penetration, b.penetration, t);
  const pose: CarPose = { position, forward, up, right, heading, pitch, roll, clipDepth: penetration > SCRAPE_TOLERANCE ? penetration : 0 };
  const wheels = b.wheels.map((wb, n): WheelContact => {
    const wa = a.wheels[n];
    const hub = mix(wa.hub, wb.hub);
    // Hub height above the drawn origin along up, less the radius: the model's wheel offset.
    const rel = sub(hub, position);
    const along = rel.x * up.x + rel.y * up.y + rel.z * up.z;
    const offset = along - spec.wheelRadius;
    return { offset, grounded: wb.contact, contact: mix(wa.contactPoint, wb.contactPoint), hub };
  });
  return { pose, wheels };
}

