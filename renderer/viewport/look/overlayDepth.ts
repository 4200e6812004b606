import type { Material } from 'three';

/**
 * How far an overlay's vertex is drawn towards the camera along its own sight line, as a fraction of its
 * distance: 1 %. It moves only the depth the vertex is tested with (a point moved along its sight line
 * projects to the same pixel), so the line or mark stays exactly where it lies on screen.
 *
 * Why a fraction of the distance: the surface drawn under an overlay is not the exact one the overlay is
 * sampled on. The level-of-detail surface of a large map is off the exact surface by up to one pixel
 * (DEFAULT_MAX_PIXEL_ERROR), about 0.001 of the distance at the view's 50° field and 1000 px; along a sight
 * line that grazes the ground at 6° that is up to 0.01 of the distance in depth. Near the camera, a straight
 * segment of a ring between two samples cuts a little into a convex hill; the overlays are lifted a fraction
 * of a cell above the exact surface for that. A hill in front of the overlay hides it as long as it stands
 * more than 1 % of the distance in front (5 m at 500 m).
 */
export const OVERLAY_DEPTH_PULL = 0.01;

/**
 * Makes a line or point material of an overlay depth-tested (hidden behind hills and under the car) yet
 * drawn on the ground it lies on: its depth is pulled towards the camera by OVERLAY_DEPTH_PULL of the
 * distance. It writes no depth (overlays do not hide each other or the water). Returns the material.
 */
export function depthTestedOverlay<M extends Material>(material: M): M {
  material.depthTest = true;
  material.depthWrite = false;
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = pullOverlayDepth(shader.vertexShader);
  };
  material.customProgramCacheKey = () => `overlay-depth-${OVERLAY_DEPTH_PULL}`;
  return material;
}

/** The vertex shader with the pull after three.js's projection; throws when the shader has no projection to patch. */
export function pullOverlayDepth(vertexShader: string): string {
  const include = '#include <project_vertex>';
  if (!vertexShader.includes(include)) throw new Error('overlay depth: the vertex shader has no project_vertex');
  return vertexShader.replace(
    include,
    `${include}\n  mvPosition.xyz *= ${(1 - OVERLAY_DEPTH_PULL).toFixed(4)};\n  gl_Position = projectionMatrix * mvPosition;`,
  );
}
