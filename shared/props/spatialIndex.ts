import type { Heightfield } from '../terrain/heightfield';
import { cellIndexAt } from './surfaceSample';

/**
 * Uniform grid of tiles (tileCells × tileCells terrain cells) bucketing props by the terrain cell
 * they stand in, stored compactly (counting sort): props of tile t are order[start[t] .. start[t+1]).
 * Rebuild it after props are added, removed or moved; terrain edits that keep the map size do not
 * invalidate it.
 */
export interface PropSpatialIndex {
  readonly tileCells: number;
  readonly tilesX: number;
  readonly tilesZ: number;
  /** Terrain cell of each prop as j·(width−1)+i. */
  readonly cellOf: Int32Array;
  readonly start: Int32Array;
  readonly order: Int32Array;
  /** Map size the index was built for. */
  readonly width: number;
  readonly depth: number;
}

export const DEFAULT_TILE_CELLS = 32;

export function buildPropSpatialIndex(
  field: Heightfield,
  x: ArrayLike<number>,
  z: ArrayLike<number>,
  count: number,
  tileCells = DEFAULT_TILE_CELLS,
): PropSpatialIndex {
  const cellsX = field.width - 1;
  const tilesX = Math.ceil(cellsX / tileCells);
  const tilesZ = Math.ceil((field.depth - 1) / tileCells);
  const cellOf = new Int32Array(count);
  const tileOf = new Int32Array(count);
  const start = new Int32Array(tilesX * tilesZ + 1);
  for (let k = 0; k < count; k++) {
    const cell = cellIndexAt(field, x[k], z[k]);
    cellOf[k] = cell;
    const i = cell % cellsX;
    const j = (cell - i) / cellsX;
    const tile = Math.floor(j / tileCells) * tilesX + Math.floor(i / tileCells);
    tileOf[k] = tile;
    start[tile + 1]++;
  }
  for (let t = 0; t < tilesX * tilesZ; t++) start[t + 1] += start[t];
  const fill = start.slice(0, tilesX * tilesZ);
  const order = new Int32Array(count);
  for (let k = 0; k < count; k++) order[fill[tileOf[k]]++] = k;
  return { tileCells, tilesX, tilesZ, cellOf, start, order, width: field.width, depth: field.depth };
}

/**
 * Calls visit(k) for every prop standing in a cell of [ci0, ci1) × [cj0, cj1) (cell indices, clamped
 * to the map). Only the tiles overlapping the rectangle are scanned.
 */
export function forEachPropInCells(index: PropSpatialIndex, ci0: number, cj0: number, ci1: number, cj1: number, visit: (k: number) => void): void {
  const cellsX = index.width - 1;
  const i0 = Math.max(0, ci0);
  const j0 = Math.max(0, cj0);
  const i1 = Math.min(cellsX, ci1);
  const j1 = Math.min(index.depth - 1, cj1);
  if (i0 >= i1 || j0 >= j1) return;
  const tc = index.tileCells;
  for (let tz = Math.floor(j0 / tc); tz <= Math.floor((j1 - 1) / tc); tz++) {
    for (let tx = Math.floor(i0 / tc); tx <= Math.floor((i1 - 1) / tc); tx++) {
      const tile = tz * index.tilesX + tx;
      // Tiles fully inside the rectangle need no per-prop cell test.
      const inside = tx * tc >= i0 && (tx + 1) * tc <= i1 && tz * tc >= j0 && (tz + 1) * tc <= j1;
      for (let p = index.start[tile]; p < index.start[tile + 1]; p++) {
        const k = index.order[p];
        if (!inside) {
          const cell = index.cellOf[k];
          const i = cell % cellsX;
          const j = (cell - i) / cellsX;
          if (i < i0 || i >= i1 || j < j0 || j >= j1) continue;
        }
        visit(k);
      }
    }
  }
}

/**
 * Calls visit(k) for every prop whose position lies in the world rectangle [x0, x1] × [z0, z1]
 * (e.g. a box selection on the 2D panel), scanning only the tiles it overlaps.
 */
export function forEachPropInWorldRect(
  field: Heightfield,
  index: PropSpatialIndex,
  x: ArrayLike<number>,
  z: ArrayLike<number>,
  rect: { x0: number; z0: number; x1: number; z1: number },
  visit: (k: number) => void,
): void {
  const toCellI = (wx: number): number => Math.floor(wx / field.cellSize + (field.width - 1) / 2);
  const toCellJ = (wz: number): number => Math.floor(wz / field.cellSize + (field.depth - 1) / 2);
  // One cell of slack each way absorbs rounding in the conversion and the clamping of props to the map.
  const huge = 1 << 30;
  const ci0 = rect.x0 <= vertexLimit(field, -1, 'x') ? -huge : toCellI(rect.x0) - 1;
  const cj0 = rect.z0 <= vertexLimit(field, -1, 'z') ? -huge : toCellJ(rect.z0) - 1;
  const ci1 = rect.x1 >= vertexLimit(field, 1, 'x') ? huge : toCellI(rect.x1) + 2;
  const cj1 = rect.z1 >= vertexLimit(field, 1, 'z') ? huge : toCellJ(rect.z1) + 2;
  // Props past the border live in the edge cells, so a rectangle off the map still scans those.
  const lastI = field.width - 2;
  const lastJ = field.depth - 2;
  forEachPropInCells(index, Math.min(ci0, lastI), Math.min(cj0, lastJ), Math.max(ci1, 1), Math.max(cj1, 1), (k) => {
    if (x[k] >= rect.x0 && x[k] <= rect.x1 && z[k] >= rect.z0 && z[k] <= rect.z1) visit(k);
  });
}

/** World coordinate of the map's low (−1) or high (+1) border along an axis. */
function vertexLimit(field: Heightfield, side: -1 | 1, axis: 'x' | 'z'): number {
  const vertices = axis === 'x' ? field.width : field.depth;
  return side * ((vertices - 1) / 2) * field.cellSize;
}
