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

/** Slope bins of the natural colours: angle from level (0) to vertical (SLOPE_BINS − 1). */
export const SLOPE_BINS = 64;

type Rgb = readonly [number, number, number];
const mixRgb = (a: Rgb, b: Rgb, f: number): Rgb => [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
const smooth = (e0: number, e1: number, x: number) => {
  const f = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return f * f * (3 - 2 * f);
};

/**
 * Where the natural table's height axis puts the tree line and the snow line (naturalColours.ts's
 * naturalAxis maps metres onto it): lowland below the tree line, alpine between the two, snow above.
 */
export const NATURAL_TREE_LINE_T = 0.5;
export const NATURAL_SNOW_LINE_T = 0.75;

/** Ground cover by height in metres (through naturalAxis): meadow, drier grass, heath at the tree line, alpine scree. */
const NATURAL_BY_HEIGHT: readonly Stop[] = [
  [0.0, 70, 100, 46],
  [0.25, 78, 108, 50],
  [0.45, 92, 120, 56],
  [NATURAL_TREE_LINE_T, 112, 122, 66],
  [0.62, 126, 118, 86],
  [NATURAL_SNOW_LINE_T, 136, 130, 122],
  [1.0, 140, 136, 130],
];
const DIRT: Rgb = [116, 104, 74];
const ROCK: Rgb = [118, 110, 100];
const CLIFF: Rgb = [88, 82, 76];
const SNOW: Rgb = [236, 240, 244];

/**
 * Natural colours, as terrain artists expect them: grass in the lowlands turning to heath and scree
 * above the tree line, bare earth on banks, bare rock on slopes steeper than about 45°, darker
 * cliffs past 70°, and snow on high ground (above the snow line) that is not too steep to hold it.
 * sRGB bytes, RAMP_SIZE (height) × SLOPE_BINS (slope) × 3,
 * row-major by slope: entry (h, s) at (s · RAMP_SIZE + h) · 3.
 */
export const NATURAL_TABLE: Uint8Array = (() => {
  const byHeight = buildRamp(NATURAL_BY_HEIGHT);
  const table = new Uint8Array(RAMP_SIZE * SLOPE_BINS * 3);
  for (let s = 0; s < SLOPE_BINS; s++) {
    const slopeDeg = (s / (SLOPE_BINS - 1)) * 90;
    for (let h = 0; h < RAMP_SIZE; h++) {
      const t = h / (RAMP_SIZE - 1);
      let c: Rgb = [byHeight[h * 3], byHeight[h * 3 + 1], byHeight[h * 3 + 2]];
      // Grass thins to bare earth on banks, then rock on steep slopes.
      c = mixRgb(c, DIRT, 0.55 * smooth(16, 34, slopeDeg));
      c = mixRgb(c, ROCK, smooth(38, 55, slopeDeg));
      c = mixRgb(c, CLIFF, smooth(62, 78, slopeDeg));
      c = mixRgb(c, SNOW, smooth(NATURAL_SNOW_LINE_T - 0.015, NATURAL_SNOW_LINE_T + 0.04, t) * (1 - smooth(48, 62, slopeDeg)));
      const o = (s * RAMP_SIZE + h) * 3;
      table[o] = Math.round(c[0]);
      table[o + 1] = Math.round(c[1]);
      table[o + 2] = Math.round(c[2]);
    }
  }
  return table;
})();

/** Slope bin of a slope fraction (angle / 90°), clamped; NaN maps to 0. */
export function slopeBin(fraction: number): number {
  if (!(fraction > 0)) return 0;
  if (fraction >= 1) return SLOPE_BINS - 1;
  return Math.round(fraction * (SLOPE_BINS - 1));
}
