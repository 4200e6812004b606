/**
 * Rock strata as colour bands by height: beds of given thickness and colour repeating upwards from
 * 0 m, each blending into the next over a few metres, so cliffs show horizontal bands (issue 35's
 * climate per preset). The view's shader and the CPU colours (2D panel, colour map) read the same bands.
 */
export type Rgb = readonly [number, number, number];

export interface RockBands {
  /** The beds from the lowest up, repeating: thickness in metres and sRGB colour. */
  readonly beds: readonly { readonly thickness: number; readonly srgb: Rgb }[];
  /** Metres over which a bed fades into the one above it. */
  readonly blend: number;
}

/** At most this many beds (the shader's uniform arrays; a project's strata of more beds are painted in the climate's bands). */
export const MAX_ROCK_BEDS = 16;

/** The total thickness of one repeat of the beds. */
export function bandCycle(bands: RockBands): number {
  return bands.beds.reduce((sum, bed) => sum + bed.thickness, 0);
}

/**
 * The bed colour at `height` (linear RGB from `linearBeds`, written to out[offset..offset+2]): the
 * bed the height falls in, mixed with the bed above over the last `blend` metres below its top
 * (a smoothstep), so a cliff's bands have soft edges a cell wide or more.
 */
export function writeBandColour(
  bands: RockBands,
  linearBeds: readonly Rgb[],
  height: number,
  out: Float32Array | number[],
  offset: number,
  cycle = bandCycle(bands),
): void {
  let y = height - Math.floor(height / cycle) * cycle;
  const n = bands.beds.length;
  let bed = 0;
  while (bed < n - 1 && y >= bands.beds[bed].thickness) {
    y -= bands.beds[bed].thickness;
    bed++;
  }
  const top = bands.beds[bed].thickness;
  const blend = Math.min(bands.blend, top);
  const t = blend > 0 ? Math.min(1, Math.max(0, (y - (top - blend)) / blend)) : 0;
  const f = t * t * (3 - 2 * t);
  const a = linearBeds[bed];
  const b = linearBeds[(bed + 1) % n];
  for (let c = 0; c < 3; c++) out[offset + c] = a[c] + (b[c] - a[c]) * f;
}
