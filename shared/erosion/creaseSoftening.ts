/**
 * Creases rounded where the cells' split cannot draw them. Each cell is two triangles split along
 * the diagonal from (x0, z1) to (x1, z0) (shared/terrain/surface.ts), so a ridge, a cliff's lip or
 * a valley floor running along the other diagonal is drawn as saw-teeth: the split edge spans the
 * crease and dips under a crest (or rises over a floor) once a cell, by the cell's height break
 * (shared/terrain/diagonalTeeth.ts). A crease along a row, a column or the split is drawn exactly.
 *
 * Where the ground bends across the split more than along the other diagonal and the split folds
 * against that bend, the break above `maxBreak` is taken out: the crease's two vertices on the other
 * diagonal move towards the split's two and they towards them, by equal and opposite amounts (the
 * cell's mean height stays). That moves the neighbouring cells' breaks in turn, so the rounding
 * spreads over several cells as a diffusion would, sweep by sweep: the sweeps bring the teeth towards
 * `maxBreak`, not always down to it (a sharp 40° ridge at 2 m cells: 1.19 m teeth, 0.27 m after
 * them with 0.1 m asked). Creases the split draws exactly, and smooth ground, are left as they are.
 */
import type { Heightfield } from '../terrain/heightfield';

/**
 * Sweeps over the map, each in row order with every move written at once (so a move sees the ones
 * before it, and the rounding spreads within a sweep). Twelve keep Mountains' Run at 1025² within its
 * budget (about 0.18 s of one thread under load; 32 took 0.5 s for teeth a little lower). Saved
 * projects depend on it: never change it.
 */
export const CREASE_PASSES = 12;

/** Rounds, in field.heights, the creases the split draws as teeth higher than `maxBreak` metres. */
export function softenCreases(field: Heightfield, maxBreak: number, passes = CREASE_PASSES): void {
  const { width, depth, heights: h } = field;
  if (width < 4 || depth < 4) return;
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (let j = 1; j < depth - 2; j++) {
      for (let i = 1; i < width - 2; i++) {
        const k = j * width + i;
        const h00 = h[k];
        const h10 = h[k + 1];
        const h01 = h[k + width];
        const h11 = h[k + width + 1];
        // Most cells break by less than allowed: that test first, on the cell's own corners.
        const fold = (h00 + h11 - h10 - h01) / 2;
        const excess = Math.abs(fold) - maxBreak;
        if (excess <= 0) continue;
        // The bends along the split's line and along the other diagonal's (diagonalTeeth.ts).
        const bendSplit = h[k + 2 * width - 1] - h01 - h10 + h[k - width + 2];
        const bendOther = h[k - width - 1] - h00 - h11 + h[k + 2 * width + 2];
        const across = Math.abs(bendSplit) - Math.abs(bendOther);
        if (across <= 0 || fold * bendSplit >= 0) continue;
        // Weighted by how much of the bend runs across the split only, so the rule fades out
        // towards creases along a row or a column rather than switching. Moving each corner by
        // `step` changes the fold by 2 · step.
        const step = (Math.sign(fold) * excess * across) / Math.abs(bendSplit) / 2;
        h[k] -= step;
        h[k + width + 1] -= step;
        h[k + 1] += step;
        h[k + width] += step;
        moved = true;
      }
    }
    if (!moved) return;
  }
}
