/**
 * Engine-ready exports: what to write for Unreal, Unity, Godot Terrain3D and Godot HTerrain, and the
 * values to type into each engine's import. `planEngineExport` is cheap (sizes, numbers, file names:
 * what the dialog shows); `buildEngineExport` does the work (resampling from the exact surface,
 * masks, normal maps, encoding) and returns the files with the same plan.
 *
 * One height range for the whole export — the map's own min..max — so that tiles and crops of one
 * map share one Z scale.
 */
import { encodeUtf8 } from '../codecs/bytes';
import type { EncodeOptions } from '../codecs/codec';
import type { ExrCompression } from '../codecs/exr';
import { createCodecRegistry, type CodecId, type CodecRegistry } from '../codecs/registry';
import { encodeGrayPng } from '../codecs/png/encode';
import { encodeColourPng } from '../codecs/png/encodeColour';
import { portableDeflate, type Deflate } from '../codecs/zlib';
import type { JsonObject, JsonValue } from '../codecs/json';
import { heightRange, type Heightfield } from '../terrain/heightfield';
import {
  ENGINE_LABELS,
  engineSizeProblem,
  TERRAIN3D_SPACING,
  unrealTiledSizes,
  unrealTileSizesNear,
  largestFittingSize,
  nearestEngineSize,
  terrain3dRegionSize,
  unityAlphamapResolution,
  unrealLayoutFor,
  UNITY_MAX_TILE,
  UNITY_TILE_SIZES,
  type EnginePreset,
} from './engines';
import { cropGrid, cropValues, gridAsField, gridFromField, type ExportGrid } from './grid';
import { DATA_SOURCES, MASK_BLOCK_ROWS, MaskSources, streamLayerBytes, type MaskSet, type MaskSourceData } from './masks';
import { normalMapPixels, type GreenDirection, type NormalSpace, type WorldAxes } from './normals';
import { resampleExact, resampleValues, sampleAtTexelCentres } from './resample';
import { MAX_EXPORT_FILES, tileLayout, tileName, tileSpecProblem, type Tile, type TileSpec } from './tiles';

export type FitMode = 'resample' | 'crop';
export type GodotHeightFormat = 'exr' | 'r16';

export interface EngineExportOptions {
  preset: EnginePreset;
  /** Base of every file name (NAME.png, NAME.unreal.json, NAME_rock.png…). */
  name: string;
  /** Vertices per side of the whole export (Unreal, Unity, HTerrain); default: the engine size nearest the map. */
  size?: number;
  /** Resample the whole map from its exact surface to the size (default), or cut a window of that size. */
  fit?: FitMode;
  /** Crop only: first vertex of the window; default centred. */
  cropOrigin?: { i: number; j: number } | null;
  /** Godot only: EXR (metres, default) or R16 with a height range. */
  heightFormat?: GodotHeightFormat;
  exrCompression?: ExrCompression;
  normalMap?: { space: NormalSpace; green: GreenDirection } | null;
  masks?: MaskSet | null;
  /** Unreal, Terrain3D: cut into tiles; Unity: terrains of this resolution (overlap 1). Default none (Unity: 4097 above that). */
  tiles?: TileSpec | null;
}

export type ExportFileRole = 'heightmap' | 'weightmap' | 'splatmap' | 'normalmap' | 'info';

export interface PlannedFile {
  name: string;
  role: ExportFileRole;
  /** Pixels of the file (0 × 0 for the JSON). */
  width: number;
  depth: number;
  /** Which tile, for tiled exports. */
  tile?: Tile;
  /** Which layer(s) a weight or splat map holds. */
  layers?: string[];
}

/** One value to type into the engine, as the dialog shows it (with a copy button). */
export interface EngineNumber {
  key: string;
  label: string;
  value: number | string;
  unit: string;
}

export interface EnginePlan {
  preset: EnginePreset;
  engine: string;
  name: string;
  /** The exported grid (the whole map, before tiling). */
  width: number;
  depth: number;
  cellX: number;
  cellZ: number;
  /** 'native' with padding: the map with copies of its edge before its first column/row (Terrain3D's region alignment). */
  source: { mode: 'resample' } | { mode: 'crop'; i0: number; j0: number } | { mode: 'native'; padLeft: number; padTop: number };
  /** Heights the 16-bit samples (and every tile) map to. */
  range: { min: number; max: number };
  tiles: Tile[] | null;
  files: PlannedFile[];
  numbers: EngineNumber[];
  /** The JSON written beside the files (NAME.<engine>.json). */
  info: JsonObject;
  notes: string[];
}

export interface ExportFile {
  name: string;
  bytes: Uint8Array;
}

export class EngineExportError extends Error {
  override name = 'EngineExportError';
}

// eslint-disable-next-line no-control-regex -- control characters cannot be part of a file name
const SAFE_NAME = /^[^/\\:*?"<>|\u0000-\u001f]{1,100}$/;

/** How an engine takes its heightmap: a codec of the registry, the extension its importer wants, and the codec's options. */
interface EngineHeightmap {
  codec: CodecId;
  extension: string;
  options: (range: { min: number; max: number }) => EncodeOptions;
}

/**
 * What each engine's files are, one object per engine (the sizes, numbers and notes are planned in
 * planEngineExport): the suffix of its JSON, the axes of a world-space normal map, its heightmap.
 */
interface EngineFiles {
  infoSuffix: string;
  axes: WorldAxes;
  heightmap(options: EngineExportOptions): EngineHeightmap;
}

const godotHeightmap = (options: EngineExportOptions, rawExtension: string): EngineHeightmap =>
  (options.heightFormat ?? 'exr') === 'exr'
    ? { codec: 'exr', extension: 'exr', options: () => ({ exrCompression: options.exrCompression ?? 'zip' }) }
    : { codec: 'r16', extension: rawExtension, options: (range) => ({ range, byteOrder: 'le' }) };

const ENGINE_FILES: Record<EnginePreset, EngineFiles> = {
  unreal: {
    infoSuffix: 'unreal',
    axes: 'unreal',
    heightmap: () => ({
      codec: 'png',
      extension: 'png',
      // Unreal reads sample s as (s − 32768)/128 · scaleZ cm around Location Z, so the range's top is one
      // step past the last sample: the samples span min … min + (max − min) · 65535/65536.
      options: (range) => ({ bits: 16, range: { min: range.min, max: range.min + ((range.max - range.min) * 65535) / 65536 } }),
    }),
  },
  unity: { infoSuffix: 'unity', axes: 'unity', heightmap: () => ({ codec: 'r16', extension: 'raw', options: (range) => ({ range, byteOrder: 'le', flip: true }) }) },
  'godot-terrain3d': { infoSuffix: 'terrain3d', axes: 'faultline', heightmap: (options) => godotHeightmap(options, 'r16') },
  // HTerrain's importer reads 16-bit RAW only under the .raw extension.
  'godot-hterrain': { infoSuffix: 'hterrain', axes: 'faultline', heightmap: (options) => godotHeightmap(options, 'raw') },
};

interface MapDims {
  width: number;
  depth: number;
  cellSize: number;
}

/** The map's range; a flat map gets a nominal metre around its height so the scales stay finite. */
export function exportRange(range: { min: number; max: number }): { min: number; max: number } {
  return range.max > range.min ? { min: range.min, max: range.max } : { min: range.min - 0.5, max: range.min + 0.5 };
}

function fail(message: string): never {
  throw new EngineExportError(message);
}

interface Shape {
  width: number;
  depth: number;
  cellX: number;
  cellZ: number;
  source: EnginePlan['source'];
}

/** Which grid is exported: resampled to N × N, an N × N window, or the map as it is. */
function exportShape(dims: MapDims, options: EngineExportOptions): Shape {
  const { preset } = options;
  if (preset === 'godot-terrain3d') return terrain3dShape(dims, options);
  const fit = options.fit ?? 'resample';
  const longer = Math.max(dims.width, dims.depth);
  const shorter = Math.min(dims.width, dims.depth);
  const unrealTiles = preset === 'unreal' && options.tiles ? options.tiles.size : null;
  const size = unrealTiles !== null ? unrealTiledSize(unrealTiles, options.size, fit === 'crop' ? shorter : longer, fit, dims) : (options.size ?? (fit === 'crop' ? (largestFittingSize(preset, shorter) ?? fail(`the map (${dims.width} × ${dims.depth}) is smaller than any ${ENGINE_LABELS[preset]} size; resample instead`)) : nearestEngineSize(preset, longer)));
  const problem = engineSizeProblem(preset, size);
  if (problem) fail(problem);
  if (fit === 'resample') {
    return {
      width: size,
      depth: size,
      cellX: ((dims.width - 1) * dims.cellSize) / (size - 1),
      cellZ: ((dims.depth - 1) * dims.cellSize) / (size - 1),
      source: { mode: 'resample' },
    };
  }
  if (size > shorter) fail(`a ${size} × ${size} crop does not fit in the ${dims.width} × ${dims.depth} map; choose a smaller size or resample`);
  const i0 = options.cropOrigin?.i ?? Math.floor((dims.width - size) / 2);
  const j0 = options.cropOrigin?.j ?? Math.floor((dims.depth - size) / 2);
  if (!(Number.isInteger(i0) && Number.isInteger(j0) && i0 >= 0 && j0 >= 0 && i0 + size <= dims.width && j0 + size <= dims.depth)) {
    fail(`a ${size} × ${size} crop at (${i0}, ${j0}) does not fit in the ${dims.width} × ${dims.depth} map`);
  }
  return { width: size, depth: size, cellX: dims.cellSize, cellZ: dims.cellSize, source: { mode: 'crop', i0, j0 } };
}

/**
 * The landscape size of an Unreal tiled export: a multiple of the tile size (UE's tiled import puts
 * tiles edge to edge, all the same size) that is also a landscape size. Resampled: the one nearest the
 * map; cropped: the largest that fits.
 */
function unrealTiledSize(tileSize: number, asked: number | undefined, side: number, fit: FitMode, dims: MapDims): number {
  const sizes = unrealTiledSizes(tileSize);
  const suggest = () => `tile sizes that make one: ${unrealTileSizesNear(tileSize).join(', ')}`;
  if (asked !== undefined) {
    if (!sizes.includes(asked)) fail(`Unreal's tiled import needs a landscape of equal tiles: ${asked} is not a landscape size that is 2 or more tiles of ${tileSize} (${sizes.length > 0 ? `with tiles of ${tileSize}: ${sizes.join(', ')}` : suggest()})`);
    return asked;
  }
  if (sizes.length === 0) fail(`Unreal's tiled import needs a landscape of equal tiles, and no landscape size is 2 or more tiles of ${tileSize}; ${suggest()}`);
  if (fit === 'crop') {
    const fitting = sizes.filter((s) => s <= side);
    if (fitting.length === 0) fail(`the map (${dims.width} × ${dims.depth}) is smaller than ${sizes[0]}, the smallest landscape of tiles of ${tileSize}; resample instead`);
    return fitting[fitting.length - 1];
  }
  return sizes.reduce((best, s) => (Math.abs(s - side) <= Math.abs(best - side) ? s : best), sizes[0]);
}

/**
 * Terrain3D takes the map as it is. Its importer rounds import_position down to a region boundary
 * (terrain_3d_data.cpp import_images: region location = floor(position / region size)) and puts the
 * image's first pixel there, so the image is padded in front with copies of its edge to start on that
 * boundary: the map's own vertices then land where they are in Faultline.
 */
function terrain3dShape(dims: MapDims, options: EngineExportOptions): Shape {
  if (options.size !== undefined) fail('Terrain3D takes the map at its own size: a resolution cannot be chosen (resample the map in Faultline instead)');
  if (options.fit === 'crop') fail('Terrain3D takes the whole map: crop is not available for it');
  const spacing = dims.cellSize;
  if (!(spacing >= TERRAIN3D_SPACING.min && spacing <= TERRAIN3D_SPACING.max)) {
    fail(`Terrain3D's vertex spacing is ${TERRAIN3D_SPACING.min}–${TERRAIN3D_SPACING.max} m and it clamps anything else; this map's cells are ${spacing} m (resample the map to a cell size in that range)`);
  }
  const region = terrain3dRegionSize(dims.width, dims.depth);
  const first = terrain3dFirstVertex(dims);
  const padLeft = first.x - Math.floor(first.x / region) * region;
  const padTop = first.z - Math.floor(first.z / region) * region;
  return { width: dims.width + padLeft, depth: dims.depth + padTop, cellX: spacing, cellZ: spacing, source: { mode: 'native', padLeft, padTop } };
}

/** The map's first vertex on Terrain3D's vertex grid (its centre vertex at the origin). */
function terrain3dFirstVertex(dims: Pick<MapDims, 'width' | 'depth'>): { x: number; z: number } {
  return { x: -Math.floor((dims.width - 1) / 2), z: -Math.floor((dims.depth - 1) / 2) };
}

/**
 * An import_position (whole metres: importer.gd's is a Vector2i) that Terrain3D rounds down to the
 * region boundary at vertex `boundary`: the boundary itself when it is a whole number of metres, else
 * the next whole metre (still inside that region).
 */
export function terrain3dImportPosition(boundary: number, spacing: number): number {
  const metres = boundary * spacing;
  const whole = Math.abs(metres - Math.round(metres)) < 1e-9 ? Math.round(metres) : Math.ceil(metres);
  return whole === 0 ? 0 : whole;
}

/** Where Terrain3D puts an image imported at `position` (m): the first vertex of its region (terrain_3d_data.cpp). */
export function terrain3dLanding(position: number, spacing: number, regionSize: number): number {
  return Math.floor(Math.fround(position / spacing) / regionSize) * regionSize;
}

/** Tiles of the exported grid, or null for one piece. */
function exportTiles(shape: Shape, options: EngineExportOptions): Tile[] | null {
  if (options.preset === 'unity') {
    const tileSize = options.tiles?.size ?? Math.min(shape.width, UNITY_MAX_TILE);
    if (!UNITY_TILE_SIZES.includes(tileSize) || tileSize > shape.width) fail(`a Unity terrain tile must be one of ${UNITY_TILE_SIZES.filter((s) => s <= shape.width).join(', ')} vertices`);
    // Shapes are 2ⁿ + 1, so tiles of 2ᵐ + 1 sharing their edges divide them exactly.
    return tileSize === shape.width ? null : tileLayout(shape.width, shape.depth, { size: tileSize, overlap: 1 });
  }
  if (!options.tiles) return null;
  if (options.preset === 'godot-hterrain') fail('HTerrain takes one square map; tiles are not available for it');
  let spec = options.tiles;
  // Unreal's tiled import and Terrain3D's regions: tiles edge to edge, no shared row or column.
  if (options.preset === 'unreal') spec = { size: spec.size, overlap: 0 };
  if (options.preset === 'godot-terrain3d') {
    const region = terrain3dRegionSize(shape.width - (shape.source.mode === 'native' ? shape.source.padLeft : 0), shape.depth - (shape.source.mode === 'native' ? shape.source.padTop : 0));
    if (spec.size % region !== 0) fail(`Terrain3D tiles must be whole regions: a tile size that is a multiple of the region size ${region}`);
    spec = { size: spec.size, overlap: 0 };
  }
  const problem = tileSpecProblem(spec, shape.width, shape.depth);
  if (problem) fail(problem);
  const tiles = tileLayout(shape.width, shape.depth, spec);
  return tiles.length > 1 ? tiles : null;
}

const round = (v: number): number => Number(v.toPrecision(12));

/** Names of every file of one role: NAME<suffix>.ext, or NAME<suffix>_x{X}_y{Y}.ext per tile. */
function perTile(name: string, suffix: string, extension: string, shape: Pick<Shape, 'width' | 'depth'>, tiles: Tile[] | null, role: ExportFileRole, layers?: string[], pixels?: (tile: Tile | null) => number): PlannedFile[] {
  const size = (tile: Tile | null) => (pixels ? { width: pixels(tile), depth: pixels(tile) } : tile ? { width: tile.width, depth: tile.depth } : { width: shape.width, depth: shape.depth });
  if (!tiles) return [{ name: `${name}${suffix}.${extension}`, role, ...size(null), ...(layers && { layers }) }];
  return tiles.map((tile) => ({ name: `${tileName(`${name}${suffix}`, tile)}.${extension}`, role, tile, ...size(tile), ...(layers && { layers }) }));
}

/** Splat/weight files for the masks: per layer (Unreal, Terrain3D), RGBA per four layers (Unity, HTerrain). */
function maskFiles(options: EngineExportOptions, shape: Shape, tiles: Tile[] | null): PlannedFile[] {
  const set = options.masks;
  if (!set || set.layers.length === 0) return [];
  const names = set.layers.map((l) => l.name);
  if (options.preset === 'godot-hterrain') {
    if (names.length > 4) fail(`HTerrain's CLASSIC4 splatmap holds 4 layers; this mask set has ${names.length}`);
    return perTile(options.name, '_splat', 'png', shape, tiles, 'splatmap', names);
  }
  if (options.preset === 'unity') {
    const files: PlannedFile[] = [];
    // Alphamaps are a power of two, one less than the terrain's heightmap resolution.
    const alphamap = (tile: Tile | null) => unityAlphamapResolution(tile ? tile.width : shape.width);
    for (let s = 0; s * 4 < names.length; s++) files.push(...perTile(options.name, `_splat${s}`, 'png', shape, tiles, 'splatmap', names.slice(4 * s, 4 * s + 4), alphamap));
    return files;
  }
  return names.flatMap((layer) => perTile(options.name, `_${layer}`, 'png', shape, tiles, 'weightmap', [layer]));
}

function tileInfo(files: PlannedFile[], extra: (tile: Tile) => JsonObject): JsonValue[] {
  return files.filter((f) => f.tile).map((f) => ({ file: f.name, x: f.tile!.x, y: f.tile!.y, i0: f.tile!.i0, j0: f.tile!.j0, width: f.tile!.width, depth: f.tile!.depth, ...extra(f.tile!) }));
}

/** Sizes, numbers and file names of an engine export, without computing any pixel. */
export function planEngineExport(dims: MapDims, mapRange: { min: number; max: number }, options: EngineExportOptions): EnginePlan {
  if (!SAFE_NAME.test(options.name) || options.name.startsWith('.')) fail(`"${options.name}" cannot be used as a file name`);
  const shape = exportShape(dims, options);
  const tiles = exportTiles(shape, options);
  const range = exportRange(mapRange);
  const span = range.max - range.min;
  const sizeX = (shape.width - 1) * shape.cellX;
  const sizeZ = (shape.depth - 1) * shape.cellZ;
  const { name, preset } = options;
  const heightFiles = perTile(name, '', ENGINE_FILES[preset].heightmap(options).extension, shape, tiles, 'heightmap');
  const masks = maskFiles(options, shape, tiles);
  const normals = options.normalMap ? perTile(name, '_normal', 'png', shape, tiles, 'normalmap') : [];
  const infoFile: PlannedFile = { name: `${name}.${ENGINE_FILES[preset].infoSuffix}.json`, role: 'info', width: 0, depth: 0 };
  const files = [...heightFiles, ...masks, ...normals, infoFile];
  if (files.length > MAX_EXPORT_FILES) fail(`this export would write ${files.length} files, more than the ${MAX_EXPORT_FILES} one export may have; choose larger tiles, fewer layers or no normal map`);
  const notes: string[] = [];
  const common: JsonObject = {
    engine: ENGINE_LABELS[preset],
    heightmap: tiles ? heightFiles.map((f) => f.name) : heightFiles[0].name,
    ...(masks.length > 0 && { masks: masks.map((f) => ({ file: f.name, layers: f.layers ?? [] })) }),
    ...(normals.length > 0 && options.normalMap && { normalMap: { files: normals.map((f) => f.name), space: options.normalMap.space, green: options.normalMap.green } }),
  };
  let numbers: EngineNumber[];
  let info: JsonObject;

  switch (preset) {
    case 'unreal': {
      const layout = unrealLayoutFor(shape.width)!;
      const scaleX = (sizeX * 100) / (shape.width - 1);
      const scaleY = (sizeZ * 100) / (shape.depth - 1);
      const scaleZ = (span * 100) / 512;
      const locationZ = ((range.min + range.max) / 2) * 100;
      // The landscape's location is its first vertex; this puts its centre where Faultline's is.
      const locationX = (-sizeX / 2) * 100;
      const locationY = (-sizeZ / 2) * 100;
      numbers = [
        { key: 'size', label: 'Heightmap size', value: `${shape.width} × ${shape.depth}`, unit: '' },
        { key: 'scaleX', label: 'Scale X', value: round(scaleX), unit: 'cm' },
        { key: 'scaleY', label: 'Scale Y', value: round(scaleY), unit: 'cm' },
        { key: 'scaleZ', label: 'Scale Z', value: round(scaleZ), unit: 'cm' },
        { key: 'locationX', label: 'Location X', value: round(locationX), unit: 'cm' },
        { key: 'locationY', label: 'Location Y', value: round(locationY), unit: 'cm' },
        { key: 'locationZ', label: 'Location Z', value: round(locationZ), unit: 'cm' },
        { key: 'sections', label: 'Quads per section', value: `${layout.quadsPerSection}×${layout.quadsPerSection}`, unit: '' },
        { key: 'components', label: 'Sections per component / components', value: `${layout.sectionsPerComponent}×${layout.sectionsPerComponent} / ${layout.components}×${layout.components}`, unit: '' },
      ];
      const tilesX = tiles ? Math.max(...tiles.map((t) => t.x)) + 1 : 0;
      const tilesY = tiles ? Math.max(...tiles.map((t) => t.y)) + 1 : 0;
      const tileSize = tiles ? tiles[0].width : 0;
      if (tiles) {
        numbers.push({ key: 'tiledImport', label: 'Tiled import (files × tile size)', value: `${tilesX} × ${tilesY} files of ${tileSize} × ${tileSize}`, unit: '' });
        numbers.push({ key: 'tileFile', label: 'Select (tiled import)', value: heightFiles[0].name, unit: '' });
      }
      info = {
        size: shape.width,
        scaleX,
        scaleY,
        scaleZ,
        locationZ,
        locationX,
        locationY,
        quadsPerSection: layout.quadsPerSection,
        sectionsPerComponent: layout.sectionsPerComponent,
        components: layout.components,
        heightMin: range.min,
        heightMax: range.max,
        ...common,
        ...(tiles && {
          tiledImport: { tileSize, tilesX, tilesY, select: heightFiles[0].name },
          tiles: tileInfo(heightFiles, () => ({})),
        }),
      };
      if (tiles) {
        notes.push(
          `Tiled import: Landscape ▸ Import from File with “Tiled” on, select ${heightFiles[0].name}; Unreal finds the other _x_y files and places tile (x, y) at x · ${tileSize}, y · ${tileSize} vertices (equal tiles, no shared edge), making the ${shape.width} × ${shape.depth} landscape above. Type the scale and location above; 16-bit sample 32768 is the middle height.`,
        );
      } else {
        notes.push('Import the PNG as the landscape heightmap (Landscape ▸ Manage ▸ Import from File) and type the scale and location above; 16-bit sample 32768 is the middle height.');
      }
      if (masks.length > 0) notes.push(`Weightmaps: one 8-bit PNG per layer${tiles ? ' and tile, named like the heightmap tiles' : ' at the heightmap size'}, weight-blended (they sum to 255).`);
      break;
    }
    case 'unity': {
      const tileRes = tiles ? tiles[0].width : shape.width;
      const tileWidth = (tileRes - 1) * shape.cellX;
      const tileLength = (tileRes - 1) * shape.cellZ;
      // Unity reads a 16-bit sample s as s / 65536 of the terrain height (TerrainWizards.cs: 1.0F / (1 << 16)),
      // so sample 65535 (the map's top) is at height × 65535/65536: the height to type is one step more.
      const unityHeight = (span * 65536) / 65535;
      numbers = [
        { key: 'heightmapResolution', label: 'Heightmap resolution', value: tileRes, unit: '' },
        { key: 'width', label: 'Terrain width', value: round(tileWidth), unit: 'm' },
        { key: 'length', label: 'Terrain length', value: round(tileLength), unit: 'm' },
        { key: 'height', label: 'Terrain height', value: round(unityHeight), unit: 'm' },
        { key: 'positionY', label: 'Position Y', value: round(range.min), unit: 'm' },
        { key: 'byteOrder', label: 'Depth / byte order', value: '16 bit / Windows', unit: '' },
      ];
      if (!tiles) numbers.push({ key: 'positionXZ', label: 'Position X, Z (centred)', value: `${round(-sizeX / 2)}, ${round(-sizeZ / 2)}`, unit: 'm' });
      if (tiles) numbers.push({ key: 'tiles', label: 'Terrains', value: `${Math.max(...tiles.map((t) => t.x)) + 1} × ${Math.max(...tiles.map((t) => t.y)) + 1}`, unit: '' });
      const alphamapResolution = unityAlphamapResolution(tileRes);
      // Unity is left-handed: its z runs against Faultline's, so rows are written last to first and a
      // tile's Unity z starts at the far edge of its Faultline z range.
      const position = (tile: Pick<Tile, 'i0' | 'j0' | 'depth'>) => ({
        positionX: -sizeX / 2 + tile.i0 * shape.cellX,
        positionZ: -(-sizeZ / 2 + (tile.j0 + tile.depth - 1) * shape.cellZ),
      });
      info = {
        heightmapResolution: tileRes,
        width: tileWidth,
        length: tileLength,
        height: unityHeight,
        positionY: range.min,
        ...position({ i0: 0, j0: 0, depth: shape.depth }),
        depth: 16,
        byteOrder: 'Windows',
        flipVertically: false,
        ...(masks.length > 0 && { alphamapResolution }),
        ...common,
        ...(tiles && { tiles: tileInfo(heightFiles, (tile) => position(tile)) }),
      };
      notes.push('Terrain ▸ Import Raw: Depth 16 bit, Byte Order Windows, Flip Vertically off (rows are already in Unity’s order), then the size and position above.');
      if (masks.length > 0) notes.push(`Alphamaps: RGBA PNGs, 4 layers each, ${alphamapResolution}² per terrain (set with TerrainData.SetAlphamaps).`);
      break;
    }
    case 'godot-terrain3d': {
      const format = options.heightFormat ?? 'exr';
      const regionSize = terrain3dRegionSize(dims.width, dims.depth);
      const spacing = shape.cellX;
      // The padded image starts on a region boundary (terrain3dShape): Terrain3D keeps the position as it is.
      const first = terrain3dFirstVertex(dims);
      const pad = shape.source.mode === 'native' ? shape.source : { padLeft: 0, padTop: 0 };
      const boundaryX = first.x - pad.padLeft;
      const boundaryZ = first.z - pad.padTop;
      const importX = terrain3dImportPosition(boundaryX, spacing);
      const importZ = terrain3dImportPosition(boundaryZ, spacing);
      numbers = [
        { key: 'regionSize', label: 'Region size', value: regionSize, unit: '' },
        { key: 'vertexSpacing', label: 'Vertex spacing', value: round(spacing), unit: 'm' },
        { key: 'importPosition', label: 'Import position (x, z)', value: `${importX}, ${importZ}`, unit: 'm' },
        { key: 'importScale', label: 'Import scale / height offset', value: '1 / 0', unit: '' },
      ];
      if (format === 'r16') {
        numbers.push({ key: 'r16Range', label: 'R16 range (min, max)', value: `${round(range.min)}, ${round(range.max)}`, unit: 'm' });
        numbers.push({ key: 'r16Size', label: 'R16 size', value: `${shape.width}, ${shape.depth}`, unit: '' });
      }
      const tilePosition = (tile: Tile) => [terrain3dImportPosition(boundaryX + tile.i0, spacing), 0, terrain3dImportPosition(boundaryZ + tile.j0, spacing)];
      if (tiles) {
        // The dialog lists the first few; the JSON has every tile's.
        const listed = tiles.slice(0, 8).map((t) => `${tileName(name, t)}: ${tilePosition(t)[0]}, ${tilePosition(t)[2]}`);
        numbers.push({ key: 'tilePositions', label: 'Tile import positions (x, z)', value: listed.join('; ') + (tiles.length > 8 ? `; … ${tiles.length - 8} more in ${name}.terrain3d.json` : ''), unit: 'm' });
      }
      info = {
        format,
        regionSize,
        vertexSpacing: spacing,
        importPosition: [importX, 0, importZ],
        importScale: 1,
        heightOffset: 0,
        padding: { left: pad.padLeft, top: pad.padTop },
        ...(format === 'r16' && { r16Range: [range.min, range.max], r16Size: [shape.width, shape.depth] }),
        ...common,
        ...(tiles && { tiles: tileInfo(heightFiles, (tile) => ({ importPosition: tilePosition(tile) })) }),
      };
      notes.push('Terrain3D importer (addons/terrain_3d/tools/importer.tscn): set region size and vertex spacing on the Terrain3D node first, then the import position (whole metres; Terrain3D rounds it down to a region boundary, which is where the image starts).');
      if (pad.padLeft > 0 || pad.padTop > 0) notes.push(`The image starts ${pad.padLeft} columns and ${pad.padTop} rows before the map (copies of its edge) so that it begins on a region boundary and the map lands where it is in Faultline.`);
      if (dims.width % 2 === 0 || dims.depth % 2 === 0) notes.push('An even vertex count cannot be centred on Terrain3D’s vertex grid: the map sits half a cell off Faultline’s origin.');
      break;
    }
    case 'godot-hterrain': {
      const format = options.heightFormat ?? 'exr';
      const positionX = -sizeX / 2;
      const positionZ = -sizeZ / 2;
      numbers = [
        { key: 'resolution', label: 'Resolution', value: shape.width, unit: '' },
        { key: 'minHeight', label: 'Min height', value: round(range.min), unit: 'm' },
        { key: 'maxHeight', label: 'Max height', value: round(range.max), unit: 'm' },
        { key: 'mapScale', label: 'Map scale (x, y, z)', value: `${round(shape.cellX)}, 1, ${round(shape.cellZ)}`, unit: '' },
        { key: 'position', label: 'Node position (x, z)', value: `${round(positionX)}, ${round(positionZ)}`, unit: 'm' },
      ];
      info = {
        format: format === 'exr' ? 'exr' : 'raw',
        resolution: shape.width,
        minHeight: range.min,
        maxHeight: range.max,
        mapScale: [shape.cellX, 1, shape.cellZ],
        position: [positionX, 0, positionZ],
        ...common,
      };
      notes.push(format === 'exr' ? 'HTerrain ▸ Import: EXR heights are in metres (min/max are not used).' : 'HTerrain ▸ Import: RAW 16-bit little-endian with the min and max height above.');
      break;
    }
  }
  return {
    preset,
    engine: ENGINE_LABELS[preset],
    name,
    width: shape.width,
    depth: shape.depth,
    cellX: shape.cellX,
    cellZ: shape.cellZ,
    source: shape.source,
    range,
    tiles,
    files,
    numbers,
    info,
    notes,
  };
}

/** Values with `left` columns and `top` rows in front, each a copy of the nearest edge value. */
function padValues(values: Float32Array, width: number, depth: number, left: number, top: number): Float32Array {
  const outWidth = width + left;
  const out = new Float32Array(outWidth * (depth + top));
  for (let j = 0; j < depth + top; j++) {
    const row = Math.max(0, j - top) * width;
    const at = j * outWidth;
    out.fill(values[row], at, at + left);
    out.set(values.subarray(row, row + width), at + left);
  }
  return out;
}

/** The exported grid and any erosion data on the same vertices. */
function exportGrid(field: Heightfield, plan: EnginePlan, data: MaskSourceData): { grid: ExportGrid; data: MaskSourceData } {
  const source = plan.source;
  const mapped: MaskSourceData = {};
  if (source.mode === 'native') {
    if (source.padLeft === 0 && source.padTop === 0) return { grid: gridFromField(field), data };
    const pad = (values: Float32Array) => padValues(values, field.width, field.depth, source.padLeft, source.padTop);
    for (const key of DATA_SOURCES) {
      const values = data[key];
      if (values) mapped[key] = pad(values);
    }
    return { grid: { width: plan.width, depth: plan.depth, cellX: plan.cellX, cellZ: plan.cellZ, heights: pad(field.heights) }, data: mapped };
  }
  if (source.mode === 'crop') {
    for (const key of DATA_SOURCES) {
      const values = data[key];
      if (values) mapped[key] = cropValues(values, field.width, source.i0, source.j0, plan.width, plan.depth);
    }
    return { grid: cropGrid(gridFromField(field), source.i0, source.j0, plan.width, plan.depth), data: mapped };
  }
  for (const key of DATA_SOURCES) {
    const values = data[key];
    if (values) mapped[key] = resampleValues(values, field.width, field.depth, plan.width, plan.depth);
  }
  return { grid: resampleExact(field, plan.width, plan.depth), data: mapped };
}

function tileGrid(grid: ExportGrid, tile: Tile | undefined): ExportGrid {
  return tile ? cropGrid(grid, tile.i0, tile.j0, tile.width, tile.depth) : grid;
}

function tileBytes(values: Uint8Array, stride: number, gridWidth: number, tile: Tile | undefined, gridDepth: number): { data: Uint8Array; width: number; height: number } {
  if (!tile) return { data: values, width: gridWidth, height: gridDepth };
  const data = new Uint8Array(tile.width * tile.depth * stride);
  for (let j = 0; j < tile.depth; j++) {
    const from = ((tile.j0 + j) * gridWidth + tile.i0) * stride;
    data.set(values.subarray(from, from + tile.width * stride), j * tile.width * stride);
  }
  return { data, width: tile.width, height: tile.depth };
}

/** A heightmap file of the export: the engine's codec from the registry, with the engine's options. */
function encodeHeight(grid: ExportGrid, plan: EnginePlan, options: EngineExportOptions, fileName: string, codecs: CodecRegistry): Uint8Array {
  const heightmap = ENGINE_FILES[options.preset].heightmap(options);
  return codecs.get(heightmap.codec).encode(gridAsField(grid), { ...heightmap.options(plan.range), fileName });
}

/** Interleaves up to four weight layers into RGBA (missing channels 0). */
function packRgba(layers: readonly Uint8Array[], count: number): Uint8Array {
  const out = new Uint8Array(count * 4);
  layers.forEach((layer, c) => {
    for (let k = 0; k < count; k++) out[4 * k + c] = layer[k];
  });
  return out;
}

/** Float weights of a tile's vertices, cut from the whole grid's. */
function tileValues(values: Float32Array, grid: ExportGrid, tile: Tile | undefined): { values: Float32Array; width: number; depth: number } {
  if (!tile) return { values, width: grid.width, depth: grid.depth };
  return { values: cropValues(values, grid.width, tile.i0, tile.j0, tile.width, tile.depth), width: tile.width, depth: tile.depth };
}

/**
 * Everything an engine export writes, with its plan. `data` holds erosion results on the map's
 * vertices; `deflate` compresses the PNGs and EXR (the CLI passes node:zlib's).
 *
 * Memory stays near a few bytes per vertex whatever the layer count: weights are made a layer at a
 * time from the top (streamLayerBytes) and each layer's files are encoded before the next layer is
 * made; slope, curvature and normals are computed a block of rows at a time.
 */
export function buildEngineExport(field: Heightfield, options: EngineExportOptions, data: MaskSourceData = {}, deflate: Deflate = portableDeflate): { plan: EnginePlan; files: ExportFile[] } {
  const plan = planEngineExport(field, heightRange(field.heights), options);
  const { grid, data: gridData } = exportGrid(field, plan, data);
  const sources = new MaskSources(grid, gridData);
  const encoded = new Map<string, Uint8Array>();
  const byRole = (role: ExportFileRole) => plan.files.filter((f) => f.role === role);

  if (options.normalMap) {
    const { axes } = ENGINE_FILES[options.preset];
    const pixels = new Uint8Array(grid.width * grid.depth * 3);
    for (let j0 = 0; j0 < grid.depth; j0 += MASK_BLOCK_ROWS) {
      const j1 = Math.min(grid.depth, j0 + MASK_BLOCK_ROWS);
      pixels.set(normalMapPixels(sources.blockNormals(j0, j1), { ...options.normalMap, axes }), 3 * j0 * grid.width);
    }
    for (const planned of byRole('normalmap')) {
      const piece = tileBytes(pixels, 3, grid.width, planned.tile, grid.depth);
      encoded.set(planned.name, encodeColourPng({ width: piece.width, height: piece.height, channels: 3, data: piece.data }, deflate));
    }
  }

  const set = options.masks;
  if (set && set.layers.length > 0) encodeMasks(set, grid, sources, plan, options, deflate, encoded);

  // The heightmap last: the masks' working memory (a float and a byte per vertex) is garbage by then,
  // and the largest output (a float EXR) is not held while the masks are made.
  const codecs = createCodecRegistry({ deflate });
  for (const planned of byRole('heightmap')) encoded.set(planned.name, encodeHeight(tileGrid(grid, planned.tile), plan, options, planned.name, codecs));

  for (const planned of byRole('info')) encoded.set(planned.name, encodeUtf8(`${JSON.stringify(plan.info, null, 2)}\n`));
  return { plan, files: plan.files.map((f) => ({ name: f.name, bytes: encoded.get(f.name)! })) };
}

/** Weight and splat files, a layer at a time from the top; RGBA files as soon as their four layers are made. */
function encodeMasks(set: MaskSet, grid: ExportGrid, sources: MaskSources, plan: EnginePlan, options: EngineExportOptions, deflate: Deflate, encoded: Map<string, Uint8Array>): void {
  const layerIndex = new Map(set.layers.map((l, k) => [l.name, k]));
  const weightFiles = plan.files.filter((f) => f.role === 'weightmap');
  const splatFiles = plan.files.filter((f) => f.role === 'splatmap');
  const pieceKey = (tile: Tile | undefined) => (tile ? `${tile.x},${tile.y}` : '');
  // Bytes of the layers a splat file still waits for, per piece (tile) and layer.
  const pending = new Map<string, Uint8Array>();
  // Unity: each terrain's alphamap is sampled at the texel centres of its power-of-two grid; the
  // sampling is linear, so sampling P and rounding the same way keeps every texel's sum at 255.
  const unityPieces = options.preset === 'unity' ? (plan.tiles ?? [undefined]) : [];
  const unityRounded = new Map<string, Uint8Array>();
  for (const tile of unityPieces) {
    const resolution = unityAlphamapResolution(tile ? tile.width : grid.width);
    unityRounded.set(pieceKey(tile), new Uint8Array(resolution * resolution).fill(255));
  }

  streamLayerBytes(set, sources, grid.width, grid.depth, (l, bytes, below) => {
    const name = set.layers[l].name;
    for (const planned of weightFiles) {
      if (planned.layers![0] !== name) continue;
      const piece = tileBytes(bytes, 1, grid.width, planned.tile, grid.depth);
      encoded.set(planned.name, encodeGrayPng({ width: piece.width, height: piece.height, bitDepth: 8, samples: piece.data }));
    }
    if (options.preset === 'unity') {
      for (const tile of unityPieces) {
        const resolution = unityAlphamapResolution(tile ? tile.width : grid.width);
        const part = tileValues(below, grid, tile);
        const sampled = sampleAtTexelCentres(part.values, part.width, part.depth, resolution, resolution);
        const rounded = unityRounded.get(pieceKey(tile))!;
        const texels = new Uint8Array(resolution * resolution);
        for (let k = 0; k < texels.length; k++) {
          const r = Math.round(Math.min(1, Math.max(0, sampled[k])) * 255);
          texels[k] = rounded[k] - r;
          rounded[k] = r;
        }
        pending.set(`${pieceKey(tile)}/${l}`, texels);
      }
    } else if (splatFiles.length > 0) {
      // The layer's bytes are reused for the next layer: keep a copy (tileBytes copies a tile).
      for (const planned of splatFiles) if (planned.layers!.includes(name)) pending.set(`${pieceKey(planned.tile)}/${l}`, planned.tile ? tileBytes(bytes, 1, grid.width, planned.tile, grid.depth).data : bytes.slice());
    }
    // A splat file is complete when its lowest layer is made (layers come from the top).
    for (const planned of splatFiles) {
      const indices = planned.layers!.map((n) => layerIndex.get(n)!);
      if (Math.min(...indices) !== l) continue;
      const key = pieceKey(planned.tile);
      const channels = indices.map((k) => pending.get(`${key}/${k}`)!);
      const width = options.preset === 'unity' ? planned.width : planned.tile ? planned.tile.width : grid.width;
      const height = options.preset === 'unity' ? planned.depth : planned.tile ? planned.tile.depth : grid.depth;
      encoded.set(planned.name, encodeColourPng({ width, height, channels: 4, data: packRgba(channels, width * height) }, deflate));
      for (const k of indices) pending.delete(`${key}/${k}`);
    }
  });
}
