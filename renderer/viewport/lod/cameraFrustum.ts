import { Frustum, Matrix4, type PerspectiveCamera } from 'three';
import type { FrustumPlane } from '../../../shared/lod/frustum';

/** The camera's frustum planes now, for LOD culling (its world matrix may not be updated yet this frame). */
export function cameraFrustum(camera: PerspectiveCamera): FrustumPlane[] {
  camera.updateMatrixWorld();
  const frustum = new Frustum().setFromProjectionMatrix(new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
  return frustum.planes.map((plane) => ({ nx: plane.normal.x, ny: plane.normal.y, nz: plane.normal.z, d: plane.constant }));
}
