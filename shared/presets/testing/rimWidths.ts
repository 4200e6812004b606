/**
 * How crisp the rims of a canyon's walls are (for the landform tests): the horizontal distance over
 * which the ground goes from level to cliff at the top of a wall. From every vertex of gentle ground
 * (under GENTLE_RIM_DEG) beside steeper ground, the path of steepest descent (over the eight
 * neighbours) is followed until it reaches a cliff (over CLIFF_RIM_DEG), within RIM_REACH_CELLS
 * steps; its length is the rim's width, kept when that cliff lies in a cliff-forming bed (harder than
 * the geometric mean of the column's softest and hardest, the rule of bedSlopes.ts). A sandstone rim
 * that breaks off at its joints is a cell or two wide; a rim rounded into a shoulder, many.
 * Slopes from central differences (wallProfile.ts slopeDegrees), in degrees.
 */
import type { Heightfield } from '../../terrain/heightfield';
import { strataReader, vertexWorld, type Strata } from '../../terrain/strata';
import { slopeDegrees } from './wallProfile';

export const GENTLE_RIM_DEG = 15;
export const CLIFF_RIM_DEG = 60;
export const RIM_REACH_CELLS = 12;
const COLUMNS = [1, -1, 0, 0, 1, 1, -1, -1] as const;
const ROWS = [0, 0, 1, -1, 1, -1, 1, -1] as const;

/** The widths (metres) of the rims over cliff-forming beds, one per rim vertex whose descent reaches a cliff. */
export function rimWidths(field: Heightfield, strata: Strata): number[] {
  const { width, depth, cellSize, heights: h } = field;
  const slope = slopeDegrees(field);
  const reader = strataReader(strata);
  const hardnesses = strata.beds.map((bed) => bed.hardness);
  const middle = Math.sqrt(Math.min(...hardnesses) * Math.max(...hardnesses));
  const out: number[] = [];
  for (let j = 2; j < depth - 2; j++)
    for (let i = 2; i < width - 2; i++) {
      const k = j * width + i;
      if (slope[k] >= GENTLE_RIM_DEG) continue;
      let rim = false;
      for (let n = 0; n < 4; n++) if (slope[k + ROWS[n] * width + COLUMNS[n]] >= GENTLE_RIM_DEG) rim = true;
      if (!rim) continue;
      let ai = i;
      let aj = j;
      let run = 0;
      let cliff = -1;
      for (let step = 0; step < RIM_REACH_CELLS && cliff < 0; step++) {
        const at = aj * width + ai;
        let steepest = 0;
        let next = -1;
        for (let n = 0; n < 8; n++) {
          const ni = ai + COLUMNS[n];
          const nj = aj + ROWS[n];
          if (ni < 1 || nj < 1 || ni >= width - 1 || nj >= depth - 1) continue;
          const gradient = (h[at] - h[nj * width + ni]) / ((n < 4 ? 1 : Math.SQRT2) * cellSize);
          if (gradient > steepest) {
            steepest = gradient;
            next = n;
          }
        }
        if (next < 0) break;
        ai += COLUMNS[next];
        aj += ROWS[next];
        run += (next < 4 ? 1 : Math.SQRT2) * cellSize;
        if (slope[aj * width + ai] > CLIFF_RIM_DEG) cliff = aj * width + ai;
      }
      if (cliff < 0) continue;
      const dip = reader.gx * vertexWorld(ai, width, cellSize) + reader.gz * vertexWorld(aj, depth, cellSize);
      const bed = reader.bedAtElevation(h[cliff] - dip - strata.base);
      if (strata.beds[bed].hardness > middle) out.push(run);
    }
  return out;
}
