/**
 * Why the automatic water made no river, in one line with the figure: the most area draining to one
 * place of the map (MFD, as the layer finds rivers) against the layer's river area. On a 512 m map
 * the default river area (250,000 m²) is about the whole map, and the section showed nothing. The
 * figure is the water layer's own, found as it evaluated (in the worker): nothing is measured here.
 */
import { WATER_RIVER } from '../../shared/hydrology/water';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

const squareMetres = (value: number): string => `${Math.round(value).toLocaleString('en-US')} m²`;

/** Whether the water has a river vertex (automatic or drawn). */
export const hasRiver = (kind: Uint8Array): boolean => kind.includes(WATER_RIVER);

/** The line the Water section shows when no river formed; `largest` null when the figure is not known. */
export function noRiverHint(largest: number | null, riverArea: number): string {
  const advice = 'Lower River area to see rivers.';
  if (largest === null) return `No rivers: no place here drains the river area of ${squareMetres(riverArea)}. ${advice}`;
  return `No rivers: the most area draining to one place here is ${squareMetres(largest)}, under the river area of ${squareMetres(riverArea)}. ${advice}`;
}

/** The hint for a document's water when it has no river, or null when rivers exist. */
export function noRiverHintFor(water: WaterSurface, params: Pick<WaterParams, 'riverArea'>): string | null {
  if (hasRiver(water.kind)) return null;
  return noRiverHint(water.largestDrainingArea ?? null, params.riverArea);
}
