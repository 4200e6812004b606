/**
 * Terracing: heights snapped down to levels `base + n · step`, with soft risers between them. In each
 * band [level, level + step) the lower part (1 − riser of it) becomes the flat tread at `level`; the
 * upper part rises to the next level along a smoothstep. The map's own slopes decide where the faces
 * are and how steep: a riser packs the band's whole rise into `riser` of the ground it spanned, so
 * faces are 1 / riser times the original slope (mesas: flat tops, steep faces, several levels).
 */
import type { Heightfield } from '../terrain/heightfield';

export interface TerraceParams {
  /** Metres between levels (> 0). */
  step: number;
  /** Fraction of each band that rises (0 < riser ≤ 1); the rest is flat. */
  riser: number;
  /** A level's height, metres: levels are base + n · step. */
  base: number;
}

export function terraceProblem(p: TerraceParams): string | null {
  if (!(Number.isFinite(p.step) && p.step > 0)) return 'terrace step must be a positive number of metres';
  if (!(p.riser > 0 && p.riser <= 1)) return 'terrace riser must be in (0, 1]';
  if (!Number.isFinite(p.base)) return 'terrace base must be a finite height';
  return null;
}

/** Terraces the heights in place (throws a RangeError for bad parameters). */
export function terraceHeights(field: Heightfield, params: TerraceParams): void {
  const problem = terraceProblem(params);
  if (problem) throw new RangeError(problem);
  const { step, riser, base } = params;
  const flat = 1 - riser;
  const { heights } = field;
  for (let k = 0; k < heights.length; k++) {
    const t = (heights[k] - base) / step;
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
