import { heightRange, type Heightfield, type HeightRange } from '../../shared/terrain/heightfield';
import { DEFAULT_NATURAL_LINES, type ErosionCover, type NaturalLines } from '../view/terrainColours';
import { HILLSHADE_REACH, writeMapImageRect, type MapImageRect, type MapMode } from './mapImage';
import type { DirtyRegion } from '../document/region';

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

function defaultTileSide(width: number, depth: number): number {
  return Math.max(width, depth) <= SINGLE_TILE_MAX_SIDE ? Math.max(width, depth) : MAP_TILE_SIDE;
}

/** Tiles of `side` vertices covering the map row by row (the last ones in a row or column may be smaller). */
export function planMapTiles(width: number, depth: number, side = defaultTileSide(width, depth)): MapTile[] {
  const tiles: MapTile[] = [];
  for (let j0 = 0; j0 < depth; j0 += side) {
    for (let i0 = 0; i0 < width; i0 += side) tiles.push({ i0, j0, i1: Math.min(width, i0 + side), j1: Math.min(depth, j0 + side) });
  }
  return tiles;
}

/**
 * The rectangle of a tile whose pixels a change alters (map coordinates), or null: the hillshade
 * reads HILLSHADE_REACH vertices each side, so a changed vertex recolours its neighbours that far.
 */
export function tileRectToRedraw(tile: MapTile, region: DirtyRegion): MapImageRect | null {
  if (region.kind === 'all') return { i0: tile.i0, j0: tile.j0, i1: tile.i1, j1: tile.j1 };
  const i0 = Math.max(tile.i0, region.i0 - HILLSHADE_REACH);
  const i1 = Math.min(tile.i1, region.i1 + HILLSHADE_REACH);
  const j0 = Math.max(tile.j0, region.j0 - HILLSHADE_REACH);
  const j1 = Math.min(tile.j1, region.j1 + HILLSHADE_REACH);
  if (i1 <= i0 || j1 <= j0) return null;
  return { i0, j0, i1, j1 };
}

/** RGBA pixels of a rectangle of the map (its width × height), identical to the whole-map image's. */
export function rectPixels(
  field: Heightfield,
  rect: MapImageRect,
  mode: MapMode,
  range: HeightRange,
  cover: ErosionCover | null = null,
  lines: NaturalLines = DEFAULT_NATURAL_LINES,
  seaLevel: number | null = null,
): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray((rect.i1 - rect.i0) * (rect.j1 - rect.j0) * 4);
  writeMapImageRect(field, pixels, mode, range, rect, cover, lines, seaLevel);
  return pixels;
}

/** RGBA pixels of rows [rowStart, rowEnd) of a tile (tile width × rows), identical to the whole-map image's. */
export function tilePixels(
  field: Heightfield,
  tile: MapTile,
  rowStart: number,
  rowEnd: number,
  mode: MapMode,
  range: HeightRange,
): Uint8ClampedArray<ArrayBuffer> {
  return rectPixels(field, { i0: tile.i0, j0: rowStart, i1: tile.i1, j1: rowEnd }, mode, range);
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
