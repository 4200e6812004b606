/**
 * Ground cover from erosion results: where the droplets left sediment and where their water ran. One
 * set of rules for the natural colouring (app/view/terrainColours.ts) and the engine masks
 * (shared/export/masks.ts's default set gets a `sediment` layer from the same rule when the map has
 * erosion results), so a map looks in the editor as its exported splat maps paint it.
 *
 * Both rules read the mask sources' values: flow and deposition per vertex divided by their largest
 * value on the map (0…1; deposition below 0, carved ground, reads as 0), kept as bytes (coverBytes:
 * read as byte / 255), evaluated by masks.ts's ruleWeight (a band with a smoothstep edge).
 */
import type { MaskLayer, MaskRule } from '../masks/maskTypes';
import type { ErosionMasks } from './hydraulic';

/**
 * Sediment: fans and valley floors where the droplets deposited. On the presets' maps about 7 % of the
 * vertices gain height; a tenth of the largest deposit and more is full cover, from 1 % it fades in
 * (a wide fade: a narrow one drew sediment as flat discs with hard rims).
 */
export const SEDIMENT_RULE: MaskRule = { source: 'deposition', min: 0.1, softness: 0.09 };

/** Wet ground: the channels the water took (the top tenth or so of the flow), darkened. */
export const WET_RULE: MaskRule = { source: 'flow', min: 0.3, softness: 0.2 };

/**
 * Sediment's colour (sRGB bytes): wet silt, the temperate climate's sand material (shared/ground/climate.ts), also
 * the 2D tint's cover. Dark and earthy: a lighter beige read as flat sand discs on the grass.
 */
export const SEDIMENT_SRGB: readonly [number, number, number] = [92, 86, 70];

/** How much darker the wettest ground is (its colour × (1 − this)). */
export const WET_DARKENING = 0.35;

/** Sediment lies on ground up to this slope, fading out over 8° more: faces stay rock. */
export const COVER_SLOPE_RULE: MaskRule = { source: 'slope', max: 35, softness: 8 };

/**
 * The cover is a veneer on the surface the erosion left (sediment, channel gravel, wet ground). Ground a later
 * edit moved (a brush's valley cut into it, fill laid over it) keeps all of it up to COVER_KEPT_TO metres of
 * change and none from COVER_GONE_FROM: what is left there is read by the slope and height rules alone, so a
 * valley cut across an old channel is not painted with that channel's gravel and wet stripe.
 */
export const COVER_KEPT_TO = 0.25;
export const COVER_GONE_FROM = 1;

/** The share of the cover kept where the ground was moved `metres` (either way) after the erosion. */
export function coverKept(metres: number): number {
  const t = Math.min(1, Math.max(0, (Math.abs(metres) - COVER_KEPT_TO) / (COVER_GONE_FROM - COVER_KEPT_TO)));
  return 1 - t * t * (3 - 2 * t);
}

/** The mask layers the engine exports add on top of the default set when the map has erosion results. */
export function erosionMaskLayers(): MaskLayer[] {
  return [{ name: 'sediment', rules: [SEDIMENT_RULE, COVER_SLOPE_RULE] }];
}

/** Values divided by their largest (negative values read as 0); all zero when nothing is positive. */
export function normalisedByMax(values: Float32Array): Float32Array {
  let max = 0;
  for (let k = 0; k < values.length; k++) if (values[k] > max) max = values[k];
  const out = new Float32Array(values.length);
  if (max > 0) for (let k = 0; k < values.length; k++) out[k] = Math.max(0, values[k]) / max;
  return out;
}

/**
 * Cover values as bytes: normalisedByMax, then each value 0…1 rounded to 0…255 (read back as byte / 255).
 * What the document keeps of erosion results, and what the views and the engine masks read.
 */
export function coverBytes(values: Float32Array): Uint8Array {
  const normalised = normalisedByMax(values);
  const out = new Uint8Array(values.length);
  for (let k = 0; k < normalised.length; k++) out[k] = Math.round(Math.min(1, Math.max(0, normalised[k])) * 255);
  return out;
}

/**
 * Erosion results as the editor keeps them: coverBytes of flow and deposition per vertex (1 byte each
 * instead of a float: 2 × 16 MiB at 4097² rather than 2 × 64 MiB).
 */
export interface ErosionCoverBytes {
  readonly flow: Uint8Array;
  readonly deposition: Uint8Array;
}

/** The bytes of one run's (or several runs' accumulated) erosion masks. */
export function erosionCoverBytes(masks: ErosionMasks): ErosionCoverBytes {
  return { flow: coverBytes(masks.flow), deposition: coverBytes(masks.deposition) };
}
