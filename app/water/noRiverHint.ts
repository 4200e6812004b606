/**
 * Why the automatic water made no river, in one line with the figure: the most area draining to one
 * place of the map (MFD, as the layer finds rivers) against the layer's river area. On a 512 m map
 * the default river area (250,000 m²) is about the whole map, and the section showed nothing.
 */
import { accumulateFlow } from '../../shared/hydrology/accumulation';
import { fillDepressions } from '../../shared/hydrology/floodVersions';
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import type { WaterParams } from '../../shared/hydrology/waterParams';

/** Above this many vertices the whole-map pass (a flood and an accumulation) is not run on the window's thread. */
export const HINT_MAX_VERTICES = 1025 * 1025;

/**
 * The largest MFD contributing area off the lakes, m² (a lake's outlet area makes no river). `heights`
 * are the water layer's input: when it made no river it carved nothing, so the stack's heights are its
 * input as long as it is the top layer (layers above it make the figure approximate).
 */
export function largestDrainingArea(grid: HydrologyGrid, heights: Float32Array, kind: Uint8Array | null, params: Pick<WaterParams, 'floodVersion'>): number {
  const { area } = accumulateFlow(grid, fillDepressions(grid, heights, params.floodVersion).drainage);
  let largest = 0;
  for (let v = 0; v < area.length; v++) if (area[v] > largest && kind?.[v] !== WATER_LAKE) largest = area[v];
  return largest;
}

const squareMetres = (value: number): string => `${Math.round(value).toLocaleString('en-US')} m²`;

/** Whether the water has a river vertex (automatic or drawn). */
export const hasRiver = (kind: Uint8Array): boolean => kind.includes(WATER_RIVER);

/** The line the Water section shows when no river formed; `largest` null when the map was too large to measure. */
export function noRiverHint(largest: number | null, riverArea: number): string {
  const advice = 'Lower River area to see rivers.';
  if (largest === null) return `No rivers: no place here drains the river area of ${squareMetres(riverArea)}. ${advice}`;
  return `No rivers: the most area draining to one place here is ${squareMetres(largest)}, under the river area of ${squareMetres(riverArea)}. ${advice}`;
}

/** The hint for a document whose water has no river, or null when rivers exist (or there is no water yet). */
export function noRiverHintFor(grid: HydrologyGrid, heights: Float32Array, kind: Uint8Array | null, params: WaterParams): string | null {
  if (kind && hasRiver(kind)) return null;
  const measurable = grid.width * grid.depth <= HINT_MAX_VERTICES;
  return noRiverHint(measurable ? largestDrainingArea(grid, heights, kind, params) : null, params.riverArea);
}
