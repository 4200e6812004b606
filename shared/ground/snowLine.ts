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
 * The ragged snow line: the height the snow's height rule reads is moved up (more snow) or down (less)
 * by what a mountaineer knows — snow lies a little lower than the line on the whole (BIAS), wanders
 * with a low-frequency noise of world x, z (cells of SNOW_NOISE_METRES), lies lower on slopes facing
 * away from the sun and higher on those facing it, and is shed by steep faces that face the sun (a
 * steep shaded face keeps it, up to the slope rule). Where the height is out of the shift's reach of
 * the snow's edge nothing changes; the line varies by up to `band` up and STEEP + … below.
 */
/**
 * The band, as a share of the gap between the tree and snow lines (Mountains at 513² × 2 m, seed 1: 31.5 m
 * about a line at 170 m; its edge on ground under 40° then lies between 150 and 164 m, 5th to 95th percentile).
 */
export const SNOW_BAND_SHARE = 0.5;
/** The noise's larger cells, metres (a finer octave at a third of it). */
export const SNOW_NOISE_METRES = 240;
/**
 * Shares of the band: the lean towards more snow, the noise's swing, the shade's (on a vertical face)
 * and the steep sunny faces' drop. BIAS + NOISE + SHADE is 1: snow reaches at most `band` below the line.
 */
export const SNOW_BIAS_SHARE = 0.3;
export const SNOW_NOISE_SHARE = 0.35;
export const SNOW_SHADE_SHARE = 0.35;
export const SNOW_STEEP_SHARE = 1;
/**
 * Steepness from 45° (none) to 60° (all, where the slope rule has cleared the snow anyway), times how
 * squarely the face looks at the sun: Mountains' 40° talus keeps its snow on every side.
 */
export const SNOW_STEEP_FROM = 45;
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
/** The most the shift moves the line up (more snow) and down (less), as shares of the band. */
const MOST_UP = SNOW_BIAS_SHARE + SNOW_NOISE_SHARE + SNOW_SHADE_SHARE;
const MOST_DOWN = SNOW_NOISE_SHARE + SNOW_SHADE_SHARE + SNOW_STEEP_SHARE - SNOW_BIAS_SHARE;

/** The snow band, metres, for the View's lines: snow never reaches below the tree line (MOST_UP × band ≤ the gap less the edge). */
export function snowBand(lines: { readonly treeLine: number; readonly snowLine: number }): number {
  const gap = Math.max(1, lines.snowLine - lines.treeLine);
  const softness = snowHeightRule(lines).softness ?? 0;
  return round(Math.max(0, Math.min(SNOW_BAND_SHARE * gap, (gap - softness) / MOST_UP)));
}

// A lattice value 0…1 from integer cell coordinates, exact in 32-bit floats (the shader's copy gives the same).
function permute(v: number): number {
  return ((((v * 34 + 1) * v) % 289) + 289) % 289;
}
/** latticeValue for every cell of the lattice's 289 × 289 period, so the CPU reads a table instead of two permutes. */
const LATTICE = new Float64Array(289 * 289);
for (let a = 0; a < 289; a++) for (let b = 0; b < 289; b++) LATTICE[a * 289 + b] = permute(permute(a) + b) / 288;
/** Value noise 0…1 on the integer lattice (cells of 1), smoothly interpolated: the shader's terrainSnowValue gives the same. */
export function latticeValueNoise(x: number, z: number): number {
  const i = Math.floor(x);
  const j = Math.floor(z);
  const fx = x - i;
  const fz = z - j;
  const ux = fx * fx * (3 - 2 * fx);
  const uz = fz * fz * (3 - 2 * fz);
  const a = (((i % 289) + 289) % 289) * 289;
  const a1 = a === 288 * 289 ? 0 : a + 289;
  const b = ((j % 289) + 289) % 289;
  const b1 = b === 288 ? 0 : b + 1;
  const top = LATTICE[a + b] + (LATTICE[a1 + b] - LATTICE[a + b]) * ux;
  const bottom = LATTICE[a + b1] + (LATTICE[a1 + b1] - LATTICE[a + b1]) * ux;
  return top + (bottom - top) * uz;
}

/** The snow line's wander at world (x, z), −1…1: two octaves of value noise. */
export function snowNoise(x: number, z: number): number {
  const coarse = latticeValueNoise(x / SNOW_NOISE_METRES, z / SNOW_NOISE_METRES);
  const fine = latticeValueNoise((3 * x) / SNOW_NOISE_METRES + 17, (3 * z) / SNOW_NOISE_METRES + 31);
  return 2 * (0.65 * coarse + 0.35 * fine) - 1;
}

/**
 * Metres to add to the height the snow's height rule reads at world (x, z), for a ground of `slopeDeg`
 * whose unit normal has horizontal part (normalX, normalZ), in a band of `band` metres.
 */
export function snowHeightShift(band: number, x: number, z: number, slopeDeg: number, normalX: number, normalZ: number): number {
  if (band <= 0) return 0;
  // Shade: +sin(slope) facing straight away from the sun, −sin(slope) facing it.
  const shade = -(normalX * SUN_X + normalZ * SUN_Z);
  const t = Math.min(1, Math.max(0, (slopeDeg - SNOW_STEEP_FROM) / (SNOW_STEEP_TO - SNOW_STEEP_FROM)));
  const steepSunny = t * t * (3 - 2 * t) * Math.max(0, -shade);
  return band * (SNOW_BIAS_SHARE + SNOW_NOISE_SHARE * snowNoise(x, z) + SNOW_SHADE_SHARE * shade - SNOW_STEEP_SHARE * steepSunny);
}

/**
 * snowHeightShift where it can change the snow's height weight (`rule`: the snow's height rule, min
 * and softness; `footprint`: metres of height the weight is averaged over), else 0 — the weight is then
 * the same with or without it (wholly below the edge's foot or wholly above its top whatever the
 * shift), and the noise is not computed: most of a map lies out of reach.
 */
export function snowShiftInReach(
  band: number,
  rule: MaskRule,
  height: number,
  footprint: number,
  x: number,
  z: number,
  slopeDeg: number,
  normalX: number,
  normalZ: number,
): number {
  const top = rule.min ?? 0;
  const foot = top - (rule.softness ?? 0);
  const half = 0.5 * footprint;
  if (height + MOST_UP * band + half <= foot) return 0;
  if (height - MOST_DOWN * band - half >= top) return 0;
  return snowHeightShift(band, x, z, slopeDeg, normalX, normalZ);
}
