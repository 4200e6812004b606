/**
 * Terracing: heights snapped down to levels `base + n · step`, with soft risers between them. In each
 * band [level, level + step) the lower part (1 − riser of it) becomes the flat tread at `level`; the
 * upper part rises to the next level along a smoothstep. The map's own slopes decide where the faces
 * are and how steep: a riser packs the band's whole rise into `riser` of the ground it spanned, so
 * faces are 1 / riser times the original slope (mesas: flat tops, steep faces, several levels).
 *
 * A tread's edge is a contour of the map it is cut from, so where one fault's ramp carries the ground
 * through a band the edge is that fault's straight line (Mesas at 513², seed 29: a lip running straight
 * for hundreds of metres before any erosion). With `wander` the height a vertex is snapped by is read
 * moved by smooth noise of its position (up to ±wander metres, three octaves turned off the grid:
 * shared/erosion/swells.ts), so the edges wander across such a ramp by wander / its gradient; the treads
 * stay level at their levels and the map stays continuous (a vertex moved over a level lands at the riser's
 * top, which is that level). Absent or 0: the old heights, bit for bit.
 */
import type { Heightfield } from '../terrain/heightfield';
import { swellOffsets } from '../erosion/swells';

export interface TerraceParams {
  /** Metres between levels (> 0). */
  step: number;
  /** Fraction of each band that rises (0 < riser ≤ 1); the rest is flat. */
  riser: number;
  /** A level's height, metres: levels are base + n · step. */
  base: number;
  /** Metres (0 … step; absent or 0: none): how far the snapped height is moved by the edges' noise either way. */
  wander?: number;
  /** Metres between the coarsest octave's lattice points of that noise (> 0; absent: WANDER_SPACING). */
  wanderSpacing?: number;
}

/** The wander noise's coarsest spacing when a step gives none, metres. */
export const WANDER_SPACING = 96;
/** The wander noise's seed (fixed: the noise is a function of the position alone, the same on every map). */
const WANDER_SEED = 35;

export function terraceProblem(p: TerraceParams): string | null {
  if (!(Number.isFinite(p.step) && p.step > 0)) return 'terrace step must be a positive number of metres';
  if (!(p.riser > 0 && p.riser <= 1)) return 'terrace riser must be in (0, 1]';
  if (!Number.isFinite(p.base)) return 'terrace base must be a finite height';
  if (p.wander !== undefined && !(typeof p.wander === 'number' && p.wander >= 0 && p.wander <= p.step))
    return 'terrace wander must be from 0 to the step, in metres (or absent)';
  if (p.wanderSpacing !== undefined && !(typeof p.wanderSpacing === 'number' && Number.isFinite(p.wanderSpacing) && p.wanderSpacing > 0))
    return 'terrace wanderSpacing must be a positive number of metres (or absent)';
  return null;
}

/** Terraces the heights in place (throws a RangeError for bad parameters). */
export function terraceHeights(field: Heightfield, params: TerraceParams): void {
  const problem = terraceProblem(params);
  if (problem) throw new RangeError(problem);
  const { step, riser, base } = params;
  const flat = 1 - riser;
  const { heights } = field;
  const wander = params.wander ?? 0;
  const moved = wander > 0 ? swellOffsets(field.width, field.depth, field.cellSize, 2 * wander, params.wanderSpacing ?? WANDER_SPACING, WANDER_SEED) : null;
  for (let k = 0; k < heights.length; k++) {
    const t = (heights[k] + (moved ? moved[k] : 0) - base) / step;
    const n = Math.floor(t);
    const f = t - n;
    let rise = 0;
    if (f > flat) {
      const u = (f - flat) / riser;
      rise = u * u * (3 - 2 * u);
    }
    heights[k] = base + step * (n + rise);
  }
}
