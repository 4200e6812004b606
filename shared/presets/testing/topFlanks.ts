/**
 * How sheer the sides of Canyons' tops are (for the landform tests): a butte or promontory has a flat top
 * on the upper cliff-formers and falls away from its edge over a cliff; a dome rounds over a shoulder.
 * The tops are the gentle ground (under GENTLE_TOP_DEG) lying at or above `level` (the base of the upper
 * cliff-formers); a flank vertex is any other vertex within FLANK_REACH_CELLS cells (Euclidean) of a top
 * that stands at least `drop` metres under the nearest such top vertex (so the first cell off a rim that
 * has hardly fallen is not counted), away from the map's edge. Slopes from central differences
 * (wallProfile.ts slopeDegrees), in degrees.
 */
import type { Heightfield } from '../../terrain/heightfield';
import { slopeDegrees } from './wallProfile';

export const GENTLE_TOP_DEG = 15;
export const FLANK_REACH_CELLS = 3;

/** The slopes (degrees) of the flank vertices of the tops above `level`, each at least `drop` metres under its nearest top vertex. */
export function topFlankSlopes(field: Heightfield, level: number, drop: number): number[] {
  const { width, depth, heights: h } = field;
  const slope = slopeDegrees(field);
  const top = new Uint8Array(width * depth);
  for (let k = 0; k < top.length; k++) top[k] = slope[k] < GENTLE_TOP_DEG && h[k] >= level ? 1 : 0;
  const reach = FLANK_REACH_CELLS;
  const out: number[] = [];
  for (let j = reach; j < depth - reach; j++)
    for (let i = reach; i < width - reach; i++) {
      const k = j * width + i;
      if (top[k]) continue;
      let nearest = Infinity;
      let nearestHeight = 0;
      for (let dj = -reach; dj <= reach; dj++)
        for (let di = -reach; di <= reach; di++) {
          const d2 = di * di + dj * dj;
          if (d2 > reach * reach || d2 >= nearest || !top[k + dj * width + di]) continue;
          nearest = d2;
          nearestHeight = h[k + dj * width + di];
        }
      if (nearest !== Infinity && h[k] <= nearestHeight - drop) out.push(slope[k]);
    }
  return out;
}
