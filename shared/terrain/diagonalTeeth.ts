/**
 * Saw-teeth of the fixed split. Each cell is drawn as two triangles split along its diagonal from
 * (x0, z1) to (x1, z0) (surface.ts). Where a crease (a ridge, a cliff lip, a valley floor) runs
 * along the other diagonal, the split edge spans it: the surface dips between the crest's vertices
 * (or rises between a floor's), once a cell, and the crease is drawn as teeth.
 *
 * A cell is toothed when the ground bends across the split more than along the other diagonal
 * (second differences of the heights on each diagonal's line through the cell, four vertices each),
 * the split folds against that bend, and the fold's height break — how far the other diagonal's
 * midpoint stands off the split's, (h00 + h11 − h10 − h01) / 2 — exceeds `minBreak` metres. On a
 * crease along the split, along a row or a column, or on smooth ground, no cell is toothed.
 */
import type { Heightfield } from './heightfield';

export interface DiagonalTeeth {
  /** Cells measured (those whose stencils lie inside the map). */
  cells: number;
  /** Cells whose split folds against the bend by more than the break. */
  toothed: number;
  /** toothed / cells. */
  share: number;
  /** The largest height break of a toothed cell, metres (0 when none is). */
  largestBreak: number;
}

export function diagonalTeeth(field: Heightfield, minBreak: number): DiagonalTeeth {
  const { width, depth, heights: h } = field;
  let cells = 0;
  let toothed = 0;
  let largestBreak = 0;
  for (let j = 1; j < depth - 2; j++) {
    for (let i = 1; i < width - 2; i++) {
      const k = j * width + i;
      const h00 = h[k];
      const h10 = h[k + 1];
      const h01 = h[k + width];
      const h11 = h[k + width + 1];
      cells++;
      // Along the split's line: (i − 1, j + 2), (i, j + 1), (i + 1, j), (i + 2, j − 1).
      const bendSplit = h[k + 2 * width - 1] - h01 - h10 + h[k - width + 2];
      // Along the other diagonal's line: (i − 1, j − 1), (i, j), (i + 1, j + 1), (i + 2, j + 2).
      const bendOther = h[k - width - 1] - h00 - h11 + h[k + 2 * width + 2];
      if (Math.abs(bendSplit) <= Math.abs(bendOther)) continue;
      const fold = (h00 + h11 - h10 - h01) / 2;
      if (fold * bendSplit >= 0) continue;
      const heightBreak = Math.abs(fold);
      if (heightBreak <= minBreak) continue;
      toothed++;
      if (heightBreak > largestBreak) largestBreak = heightBreak;
    }
  }
  return { cells, toothed, share: cells > 0 ? toothed / cells : 0, largestBreak };
}
