/**
 * What choosing a water block's level of detail needs (waterLevels.ts): per level, the cells it draws
 * and how far its sheet strays from the full-resolution water — at every vertex under a drawn cell:
 * where wet, the vertical distance to the water's surface or the error of the depth the sheet is
 * coloured by, whichever is larger; where dry, how far the sheet would float above the ground (or
 * above the full-resolution sheet's shore corner, if that is higher): a sheet under the ground is
 * hidden by it and costs nothing.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { WATER_LAKE } from '../../shared/hydrology/water';
import { sourceVertex, waterBlockExtent, waterBlockMaxLevel, WATER_LEVEL_COUNT, type BlockExtent } from './waterCorners';

export interface WaterBlockDetail {
  /** The coarsest level the block has (waterBlockMaxLevel). */
  readonly maxLevel: number;
  /** Per level: the largest vertical distance (m) described above; 0 at level 0, Infinity past maxLevel. */
  readonly errors: Float32Array;
  /** Per level: triangles drawn (0 past maxLevel). */
  readonly triangles: Uint32Array;
  /** The sheet's lowest and highest corner over all levels, m. */
  readonly minY: number;
  readonly maxY: number;
}

/**
 * Per level up to `maxLevel`, one byte per cell of the level's grid over the block (row-major): 1 where
 * the cell is drawn — when any vertex of its closed square is wet (at level 0: any of its corners).
 * A coarse cell's square is the union of its four children's, so each level is the OR of the last.
 * With `lakesOnly` (rivers drawn as strips, shared/hydrology/riverStrip.ts) only a wet lake vertex counts.
 */
export function drawnCellsByLevel(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  extent: BlockExtent,
  maxLevel: number,
  lakesOnly = false,
): Uint8Array[] {
  const { width } = grid;
  const { ci0, cj0, ci1, cj1 } = extent;
  const nx = ci1 - ci0;
  const nz = cj1 - cj0;
  // Which block vertices count, once each (a vertex is a corner of up to four cells).
  const span = nx + 1;
  const counts = countedVertices(water, heights, width, ci0, cj0, span, nz + 1, lakesOnly);
  const level0 = new Uint8Array(nx * nz);
  for (let b = 0; b < nz; b++) {
    for (let a = 0; a < nx; a++) {
      const l = b * span + a;
      level0[b * nx + a] = counts[l] | counts[l + 1] | counts[l + span] | counts[l + span + 1];
    }
  }
  const levels = [level0];
  for (let level = 1; level <= maxLevel; level++) {
    const fine = levels[level - 1];
    const fineX = nx >> (level - 1);
    const cx = nx >> level;
    const cz = nz >> level;
    const coarse = new Uint8Array(cx * cz);
    for (let b = 0; b < cz; b++) {
      for (let a = 0; a < cx; a++) {
        const f = 2 * b * fineX + 2 * a;
        coarse[b * cx + a] = fine[f] | fine[f + 1] | fine[f + fineX] | fine[f + fineX + 1];
      }
    }
    levels.push(coarse);
  }
  return levels;
}

/** The lake's kind, read once (a module's export read in a loop costs a call in some builds). */
const LAKE = WATER_LAKE;

/** Per vertex of the span × rows block from (ci0, cj0): 1 when wet (with `lakesOnly`, a wet lake vertex). */
function countedVertices(
  water: WaterSurface,
  heights: Float32Array,
  width: number,
  ci0: number,
  cj0: number,
  span: number,
  rows: number,
  lakesOnly: boolean,
): Uint8Array {
  const { surface, kind } = water;
  const counts = new Uint8Array(span * rows);
  for (let b = 0; b < rows; b++) {
    const row = (cj0 + b) * width + ci0;
    for (let a = 0; a < span; a++) {
      const v = row + a;
      if (surface[v] > heights[v] && (!lakesOnly || kind[v] === LAKE)) counts[b * span + a] = 1;
    }
  }
  return counts;
}

/** Block (bi, bj)'s levels, or null when it holds no water (with `lakesOnly`, no lake: drawnCellsByLevel). */
export function analyseWaterBlock(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  bi: number,
  bj: number,
  lakesOnly = false,
): WaterBlockDetail | null {
  const extent = waterBlockExtent(grid, bi, bj);
  const maxLevel = waterBlockMaxLevel(extent);
  const drawn = drawnCellsByLevel(grid, water, heights, extent, maxLevel, lakesOnly);
  if (!drawn[0].includes(1)) return null;
  const { width } = grid;
  const { surface } = water;
  const { ci0, cj0, ci1, cj1 } = extent;
  const nx = ci1 - ci0;
  const nz = cj1 - cj0;
  const span = nx + 1;
  const blockVertices = span * (nz + 1);
  // Per block vertex, found once each (the rules are the same at every level): the wet vertex it takes
  // its sheet from (−2: not yet), the sheet's height there, and for a dry vertex the height level 0 puts it at.
  const sources = new Int32Array(blockVertices).fill(-2);
  const corners = new Float64Array(blockVertices);
  const dryReferences = new Float64Array(blockVertices).fill(NaN);
  const cornerAt = (a: number, b: number): number => {
    const l = b * span + a;
    if (sources[l] === -2) {
      const source = sourceVertex(grid, water, heights, ci0 + a, cj0 + b);
      sources[l] = source;
      corners[l] = source >= 0 ? surface[source] : heights[(cj0 + b) * width + ci0 + a];
    }
    return corners[l];
  };
  // cornerDepth (waterCorners.ts) at a coarse level, for a corner whose height cornerAt has found.
  const depthAt = (a: number, b: number, y: number): number => {
    const v = (cj0 + b) * width + ci0 + a;
    const source = sources[b * span + a];
    if (source === v) return y - heights[v];
    return source >= 0 ? surface[source] - heights[source] : 0;
  };
  // Where level 0 puts a dry vertex (a shore corner of a drawn cell), else the ground.
  const level0 = drawn[0];
  const dryReference = (a: number, b: number, v: number): number => {
    const l = b * span + a;
    let known = dryReferences[l];
    if (Number.isNaN(known)) {
      const used =
        (a > 0 && b > 0 && level0[(b - 1) * nx + a - 1]) ||
        (a < nx && b > 0 && level0[(b - 1) * nx + a]) ||
        (a > 0 && b < nz && level0[b * nx + a - 1]) ||
        (a < nx && b < nz && level0[b * nx + a]);
      known = used ? Math.max(heights[v], cornerAt(a, b)) : heights[v];
      dryReferences[l] = known;
    }
    return known;
  };
  const errors = new Float32Array(WATER_LEVEL_COUNT).fill(Infinity);
  const triangles = new Uint32Array(WATER_LEVEL_COUNT);
  let minY = Infinity;
  let maxY = -Infinity;
  for (let level = 0; level <= maxLevel; level++) {
    const step = 2 ** level;
    const cx = nx / step;
    const cz = nz / step;
    const cells = drawn[level];
    let error = 0;
    let count = 0;
    for (let b = 0; b < cz; b++) {
      for (let a = 0; a < cx; a++) {
        if (!cells[b * cx + a]) continue;
        count++;
        const y00 = cornerAt(a * step, b * step);
        const y10 = cornerAt((a + 1) * step, b * step);
        const y01 = cornerAt(a * step, (b + 1) * step);
        const y11 = cornerAt((a + 1) * step, (b + 1) * step);
        minY = Math.min(minY, y00, y10, y01, y11);
        maxY = Math.max(maxY, y00, y10, y01, y11);
        // Level 0 is the full-resolution sheet itself: no error, and the corners' depths are not needed.
        if (level === 0) continue;
        const d00 = depthAt(a * step, b * step, y00);
        const d10 = depthAt((a + 1) * step, b * step, y10);
        const d01 = depthAt(a * step, (b + 1) * step, y01);
        const d11 = depthAt((a + 1) * step, (b + 1) * step, y11);
        for (let w = 0; w <= step; w++) {
          for (let u = 0; u <= step; u++) {
            const fa = a * step + u;
            const fb = b * step + w;
            const v = (cj0 + fb) * width + ci0 + fa;
            // The terrain's split: the diagonal from (x0, z1) to (x1, z0).
            const su = u / step;
            const sw = w / step;
            const lower = su + sw <= 1;
            const y = lower ? y00 + su * (y10 - y00) + sw * (y01 - y00) : y11 + (1 - su) * (y01 - y11) + (1 - sw) * (y10 - y11);
            let off: number;
            if (surface[v] > heights[v]) {
              const d = lower ? d00 + su * (d10 - d00) + sw * (d01 - d00) : d11 + (1 - su) * (d01 - d11) + (1 - sw) * (d10 - d11);
              off = Math.max(Math.abs(y - surface[v]), Math.abs(Math.max(0, d) - (surface[v] - heights[v])));
            } else off = y - dryReference(fa, fb, v);
            if (off > error) error = off;
          }
        }
      }
    }
    errors[level] = error;
    triangles[level] = 2 * count;
  }
  return { maxLevel, errors, triangles, minY, maxY };
}
