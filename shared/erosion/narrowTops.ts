/**
 * Narrow tops cut flat (ThermalParams.topWidth): every ridge, spur and peak narrower than `topWidth`
 * metres is lowered to a flat top that wide, the height where it first is that wide. In layered rock a
 * spur between two side canyons keeps the flat top of the bed that caps it and ends in a cliff; as it
 * narrows the cap breaks off along its joints and the spur steps down to a lower, narrower top — a
 * promontory, then a butte, then a pinnacle — never the knife-edged pyramids and needles that two walls
 * climbing at their standing angles make where they meet (shared/erosion/wallRetreat.ts).
 *
 * It is the morphological opening of the heights by a flat disc of diameter topWidth (Serra 1982;
 * Soille 2003 §8): the erosion (the lowest height within the disc) then the dilation (the highest of
 * those within the disc). A height stays where a disc that holds the point fits wholly at or above it,
 * so plateaus, walls of any angle, the lip between them and every hollow are left exactly as they are
 * (the opening of a ramp or of a step by a flat disc is itself); only the crests too narrow for the
 * disc come down, and their new tops are unions of discs: round, facing no grid direction. A disc of
 * vertices within topWidth/2 (a circle, not a square, or the tops would be squares along the grid).
 *
 * O(n · disc): at 1025² and 6 m on 2 m cells (29 offsets) two sweeps of 30 M reads.
 */
import type { Heightfield } from '../terrain/heightfield';

/** How much wider (in cells, across) the dilation's disc is than the erosion's. */
export const DILATION_CELLS = 2;

/** The disc's offsets (column, row) for a diameter of `cells` cells: the vertices within cells/2 of the centre. */
export function discOffsets(cells: number): Array<[number, number]> {
  const r = cells / 2;
  const reach = Math.floor(r);
  const out: Array<[number, number]> = [];
  for (let dj = -reach; dj <= reach; dj++) for (let di = -reach; di <= reach; di++) if (di * di + dj * dj <= r * r + 1e-9) out.push([di, dj]);
  return out;
}

/** One sweep: out[k] = the lowest (`take` −1) or highest (+1) of `from` over the disc about k, within the map. */
function sweep(from: Float32Array, out: Float32Array, width: number, depth: number, disc: ReadonlyArray<[number, number]>, reach: number, take: 1 | -1): void {
  const deltas = disc.map(([di, dj]) => dj * width + di);
  for (let j = 0; j < depth; j++) {
    const inner = j >= reach && j < depth - reach;
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      let best = from[k];
      if (inner && i >= reach && i < width - reach) {
        for (let n = 0; n < deltas.length; n++) {
          const v = from[k + deltas[n]];
          if (take < 0 ? v < best : v > best) best = v;
        }
      } else {
        for (const [di, dj] of disc) {
          const x = i + di;
          const z = j + dj;
          if (x < 0 || z < 0 || x >= width || z >= depth) continue;
          const v = from[z * width + x];
          if (take < 0 ? v < best : v > best) best = v;
        }
      }
      out[k] = best;
    }
  }
}

/** Cuts, in field.heights, every crest narrower than `topWidth` metres to a flat top that wide. */
export function flattenNarrowTops(field: Heightfield, topWidth: number): void {
  const { width, depth, cellSize, heights } = field;
  const cells = topWidth / cellSize;
  if (cells < 1) return;
  const disc = discOffsets(cells);
  const lowest = new Float32Array(heights.length);
  sweep(heights, lowest, width, depth, disc, Math.floor(cells / 2), -1);
  // The dilation by a disc a cell wider (DILATION_CELLS), then the lower of that and the heights: a
  // disc of vertices fits an oblique wall only to within a cell, so with the same disc the opening cut
  // the lips of plateaus and the flanks of cones by up to 0.8 m on a 72° wall; the wider disc gives
  // back what the crest's own disc reaches and the min() keeps every height at or below its own.
  const wider = cells + DILATION_CELLS;
  const opened = new Float32Array(heights.length);
  sweep(lowest, opened, width, depth, discOffsets(wider), Math.floor(wider / 2), 1);
  for (let k = 0; k < heights.length; k++) if (opened[k] < heights[k]) heights[k] = opened[k];
}

/**
 * Lips rounded (ThermalParams.lipPasses): where flat ground breaks over a wall, the break is a crease
 * the grid samples one vertex a cell, so a rim slanting across the grid is drawn as a one-cell
 * staircase (each vertex either on the top or a cell's fall down the wall). Each pass lowers every
 * vertex that has no neighbour higher than LIP_RISE of a cell's run towards the 3 × 3 binomial mean
 * of its neighbours (never raising it): the corners a staircase juts out at, with more of their
 * neighbours down the wall, come down most, so the lip follows its line instead of the rows. The
 * wall's face below, with higher ground beside every vertex, is left as it is, and so are flat
 * ground, hollows and the feet of walls.
 */
export const LIP_RISE = 0.2;

/** Rounds, in field.heights, the lips of flat tops over walls by `passes` passes. */
export function roundLips(field: Heightfield, passes: number): void {
  const { width, depth, cellSize, heights: h } = field;
  const rise = LIP_RISE * cellSize;
  const top = new Uint8Array(width * depth);
  for (let pass = 0; pass < passes; pass++) {
    const src = h.slice();
    // The tops' vertices: none of their neighbours stands higher than `rise`.
    for (let j = 1; j < depth - 1; j++)
      for (let i = 1; i < width - 1; i++) {
        const k = j * width + i;
        const up = Math.max(
          src[k - 1],
          src[k + 1],
          src[k - width],
          src[k + width],
          src[k - width - 1],
          src[k - width + 1],
          src[k + width - 1],
          src[k + width + 1],
        );
        top[k] = up - src[k] < rise ? 1 : 0;
      }
    for (let j = 1; j < depth - 1; j++) {
      for (let i = 1; i < width - 1; i++) {
        const k = j * width + i;
        // A top's vertex or one beside a top's (the lip and the wall's first row under it).
        if (
          (top[k] |
            top[k - 1] |
            top[k + 1] |
            top[k - width] |
            top[k + width] |
            top[k - width - 1] |
            top[k - width + 1] |
            top[k + width - 1] |
            top[k + width + 1]) ===
          0
        )
          continue;
        const v = src[k];
        const mean =
          (4 * v +
            2 * (src[k - 1] + src[k + 1] + src[k - width] + src[k + width]) +
            src[k - width - 1] +
            src[k - width + 1] +
            src[k + width - 1] +
            src[k + width + 1]) /
          16;
        if (mean < v) h[k] = mean;
      }
    }
  }
}
