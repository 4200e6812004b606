/**
 * The ground rules that change with height (rock bands, the snow line's edge), averaged over the
 * range of heights one pixel covers (its footprint: |∇h| × the pixel's size in metres), in closed
 * form. A pixel on a steep wall spans several beds: sampled at its centre it shows one of them at
 * random (a moiré); averaged it shows their mean, so the bands fade with distance or steepness
 * instead of aliasing, and a snow line cutting a cell covers it in part instead of all or nothing.
 * The 2D map uses it per vertex; the 3D shader may use it with fwidth(height) as the footprint.
 */
import type { Rgb, RockBands } from '../terrain/rockBands';
import { writeBandColour } from '../terrain/rockBands';

/** Footprints below this (metres) are points: the plain rule, bit for bit. */
const POINT_FOOTPRINT = 1e-6;

/** ∫₀ᵘ smoothstep: u³ − u⁴/2 for u in [0, 1] (smoothstep(u) = 3u² − 2u³). */
function smoothstepIntegral(u: number): number {
  return u * u * u - 0.5 * u * u * u * u;
}

/** ∫₋∞ˣ of the rising edge smoothstep(min − soft, min, ·) (a step at min when soft is 0). */
function risingEdgeIntegral(min: number, soft: number, x: number): number {
  if (!(soft > 0)) return Math.max(0, x - min);
  const u = (x - (min - soft)) / soft;
  if (u <= 0) return 0;
  if (u >= 1) return 0.5 * soft + (x - min);
  return soft * smoothstepIntegral(u);
}

/**
 * The mean over [v − footprint/2, v + footprint/2] of the rising edge smoothstep(min − soft, min, x)
 * (masks.ts ruleWeight's `min` edge): with soft 0 the share of the interval above min.
 */
export function boxedRisingEdge(min: number, soft: number, v: number, footprint: number): number {
  if (!(footprint > POINT_FOOTPRINT)) {
    if (!(soft > 0)) return v >= min ? 1 : 0;
    const t = Math.min(1, Math.max(0, (v - (min - soft)) / soft));
    return t * t * (3 - 2 * t);
  }
  const half = 0.5 * footprint;
  // Wholly above the edge or below its foot (most pixels): exact without the integrals.
  if (v - half >= min) return 1;
  if (v + half <= min - (soft > 0 ? soft : 0)) return 0;
  return (risingEdgeIntegral(min, soft, v + half) - risingEdgeIntegral(min, soft, v - half)) / footprint;
}

/** The mean of the falling edge 1 − smoothstep(max, max + soft, x) over the footprint (ruleWeight's `max` edge). */
export function boxedFallingEdge(max: number, soft: number, v: number, footprint: number): number {
  return 1 - boxedRisingEdge(max + soft, soft, v, footprint);
}

/** Per bed: the integral of its colour over its whole thickness (3 numbers), then over one whole cycle (3 more). */
const BED_INTEGRALS = new WeakMap<readonly Rgb[], Float64Array>();

function bedIntegrals(bands: RockBands, linearBeds: readonly Rgb[]): Float64Array {
  let table = BED_INTEGRALS.get(linearBeds);
  if (table) return table;
  const n = bands.beds.length;
  table = new Float64Array(3 * n + 3);
  for (let bed = 0; bed < n; bed++) {
    const top = bands.beds[bed].thickness;
    const blend = Math.min(bands.blend, top);
    for (let c = 0; c < 3; c++) {
      const a = linearBeds[bed][c];
      const b = linearBeds[(bed + 1) % n][c];
      // The bed's colour over its thickness, and the last `blend` metres' smoothstep towards the next (∫₀¹ = ½).
      table[3 * bed + c] = a * top + (b - a) * 0.5 * blend;
      table[3 * n + c] += table[3 * bed + c];
    }
  }
  BED_INTEGRALS.set(linearBeds, table);
  return table;
}

/** ∫₀ʸ of the band colour (writeBandColour's function of height), for any y, each channel added times `sign` into sums[0..2]. */
function addBandIntegral(bands: RockBands, linearBeds: readonly Rgb[], table: Float64Array, cycle: number, y: number, sign: number, sums: Float64Array): void {
  const n = bands.beds.length;
  const cycles = Math.floor(y / cycle);
  let r = y - cycles * cycle;
  let s0 = cycles * table[3 * n];
  let s1 = cycles * table[3 * n + 1];
  let s2 = cycles * table[3 * n + 2];
  let bed = 0;
  while (bed < n - 1 && r >= bands.beds[bed].thickness) {
    s0 += table[3 * bed];
    s1 += table[3 * bed + 1];
    s2 += table[3 * bed + 2];
    r -= bands.beds[bed].thickness;
    bed++;
  }
  const top = bands.beds[bed].thickness;
  const blend = Math.min(bands.blend, top);
  const a = linearBeds[bed];
  const b = linearBeds[(bed + 1) % n];
  const edge = blend > 0 ? blend * smoothstepIntegral(Math.min(1, Math.max(0, (r - (top - blend)) / blend))) : 0;
  sums[0] += sign * (s0 + a[0] * r + (b[0] - a[0]) * edge);
  sums[1] += sign * (s1 + a[1] * r + (b[1] - a[1]) * edge);
  sums[2] += sign * (s2 + a[2] * r + (b[2] - a[2]) * edge);
}
const SUMS = new Float64Array(3);

/**
 * The band colour (writeBandColour) averaged over the heights [height − footprint/2, height + footprint/2]:
 * the exact mean of the beds and their soft edges over that range (their running integral's
 * difference). A footprint of whole cycles gives the beds' mean colour; a point, writeBandColour.
 */
export function writeBoxedBandColour(
  bands: RockBands,
  linearBeds: readonly Rgb[],
  height: number,
  footprint: number,
  out: Float32Array | number[],
  offset: number,
  cycle: number,
): void {
  if (!(footprint > POINT_FOOTPRINT)) {
    writeBandColour(bands, linearBeds, height, out, offset, cycle);
    return;
  }
  const table = bedIntegrals(bands, linearBeds);
  SUMS.fill(0);
  addBandIntegral(bands, linearBeds, table, cycle, height + 0.5 * footprint, 1, SUMS);
  addBandIntegral(bands, linearBeds, table, cycle, height - 0.5 * footprint, -1, SUMS);
  for (let c = 0; c < 3; c++) out[offset + c] = SUMS[c] / footprint;
}
