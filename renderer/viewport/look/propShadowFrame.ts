/**
 * Where the sun's shadow map for props lies: a square (seen from the sun) round what the drawing
 * camera looks at. Orbiting, round the orbit target, wider as the camera backs off. Driving, round the
 * car, pushed ahead along the camera's view (the ground the car drives into is what is seen), and at
 * least DRIVE_SHADOW_HALF_SPAN across: the car and the props it passes keep their shadows.
 */

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** Half the side of the props' shadow square: 0.8 of the camera's distance to its target, 24–600 m (a texel 2.3 cm to 59 cm). */
export function propShadowHalfSpan(distance: number): number {
  return Math.min(600, Math.max(24, Math.round(0.8 * distance)));
}

/** The half side while driving, metres (a texel of a 2048² map 3.9 cm). */
export const DRIVE_SHADOW_HALF_SPAN = 40;
/** How far ahead of the car the square's centre lies while driving, as a share of its half side. */
export const DRIVE_SHADOW_LEAD = 0.5;

export interface PropShadowFrame {
  centre: Point3;
  half: number;
}

/**
 * The shadow square's centre and half side for a camera at `eye` looking along `forward` at `focus`:
 * the orbit target, or (driving) the car.
 */
export function propShadowFrame(eye: Point3, forward: Point3, focus: Point3, driving: boolean): PropShadowFrame {
  if (!driving) {
    const distance = Math.hypot(eye.x - focus.x, eye.y - focus.y, eye.z - focus.z);
    return { centre: { x: focus.x, y: focus.y, z: focus.z }, half: propShadowHalfSpan(distance) };
  }
  const half = DRIVE_SHADOW_HALF_SPAN;
  const length = Math.hypot(forward.x, forward.z);
  const lead = length > 1e-6 ? (DRIVE_SHADOW_LEAD * half) / length : 0;
  return { centre: { x: focus.x + forward.x * lead, y: focus.y, z: focus.z + forward.z * lead }, half };
}

/**
 * `centre` moved (by less than a texel) so that its coordinates across the sun's view are whole
 * multiples of `texel`: the light camera's axes are those of a camera looking down `toSun` with +y up
 * (three's lookAt), so a square that follows a moving car shifts by whole texels and its shadows'
 * edges stay put. Along the sun's direction nothing changes.
 */
export function snapToShadowTexels(centre: Point3, toSun: Point3, texel: number): Point3 {
  const zl = Math.hypot(toSun.x, toSun.y, toSun.z) || 1;
  const z = { x: toSun.x / zl, y: toSun.y / zl, z: toSun.z / zl };
  // x = up × z (up = +y), y = z × x.
  let x = { x: z.z, y: 0, z: -z.x };
  const xl = Math.hypot(x.x, x.z);
  if (xl < 1e-6 || !(texel > 0)) return { ...centre };
  x = { x: x.x / xl, y: 0, z: x.z / xl };
  const y = { x: z.y * x.z - z.z * x.y, y: z.z * x.x - z.x * x.z, z: z.x * x.y - z.y * x.x };
  const along = (a: Point3) => centre.x * a.x + centre.y * a.y + centre.z * a.z;
  const dx = Math.round(along(x) / texel) * texel - along(x);
  const dy = Math.round(along(y) / texel) * texel - along(y);
  return { x: centre.x + dx * x.x + dy * y.x, y: centre.y + dx * x.y + dy * y.y, z: centre.z + dx * x.z + dy * y.z };
}
