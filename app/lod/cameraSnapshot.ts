import type { LodCamera } from '../../shared/lod/selectLod';

/** Up to this many frustum planes are compared (a perspective frustum has six). */
const MAX_PLANES = 8;

/**
 * A copy of the numbers of a LodCamera that level selection depends on, to tell whether a camera
 * is the same as the last one without keeping (or allocating) camera objects.
 */
export class CameraSnapshot {
  private readonly values = new Float64Array(5 + 4 * MAX_PLANES);
  /** −1 when no frustum was given; −2 before the first copy or for a frustum too large to keep. */
  private planes = -2;

  copy(camera: LodCamera): void {
    const v = this.values;
    v[0] = camera.position.x;
    v[1] = camera.position.y;
    v[2] = camera.position.z;
    v[3] = camera.fovYDegrees;
    v[4] = camera.viewportHeight;
    const frustum = camera.frustum;
    if (!frustum) {
      this.planes = -1;
      return;
    }
    if (frustum.length > MAX_PLANES) {
      this.planes = -2;
      return;
    }
    this.planes = frustum.length;
    for (let p = 0; p < frustum.length; p++) {
      const plane = frustum[p];
      v[5 + 4 * p] = plane.nx;
      v[6 + 4 * p] = plane.ny;
      v[7 + 4 * p] = plane.nz;
      v[8 + 4 * p] = plane.d;
    }
  }

  /** True when `camera` has exactly the numbers last copied (Object.is: NaN matches, −0 does not). */
  matches(camera: LodCamera): boolean {
    if (this.planes === -2) return false;
    const v = this.values;
    if (!Object.is(v[0], camera.position.x) || !Object.is(v[1], camera.position.y) || !Object.is(v[2], camera.position.z)) return false;
    if (!Object.is(v[3], camera.fovYDegrees) || !Object.is(v[4], camera.viewportHeight)) return false;
    const frustum = camera.frustum;
    if (!frustum) return this.planes === -1;
    if (frustum.length !== this.planes) return false;
    for (let p = 0; p < frustum.length; p++) {
      const plane = frustum[p];
      if (!Object.is(v[5 + 4 * p], plane.nx) || !Object.is(v[6 + 4 * p], plane.ny) || !Object.is(v[7 + 4 * p], plane.nz) || !Object.is(v[8 + 4 * p], plane.d))
        return false;
    }
    return true;
  }
}
