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
  const reach = Math.floor(cells / 2);
  const lowest = new Float32Array(heights.length);
  sweep(heights, lowest, width, depth, disc, reach, -1);
  const opened = new Float32Array(heights.length);
  sweep(lowest, opened, width, depth, disc, reach, 1);
  // The opening never rises above the heights; min() keeps that exact whatever the rounding.
  for (let k = 0; k < heights.length; k++) if (opened[k] < heights[k]) heights[k] = opened[k];
}
