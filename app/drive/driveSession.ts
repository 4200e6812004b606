import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { CarState, DriveInput, Obstacle } from '../../shared/vehicle/drive';
import type { CarPose } from '../../shared/vehicle/pose';
import type { WheelContact, WheelLayout } from '../../shared/vehicle/wheels';
import type { PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import type { DriveEnd } from '../../shared/vehicle/physics/driveEnd';
import { routeStart } from '../../shared/vehicle/physics/physicsDrive';
import { driveInputFrom, heldKeyFor, keyCommandFor, type HeldKey } from './keys';
import { DEFAULT_DRIVE_SETTINGS, patchDriveSettings, type DriveSettings } from './settings';
import { carCamera } from './driveCamera';
import { DriveMarks } from './driveMarks';
import { DriveRecorder } from './driveRecorder';
import { hudValues } from './driveHud';
import { KinematicDriver } from './kinematicDriver';
import { PhysicsDriver } from './physicsDriver';
import { physicsWheelLayout } from './physicsPose';
import { RoutePilot, type PilotCar, type PilotInput } from './routePilot';
import { Walker } from './walker';
import { restingAt, spawnNear } from './carPlacement';
import { isFlooded, wadingSpeedFactor, waterAtCar } from '../../shared/vehicle/water';
import { initialDriveState } from './driveTypes';
import type { AutopilotMode, CameraView, DriveMode, DriveSessionOptions, DriveState, Recording } from './driveTypes';

export type { AutopilotMode, CameraView, DriveMode, DriveSessionOptions, DriveState, HudValues, Recording, SpawnInfo } from './driveTypes';

/** HUD refresh period, seconds of simulated time: the car moves every frame, React re-renders ~10×/s. */
export const HUD_INTERVAL = 0.1;
/** Longest frame step taken at once: after a stall the car should not jump by seconds of motion. */
export const MAX_FRAME_DT = 0.25;
const NO_OBSTACLES: readonly Obstacle[] = [];
const BRAKES_ON: PilotInput = { throttle: 0, steer: 0, brake: 1 };

/**
 * A test drive (or walk) over the document's terrain: the mode, the keys, the camera, the HUD and the
 * recording. The car itself is a KinematicDriver or a PhysicsDriver by the settings' model; a route
 * drive adds a RoutePilot. Per-frame state lives in plain fields; the store holds only what the UI
 * shows, the HUD refreshed at a throttled rate, so React never re-renders per frame.
 */
export class DriveSession {
  readonly store: StoreApi<DriveState>;
  /** Where the current (or last) physics drive left the ground or bottomed out, for the drivability overlay. */
  readonly marks = new DriveMarks();
  private readonly held = new Set<HeldKey>();
  /** Where the car is (either model's), at rest when placed. */
  private car: CarState = { x: 0, z: 0, heading: 0, speed: 0 };
  private currentPose: CarPose | null = null;
  private currentWheels: readonly WheelContact[] = [];
  private sinceHud = 0;
  private readonly kinematic: KinematicDriver;
  private readonly physics: PhysicsDriver;
  private readonly walker: Walker;
  private readonly recorder = new DriveRecorder();
  private pilot: RoutePilot | null = null;
  /** A route drive ended by its rules: the physics car holds its brakes (else it rolls away downhill) until a driving key or a new place. */
  private holding = false;

  constructor(private readonly options: DriveSessionOptions) {
    this.store = createStore<DriveState>(() => initialDriveState(patchDriveSettings(DEFAULT_DRIVE_SETTINGS, options.settings ?? {})));
    const field = (): Heightfield => this.options.field();
    const obstacles = (): readonly Obstacle[] => this.options.obstacles?.() ?? NO_OBSTACLES;
    this.kinematic = new KinematicDriver(field, obstacles);
    this.physics = new PhysicsDriver({
      field,
      obstacles,
      surfaces: () => this.options.surfaces?.() ?? null,
      load: this.options.physics ?? (async () => (await import('../../shared/vehicle/physics/rapier')).loadRapier()),
    });
    this.walker = new Walker(field);
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
    return this.kinematic.wheelLayout(this.settings.length, this.settings.width);
  }

  /** Whether the physics model drives the car (physics chosen; Rapier may still be loading). */
  get physicsActive(): boolean {
    return this.settings.model === 'physics';
  }

  /** The physics car's state after the last step (null unless a physics drive is running). */
  get physicsState(): PhysicsState | null {
    return this.physics.state;
  }

  /** Size of the car as drawn. */
  get drawnSize(): { length: number; width: number } {
    const s = this.settings;
    return s.model === 'physics' ? { length: s.carSpec.length, width: s.carSpec.width } : { length: s.length, width: s.width };
  }

  /** What the keys ask of the car now (the model steers its front wheels by it). */
  get input(): DriveInput {
    const input = driveInputFrom(this.held);
    return this.physicsActive ? { ...input, steer: this.physics.steer } : input;
  }

  /** While driving or walking, the keyboard belongs to the car or walker, not to command shortcuts. */
  capturesKeys(): boolean {
    return this.mode !== 'off';
  }

  setSettings(patch: Partial<DriveSettings>): void {
    const before = this.settings;
    // Physics chosen again: tried again (the last failure's words go until it fails anew).
    const retry = patch.model === 'physics' ? { physicsUnavailable: null } : {};
    this.store.setState((s) => ({ settings: patchDriveSettings(s.settings, patch), ...retry }));
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
    this.pilot = new RoutePilot(waypoints, this.settings.carSpec, speed, this.options.field(), options.roadWidth);
    this.startRecording();
  }

  /** The current (or last) recording's rows. */
  get recording(): Recording {
    return this.recorder.recording;
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
    this.held.clear();
    this.walker.enter(start);
    this.currentPose = null;
    this.currentWheels = [];
    this.store.setState({ mode: 'walk', hud: null });
  }

  leave(): void {
    this.held.clear();
    this.stopPilot('off');
    this.physics.dispose();
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
      this.holding = false;
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
    this.walker.look(dx, dy);
  }

  /** Advances the car or walker by one frame of `dt` seconds (capped at MAX_FRAME_DT). */
  frame(dt: number): void {
    const step = Math.min(MAX_FRAME_DT, Math.max(0, Number.isFinite(dt) ? dt : 0));
    if (this.mode === 'drive') this.driveFrame(step);
    else if (this.mode === 'walk') this.walker.frame(step, this.held);
  }

  /** Where the camera should be for the current mode, never under the ground; null when off. */
  camera(): CameraView | null {
    if (this.mode === 'walk') return this.walker.camera();
    const pose = this.currentPose;
    if (this.mode !== 'drive' || !pose) return null;
    return carCamera(this.options.field(), pose, this.settings);
  }

  startRecording(): void {
    if (this.mode !== 'drive') return;
    this.recorder.start(this.settings.model, { pose: this.currentPose, physics: this.physics.state ?? undefined });
    this.store.setState({ recording: true, recordedRows: this.recorder.count });
  }

  stopRecording(): void {
    this.store.setState({ recording: false, recordedRows: this.recorder.count });
  }

  /**
   * The recorded drive as CSV: TELEMETRY_COLUMNS for the kinematic car, PHYSICS_TELEMETRY_COLUMNS (one
   * row per 1/120 s step) for the physics car; a header only when nothing was recorded.
   */
  recordingCsv(): string {
    return this.recorder.csv();
  }

  /** Ends the autopilot (if it drives) in `mode`; ended by its rules (`end`), the car then holds its brakes. */
  private stopPilot(mode: AutopilotMode, end: DriveEnd | null = null): void {
    if (!this.pilot) return;
    this.pilot = null;
    this.holding = end !== null;
    this.store.setState({ autopilot: mode, driveEnd: end });
  }

  /** The autopilot's input `dt` seconds of drive time after the last (null: not driving); the brakes as the drive ends. */
  private pilotInput(car: PilotCar, dt: number, water: number): PilotInput | null {
    if (!this.pilot) return null;
    const step = this.pilot.step(car, dt, isFlooded(water, this.settings.carSpec.fordingDepth));
    if (!step.end) return step.input;
    this.stopPilot(step.end.reason, step.end);
    return BRAKES_ON;
  }

  /** Metres of water under the car's centre now. */
  private waterHere(): number {
    return waterAtCar(this.options.water?.(), this.car.x, this.car.z);
  }

  /** The car at rest exactly at `start` (moved into the drivable area). */
  private place(start: { x: number; z: number; heading: number }): void {
    this.holding = false;
    this.car = restingAt(this.options.field(), this.settings, start);
    this.kinematic.placed();
    this.physics.dispose();
    if (this.physicsActive) {
      this.physics.start({
        spec: () => this.settings.carSpec,
        placement: () => this.car,
        stillWanted: () => this.mode === 'drive' && this.physicsActive,
        ready: () => this.refreshPose(),
        // The drive goes on with the kinematic car, and says why (the HUD and the Drive panel).
        failed: (reason) => {
          this.store.setState({ physicsUnavailable: reason });
          this.setSettings({ model: 'kinematic' });
        },
      });
    }
    this.refreshPose();
  }

  private placeNear(from: { x: number; z: number; heading: number }): void {
    const found = spawnNear(this.options.field(), this.settings, this.options.obstacles?.() ?? [], from, this.options.water?.());
    this.store.setState({ spawn: { quality: found.quality, distance: found.distance, freeRun: found.freeRun, x: found.placement.x, z: found.placement.z } });
    this.place(found.placement);
    this.holding = true; // At rest until a driving key: a physics car left free rolls down even a gentle slope.
  }

  private driveFrame(dt: number): void {
    const recording = this.store.getState().recording;
    if (this.physicsActive) {
      const water = this.options.water?.();
      const moved = this.physics.advance(dt, {
        keys: driveInputFrom(this.held),
        pilot: (car, stepDt, depth) => this.pilotInput(car, stepDt, depth) ?? (this.holding ? BRAKES_ON : null),
        record: recording ? (state, depth) => this.recorder.addStep(state, depth) : null,
        marks: this.marks,
        water: (x, z) => waterAtCar(water, x, z),
        fordingDepth: this.settings.carSpec.fordingDepth,
      });
      // While Rapier loads the car waits at rest where it was placed.
      if (!moved) return;
      this.car = moved;
      this.updatePose();
    } else {
      if (dt > 0) {
        const { x, z, heading, speed } = this.car;
        const pilot = this.pilotInput({ position: { x, z }, heading, speed, roll: this.currentPose?.roll ?? 0 }, dt, this.waterHere());
        const input = pilot ? { throttle: pilot.throttle - pilot.brake, steer: pilot.steer, handbrake: false } : driveInputFrom(this.held);
        // Wading: the top speed is the share the water leaves (none when flooded: the car stops).
        this.car = this.kinematic.step(this.car, input, dt, this.settings, wadingSpeedFactor(this.waterHere(), this.settings.carSpec.fordingDepth));
      }
      const pose = this.updatePose();
      if (this.store.getState().recording && dt > 0) this.recorder.addFrame(dt, pose, this.waterHere());
    }
    this.sinceHud += dt;
    if (this.sinceHud >= HUD_INTERVAL) this.publishHud();
  }

  private refreshPose(): void {
    this.updatePose();
    this.publishHud();
  }

  /** Draws the car where its model put it (the kinematic pose while Rapier loads). */
  private updatePose(): CarPose {
    const drawn = (this.physicsActive ? this.physics.draw(this.settings.carSpec) : null) ?? this.kinematic.draw(this.car, this.settings, this.wheelLayout);
    this.currentPose = drawn.pose;
    this.currentWheels = drawn.wheels;
    return drawn.pose;
  }

  private publishHud(): void {
    this.sinceHud = 0;
    const pose = this.currentPose;
    if (!pose) return;
    const physics = this.physicsActive ? (this.physics.state ?? undefined) : undefined;
    this.store.setState({
      hud: hudValues({
        field: this.options.field(),
        model: this.settings.model,
        car: this.car,
        pose,
        physics,
        loading: this.physicsActive && !this.physics.state,
        wheels: this.currentWheels,
        layout: this.wheelLayout,
        stoppedBy: this.kinematic.stoppedBy,
        stops: this.kinematic.stops,
        water: this.waterHere(),
        flooded: isFlooded(this.waterHere(), this.settings.carSpec.fordingDepth),
      }),
      recordedRows: this.recorder.count,
      marksVersion: this.marks.version,
    });
  }
}
