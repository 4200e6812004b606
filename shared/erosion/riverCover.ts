/**
 * The erosion cover beside a river (issue 31: a 0.3 m creek lay on a grey band of gravel and silt
 * many times its width). The droplets' flow and deposition (cover.ts) are their own, coarse guess at
 * where water runs: along a valley they lay channel gravel and wet ground over 0–8 m either side of
 * its line and silt over 0–20 m (River valleys 257², seed 1, river area 4,000 m²: 1,283 vertices under
 * water, 3,192 of gravel, 9,306 of silt), the droplets' flow being spread over the coarse scale's cells.
 * Where a water layer has put a river, its water says where the channel is. So beside a river the
 * droplets' cover gives way to the river's own:
 * - under its water (the bed): wet ground with a tint of the channel's gravel (flow RIVER_BED_FLOW), no silt;
 * - off it, none of the droplets' gravel within RIVER_COVER_CLEAR metres of the water (the ground's
 *   own rules paint it: grass on a valley floor, earth on banks), all of it from RIVER_COVER_BACK,
 *   smoothly between (so a dry gully above a river's head keeps its gravel).
 * The bed is painted on whole vertices, as every cover is: a creek narrower than a cell has its
 * wet ground on its own vertices only. Its flow is RIVER_BED_FLOW, 0.3 of the map's most, where the wet rule
 * (cover.ts WET_RULE, from 0.1 to 0.3) is just full: between vertices the darkening fades over its whole soft range,
 * gone 2/3 of a cell from the vertex, and the channel gravel (groundMaterials.ts CHANNEL_RULE, 0.2 to 0.5) is a
 * quarter at most, a tint of stones under grass that stays the ground's texture. At flow 1 (and at 0.5) gravel and
 * wet ground stood full to a metre or more, the gravel's texture taking over from the grass's along an edge that
 * followed the triangles: a dark band with a saw-tooth edge a cell or two wide along the creek.
 * The droplets' silt (deposition) goes everywhere on a map with a river: kept beyond RIVER_COVER_BACK it stood as
 * loose brown patches on green slopes and valley heads (the band that joined them along the valleys gone), and on
 * such a map the rivers' beds and wet banks are where the water's ground shows. Lakes keep their flow cover.
 */
import type { ErosionCoverBytes } from './cover';

/** The flow byte under a river's water: 0.3 of the map's most (77 / 255 ≈ 0.302), where the wet ground is just full. */
export const RIVER_BED_FLOW = 77;
/** Metres from a river's water within which none of the droplets' cover is kept. */
export const RIVER_COVER_CLEAR = 10;
/** Metres from a river's water from which all of it is kept (the shore mask's reach, shared/hydrology/shore.ts). */
export const RIVER_COVER_BACK = 20;

/** The share of the droplets' cover kept `metres` from a river's water. */
export function riverCoverKept(metres: number): number {
  const t = Math.min(1, Math.max(0, (metres - RIVER_COVER_CLEAR) / (RIVER_COVER_BACK - RIVER_COVER_CLEAR)));
  return t * t * (3 - 2 * t);
}

/**
 * `cover` beside the rivers: `nearness` per vertex is the rivers' wetness over RIVER_COVER_BACK metres
 * (1 under a river's water, falling linearly to 0 RIVER_COVER_BACK metres from it: shoreWetness of the
 * rivers' depth). The same object when no vertex is near a river; else new arrays.
 */
export function coverBesideRivers(cover: ErosionCoverBytes, nearness: Float32Array): ErosionCoverBytes {
  let out: ErosionCoverBytes | null = null;
  for (let k = 0; k < nearness.length; k++) {
    const near = nearness[k];
    if (!(near > 0)) continue;
    out ??= { flow: cover.flow.slice(), deposition: new Uint8Array(cover.deposition.length) };
    if (near >= 1) {
      out.flow[k] = RIVER_BED_FLOW;
      continue;
    }
    out.flow[k] = Math.round(cover.flow[k] * riverCoverKept((1 - near) * RIVER_COVER_BACK));
  }
  return out ?? cover;
}
