/**
 * The ragged edge between turf and bare earth: where steep ground sheds its grass is not one slope
 * everywhere. Turf is thicker in some places and thinner in others (a noise of world x, z at a few
 * metres and below a metre), and earth shows through where it is thinnest first; thick turf holds on
 * a little steeper. A layer with a `slopeBand` (shared/masks/maskTypes.ts) reads the slope moved by
 * that noise, up to the band either way, through a narrow edge (TURF_EDGE): the boundary is ragged,
 * with patches of grass holding on and bare patches below it, while the share of earth on ground of
 * one slope, over a stretch of land, follows the climate's smooth fade (its 10° from `dirtSlope` down).
 * The engine masks (shared/export/masks.ts), the CPU colours (groundMaterials.ts) and the terrain shader
 * (renderer/viewport/look/groundShader.ts, the same lattice and sums in GLSL) all read it.
 */
import { latticeValueNoise } from './snowLine';

/** One octave of the turf's noise: its cell in metres, its share of the sum and the turn of its lattice (radians). */
export interface TurfOctave {
  readonly metres: number;
  readonly amplitude: number;
  readonly angle: number;
}

/**
 * Patches of a few metres (where grass holds on or gives up as a whole), then their ragged outlines
 * down to a third of a metre. The shares add up to 1, so the noise stays within −1…1. Each lattice is
 * turned its own way so no octave's rows line up with the map's axes or with another's.
 */
export const TURF_OCTAVES: readonly TurfOctave[] = [
  { metres: 9.1, amplitude: 0.42, angle: 0.5 },
  { metres: 3.1, amplitude: 0.3, angle: 1.9 },
  { metres: 0.9, amplitude: 0.18, angle: 3.1 },
  { metres: 0.31, amplitude: 0.1, angle: 4.4 },
];

/** The standard deviation of one octave's values (2 × latticeValueNoise − 1), measured over 10⁶ points: 0.432. */
export const TURF_OCTAVE_SPREAD = 0.432;

/** The edge each point turns from turf to earth over, degrees of slope (the rule's own softness). */
export const TURF_EDGE = 3;

/**
 * The band, degrees: how far the noise moves the slope the rule reads. Chosen so the edge's spread
 * (the noise's, 8.9 × 0.24 = 2.1°, and the edge's own, 0.22 × 3°) is the spread of the climate's fade
 * (a smoothstep 10° wide: 2.24°), so the mean share of earth by slope is that fade.
 */
export const TURF_BAND = 8.9;

/** The noise's spread (standard deviation, units of the noise) at a point: √Σ (share × TURF_OCTAVE_SPREAD)². */
export const TURF_SPREAD = Math.sqrt(TURF_OCTAVES.reduce((sum, o) => sum + (o.amplitude * TURF_OCTAVE_SPREAD) ** 2, 0));

/** How much of an octave of `metres` a pixel of `metresPerPixel` keeps: all from 6 pixels a cell, none under 2. */
export function turfOctaveKept(metres: number, metresPerPixel: number): number {
  if (!(metresPerPixel > 0)) return 1;
  const t = Math.min(1, Math.max(0, (metres / metresPerPixel - 2) / 4));
  return t * t * (3 - 2 * t);
}

/**
 * The turf's noise at world (x, z), −1…1 (positive: thinner turf, earth sooner). With `metresPerPixel`
 * (> 0) the octaves finer than a few pixels fade out, so a far view does not shimmer; 0: every octave
 * (the engine masks, the colour map).
 */
export function turfNoise(x: number, z: number, metresPerPixel = 0): number {
  let sum = 0;
  for (const { metres, amplitude, cos, sin, u0, v0 } of TURNED) {
    const kept = turfOctaveKept(metres, metresPerPixel);
    if (kept <= 0) continue;
    sum += kept * amplitude * (2 * latticeValueNoise((cos * x - sin * z) / metres + u0, (sin * x + cos * z) / metres + v0) - 1);
  }
  return sum;
}
/** The octaves with their turns' cosines and sines and their lattices' offsets, computed once. */
const TURNED = TURF_OCTAVES.map(({ metres, amplitude, angle }) => ({
  metres,
  amplitude,
  cos: Math.cos(angle),
  sin: Math.sin(angle),
  u0: 13.7 * angle,
  v0: 7.1 * angle,
}));

/**
 * The spread (standard deviation, units of the noise) of the octaves a pixel of `metresPerPixel` has
 * faded out: a far pixel's edge is widened by it (the mean over the pixel of the ragged edge is a
 * softer edge), so the share of earth there stays the fade's.
 */
export function turfSpreadLost(metresPerPixel: number): number {
  let lost = 0;
  for (const { metres, amplitude } of TURF_OCTAVES) {
    const kept = turfOctaveKept(metres, metresPerPixel);
    lost += (1 - kept * kept) * (amplitude * TURF_OCTAVE_SPREAD) ** 2;
  }
  return Math.sqrt(lost);
}

/** The standard deviation of a smoothstep edge as a share of its width (a Beta(2, 2) spread: √(1/20)). */
export const SMOOTHSTEP_SPREAD = Math.sqrt(1 / 20);

/**
 * A slope rule's softness widened by the spread a pixel lost (degrees, `lost` = band × turfSpreadLost):
 * the edge of the same centre whose spread is the edge's own and the lost noise's together.
 */
export function widenedSoftness(softness: number, lost: number): number {
  if (lost <= 0) return softness;
  const extra = lost / SMOOTHSTEP_SPREAD;
  return Math.sqrt(softness * softness + extra * extra);
}

/**
 * True where the noise can change the weight of a rule reading slope `slopeDeg` moved by up to `band`
 * either way (|noise| ≤ 1): its edge (min − softness…min, or max…max + softness) lies within the band's
 * reach, grown by half a `footprint` it is averaged over. Elsewhere the weight is the same with or
 * without the shift, so it is not computed: most of a map is flatter than any edge.
 */
export function turfInReach(
  band: number,
  rule: { readonly min?: number; readonly max?: number; readonly softness?: number },
  slopeDeg: number,
  footprint = 0,
): boolean {
  const reach = band + 0.5 * footprint;
  const softness = rule.softness ?? 0;
  if (rule.min !== undefined && slopeDeg + reach >= rule.min - softness && slopeDeg - reach <= rule.min) return true;
  if (rule.max !== undefined && slopeDeg + reach >= rule.max && slopeDeg - reach <= rule.max + softness) return true;
  return false;
}
