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

/**
 * Cells a bed's face spans at least, with a cliff angle: a face drawn over fewer cells is a riser one
 * cell tall between two treads, the grid's own staircase (shared/presets/thermalStaircase.test.ts),
 * so a thin bed stands no steeper than its thickness over this many cells (or its layer angle, if
 * that is steeper).
 */
export const FACE_CELLS = 4;

/**
 * Each bed's standing slope (rise per run) for a layer angle `deg`, with or without a cliff angle
 * (with one, on a grid of `cellSize` metres, no steeper than its thickness over `faceCells` cells:
 * FACE_CELLS unless the layer's faceCells says fewer or more).
 */
export function bedSlopes(strata: Pick<Strata, 'beds'>, deg: number, cliffDeg?: number, cellSize = 0, faceCells = FACE_CELLS, faceUnits = false): Float64Array {
  const { beds } = strata;
  if (cliffDeg === undefined) {
    const tan = tanDeg(deg);
    return Float64Array.from(beds, (bed) => Math.sqrt(bed.hardness) * tan);
  }
  const logs = beds.map((bed) => Math.log(bed.hardness));
  const least = Math.min(...logs);
  const most = Math.max(...logs);
  const floor = tanDeg(deg);
  const faces = faceUnits ? unitThicknesses(beds) : beds.map((bed) => bed.thickness);
  return Float64Array.from(logs, (log, n) => {
    const t = most > least ? (log - least) / (most - least) : 0.5;
    const slope = tanDeg(deg + (cliffDeg - deg) * t * t * (3 - 2 * t));
    const drawn = cellSize > 0 ? Math.max(floor, faces[n] / (faceCells * cellSize)) : Infinity;
    return Math.min(slope, drawn);
  });
}

/**
 * Each bed's face height when the cliff-forming beds that touch make one face (ThermalParams.faceUnits):
 * for a cliff-former (harder than the geometric mean of the column's softest and hardest, the rule of
 * the landform tests), the summed thickness of the run of cliff-formers it belongs to, the column read
 * as repeating (its bottom bed lies on its top one); a slope-former's own thickness (and every bed's
 * in a column of one hardness, which has no cliff-formers). A thin cap on a
 * thick sandstone stands as the top of one face, not as a gentle shoulder over it.
 */
export function unitThicknesses(beds: Strata['beds']): number[] {
  const hardnesses = beds.map((bed) => bed.hardness);
  const middle = Math.sqrt(Math.min(...hardnesses) * Math.max(...hardnesses));
  const hard = beds.map((bed) => bed.hardness > middle);
  const count = beds.length;
  return beds.map((bed, n) => {
    if (!hard[n]) return bed.thickness;
    let sum = bed.thickness;
    for (let m = (n + 1) % count; hard[m] && m !== n; m = (m + 1) % count) sum += beds[m].thickness;
    for (let m = (n - 1 + count) % count; hard[m] && m !== n; m = (m - 1 + count) % count) sum += beds[m].thickness;
    return sum;
  });
}
