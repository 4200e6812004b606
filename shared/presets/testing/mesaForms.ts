import type { Heightfield } from '../../terrain/heightfield';
import { discOffsets } from '../../erosion/narrowTops';
import { strataPeriod, type Strata } from '../../terrain/strata';

/** The hardest bed's bottom and top within one period of flat-lying strata, from the column's bottom. */
function capSpan(strata: Strata): { bottom: number; top: number } {
  const hardest = Math.max(...strata.beds.map((bed) => bed.hardness));
  let bottom = 0;
  for (const bed of strata.beds) {
    if (bed.hardness === hardest) return { bottom, top: bottom + bed.thickness };
    bottom += bed.thickness;
  }
  return { bottom: 0, top: 0 };
}

/** How far below a cap's bottom the ground at an escarpment's foot lies, metres, and within how many cells of its rim. */
const FOOT_DROP = 10;
const ESCARPMENT = 6;

/** The mask grown by a square of `reach` cells. */
function dilate(mask: Uint8Array, width: number, depth: number, reach: number): Uint8Array {
  const rows = new Uint8Array(width * depth);
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      let v = 0;
      for (let x = Math.max(0, i - reach); x <= Math.min(width - 1, i + reach) && !v; x++) v = mask[j * width + x];
      rows[j * width + i] = v;
    }
  const out = new Uint8Array(width * depth);
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      let v = 0;
      for (let z = Math.max(0, j - reach); z <= Math.min(depth - 1, j + reach) && !v; z++) v = rows[z * width + i];
      out[j * width + i] = v;
    }
  return out;
}

/** Whether the vertices at `level` and above (a mask), filled where a disc of `radius` cells fits (closing then opening). */
function smoothedMask(mask: Uint8Array, width: number, depth: number, radius: number): Uint8Array {
  const disc = discOffsets(2 * radius);
  const morph = (from: Uint8Array, grow: boolean): Uint8Array => {
    const out = new Uint8Array(width * depth);
    for (let j = 0; j < depth; j++)
      for (let i = 0; i < width; i++) {
        let v = grow ? 0 : 1;
        for (const [di, dj] of disc) {
          const x = Math.min(width - 1, Math.max(0, i + di));
          const z = Math.min(depth - 1, Math.max(0, j + dj));
          const m = from[z * width + x];
          if (grow ? m === 1 : m === 0) {
            v = grow ? 1 : 0;
            break;
          }
        }
        out[j * width + i] = v;
      }
    return out;
  };
  // Closing (fills notches narrower than the disc), then opening (takes off teeth narrower than it).
  const closed = morph(morph(mask, true), false);
  return morph(morph(closed, false), true);
}

/**
 * Rim jogs: for each caprock of flat-lying strata within the map's heights, the outline of the ground
 * above the cap's middle (the rim, since the cap stands as a cliff) against the same outline with every
 * notch and tooth narrower than a disc of `radius` cells smoothed away (a morphological closing then
 * opening). Returns the vertices that differ per cell of rim (4-neighbour boundary edges): the mean
 * depth, in cells, of the notches and teeth a few cells long along the rim.
 */
export function rimJogs(field: Heightfield, strata: Strata, radius = 2): { rimCells: number; jogCells: number; perRim: number } {
  const { width, depth, heights: h } = field;
  const period = strataPeriod(strata);
  const cap = capSpan(strata);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of h) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  let rimCells = 0;
  let jogCells = 0;
  for (let c = Math.floor((lo - strata.base) / period); c * period + strata.base < hi; c++) {
    const level = strata.base + c * period + (cap.bottom + cap.top) / 2;
    if (level <= lo || level >= hi) continue;
    const mask = new Uint8Array(width * depth);
    for (let k = 0; k < mask.length; k++) mask[k] = h[k] >= level ? 1 : 0;
    // An escarpment: ground lower than FOOT_DROP under the cap's bottom within ESCARPMENT cells (not a gully cut into a tread).
    const foot = strata.base + c * period + cap.bottom - FOOT_DROP;
    const low = new Uint8Array(width * depth);
    for (let k = 0; k < low.length; k++) low[k] = h[k] < foot ? 1 : 0;
    const escarpment = dilate(low, width, depth, ESCARPMENT);
    for (let j = 0; j < depth; j++)
      for (let i = 0; i < width; i++) {
        const k = j * width + i;
        if (!escarpment[k]) continue;
        if (i + 1 < width && mask[k] !== mask[k + 1]) rimCells++;
        if (j + 1 < depth && mask[k] !== mask[k + width]) rimCells++;
      }
    const smooth = smoothedMask(mask, width, depth, radius);
    for (let k = 0; k < mask.length; k++) if (mask[k] !== smooth[k] && escarpment[k]) jogCells++;
  }
  return { rimCells, jogCells, perRim: rimCells > 0 ? jogCells / rimCells : 0 };
}

/** A capless peak: its vertex, height, relief over the top of the cap below it and mean slope round its top (degrees). */
export interface CaplessPeak {
  k: number;
  height: number;
  relief: number;
  slopeDeg: number;
}

/**
 * Capless peaks: summits (the highest vertex within `summitCells`) that lie in a soft bed, more than
 * 2 m above the top of the cap below them — where a mesa's cap has gone and the shale under it stands
 * as a hill. Each with its relief (its height over the top of the cap below it) and the
 * mean slope of the ground from 2 to 6 cells round it (a pyramid's planar sides stand at the talus
 * angle right up to its point; a weathered hill is rounded, gentle at its top).
 */
export function caplessPeaks(field: Heightfield, strata: Strata, summitCells = 8): CaplessPeak[] {
  const { width, depth, cellSize, heights: h } = field;
  const period = strataPeriod(strata);
  const cap = capSpan(strata);
  const summit = discOffsets(2 * summitCells);
  const ring = discOffsets(12).filter(([di, dj]) => di * di + dj * dj >= 4);
  const slopeAt = (i: number, j: number): number => {
    const k = j * width + i;
    const g = Math.hypot(h[k + 1] - h[k - 1], h[k + width] - h[k - width]) / (2 * cellSize);
    return (Math.atan(g) * 180) / Math.PI;
  };
  const out: CaplessPeak[] = [];
  const margin = 8;
  for (let j = margin; j < depth - margin; j++)
    for (let i = margin; i < width - margin; i++) {
      const k = j * width + i;
      const v = h[k];
      let top = true;
      for (const [di, dj] of summit) {
        const x = i + di;
        const z = j + dj;
        if (x < 0 || z < 0 || x >= width || z >= depth) continue;
        const n = h[z * width + x];
        // Ties go to the first vertex in raster order.
        if (n > v || (n === v && z * width + x < k)) {
          top = false;
          break;
        }
      }
      if (!top) continue;
      const e = v - strata.base;
      const r = e - Math.floor(e / period) * period;
      if (r < cap.top + 2 && r >= cap.bottom) continue;
      if (r < 2 && cap.top === period) continue;
      // The top of the cap below: this period's if the summit is above it, else the previous one's.
      const low = strata.base + Math.floor(e / period) * period + (r >= cap.top ? cap.top : cap.top - period);
      let slope = 0;
      let n = 0;
      for (const [di, dj] of ring) {
        const x = i + di;
        const z = j + dj;
        if (x < 1 || z < 1 || x >= width - 1 || z >= depth - 1) continue;
        slope += slopeAt(x, z);
        n++;
      }
      out.push({ k, height: v, relief: v - low, slopeDeg: n > 0 ? slope / n : 0 });
    }
  return out;
}

/** The levels (metres) of each cap's bottom and middle within the map's heights, lowest first. */
function capLevels(field: Heightfield, strata: Strata): { bottom: number; middle: number; top: number }[] {
  const period = strataPeriod(strata);
  const cap = capSpan(strata);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of field.heights) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const out: { bottom: number; middle: number; top: number }[] = [];
  for (let c = Math.floor((lo - strata.base) / period); c * period + strata.base < hi; c++) {
    const base = strata.base + c * period;
    const middle = base + (cap.bottom + cap.top) / 2;
    if (middle <= lo || middle >= hi) continue;
    out.push({ bottom: base + cap.bottom, middle, top: base + cap.top });
  }
  return out;
}

/** A cap remnant: one piece of ground above a cap's middle (8-connected), its vertices and its widest inscribed disc's diameter in cells. */
export interface CapRemnant {
  k: number;
  vertices: number;
  widthCells: number;
  /** Whether it reaches the map's edge (a mesa the edge cuts, not a remnant). */
  atEdge: boolean;
  /** Its highest ground over the cap's bottom, metres. */
  rise: number;
}

/**
 * Cap remnants: for each caprock within the map's heights, the pieces of ground standing above its
 * middle (8-connected), each with its width: twice the largest chamfer distance (cells) from a vertex
 * of the piece to ground outside it. A mesa or butte is a wide piece; a scrap of cap on a cone's tip
 * a piece a cell or two wide.
 */
export function capRemnants(field: Heightfield, strata: Strata): CapRemnant[] {
  const { width, depth, heights: h } = field;
  const n = width * depth;
  const out: CapRemnant[] = [];
  for (const cap of capLevels(field, strata)) {
    const dist = new Float32Array(n);
    for (let k = 0; k < n; k++) dist[k] = h[k] >= cap.middle ? Infinity : 0;
    // Chamfer distance (1, √2) to ground below the cap's middle; the map's edge counts as outside.
    for (const sign of [1, -1])
      for (let jj = 0; jj < depth; jj++) {
        const j = sign > 0 ? jj : depth - 1 - jj;
        for (let ii = 0; ii < width; ii++) {
          const i = sign > 0 ? ii : width - 1 - ii;
          const k = j * width + i;
          if (dist[k] === 0) continue;
          let d = dist[k];
          for (const [di, dj, w] of [
            [-1, 0, 1],
            [0, -1, 1],
            [-1, -1, Math.SQRT2],
            [1, -1, Math.SQRT2],
          ] as const) {
            const x = i + sign * di;
            const z = j + sign * dj;
            const nd = x < 0 || z < 0 || x >= width || z >= depth ? w : dist[z * width + x] + w;
            if (nd < d) d = nd;
          }
          dist[k] = d;
        }
      }
    const seen = new Uint8Array(n);
    for (let s = 0; s < n; s++) {
      if (seen[s] || dist[s] === 0) continue;
      const stack = [s];
      seen[s] = 1;
      let vertices = 0;
      let most = 0;
      let atEdge = false;
      let rise = 0;
      while (stack.length > 0) {
        const k = stack.pop()!;
        vertices++;
        rise = Math.max(rise, h[k] - cap.bottom);
        if (dist[k] > most) most = dist[k];
        const i = k % width;
        const j = (k - i) / width;
        if (i === 0 || j === 0 || i === width - 1 || j === depth - 1) atEdge = true;
        for (let dj = -1; dj <= 1; dj++)
          for (let di = -1; di <= 1; di++) {
            const x = i + di;
            const z = j + dj;
            if (x < 0 || z < 0 || x >= width || z >= depth) continue;
            const nk = z * width + x;
            if (!seen[nk] && dist[nk] > 0) {
              seen[nk] = 1;
              stack.push(nk);
            }
          }
      }
      out.push({ k: s, vertices, widthCells: 2 * most, atEdge, rise });
    }
  }
  return out;
}

/**
 * Rim teeth: the cells a caprock's rim crosses (a corner above the cap's middle, one below its bottom)
 * and, of them, those the fixed split draws as a tooth (shared/terrain/diagonalTeeth.ts's rule: the
 * ground bends across the split more than along the other diagonal and the split folds against that
 * bend) by more than `minBreak` metres: a notch a cell wide in the rim against the sky.
 */
export function rimTeeth(field: Heightfield, strata: Strata, minBreak: number): { rimCells: number; toothed: number; share: number; largest: number } {
  const { width, depth, heights: h } = field;
  const caps = capLevels(field, strata);
  let rimCells = 0;
  let toothed = 0;
  let largest = 0;
  for (let j = 1; j < depth - 2; j++)
    for (let i = 1; i < width - 2; i++) {
      const k = j * width + i;
      const h00 = h[k];
      const h10 = h[k + 1];
      const h01 = h[k + width];
      const h11 = h[k + width + 1];
      const top = Math.max(h00, h10, h01, h11);
      const low = Math.min(h00, h10, h01, h11);
      if (!caps.some((cap) => top >= cap.middle && low < cap.middle)) continue;
      rimCells++;
      const bendSplit = h[k + 2 * width - 1] - h01 - h10 + h[k - width + 2];
      const bendOther = h[k - width - 1] - h00 - h11 + h[k + 2 * width + 2];
      if (Math.abs(bendSplit) <= Math.abs(bendOther)) continue;
      const fold = (h00 + h11 - h10 - h01) / 2;
      if (fold * bendSplit >= 0 || Math.abs(fold) <= minBreak) continue;
      toothed++;
      largest = Math.max(largest, Math.abs(fold));
    }
  return { rimCells, toothed, share: rimCells > 0 ? toothed / rimCells : 0, largest };
}
