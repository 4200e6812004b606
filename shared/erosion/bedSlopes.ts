/**
 * How steep each bed of a column stands, as a slope (tan of its angle), for the thermal layer's wall
 * retreat and talus passes (ThermalParams.retreatDeg, talusDeg, cliffDeg).
 *
 * - No cliff angle (projects saved before it): tan(bed) = √hardness · tan(angle), the rule the layer
 *   has always used. It ties the cliffs to the slopes: a bed 14× as hard stands only 3.7× as steep, so
 *   a column whose shales slope at 35° has its sandstones at 62°, never the near-vertical cliffs of
 *   canyon country.
 * - A cliff angle: the column's hardest bed stands at cliffDeg, its softest at the layer's angle, and
 *   the beds between at angles between, by a smoothstep of their place in log hardness (t as bedColours
 *   in shared/ground/strataBands.ts grades their colours), so a bed nearly as hard as the hardest
 *   stands nearly as steep and one nearly as soft as the softest nearly as gentle. Rock that forms cliffs stands at the angle its
 *   strength allows, near vertical (Grand Canyon's Redwall, Canyonlands' Wingate); rock that forms
 *   slopes stands at its debris's angle of repose, 30–40° (Bright Angel, Chinle) — two different limits
 *   (Selby 1982's rock-mass strength; Schumm & Chorley 1966), which one factor on the hardness cannot
 *   give both. A column of one hardness stands halfway.
 */
import type { Strata } from '../terrain/strata';

const tanDeg = (deg: number) => Math.tan((deg * Math.PI) / 180);

/** Each bed's standing slope (rise per run) for a layer angle `deg`, with or without a cliff angle. */
export function bedSlopes(strata: Pick<Strata, 'beds'>, deg: number, cliffDeg?: number): Float64Array {
  const { beds } = strata;
  if (cliffDeg === undefined) {
    const tan = tanDeg(deg);
    return Float64Array.from(beds, (bed) => Math.sqrt(bed.hardness) * tan);
  }
  const logs = beds.map((bed) => Math.log(bed.hardness));
  const least = Math.min(...logs);
  const most = Math.max(...logs);
  return Float64Array.from(logs, (log) => {
    const t = most > least ? (log - least) / (most - least) : 0.5;
    return tanDeg(deg + (cliffDeg - deg) * t * t * (3 - 2 * t));
  });
}
