/** What `faultline drive` was asked to do (parsed by drive.ts; roadDrive.ts reads it too). */
import type { StockCarId } from '../../shared/vehicle/physics/cars';

export type CarDynamics = 'kinematic' | 'physics';

export interface DriveArgs {
  terrain: string;
  model: CarDynamics;
  car: StockCarId;
  /** Exactly one of route and inputs is set. */
  route?: string;
  inputs?: string;
  /** A project's road layer to drive (main/cli/roadDrive.ts), its report file, and --speed if given. */
  road?: string;
  report?: string;
  roadSpeed?: number;
  /** With inputs: where the car starts (heading in radians) and for how long it drives. */
  start?: { x: number; z: number; heading: number };
  duration?: number;
  out: string;
  speed: number;
  length: number;
  width: number;
  step: number;
  maxSlopeDeg: number;
  poseMethod: 'classic' | 'wheelPlane';
}
