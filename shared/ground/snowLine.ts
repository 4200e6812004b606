/**
 * The snow's edge: the one rule by which the 3D view, the 2D map and the engine's snow mask all place
 * snow (groundMaterials.ts builds the snow layer from it). Snow is full from the snow line up and fades
 * in below it over a band as wide as a share of the gap between the tree and the snow lines, never
 * narrower than SNOW_MIN_SOFTNESS (unless the gap is) nor wider than the gap: an edge a metre or two wide was a hard step, drawn along every rill
 * of a slope as a saw-tooth, and aliased at a far view.
 */
import type { MaskRule } from '../masks/maskTypes';

/** The narrowest snow edge, metres of height (on a 40° slope about 4 m of ground between 10 % and 90 % snow). */
export const SNOW_MIN_SOFTNESS = 6;
/** The snow edge's width as a share of the gap between the tree line and the snow line. */
export const SNOW_SOFTNESS_SHARE = 0.25;
/** Snow holds on ground up to 50°, gone by 60°. */
export const SNOW_SLOPE_RULE: MaskRule = { source: 'slope', max: 50, softness: 10 };

const round = (v: number) => Math.round(v * 100) / 100;

/** The snow's height rule for the View's lines (a snow line at or below the tree line counts as one metre above it). */
export function snowHeightRule(lines: { readonly treeLine: number; readonly snowLine: number }): MaskRule {
  const gap = Math.max(1, lines.snowLine - lines.treeLine);
  // Never wider than the gap: snow does not reach below the tree line.
  return { source: 'height', min: round(lines.snowLine), softness: round(Math.min(gap, Math.max(SNOW_MIN_SOFTNESS, SNOW_SOFTNESS_SHARE * gap))) };
}

/**
 * The ragged snow line: within a band around the snow line, the height the snow's height rule reads is
 * moved up or down (metres, up to the band) by three things a mountaineer knows — a low-frequency
 * noise of world x, z (the line wanders, cells of SNOW_NOISE_METRES), shade (a slope facing away from
 * the sun holds snow lower, one facing it loses it higher) and steepness (steep faces shed snow, so
 * they stay bare through the band). Flat ground out of the noise's reach of the line is as before.
 */
/**
 * The band, as a share of the gap between the tree and snow lines (Mountains at 257²: ±6.6 m about 72 m).
 * Narrow, because a preset's snow covers only its top few per cent of land: a wider band left every
 * sunny face of Mountains' far range bare.
 */
export const SNOW_BAND_SHARE = 0.3;
/** The noise's larger cells, metres (a finer octave at a third of it). */
export const SNOW_NOISE_METRES = 240;
/** Shares of the band: the noise's swing, the shade's (on a vertical face) and the steep faces' drop. */
export const SNOW_NOISE_SHARE = 0.4;
export const SNOW_SHADE_SHARE = 0.5;
export const SNOW_STEEP_SHARE = 2;
/**
 * Steepness from 40° (none) to 60° (all): a talus slope at 40° keeps its snow, a 55° face in the band
 * is bare whatever else (and the slope rule clears all snow from 60°).
 */
export const SNOW_STEEP_FROM = 40;
export const SNOW_STEEP_TO = 60;
/**
 * The sun the shade is reckoned from: the View's default sun (compass 235°, south-west). Fixed, so the
 * snow is the climate's and does not move when the designer turns the light.
 */
export const SNOW_SUN_AZIMUTH_DEG = 235;
const SUN_X = Math.sin((SNOW_SUN_AZIMUTH_DEG * Math.PI) / 180);
const SUN_Z = -Math.cos((SNOW_SUN_AZIMUTH_DEG * Math.PI) / 180);
/** The sun's horizontal direction (unit; x east, z south: compass north is −z). */
export const SNOW_SUN_XZ: readonly [number, number] = [SUN_X, SUN_Z];

/** The snow band's half-width, metres, for the View's lines: never reaching below the tree line. */
export function snowBand(lines: { readonly treeLine: number; readonly snowLine: number }): number {
  const gap = Math.max(1, lines.snowLine - lines.treeLine);
  const softness = snowHeightRule(lines).softness ?? 0;
  return round(Math.max(0, Math.min(SNOW_BAND_SHARE * gap, gap - softness)));
}

// A lattice value 0…1 from integer cell coordinates, exact in 32-bit floats (the shader's copy gives the same).
function permute(v: number): number {
  return ((((v * 34 + 1) * v) % 289) + 289) % 289;
}
function latticeValue(i: number, j: number): number {
  const a = ((i % 289) + 289) % 289;
  const b = ((j % 289) + 289) % 289;
  return permute(permute(a) + b) / 288;
}
function valueNoise(x: number, z: number): number {
  const i = Math.floor(x);
  const j = Math.floor(z);
  const fx = x - i;
  const fz = z - j;
  const ux = fx * fx * (3 - 2 * fx);
  const uz = fz * fz * (3 - 2 * fz);
  const top = latticeValue(i, j) + (latticeValue(i + 1, j) - latticeValue(i, j)) * ux;
  const bottom = latticeValue(i, j + 1) + (latticeValue(i + 1, j + 1) - latticeValue(i, j + 1)) * ux;
  return top + (bottom - top) * uz;
}

/** The snow line's wander at world (x, z), −1…1: two octaves of value noise. */
export function snowNoise(x: number, z: number): number {
  const coarse = valueNoise(x / SNOW_NOISE_METRES, z / SNOW_NOISE_METRES);
  const fine = valueNoise((3 * x) / SNOW_NOISE_METRES + 17, (3 * z) / SNOW_NOISE_METRES + 31);
  return 2 * (0.65 * coarse + 0.35 * fine) - 1;
}

/**
 * Metres to add to the height the snow's height rule reads at world (x, z), for a ground of `slopeDeg`
 * whose unit normal has horizontal part (normalX, normalZ), in a band of `band` metres.
 */
export function snowHeightShift(band: number, x: number, z: number, slopeDeg: number, normalX: number, normalZ: number): number {
  if (band <= 0) return 0;
  const shade = -(normalX * SUN_X + normalZ * SUN_Z);
  const t = Math.min(1, Math.max(0, (slopeDeg - SNOW_STEEP_FROM) / (SNOW_STEEP_TO - SNOW_STEEP_FROM)));
  const steep = t * t * (3 - 2 * t);
  return band * (SNOW_NOISE_SHARE * snowNoise(x, z) + SNOW_SHADE_SHARE * shade - SNOW_STEEP_SHARE * steep);
}
