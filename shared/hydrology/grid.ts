/**
 * The vertex grid the hydrology works on: vertex (i, j) at index j · width + i, `cellSize` metres
 * apart, 8 neighbours. A vertex stands for the part of the map nearer to it than to any other
 * vertex (its Voronoi cell): cellSize² inside, half that on an edge, a quarter at a corner, so the
 * vertices' areas add up to the map's area, (width − 1)(depth − 1)·cellSize², exactly.
 */
export interface HydrologyGrid {
  readonly width: number;
  readonly depth: number;
  /** Metres between neighbouring vertices (> 0). */
  readonly cellSize: number;
}

/** Neighbour steps (di, dj), cardinal first then diagonal; index k is used by every pass. */
export const NEIGHBOUR_DI: readonly number[] = [1, -1, 0, 0, 1, -1, 1, -1];
export const NEIGHBOUR_DJ: readonly number[] = [0, 0, 1, -1, 1, -1, -1, 1];
/** Length of each neighbour step in cells (1 or √2). */
export const NEIGHBOUR_LENGTH: readonly number[] = [1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2];

/** Index offsets of the 8 neighbours on a grid `width` vertices wide. */
export function neighbourOffsets(width: number): Int32Array {
  const offsets = new Int32Array(8);
  for (let k = 0; k < 8; k++) offsets[k] = NEIGHBOUR_DJ[k] * width + NEIGHBOUR_DI[k];
  return offsets;
}

/** The area (m²) a vertex stands for: its Voronoi cell, clipped to the map. */
export function vertexArea(grid: HydrologyGrid, i: number, j: number): number {
  const along = i === 0 || i === grid.width - 1 ? 0.5 : 1;
  const across = j === 0 || j === grid.depth - 1 ? 0.5 : 1;
  return along * across * grid.cellSize * grid.cellSize;
}

/** The map's area, m²: what the vertices' areas add up to. */
export const mapArea = (grid: HydrologyGrid): number => (grid.width - 1) * (grid.depth - 1) * grid.cellSize * grid.cellSize;

/** The first problem with a grid and its heights, or null. */
export function gridProblem(grid: HydrologyGrid, heights: ArrayLike<number>): string | null {
  const { width, depth, cellSize } = grid;
  if (!Number.isInteger(width) || !Number.isInteger(depth) || width < 2 || depth < 2)
    return `the grid must be at least 2 × 2 vertices, got ${width} × ${depth}`;
  if (!(cellSize > 0) || !Number.isFinite(cellSize)) return `the cell size must be a positive number of metres, got ${cellSize}`;
  if (heights.length !== width * depth) return `expected ${width * depth} heights for ${width} × ${depth}, got ${heights.length}`;
  return null;
}

/** Which neighbours of vertex v (on a `width` × `depth` grid) lie on the map, as bits k of NEIGHBOUR_DI/DJ (slow: edge vertices only). */
export function neighboursOnMap(v: number, width: number, depth: number): number {
  const i = v % width;
  const j = (v - i) / width;
  let bits = 0;
  for (let k = 0; k < 8; k++) {
    const ni = i + NEIGHBOUR_DI[k];
    const nj = j + NEIGHBOUR_DJ[k];
    if (ni >= 0 && nj >= 0 && ni < width && nj < depth) bits |= 1 << k;
  }
  return bits;
}
