/**
 * Colour ramps shared by the 3D viewport (vertex colours) and the 2D heightmap panel (pixels).
 * Ramps are 256-entry lookup tables so that colouring millions of vertices stays a table read.
 */

/** Ramp stops: position in [0, 1] and sRGB bytes. */
type Stop = readonly [number, number, number, number];

/** Hypsometric tints: lowland greens, tan hills, brown and grey rock, snow on top. */
const HYPSOMETRIC_STOPS: readonly Stop[] = [
  [0.0, 40, 86, 58],
  [0.2, 78, 128, 70],
  [0.42, 150, 160, 92],
  [0.6, 196, 176, 118],
  [0.75, 150, 112, 76],
  [0.9, 140, 132, 126],
  [1.0, 246, 246, 248],
];

/** Slope from flat (green) through walkable-limit yellow to cliff red; positions are angle / 90°. */
const SLOPE_STOPS: readonly Stop[] = [
  [0.0, 52, 140, 70],
  [0.15, 150, 190, 70],
  [0.3, 235, 205, 70],
  [0.45, 225, 120, 50],
  [0.65, 170, 45, 40],
  [1.0, 90, 30, 40],
];

export const RAMP_SIZE = 256;

function buildRamp(stops: readonly Stop[]): Uint8Array {
  const lut = new Uint8Array(RAMP_SIZE * 3);
  for (let k = 0; k < RAMP_SIZE; k++) {
    const t = k / (RAMP_SIZE - 1);
    let s = 0;
    while (s < stops.length - 2 && t > stops[s + 1][0]) s++;
    const [t0, r0, g0, b0] = stops[s];
    const [t1, r1, g1, b1] = stops[s + 1];
    const f = Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
    lut[k * 3] = Math.round(r0 + f * (r1 - r0));
    lut[k * 3 + 1] = Math.round(g0 + f * (g1 - g0));
    lut[k * 3 + 2] = Math.round(b0 + f * (b1 - b0));
  }
  return lut;
}

/** sRGB bytes, RAMP_SIZE × 3. */
export const HYPSOMETRIC_RAMP = buildRamp(HYPSOMETRIC_STOPS);
export const SLOPE_RAMP = buildRamp(SLOPE_STOPS);

/** Index into a ramp for a value t in [0, 1] (clamped; NaN maps to 0). */
export function rampIndex(t: number): number {
  if (!(t > 0)) return 0;
  if (t >= 1) return RAMP_SIZE - 1;
  return Math.round(t * (RAMP_SIZE - 1));
}

/** sRGB byte → linear float, for vertex colours (three.js shades in linear space). */
export function srgbByteToLinear(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The ramp converted to linear floats, RAMP_SIZE × 3. */
export function linearRamp(ramp: Uint8Array): Float32Array {
  const out = new Float32Array(ramp.length);
  for (let k = 0; k < ramp.length; k++) out[k] = srgbByteToLinear(ramp[k]);
  return out;
}

/** Normalised position of h in [min, max]; a flat map sits mid-ramp. */
export function normalisedHeight(h: number, min: number, max: number): number {
  return max > min ? (h - min) / (max - min) : 0.5;
}
