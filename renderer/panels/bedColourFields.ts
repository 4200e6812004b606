import { CLIMATE_LOOKS, type Climate } from '../../shared/ground/climate';
import { bedColours } from '../../shared/ground/strataBands';
import type { Strata } from '../../shared/terrain/strata';

/** One bed's colour field in the Layers tab: its param path, its own colour (null: none) and the colour it is drawn in. */
export interface BedColourField {
  path: string;
  /** The bed's own "#rrggbb", or null when it takes the climate's colour for its hardness. */
  colour: string | null;
  /** What the views paint the bed in: its own colour, or the climate's (shared/ground/strataBands.ts's bedColours). */
  shown: string;
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

const isStrata = (value: unknown): value is Strata =>
  typeof value === 'object' && value !== null && Array.isArray((value as { beds?: unknown }).beds) && (value as Strata).beds.length > 0;

/**
 * The colour fields of a layer's strata (`strata.beds.N.colour`, any top-level group with beds), bed by
 * bed, bottom first, each shown in the colour the views draw it in for the climate.
 */
export function bedColourFields(params: object, climate: Climate): BedColourField[] {
  const out: BedColourField[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (!isStrata(value)) continue;
    const drawn = bedColours(value, CLIMATE_LOOKS[climate]);
    value.beds.forEach((bed, n) => out.push({ path: `${key}.beds.${n}.colour`, colour: bed.colour ?? null, shown: hex(drawn[n]) }));
  }
  return out;
}
