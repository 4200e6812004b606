/**
 * Prop orientation convention (used by snapping, the renderer and the JSON export):
 *
 *   R = Ry(yaw) · Rx(pitch) · Rz(roll)
 *
 * applied to prop-local coordinates (pivot at the base, +y up). All rotations are right-handed about
 * the world axes of the heightfield convention (x east, y up, z south): yaw turns +z towards +x,
 * pitch (about the yawed local x axis) turns +y towards +z, roll (about the local z axis) turns
 * +y towards −x. In three.js this is `object.rotation.set(pitch, yaw, roll, 'YXZ')`.
 *
 * The designer chooses yaw; pitch and roll are derived from the terrain so that the prop's up axis
 * R·(0, 1, 0) equals the wanted up vector.
 */

/** Index of each value written by orientUp into its output array. */
export const ORIENT_PITCH = 0;
export const ORIENT_ROLL = 1;
export const ORIENT_UP_X = 2;
export const ORIENT_UP_Y = 3;
export const ORIENT_UP_Z = 4;

/**
 * Up vector for a surface with gradient (dx, dz), tilted from vertical towards the surface normal by
 * at most maxTilt radians, and the pitch and roll that realise it for the given yaw. Writes
 * pitch, roll, up.x, up.y, up.z into out[0..4]. maxTilt ≤ 0 keeps the prop upright.
 */
/** Trigonometry of the last tilt limit seen: bulk snapping meets the same few limits over and over. */
let memoTilt = NaN;
let memoTan = 0;
let memoSin = 0;
let memoCos = 1;

export function orientUp(dx: number, dz: number, yaw: number, maxTilt: number, out: Float64Array): void {
  if (!(maxTilt > 0)) {
    orientUpLimited(0, 0, yaw, 0, 0, 1, out);
    return;
  }
  if (maxTilt !== memoTilt) {
    memoTilt = maxTilt;
    memoTan = Math.tan(maxTilt);
    memoSin = Math.sin(maxTilt);
    memoCos = Math.cos(maxTilt);
  }
  orientUpLimited(dx, dz, yaw, memoTan, memoSin, memoCos, out);
}

/** Trigonometry of a tilt limit, computed once per prop type rather than once per prop. */
export interface TiltLimit {
  tan: number;
  sin: number;
  cos: number;
}

export function tiltLimit(maxTilt: number): TiltLimit {
  return maxTilt > 0 ? { tan: Math.tan(maxTilt), sin: Math.sin(maxTilt), cos: Math.cos(maxTilt) } : { tan: 0, sin: 0, cos: 1 };
}

/**
 * orientUp with the limit's tan/sin/cos given (bulk snapping mixes types, so a one-entry memo would
 * keep missing). A zero limit (tan = 0) keeps the prop upright.
 */
export function orientUpLimited(dx: number, dz: number, yaw: number, tanLimit: number, sinLimit: number, cosLimit: number, out: Float64Array): void {
  const slope = Math.sqrt(dx * dx + dz * dz);
  if (!(tanLimit > 0) || slope === 0) {
    out[ORIENT_PITCH] = 0;
    out[ORIENT_ROLL] = 0;
    out[ORIENT_UP_X] = 0;
    out[ORIENT_UP_Y] = 1;
    out[ORIENT_UP_Z] = 0;
    return;
  }
  let ux: number;
  let uy: number;
  let uz: number;
  if (slope <= tanLimit) {
    // Within the limit: the up vector is the triangle's normal (−dx, 1, −dz)/|·|.
    const inverseLength = 1 / Math.sqrt(1 + slope * slope);
    ux = -dx * inverseLength;
    uy = inverseLength;
    uz = -dz * inverseLength;
  } else {
    // Limited: lean exactly maxTilt towards the normal, i.e. downhill along −gradient.
    const lean = sinLimit / slope;
    ux = -dx * lean;
    uy = cosLimit;
    uz = -dz * lean;
  }
  // Express the up vector in the yawed frame: u' = Ry(−yaw)·u = Rx(pitch)·Rz(roll)·(0,1,0)
  //   = (−sin roll, cos roll · cos pitch, cos roll · sin pitch).
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  const lx = ux * c - uz * s;
  const lz = ux * s + uz * c;
  out[ORIENT_PITCH] = Math.atan2(lz, uy);
  out[ORIENT_ROLL] = -Math.asin(Math.max(-1, Math.min(1, lx)));
  out[ORIENT_UP_X] = ux;
  out[ORIENT_UP_Y] = uy;
  out[ORIENT_UP_Z] = uz;
}
