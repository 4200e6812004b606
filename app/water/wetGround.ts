/**
 * The ground darkened along the water (issue 31: close up a creek on a wide gravel floor hardly read
 * as water): the shore/wetness mask's reading (shared/hydrology/shore.ts: 1 on water, fading linearly
 * to 0 at a distance from the nearest wet vertex) over a narrow margin, WET_MARGIN metres, as bytes
 * per vertex (0–255) for the 3D view's ground, which darkens by up to WET_MARGIN_DARKENING there.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { shoreWetness } from '../../shared/hydrology/shore';
import { waterDepths, type WaterSurface } from '../../shared/hydrology/waterSurface';

/** How far from the water the ground is darkened, metres: a wet bank, not the shore mask's 20 m. */
export const WET_MARGIN = 4;
/** How much darker the ground is at the water's edge (its colour × (1 − this)). */
export const WET_MARGIN_DARKENING = 0.4;

/** The wetness of the ground over `heights` beside `water`, a byte per vertex; null without water. */
export function wetGroundBytes(grid: HydrologyGrid, water: WaterSurface | null, heights: Float32Array): Uint8Array | null {
  if (!water) return null;
  const wetness = shoreWetness(grid, waterDepths(water, heights), WET_MARGIN);
  const out = new Uint8Array(wetness.length);
  for (let k = 0; k < out.length; k++) out[k] = Math.round(wetness[k] * 255);
  return out;
}
