import type { Heightfield } from '../../shared/terrain/heightfield';
import type { CarState, DriveInput, Obstacle } from '../../shared/vehicle/drive';
import type { PhysicsCarSpec } from '../../shared/vehicle/physics/cars';
import { PHYSICS_DT, PhysicsCar, type PhysicsInput, type PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import type { Rapier } from '../../shared/vehicle/physics/rapier';
import type { SurfaceLookup } from '../../shared/vehicle/physics/surfaces';
import type { DriveMarks } from './driveMarks';
import type { DrawnCar } from './kinematicDriver';
import { drawnPhysicsPose } from './physicsPose';
import { wading } from '../../shared/vehicle/physics/physicsDrive';
import { isFlooded } from '../../shared/vehicle/water';
import type { PilotCar, PilotInput } from './routePilot';

/** What a failed load of Rapier says to the user: the error's message, or its text (never empty). */
export function loadFailureReason(error: unknown): string {
  const words = (error instanceof Error ? error.message : String(error)).trim();
  return words === '' ? 'unknown error' : words;
}

/** The whole sentence for a physics car that could not load (the HUD's tooltip, the Drive panel's note). */
export function physicsUnavailableText(reason: string): string {
  return `The physics car could not load (${reason}), so the drive uses the kinematic car. Choose Physics in the Drive panel to try again.`;
}

/** How fast the keyboard's steering moves the physics car's wheels, full lock per second. */
export const KEY_STEER_RATE = 3;

/** What drives the physics car through a frame: keys, the autopilot, and where its steps are written. */
export interface PhysicsControls {
  readonly keys: DriveInput;
  /** The autopilot's input for one step, `water` metres deep at the car (null when it does not drive). */
  pilot(car: PilotCar, dt: number, water: number): PilotInput | null;
  /** Called after every fixed step while recording (null when not recording). */
  readonly record: ((state: PhysicsState, water: number) => void) | null;
  readonly marks: DriveMarks;
  /**
   * Metres of water at a point (x, z), read at the car before and after every step — not once a frame,
   * so the car floods at the same step whatever the frame rate — and how deep the car can ford.
   */
  water(x: number, z: number): number;
  readonly fordingDepth: number;
}

export interface PhysicsDriverOptions {
  field(): Heightfield;
  obstacles(): readonly Obstacle[];
  surfaces(): SurfaceLookup | null;
  /** Loads Rapier (the first time a physics car is placed). */
  load(): Promise<Rapier>;
}

/**
 * The Rapier car (shared/vehicle/physics): created once Rapier has loaded, stepped at a fixed
 * 1/120 s, drawn interpolated between its last two steps; follows the field and the obstacles when
 * they change under it.
 */
export class PhysicsDriver {
  private rapier: Rapier | null = null;
  private car: PhysicsCar | null = null;
  private field: Heightfield | null = null;
  private obstacles: readonly Obstacle[] | null = null;
  private accumulator = 0;
  private wheelSteer = 0;
  private generation = 0;

  constructor(private readonly options: PhysicsDriverOptions) {}

  /** The car's state after the last step (null until it exists). */
  get state(): PhysicsState | null {
    return this.car?.state ?? null;
  }

  /** Where the front wheels are steered, −1..1 (the keys move it at KEY_STEER_RATE). */
  get steer(): number {
    return this.wheelSteer;
  }

  /**
   * Creates the car at rest at `placement()` once Rapier is loaded (the first time, asynchronously),
   * if `stillWanted()` then; `ready` runs after it is created, `failed` with the error's words if Rapier
   * cannot load.
   */
  start(callbacks: { spec(): PhysicsCarSpec; placement(): CarState; stillWanted(): boolean; ready(): void; failed(reason: string): void }): void {
    const generation = ++this.generation;
    const create = (rapier: Rapier): void => {
      if (generation !== this.generation || !callbacks.stillWanted()) return;
      this.rapier = rapier;
      const field = this.options.field();
      const obstacles = this.options.obstacles();
      this.car = new PhysicsCar(rapier, field, callbacks.spec(), callbacks.placement(), obstacles, this.options.surfaces());
      this.field = field;
      this.obstacles = obstacles;
      this.accumulator = 0;
      this.wheelSteer = 0;
      callbacks.ready();
    };
    if (this.rapier) {
      create(this.rapier);
      return;
    }
    this.options.load().then(create, (error: unknown) => {
      // Without Rapier the kinematic car still drives: say so rather than leave a dead car.
      console.warn('Rapier failed to load; using the kinematic car', error);
      if (generation === this.generation) callbacks.failed(loadFailureReason(error));
    });
  }

  /** Removes the car (and forgets a creation still waiting for Rapier). */
  dispose(): void {
    this.generation++;
    this.car?.dispose();
    this.car = null;
  }

  /** Fixed steps for `dt` seconds; the car's position, heading and speed after them (null: no car yet). */
  advance(dt: number, controls: PhysicsControls): CarState | null {
    const car = this.car;
    if (!car) return null;
    const field = this.options.field();
    if (field !== this.field) {
      car.setField(field);
      this.field = field;
    }
    const obstacles = this.options.obstacles();
    if (obstacles !== this.obstacles) {
      car.setObstacles(obstacles);
      this.obstacles = obstacles;
    }
    const { keys } = controls;
    const waterAt = (s: PhysicsState) => controls.water(s.position.x, s.position.z);
    this.accumulator += dt;
    while (this.accumulator >= PHYSICS_DT) {
      this.accumulator -= PHYSICS_DT;
      const maxChange = KEY_STEER_RATE * PHYSICS_DT;
      this.wheelSteer += Math.max(-maxChange, Math.min(maxChange, keys.steer - this.wheelSteer));
      const water = waterAt(car.state);
      const pilot = controls.pilot(car.state, PHYSICS_DT, water);
      if (pilot) this.wheelSteer = pilot.steer;
      const input: PhysicsInput = pilot
        ? { ...pilot, handbrake: false }
        : { throttle: keys.throttle, steer: this.wheelSteer, brake: 0, handbrake: keys.handbrake };
      // Flooded: the engine is out and the brakes hold the car; shallower water drags it (wading).
      car.step(isFlooded(water, controls.fordingDepth) ? { ...input, throttle: 0, brake: 1 } : wading(input, water, controls.fordingDepth));
      controls.marks.observe(car.state);
      controls.record?.(car.state, waterAt(car.state));
    }
    const s = car.state;
    return { x: s.position.x, z: s.position.z, heading: s.heading, speed: s.speed };
  }

  /** The car drawn between its last two steps (null: no car yet). */
  draw(spec: PhysicsCarSpec): DrawnCar | null {
    const car = this.car;
    if (!car) return null;
    const alpha = Math.max(0, Math.min(1, this.accumulator / PHYSICS_DT));
    return drawnPhysicsPose(car.previousState, car.state, alpha, spec);
  }
}
