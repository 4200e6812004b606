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
 * O(n · disc's rows): each sweep takes a run's extremum along the rows, then the disc's rows' (discExtremum).
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

/**
 * out[k] = the lowest (`take` −1) or highest (+1) of `from` over the disc about k, within the map.
 * The disc is a stack of row runs (half-width ⌊√(r² − dj²)⌋ in row dj): each distinct run's extremum
 * along every row is found first, in three reads a vertex whatever its length (van Herk 1992 and
 * Gil & Werman 1993: running extrema within blocks of the run's length, forward and backward, the
 * row padded with the neutral value so a run never leaves it), then each vertex takes the extremum
 * of its disc's rows. Min and max are exact, so this is the brute-force sweep's result bit for bit
 * (narrowTops.test.ts compares them); it reads 4–8 values a vertex where the disc holds 29–149.
 */
export function discExtremum(from: Float32Array, out: Float32Array, width: number, depth: number, cells: number, take: 1 | -1): void {
  const r = cells / 2;
  const reach = Math.floor(r);
  const halfWidths = Array.from({ length: 2 * reach + 1 }, (_, n) => Math.floor(Math.sqrt(Math.max(0, r * r + 1e-9 - (n - reach) ** 2))));
  const runs = [...new Set(halfWidths)];
  const neutral = take < 0 ? Infinity : -Infinity;
  const byRun = new Map<number, Float32Array>();
  for (const w of runs) {
    const along = new Float32Array(width * depth);
    const length = 2 * w + 1;
    const padded = width + 2 * w;
    const row = new Float64Array(padded);
    const ahead = new Float64Array(padded);
    const behind = new Float64Array(padded);
    for (let j = 0; j < depth; j++) {
      row.fill(neutral);
      for (let i = 0; i < width; i++) row[w + i] = from[j * width + i];
      for (let b = 0; b < padded; b += length) {
        const e = Math.min(padded, b + length);
        ahead[b] = row[b];
        for (let p = b + 1; p < e; p++) {
          const v = row[p];
          const a = ahead[p - 1];
          ahead[p] = take < 0 ? (v < a ? v : a) : v > a ? v : a;
        }
        behind[e - 1] = row[e - 1];
        for (let p = e - 2; p >= b; p--) {
          const v = row[p];
          const a = behind[p + 1];
          behind[p] = take < 0 ? (v < a ? v : a) : v > a ? v : a;
        }
      }
      // Vertex i's run is [i, i + 2w] in the padded row: the end of one block and the start of the next.
      for (let i = 0; i < width; i++) {
        const a = behind[i];
        const v = ahead[i + 2 * w];
        along[j * width + i] = take < 0 ? (v < a ? v : a) : v > a ? v : a;
      }
    }
    byRun.set(w, along);
  }
  const rows = halfWidths.map((w) => byRun.get(w) as Float32Array);
  for (let j = 0; j < depth; j++) {
    const first = Math.max(-reach, -j);
    const last = Math.min(reach, depth - 1 - j);
    const k0 = j * width;
    out.set(rows[first + reach].subarray(k0 + first * width, k0 + first * width + width), k0);
    for (let dj = first + 1; dj <= last; dj++) {
      const source = rows[dj + reach];
      const at = k0 + dj * width;
      for (let i = 0; i < width; i++) {
        const v = source[at + i];
        if (take < 0 ? v < out[k0 + i] : v > out[k0 + i]) out[k0 + i] = v;
      }
    }
  }
}

/** Cuts, in field.heights, every crest narrower than `topWidth` metres to a flat top that wide. */
export function flattenNarrowTops(field: Heightfield, topWidth: number): void {
  const { width, depth, cellSize, heights } = field;
  const cells = topWidth / cellSize;
  if (cells < 1) return;
  const lowest = new Float32Array(heights.length);
  discExtremum(heights, lowest, width, depth, cells, -1);
  // The dilation by a disc a cell wider (DILATION_CELLS), then the lower of that and the heights: a
  // disc of vertices fits an oblique wall only to within a cell, so with the same disc the opening cut
  // the lips of plateaus and the flanks of cones by up to 0.8 m on a 72° wall; the wider disc gives
  // back what the crest's own disc reaches and the min() keeps every height at or below its own.
  const wider = cells + DILATION_CELLS;
  const opened = new Float32Array(heights.length);
  discExtremum(lowest, opened, width, depth, wider, 1);
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
        const up = aroundVertex(Math.max, src, k, width);
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

/**
 * Lips drawn along their line (ThermalParams.lipDrop). A caprock that breaks off over a face a cell
 * or less wide is sampled one vertex a cell: along a rim slanting across the grid the face jogs a cell
 * from vertex to vertex, and the triangles between draw the face as a comb of tall slivers with notches
 * cut into the rim. Each pass raises every vertex that drops more than `minDrop` metres to a neighbour
 * (the face's and the rim's) towards the mean of itself (1/2) and the drawn surface a cell either way
 * along its contour (1/4 each; across its gradient, bilinear reads of the heights), never lowering it:
 * the notches fill towards the line of the teeth either side, and the tops keep every vertex (lowering
 * the teeth as well took the highest tops of Mesas at seed 3 under presetLooks.test.ts's 3 % of the
 * map). Along a rim along a row or a column the contour's reads are the rim's own heights, so it stays
 * as it is; across the rim nothing is averaged, so the cliff stays as steep; flat ground, gentle slopes
 * and hollows are left exactly as they are.
 */
export function smoothLipsAlong(field: Heightfield, minDrop: number): void {
  for (let pass = 0; pass < LIP_ALONG_PASSES; pass++) smoothLipsAlongOnce(field, minDrop);
}
/** Passes along the contours (Mesas at 513² × 2 m, seed 3: cells breaking by over 3/4 of a cell 0.39 % → 0.21 % with three). */
export const LIP_ALONG_PASSES = 3;

function smoothLipsAlongOnce(field: Heightfield, minDrop: number): void {
  const { width, depth, heights: h } = field;
  const src = h.slice();
  const read = (x: number, z: number): number => {
    const i = Math.min(width - 2, Math.max(0, Math.floor(x)));
    const j = Math.min(depth - 2, Math.max(0, Math.floor(z)));
    const u = Math.min(1, Math.max(0, x - i));
    const v = Math.min(1, Math.max(0, z - j));
    const k = j * width + i;
    return (src[k] * (1 - u) + src[k + 1] * u) * (1 - v) + (src[k + width] * (1 - u) + src[k + width + 1] * u) * v;
  };
  for (let j = 1; j < depth - 1; j++)
    for (let i = 1; i < width - 1; i++) {
      const k = j * width + i;
      const v = src[k];
      const low = aroundVertex(Math.min, src, k, width);
      if (v - low <= minDrop) continue;
      // The contour's direction: across the gradient (central differences, then the diagonals').
      const gx = src[k + 1] - src[k - 1] + 0.5 * (src[k - width + 1] - src[k - width - 1] + src[k + width + 1] - src[k + width - 1]);
      const gz = src[k + width] - src[k - width] + 0.5 * (src[k + width - 1] - src[k - width - 1] + src[k + width + 1] - src[k - width + 1]);
      const g = Math.hypot(gx, gz);
      if (g === 0) continue;
      const tx = -gz / g;
      const tz = gx / g;
      const along = 0.5 * v + 0.25 * (read(i + tx, j + tz) + read(i - tx, j - tz));
      if (along > v) h[k] = along;
    }
}

/** `pick` (Math.max or Math.min) of the eight neighbours of interior vertex k on a grid `width` wide. */
function aroundVertex(pick: (...values: number[]) => number, src: ArrayLike<number>, k: number, width: number): number {
  return pick(src[k - 1], src[k + 1], src[k - width], src[k + width], src[k - width - 1], src[k - width + 1], src[k + width - 1], src[k + width + 1]);
}
