import type { Heightfield } from '../../shared/terrain/heightfield';
import { DEFAULT_CAMERA_MARGIN, chaseCamera, hoodCamera, resolveCameraOcclusion } from '../../shared/vehicle/camera';
import type { CarPose } from '../../shared/vehicle/pose';
import { add, scale } from '../../shared/vehicle/vec';
import type { CameraView } from './driveTypes';
import type { DriveSettings } from './settings';

/** How far above the car's origin the hood camera's line of sight starts, metres. */
const HOOD_OCCLUSION_HEIGHT = 1;

/** The chase or hood camera for a car's pose, never under the ground. */
export function carCamera(field: Heightfield, pose: CarPose, settings: DriveSettings): CameraView {
  if (settings.camera === 'chase') return chaseCamera(field, pose);
  const hood = hoodCamera(field, pose, settings.length);
  // Keep the line from the car's body to the eye out of the ground too (a crest in front of the bonnet).
  const body = add(pose.position, scale(pose.up, HOOD_OCCLUSION_HEIGHT));
  const eye = resolveCameraOcclusion(field, body, hood.eye, DEFAULT_CAMERA_MARGIN);
  return { eye, target: add(eye, scale(pose.forward, 10)) };
}
