/**
 * Rock strata: beds of rock by height, each with a thickness and a hardness, repeating upward and
 * downward from `base`, tilted by a dip. The fluvial layer erodes a vertex at K / hardness of the bed
 * its ground is in (so hard beds stand as cliffs and ledges); the views and exports read the same
 * description to colour the beds and to write a hardness mask. Plain JSON, stable in shape.
 *
 * A bed's surfaces are planes: a vertex at world (x, z) and height h lies at stratigraphic height
 *   e = h − tan(dip) · (x · cos(azimuth) + z · sin(azimuth)) − base
 * and in the bed whose span of the repeating column [0, Σ thickness) holds e modulo Σ thickness
 * (beds listed bottom first). The dip rises toward the azimuth (0° = +x, 90° = +z).
 */

// Type aliases, not interfaces: they are JSON values (recorded steps, project layers).
export type StrataBed = {
  /** Metres (> 0). */
  thickness: number;
  /** Resistance to erosion, relative (0.05 … 20): 1 erodes at the layer's K, 4 at a quarter of it. */
  hardness: number;
  /**
   * Optional: the bed's own rock colour, sRGB as "#rrggbb", in every view and export that paints the
   * beds (shared/ground/strataBands.ts). Absent: the climate's colour for its hardness. Erosion does
   * not read it.
   */
  colour?: string;
};

const BED_COLOUR = /^#[0-9a-f]{6}$/i;

/** A bed's "#rrggbb" colour as sRGB bytes. */
export function bedColourRgb(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export type Strata = {
  /** Bottom first; the column repeats above and below. At most MAX_STRATA_BEDS. */
  beds: StrataBed[];
  /** Height (m) of the bottom of the first bed where the dip's offset is zero (the map's centre). */
  base: number;
  /** Tilt of the beds, degrees from level (0 … 60). */
  dipDeg: number;
  /** Direction the beds rise toward, degrees (0 = +x, 90 = +z). */
  dipAzimuthDeg: number;
};

export const MAX_STRATA_BEDS = 64;
export const STRATA_HARDNESS_LIMITS = [0.05, 20] as const;

/** The first problem with a strata description, in words, or null. */
export function strataProblem(strata: Strata): string | null {
  if (typeof strata !== 'object' || strata === null || !Array.isArray(strata.beds)) return 'strata need a list of beds';
  if (strata.beds.length < 1 || strata.beds.length > MAX_STRATA_BEDS) return `strata need 1 to ${MAX_STRATA_BEDS} beds, got ${strata.beds.length}`;
  for (const [n, bed] of strata.beds.entries()) {
    if (!(typeof bed.thickness === 'number' && Number.isFinite(bed.thickness) && bed.thickness > 0 && bed.thickness <= 10_000))
      return `bed ${n + 1}: thickness must be in (0, 10000] m`;
    const [min, max] = STRATA_HARDNESS_LIMITS;
    if (!(typeof bed.hardness === 'number' && bed.hardness >= min && bed.hardness <= max)) return `bed ${n + 1}: hardness must be from ${min} to ${max}`;
    if (bed.colour !== undefined && !(typeof bed.colour === 'string' && BED_COLOUR.test(bed.colour)))
      return `bed ${n + 1}: colour must be "#rrggbb" (or absent), got ${JSON.stringify(bed.colour)}`;
  }
  if (!(typeof strata.base === 'number' && Number.isFinite(strata.base) && Math.abs(strata.base) <= 1e6))
    return 'strata base must be a height within ±1,000,000 m';
  if (!(typeof strata.dipDeg === 'number' && strata.dipDeg >= 0 && strata.dipDeg <= 60)) return 'strata dip must be from 0 to 60°';
  if (!(typeof strata.dipAzimuthDeg === 'number' && Number.isFinite(strata.dipAzimuthDeg))) return 'strata dip azimuth must be a number of degrees';
  return null;
}

/** Total thickness of the repeating column, metres. */
export const strataPeriod = (strata: Strata): number => strata.beds.reduce((sum, bed) => sum + bed.thickness, 0);

/** The slopes of the bed surfaces along x and z (metres of rise per metre). */
export function dipGradient(strata: Strata): { gx: number; gz: number } {
  const tilt = Math.tan((strata.dipDeg * Math.PI) / 180);
  const azimuth = (strata.dipAzimuthDeg * Math.PI) / 180;
  return { gx: tilt * Math.cos(azimuth), gz: tilt * Math.sin(azimuth) };
}

/** A reader of bed indices for one strata description (its period and bed tops computed once). */
export interface StrataReader {
  /** The bed (index into `beds`) at stratigraphic height e above `base` (any number). */
  bedAtElevation(e: number): number;
  readonly period: number;
  readonly gx: number;
  readonly gz: number;
}

export function strataReader(strata: Strata): StrataReader {
  const period = strataPeriod(strata);
  const tops = new Float64Array(strata.beds.length);
  let top = 0;
  for (const [n, bed] of strata.beds.entries()) tops[n] = top += bed.thickness;
  const last = strata.beds.length - 1;
  const { gx, gz } = dipGradient(strata);
  return {
    period,
    gx,
    gz,
    bedAtElevation(e: number): number {
      let r = e - Math.floor(e / period) * period;
      if (r >= period) r = 0;
      for (let n = 0; n < last; n++) if (r < tops[n]) return n;
      return last;
    },
  };
}

/** World x (or z) of vertex index i on an axis of `count` vertices `cellSize` apart, centred. */
export const vertexWorld = (i: number, count: number, cellSize: number): number => (i - (count - 1) / 2) * cellSize;

/** The bed at world (x, z) and height h. */
export function bedAt(strata: Strata, x: number, z: number, h: number): number {
  const reader = strataReader(strata);
  return reader.bedAtElevation(h - reader.gx * x - reader.gz * z - strata.base);
}

/** Hardness of the bed under every vertex of `heights` (float32, the beds' own values). */
export function hardnessMap(strata: Strata, size: { width: number; depth: number; cellSize: number }, heights: ArrayLike<number>): Float32Array {
  const reader = strataReader(strata);
  const out = new Float32Array(size.width * size.depth);
  for (let j = 0, v = 0; j < size.depth; j++) {
    const z = vertexWorld(j, size.depth, size.cellSize);
    for (let i = 0; i < size.width; i++, v++) {
      const x = vertexWorld(i, size.width, size.cellSize);
      out[v] = strata.beds[reader.bedAtElevation(heights[v] - reader.gx * x - reader.gz * z - strata.base)].hardness;
    }
  }
  return out;
}
