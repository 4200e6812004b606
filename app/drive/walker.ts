import type { Heightfield } from '../../shared/terrain/heightfield';
import { walkEyePosition } from '../../shared/vehicle/camera';
import { add, vec3 } from '../../shared/vehicle/vec';
import { walkInputFrom, type HeldKey } from './keys';
import type { CameraView } from './driveTypes';

export const WALK_SPEED = 4;
export const WALK_RUN_SPEED = 12;
/** Radians of look per pixel of mouse movement. */
export const LOOK_SENSITIVITY = 0.004;
const MAX_LOOK_PITCH = (85 * Math.PI) / 180;

/** A person walking over the exact surface at eye height, looking with the mouse. */
export class Walker {
  private x = 0;
  private z = 0;
  private yaw = 0;
  private pitch = 0;

  constructor(private readonly field: () => Heightfield) {}

  /** Stands at (x, z) on the ground, looking level towards `yaw`. */
  enter(start: { x: number; z: number; yaw: number }): void {
    const eye = walkEyePosition(this.field(), start.x, start.z);
    this.x = eye.x;
    this.z = eye.z;
    this.yaw = Number.isFinite(start.yaw) ? start.yaw : 0;
    this.pitch = 0;
  }

  /** Mouse look: pixels moved right and down. */
  look(dx: number, dy: number): void {
    this.yaw -= dx * LOOK_SENSITIVITY;
    this.pitch = Math.max(-MAX_LOOK_PITCH, Math.min(MAX_LOOK_PITCH, this.pitch - dy * LOOK_SENSITIVITY));
  }

  /** Walks by the held keys for `dt` seconds. */
  frame(dt: number, held: ReadonlySet<HeldKey>): void {
    const { forward, right, run } = walkInputFrom(held);
    const norm = Math.hypot(forward, right);
    if (norm === 0 || dt === 0) return;
    const distance = (run ? WALK_RUN_SPEED : WALK_SPEED) * dt;
    const { yaw } = this;
    // Forward (sin, 0, cos) and right (−cos, 0, sin) as in shared/vehicle/pose.ts.
    const dx = (forward * Math.sin(yaw) - right * Math.cos(yaw)) / norm;
    const dz = (forward * Math.cos(yaw) + right * Math.sin(yaw)) / norm;
    const eye = walkEyePosition(this.field(), this.x + dx * distance, this.z + dz * distance);
    this.x = eye.x;
    this.z = eye.z;
  }

  camera(): CameraView {
    const eye = walkEyePosition(this.field(), this.x, this.z);
    const { yaw, pitch } = this;
    const look = vec3(Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch));
    return { eye, target: add(eye, look) };
  }
}
