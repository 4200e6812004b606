/**
 * A project's own rock beds as colour bands: the strata its fluvial or thermal layer cut
 * (shared/terrain/strata.ts) painted bed by bed, with their thicknesses, base and dip, each bed in its
 * own colour where it has one, else the hard beds (the cliff and ledge formers) in the climate's hard
 * colour and the soft ones in its soft colour.
 * The view's shader, the 2D panel and the colour map read the bands at a point's stratigraphic
 * height (bandHeight), so a bed's colour lies exactly where the erosion found that bed.
 */
import type { ClimateLook } from './climate';
import { MAX_ROCK_BEDS, type Rgb, type RockBands } from '../terrain/rockBands';
import { bedColourRgb, dipGradient, type Strata } from '../terrain/strata';

/** Where the bands sit: a point at world (x, z) and height h reads them at h − gx·x − gz·z − base. */
export interface BandFrame {
  readonly base: number;
  readonly gx: number;
  readonly gz: number;
}

/** The climate's own bands: level, repeating up from 0 m. */
export const LEVEL_FRAME: BandFrame = { base: 0, gx: 0, gz: 0 };

/**
 * How much darker a bed is than the one below it when both are the same rock (equal hardness), so
 * the bedding plane between them still shows.
 */
export const BEDDING_SHADE = 0.08;

/** The height at which the bands are read for a point at world (x, z) and height h. */
export function bandHeight(frame: BandFrame, x: number, z: number, h: number): number {
  return h - frame.gx * x - frame.gz * z - frame.base;
}

export function strataFrame(strata: Strata): BandFrame {
  const { gx, gz } = dipGradient(strata);
  return { base: strata.base, gx, gz };
}

/**
 * The colour of each bed: its own colour where the bed gives one (StrataBed.colour: a sequence's
 * colours are the rocks', not a function of their hardness — Canyonlands' Wingate cliff is red-orange,
 * the Navajo over it as hard and pale buff); otherwise the soft colour at the column's least hardness,
 * the hard colour at its greatest, between by log hardness (4× harder reads as far from 1 as 16 from
 * 4); all one hardness reads halfway. A bed without its own colour of the same hardness as the one
 * below it (and that one not already darkened) is BEDDING_SHADE darker.
 */
export function bedColours(strata: Strata, look: ClimateLook): Rgb[] {
  const logs = strata.beds.map((bed) => Math.log(bed.hardness));
  const least = Math.min(...logs);
  const most = Math.max(...logs);
  const { soft, hard } = look.bedColours;
  let shadedBelow = false;
  return strata.beds.map((bed, n): Rgb => {
    if (bed.colour !== undefined) {
      shadedBelow = false;
      return bedColourRgb(bed.colour);
    }
    const t = most > least ? (logs[n] - least) / (most - least) : 0.5;
    const shaded = n > 0 && bed.hardness === strata.beds[n - 1].hardness && !shadedBelow;
    shadedBelow = shaded;
    const scale = shaded ? 1 - BEDDING_SHADE : 1;
    const channel = (c: number) => Math.round((soft[c] + (hard[c] - soft[c]) * t) * scale);
    return [channel(0), channel(1), channel(2)];
  });
}

/**
 * The strata as rock bands in the climate's bed colours, or null when they have more beds than the view
 * holds. Each bed fades into the next over the climate's blend, at most a quarter of the thinnest bed,
 * so a thin hard bed keeps its own colour over most of its thickness.
 */
export function strataRockBands(strata: Strata, look: ClimateLook): RockBands | null {
  if (strata.beds.length > MAX_ROCK_BEDS) return null;
  const colours = bedColours(strata, look);
  const thinnest = Math.min(...strata.beds.map((bed) => bed.thickness));
  return { beds: strata.beds.map((bed, n) => ({ thickness: bed.thickness, srgb: colours[n] })), blend: Math.min(look.bands.blend, 0.25 * thinnest) };
}

/**
 * Metres over which a bed's hardness takes over from the one below it (at most half the bed), for the talus
 * rule only (groundMaterials.ts bandHardness): a talus apron on a ramp that climbs from the shale into a
 * caprock fades out over the cap's lowest metres instead of stopping along the bed's foot as a level line,
 * while the cap's upper part (its lip, its face's upper edge) takes none.
 */
export const HARDNESS_FADE = 3;

/** The talus rule's band of hardness (talusHardness): full talus up to `max`, none from `max + softness`. */
export interface TalusHardness {
  readonly max: number;
  readonly softness: number;
}

/**
 * The hardness from which a project's bed takes no talus (the scree layer's hardness rule, groundMaterials.ts):
 * full up to the geometric mean of its softest and hardest beds' hardness, none on its hardest, fading
 * between (a rule's smoothstep edge). Talus is the hard beds' rubble lying on the soft beds under their cliffs;
 * within a hard bed (a mesa's caprock) a slope at talus angles is the cap's rounded lip or its face's upper
 * edge, bare rock and the cap's ground, not rubble. Painted as talus by slope alone, the triangles along a rim
 * that cuts the cells' diagonal (each cell's two triangles one side of the rim and the other, cell-sized) read
 * rubble and rock in turn: saw-teeth along every caprock lip up close. A vertex lies in one bed (the engine's
 * hardness mask: 0 or all talus); the view and the CPU colours fade the hardness over a bed's lowest
 * HARDNESS_FADE metres, so talus fades out there. Undefined when the beds are all one hardness, or too many for
 * the view's bands (strataRockBands: then the climate's own bands are painted, with no hardness).
 */
export function talusHardness(strata: Strata | null | undefined): TalusHardness | undefined {
  if (!strata || strata.beds.length > MAX_ROCK_BEDS) return undefined;
  const least = Math.min(...strata.beds.map((bed) => bed.hardness));
  const most = Math.max(...strata.beds.map((bed) => bed.hardness));
  if (!(most > least)) return undefined;
  const max = Math.sqrt(least * most);
  return { max, softness: most - max };
}
