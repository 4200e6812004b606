/**
 * Plain (engine-less) exports built on the same pieces as the presets: a normal map or colour map PNG
 * of a map, and any heightmap format cut into tiles named NAME_x{X}_y{Y}.
 */
import { encodeColourPng } from '../codecs/png/encodeColour';
import type { Heightfield } from '../terrain/heightfield';
import type { NaturalLines } from '../ground/naturalColours';
import { naturalColourPixels } from './colourMap';
import { cropGrid, gridAsField, gridFromField, type ExportGrid } from './grid';
import { normalMapPixels, vertexNormals, type NormalMapOptions } from './normals';
import type { ExportFile } from './engineExport';
import { tileLayout, tileName, type TileSpec } from './tiles';

/** An 8-bit RGB normal map, one pixel per vertex, from the exact triangle normals. */
export function compileNormalMap(field: Heightfield | ExportGrid, options: NormalMapOptions): Uint8Array {
  const grid = 'cellSize' in field ? gridFromField(field) : field;
  return encodeColourPng({ width: grid.width, height: grid.depth, channels: 3, data: normalMapPixels(vertexNormals(grid), options) });
}

/** Splits a file name into base and extension ('island.r16' → ['island', 'r16']). */
export function splitFileName(fileName: string): { base: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? { base: fileName.slice(0, dot), extension: fileName.slice(dot + 1) } : { base: fileName, extension: '' };
}

/**
 * The map cut into tiles, each encoded by `encode` (which gets the tile as a heightfield and its file
 * name). Normal maps are computed on the whole map first so that tile borders have their true normals.
 */
export function tiledFiles(field: Heightfield, spec: TileSpec, fileName: string, encode: (tile: Heightfield, name: string) => Uint8Array): ExportFile[] {
  const { base, extension } = splitFileName(fileName);
  const grid = gridFromField(field);
  return tileLayout(field.width, field.depth, spec).map((tile) => {
    const name = `${tileName(base, tile)}${extension ? `.${extension}` : ''}`;
    return { name, bytes: encode(gridAsField(cropGrid(grid, tile.i0, tile.j0, tile.width, tile.depth)), name) };
  });
}

/** Normal map tiles: normals of the whole map, cut. */
export function tiledNormalMaps(field: Heightfield, spec: TileSpec, fileName: string, options: NormalMapOptions): ExportFile[] {
  return tiledRgb(field, spec, fileName, normalMapPixels(vertexNormals(gridFromField(field)), options));
}

/** An 8-bit sRGB colour map PNG (the view's natural colours), one pixel per vertex. */
export function compileColourMap(field: Heightfield, lines: NaturalLines): Uint8Array {
  return encodeColourPng({ width: field.width, height: field.depth, channels: 3, data: colourMapOf(field, lines) });
}

/** The colour map cut into tiles, coloured on the whole map first so that tile borders have their true slopes. */
export function tiledColourMaps(field: Heightfield, spec: TileSpec, fileName: string, lines: NaturalLines): ExportFile[] {
  return tiledRgb(field, spec, fileName, colourMapOf(field, lines));
}

function colourMapOf(field: Heightfield, lines: NaturalLines): Uint8Array {
  const place = { width: field.width, depth: field.depth, cellX: field.cellSize, cellZ: field.cellSize, firstRow: 0 };
  return naturalColourPixels(field.heights, vertexNormals(gridFromField(field)), lines, null, place);
}

/** Whole-map RGB pixels (3 bytes per vertex) cut into tiles' PNGs. */
function tiledRgb(field: Heightfield, spec: TileSpec, fileName: string, pixels: Uint8Array): ExportFile[] {
  const { base, extension } = splitFileName(fileName);
  return tileLayout(field.width, field.depth, spec).map((tile) => {
    const data = new Uint8Array(tile.width * tile.depth * 3);
    for (let j = 0; j < tile.depth; j++) {
      const from = ((tile.j0 + j) * field.width + tile.i0) * 3;
      data.set(pixels.subarray(from, from + tile.width * 3), j * tile.width * 3);
    }
    return { name: `${tileName(base, tile)}.${extension || 'png'}`, bytes: encodeColourPng({ width: tile.width, height: tile.depth, channels: 3, data }) };
  });
}
