/**
 * The smooth fault profile: how much a vertex rises or sinks as a function of its signed distance to
 * the line. One definition, used by the reference loop and (inlined, same operations in the same
 * order) by the fast formation, so both give the same bytes.
 *
 * For a line with transition width w and displacement d, a vertex at (x, z) gets
 *   t = faultSide(line, x, z) · smoothScale(line, w)      (signed distance in half-widths)
 *   t ≥ 1          → +d
 *   t ≤ −1 or NaN  → −d            (NaN sinks, as `risesAt` sinks it)
 *   otherwise      → d · r(t), rounded to the nearest multiple of 2⁻²⁴ m (ties to even)
 * with r(t) = t·(3 − t²)/2, the cubic smoothstep 3u² − 2u³ of u = (t + 1)/2 rescaled to [−1, 1]: flat
 * at both edges of the band (r′(±1) = 0), steepest at the line (r′(0) = 3/2).
 *
 * Why a polynomial and not a raised cosine: it needs only +, −, × and rounding, which IEEE 754 fixes
 * bit for bit on every machine, whereas Math.sin is approximated differently by different JavaScript runtimes —
 * and it is several times cheaper per vertex. Outside the band the value is exactly ±d, so the fast
 * formation adds it in bulk and evaluates the ramp only for vertices within w/2 of the line.
 */
import { faultSide, type FaultLine } from './lines';
import { DISPLACEMENT_QUANTUM, FAULT_PROFILE_KINDS, type FaultProfile } from './recipe';

/** Transition widths validators accept, metres: beyond these a value is a typo or a hostile file. */
export const MIN_FAULT_WIDTH = 1e-6;
export const MAX_FAULT_WIDTH = 1e7;

/**
 * ½ / 2⁻²⁴: d · r(t) in quanta of 2⁻²⁴ m is (d · 2²³) · t(3 − t²) (scaling by a power of two is exact);
 * d · 2²³ comes first so that a formation can compute it once per line.
 */
export const RAMP_QUANTA = 2 ** 23;

/**
 * 1.5 · 2⁵²: for |x| < 2⁵¹, (x + ROUNDER) − ROUNDER is x rounded to the nearest integer, ties to even
 * (between 2⁵² and 2⁵³ doubles are the integers). Two additions, where Math.round is several times
 * slower in the fast formation's hot loop. |d| ≤ 2²⁶ (the fast formation's bound on total displacement) keeps
 * |d · t(3 − t²) · 2²³| ≤ 2⁵⁰.
 */
export const ROUNDER = 1.5 * 2 ** 52;

/**
 * What the side value is multiplied by to give t: 1 / (length · w/2), with length the norm of (a, b)
 * for the normal form and of (x2 − x1, z2 − z1) for the cross form. Computed once per line.
 */
export function smoothScale(line: FaultLine, width: number): number {
  const length = line.method === 'cross' ? Math.hypot(line.x2 - line.x1, line.z2 - line.z1) : Math.hypot(line.a, line.b);
  return 1 / (length * (width / 2));
}

/** The displacement at t half-widths from the line (see above); exactly ±d outside the band. */
export function rampedDisplacement(d: number, t: number): number {
  if (t >= 1) return d;
  if (!(t > -1)) return -d;
  return (d * RAMP_QUANTA * (t * (3 - t * t)) + ROUNDER - ROUNDER) * DISPLACEMENT_QUANTUM;
}

/** The smooth profile's displacement of the vertex at (x, z); `scale` is smoothScale(line, w). */
export function smoothDisplacementAt(line: FaultLine, scale: number, d: number, x: number, z: number): number {
  return rampedDisplacement(d, faultSide(line, x, z) * scale);
}

/** The first problem with a profile read from a file or typed by a user, in words, or null. */
export function faultProfileProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'profile is not an object';
  const { kind, width } = value as { kind?: unknown; width?: unknown };
  if (typeof kind !== 'string' || !(FAULT_PROFILE_KINDS as readonly string[]).includes(kind)) {
    return `profile kind ${JSON.stringify(kind)} is unknown (expected ${FAULT_PROFILE_KINDS.join(' or ')})`;
  }
  const keys = Object.keys(value);
  if (kind === 'step') return keys.length === 1 ? null : 'a step profile has no other fields';
  if (typeof width !== 'number' || !Number.isFinite(width) || width < MIN_FAULT_WIDTH || width > MAX_FAULT_WIDTH) {
    return (
      `fault width must be a number of metres from ${MIN_FAULT_WIDTH} to ${MAX_FAULT_WIDTH}, ` +
      `got ${typeof width === 'number' ? String(width) : JSON.stringify(width)}`
    );
  }
  return keys.length === 2 ? null : 'a smooth profile has only kind and width';
}

/** Both formations accept a step (or none) and a smooth profile of any finite width > 0; anything else throws. */
export function assertUsableProfile(profile: FaultProfile | undefined, index: number): void {
  if (profile === undefined || profile.kind === 'step') return;
  if (profile.kind !== 'smooth' || !(profile.width > 0) || !Number.isFinite(profile.width)) {
    throw new RangeError(`fault ${index} has a profile that is neither a step nor smooth with a finite width > 0`);
  }
}
