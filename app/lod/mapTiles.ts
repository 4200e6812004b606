import { createHeightfield, heightRange, type Heightfield, type HeightRange } from '../../shared/terrain/heightfield';
import { writeMapImageRows, type MapMode } from '../mapImage';
import type { DirtyRegion } from '../region';

/**
 * The 2D heightmap image cut into tiles, so that an edit on a large map redraws (and re-uploads)
 * only the tiles it touches and no whole-map image buffer is kept. Pixel (i, j) is vertex (i, j),
 * exactly as `writeMapImageRows` colours it for the whole map.
 */
export interface MapTile {
  /** Vertex columns [i0, i1) and rows [j0, j1). */
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** Tile side for large maps; maps up to SINGLE_TILE_MAX_SIDE are one tile (no seams, as before). */
export const MAP_TILE_SIDE = 512;
export const SINGLE_TILE_MAX_SIDE = 1025;

export function planMapTiles(width: number, depth: number): MapTile[] {
  const side = Math.max(width, depth) <= SINGLE_TILE_MAX_SIDE ? Math.max(width, depth) : MAP_TILE_SIDE;
  const tiles: MapTile[] = [];
  for (let j0 = 0; j0 < depth; j0 += side) {
    for (let i0 = 0; i0 < width; i0 += side) tiles.push({ i0, j0, i1: Math.min(width, i0 + side), j1: Math.min(depth, j0 + side) });
  }
  return tiles;
}

/**
 * Rows [rowStart, rowEnd) of a tile whose pixels a change alters, or null: the hillshade reads one
 * vertex each side, so a changed vertex recolours its neighbours too.
 */
export function tileRowsToRedraw(tile: MapTile, region: DirtyRegion): { rowStart: number; rowEnd: number } | null {
  if (region.kind === 'all') return { rowStart: tile.j0, rowEnd: tile.j1 };
  const i0 = region.i0 - 1;
  const i1 = region.i1 + 1;
  const rowStart = Math.max(tile.j0, region.j0 - 1);
  const rowEnd = Math.min(tile.j1, region.j1 + 1);
  if (i1 <= tile.i0 || i0 >= tile.i1 || rowEnd <= rowStart) return null;
  return { rowStart, rowEnd };
}

/**
 * RGBA pixels of rows [rowStart, rowEnd) of a tile (tile width × rows), identical to the same
 * pixels of the whole-map image: colours come from a copy of the tile's heights with a one-vertex
 * margin, so the hillshade sees the same neighbours as on the full map.
 */
export function tilePixels(field: Heightfield, tile: MapTile, rowStart: number, rowEnd: number, mode: MapMode, range: HeightRange): Uint8ClampedArray<ArrayBuffer> {
  const { width, depth } = field;
  const a0 = Math.max(0, tile.i0 - 1);
  const a1 = Math.min(width, tile.i1 + 1);
  const b0 = Math.max(0, rowStart - 1);
  const b1 = Math.min(depth, rowEnd + 1);
  const subWidth = a1 - a0;
  const subDepth = b1 - b0;
  const heights = new Float32Array(subWidth * subDepth);
  for (let b = 0; b < subDepth; b++) heights.set(field.heights.subarray((b0 + b) * width + a0, (b0 + b) * width + a1), b * subWidth);
  // A margin row or column stands in for the neighbours, except at the map border where the full
  // image uses one-sided differences too.
  const sub = createHeightfield(subWidth, subDepth, field.cellSize, heights);
  const subPixels = new Uint8ClampedArray(subWidth * subDepth * 4);
  writeMapImageRows(sub, subPixels, mode, range, rowStart - b0, rowEnd - b0);
  const tileWidth = tile.i1 - tile.i0;
  const out = new Uint8ClampedArray(tileWidth * (rowEnd - rowStart) * 4);
  for (let j = rowStart; j < rowEnd; j++) {
    const from = ((j - b0) * subWidth + (tile.i0 - a0)) * 4;
    out.set(subPixels.subarray(from, from + tileWidth * 4), (j - rowStart) * tileWidth * 4);
  }
  return out;
}

/** Height range of a tile's vertices. */
export function tileHeightRange(field: Heightfield, tile: MapTile): HeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let j = tile.j0; j < tile.j1; j++) {
    const row = field.heights.subarray(j * field.width + tile.i0, j * field.width + tile.i1);
    const r = heightRange(row);
    if (r.min < min) min = r.min;
    if (r.max > max) max = r.max;
  }
  return { min, max };
}
