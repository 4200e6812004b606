import { describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import { boxIntersectsFrustum } from '../../../shared/lod/frustum';
import { cameraFrustum } from './cameraFrustum';

describe('cameraFrustum', () => {
  it('gives inward planes that keep boxes in view and reject boxes behind or beside the camera', () => {
    const camera = new PerspectiveCamera(60, 1.5, 1, 1000);
    camera.position.set(0, 100, 200);
    camera.lookAt(0, 0, 0);
    const planes = cameraFrustum(camera);
    expect(planes).toHaveLength(6);
    expect(boxIntersectsFrustum(planes, -10, -5, -10, 10, 5, 10)).toBe(true);
    expect(boxIntersectsFrustum(planes, -10, -5, 400, 10, 5, 420)).toBe(false);
    expect(boxIntersectsFrustum(planes, 900, -5, -10, 950, 5, 10)).toBe(false);
  });
});
