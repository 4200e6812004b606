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
import { cornerDepth, sourceVertex, waterBlockExtent, waterBlockMaxLevel, WATER_LEVEL_COUNT, type BlockExtent } from './waterCorners';

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
  const { surface, kind } = water;
  const { ci0, cj0, ci1, cj1 } = extent;
  const nx = ci1 - ci0;
  const nz = cj1 - cj0;
  const level0 = new Uint8Array(nx * nz);
  for (let b = 0; b < nz; b++) {
    for (let a = 0; a < nx; a++) {
      const v = (cj0 + b) * width + ci0 + a;
      // Inline (not isWet): this runs for every cell of the map.
      if (
        surface[v] > heights[v] ||
        surface[v + 1] > heights[v + 1] ||
        surface[v + width] > heights[v + width] ||
        surface[v + width + 1] > heights[v + width + 1]
      )
        level0[b * nx + a] = 1;
    }
  }
  if (lakesOnly) {
    for (let b = 0; b < nz; b++) {
      for (let a = 0; a < nx; a++) {
        if (!level0[b * nx + a]) continue;
        const v = (cj0 + b) * width + ci0 + a;
        const lake = (u: number) => kind[u] === WATER_LAKE && surface[u] > heights[u];
        if (!(lake(v) || lake(v + 1) || lake(v + width) || lake(v + width + 1))) level0[b * nx + a] = 0;
      }
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
  // The wet vertex each block vertex takes its sheet from, found once (the rule is the same at every level).
  const sources = new Int32Array(span * (nz + 1)).fill(-2);
  const sourceAt = (a: number, b: number): number => {
    const l = b * span + a;
    if (sources[l] === -2) sources[l] = sourceVertex(grid, water, heights, ci0 + a, cj0 + b);
    return sources[l];
  };
  const cornerAt = (a: number, b: number): number => {
    const source = sourceAt(a, b);
    return source >= 0 ? surface[source] : heights[(cj0 + b) * width + ci0 + a];
  };
  const depthAt = (a: number, b: number, y: number, level: number): number =>
    cornerDepth(water, heights, (cj0 + b) * width + ci0 + a, sourceAt(a, b), y, level);
  // Where level 0 puts a dry vertex (a shore corner of a drawn cell), else the ground.
  const level0 = drawn[0];
  const dryReference = (a: number, b: number, v: number): number => {
    const used =
      (a > 0 && b > 0 && level0[(b - 1) * nx + a - 1]) ||
      (a < nx && b > 0 && level0[(b - 1) * nx + a]) ||
      (a > 0 && b < nz && level0[b * nx + a - 1]) ||
      (a < nx && b < nz && level0[b * nx + a]);
    return used ? Math.max(heights[v], cornerAt(a, b)) : heights[v];
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
        const d00 = depthAt(a * step, b * step, y00, level);
        const d10 = depthAt((a + 1) * step, b * step, y10, level);
        const d01 = depthAt(a * step, (b + 1) * step, y01, level);
        const d11 = depthAt((a + 1) * step, (b + 1) * step, y11, level);
        minY = Math.min(minY, y00, y10, y01, y11);
        maxY = Math.max(maxY, y00, y10, y01, y11);
        if (level === 0) continue;
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
