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
import { createCodecRegistry, type CodecRegistry } from '../codecs/registry';
import { encodeGrayPng } from '../codecs/png/encode';
import { encodeColourPng } from '../codecs/png/encodeColour';
import { portableDeflate, type Deflate } from '../codecs/zlib';
import type { JsonObject } from '../json';
import { heightRange, type Heightfield } from '../terrain/heightfield';
import { fail, perTile } from './engines/common';
import type { EngineExportOptions, EnginePlan, ExportFileRole, MapDims, PlannedFile } from './engines/engine';
import { engineFor } from './engines/registry';
import { cropGrid, cropValues, gridAsField, gridFromField, PaddedGrid, type ExportGrid } from './grid';
import { DATA_SOURCES, layerBytes, MASK_BLOCK_ROWS, MaskSources, type CoverValues, type MaskSet, type MaskSourceData } from './masks';
import { naturalColourPixels } from './colourMap';
import type { NaturalLines } from '../ground/naturalColours';
import { normalMapPixels } from './normals';
import { resampleExact, resampleValues } from './resample';
import { heightsAt } from '../terrain/surface';
import { MAX_EXPORT_FILES, type Tile } from './tiles';
import { encodeWaterFile, ENGINE_WATER_FILES } from './waterFiles';
import type { StackWater } from '../layers/stackWater';
import { exportFileNameProblem, MAX_EXPORT_BASE_NAME, quotedFileName } from '../fileNames';

export { EngineExportError } from './engines/common';
export type { EngineExportOptions, EngineNumber, EnginePlan, ExportFileRole, FitMode, GodotHeightFormat, PlannedFile } from './engines/engine';
export { terrain3dImportPosition, terrain3dLanding } from './engines/terrain3d';

export interface ExportFile {
  name: string;
  bytes: Uint8Array;
}

/** The map's range; a flat map gets a nominal metre around its height so the scales stay finite. */
export function exportRange(range: { min: number; max: number }): { min: number; max: number } {
  return range.max > range.min ? { min: range.min, max: range.max } : { min: range.min - 0.5, max: range.min + 0.5 };
}

/** Sizes, numbers and file names of an engine export, without computing any pixel: the engine's object plans it. */
export function planEngineExport(dims: MapDims, mapRange: { min: number; max: number }, options: EngineExportOptions): EnginePlan {
  const nameProblem = exportFileNameProblem(options.name, MAX_EXPORT_BASE_NAME);
  if (nameProblem) fail(`${quotedFileName(options.name)} cannot be used as a file name: it ${nameProblem}`);
  const engine = engineFor(options.engineId);
  const shape = engine.shape(dims, options);
  const tiles = engine.tiles(shape, options);
  const range = exportRange(mapRange);
  const sizeX = (shape.width - 1) * shape.cellX;
  const sizeZ = (shape.depth - 1) * shape.cellZ;
  const { name, engineId } = options;
  const heightFiles = perTile(name, '', engine.heightmap(options).extension, shape, tiles, 'heightmap');
  const masks = engine.maskFiles(options, shape, tiles);
  const normals = options.normalMap ? perTile(name, '_normal', 'png', shape, tiles, 'normalmap') : [];
  const colours = options.colourMap ? perTile(name, '_colour', 'png', shape, tiles, 'colourmap') : [];
  const water = options.water
    ? ENGINE_WATER_FILES.map(({ suffix, extension }): PlannedFile => ({
        name: `${name}${suffix}.${extension}`,
        role: 'water',
        width: dims.width,
        depth: dims.depth,
      }))
    : [];
  const infoFile: PlannedFile = { name: `${name}.${engine.infoSuffix}.json`, role: 'info', width: 0, depth: 0 };
  const files = [...heightFiles, ...masks, ...normals, ...colours, ...water, infoFile];
  if (files.length > MAX_EXPORT_FILES)
    fail(
      `this export would write ${files.length} files, more than the ${MAX_EXPORT_FILES} one export may have; choose larger tiles, fewer layers or ` +
        `no normal map`,
    );
  const common: JsonObject = {
    engine: engine.label,
    heightmap: tiles ? heightFiles.map((f) => f.name) : heightFiles[0].name,
    ...(masks.length > 0 && { masks: masks.map((f) => ({ file: f.name, layers: f.layers ?? [] })) }),
    ...(normals.length > 0 &&
      options.normalMap && { normalMap: { files: normals.map((f) => f.name), space: options.normalMap.space, green: options.normalMap.green } }),
    ...(water.length > 0 && {
      water: {
        files: water.map((f) => f.name),
        at:
          'the map’s own vertices (pixel (i, j) = vertex (i, j)); the mesh and centrelines in metres, y up, origin at the map centre; the ' +
          'centrelines in this engine’s coordinates too',
      },
    }),
  };
  const { numbers, info, notes } = engine.describe({ dims, options, shape, tiles, range, sizeX, sizeZ, heightFiles, masks, common });
  return {
    engineId,
    engine: engine.label,
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

/** Values with `left` columns and `top` rows in front, each a copy of the nearest edge value (bytes stay bytes). */
function padValues<T extends Float32Array | Uint8Array>(values: T, width: number, depth: number, left: number, top: number): T {
  const outWidth = width + left;
  const count = outWidth * (depth + top);
  const out = (values instanceof Uint8Array ? new Uint8Array(count) : new Float32Array(count)) as T;
  for (let j = 0; j < depth + top; j++) {
    const row = Math.max(0, j - top) * width;
    const at = j * outWidth;
    out.fill(values[row], at, at + left);
    out.set(values.subarray(row, row + width), at + left);
  }
  return out;
}

/** Each of the data's sources through `map` (erosion bytes may come back as floats on the same 0…255 scale). */
function mapData(data: MaskSourceData, map: <T extends Float32Array | Uint8Array>(values: T) => T | Float32Array): MaskSourceData {
  const out: MaskSourceData = {};
  for (const key of DATA_SOURCES) {
    const values = data[key];
    if (!values) continue;
    if (key === 'road' || key === 'shoulder' || key === 'water' || key === 'shore' || key === 'hardness') out[key] = map(values as Float32Array);
    else out[key] = map(values);
  }
  return out;
}

/** The exported grid and any erosion data on the same vertices. */
function exportGrid(field: Heightfield, plan: EnginePlan, data: MaskSourceData): { grid: ExportGrid; data: MaskSourceData } {
  const source = plan.source;
  if (source.mode === 'native') {
    if (source.padLeft === 0 && source.padTop === 0) return { grid: gridFromField(field), data };
    const mapped = mapData(data, (values) => padValues(values, field.width, field.depth, source.padLeft, source.padTop));
    return { grid: new PaddedGrid(field.heights, field.width, source.padLeft, source.padTop, field.depth, plan.cellX, plan.cellZ), data: mapped };
  }
  if (source.mode === 'crop') {
    const mapped = mapData(data, (values) => cropValues(values, field.width, source.i0, source.j0, plan.width, plan.depth));
    return { grid: cropGrid(gridFromField(field), source.i0, source.j0, plan.width, plan.depth), data: mapped };
  }
  const mapped = mapData(data, (values) =>
    resampleValues(values instanceof Float32Array ? values : Float32Array.from(values), field.width, field.depth, plan.width, plan.depth),
  );
  return { grid: resampleExact(field, plan.width, plan.depth), data: mapped };
}

function tileGrid(grid: ExportGrid, tile: Tile | undefined): ExportGrid {
  return tile ? cropGrid(grid, tile.i0, tile.j0, tile.width, tile.depth) : grid;
}

function tileBytes(
  values: Uint8Array,
  stride: number,
  gridWidth: number,
  tile: Tile | undefined,
  gridDepth: number,
): { data: Uint8Array; width: number; height: number } {
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
  const heightmap = engineFor(options.engineId).heightmap(options);
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

/**
 * Everything an engine export writes, with its plan. `data` holds erosion results on the map's
 * vertices; `deflate` compresses the PNGs and EXR (the CLI passes node:zlib's).
 *
 * Memory stays near a few bytes per vertex whatever the layer count: weights are made a layer at a
 * time from the top (streamLayerBytes) and each layer's files are encoded before the next layer is
 * made; slope, curvature and normals are computed a block of rows at a time.
 */
export function buildEngineExport(
  field: Heightfield,
  options: EngineExportOptions,
  data: MaskSourceData = {},
  deflate: Deflate = portableDeflate,
  water?: StackWater | null,
): { plan: EnginePlan; files: ExportFile[] } {
  const { plan, files } = streamEngineExport(field, options, data, deflate, water);
  const encoded = new Map<string, Uint8Array>();
  for (const file of files) encoded.set(file.name, file.bytes);
  return { plan, files: plan.files.map((f) => ({ name: f.name, bytes: encoded.get(f.name)! })) };
}

/**
 * buildEngineExport with each file handed over as soon as it is encoded (not in the plan's order), so
 * a writer that puts each into its temporary file at once (the CLI) never holds every output. The plan
 * is made (and checked) at once; the files when iterated, once.
 */
export function streamEngineExport(
  field: Heightfield,
  options: EngineExportOptions,
  data: MaskSourceData = {},
  deflate: Deflate = portableDeflate,
  water?: StackWater | null,
): { plan: EnginePlan; files: Generator<ExportFile, void, void> } {
  const plan = planEngineExport(field, heightRange(field.heights), options);
  if (options.water && !water) fail('the water files need a water layer, which this terrain does not have');
  return { plan, files: exportFiles(field, plan, options, data, deflate, water ?? null) };
}

function* exportFiles(
  field: Heightfield,
  plan: EnginePlan,
  options: EngineExportOptions,
  data: MaskSourceData,
  deflate: Deflate,
  water: StackWater | null,
): Generator<ExportFile, void, void> {
  const { grid, data: gridData } = exportGrid(field, plan, data);
  const sources = new MaskSources(grid, gridData);
  const byRole = (role: ExportFileRole) => plan.files.filter((f) => f.role === role);

  if (options.normalMap) {
    const { axes } = engineFor(options.engineId);
    const pixels = new Uint8Array(grid.width * grid.depth * 3);
    for (let j0 = 0; j0 < grid.depth; j0 += MASK_BLOCK_ROWS) {
      const j1 = Math.min(grid.depth, j0 + MASK_BLOCK_ROWS);
      pixels.set(normalMapPixels(sources.blockNormals(j0, j1), { ...options.normalMap, axes }), 3 * j0 * grid.width);
    }
    for (const planned of byRole('normalmap')) {
      const piece = tileBytes(pixels, 3, grid.width, planned.tile, grid.depth);
      yield { name: planned.name, bytes: encodeColourPng({ width: piece.width, height: piece.height, channels: 3, data: piece.data }, deflate) };
    }
  }

  if (options.colourMap) yield* colourMapFiles(grid, gridData, sources, byRole('colourmap'), options.colourMap, deflate);

  if (options.water && water) {
    const codecs = createCodecRegistry({ deflate });
    for (const [n, planned] of byRole('water').entries())
      yield {
        name: planned.name,
        bytes: encodeWaterFile({ kind: ENGINE_WATER_FILES[n].file, fileName: planned.name, size: field, found: water, codecs, deflate }),
      };
  }

  const set = options.masks;
  if (set && set.layers.length > 0) yield* encodeMasks(set, grid, sources, plan, options, deflate);

  // The heightmap last: the masks' working memory (a float and a byte per vertex) is garbage by then,
  // and the largest output (a float EXR) is not held while the masks are made.
  const codecs = createCodecRegistry({ deflate });
  for (const planned of byRole('heightmap'))
    yield { name: planned.name, bytes: encodeHeight(tileGrid(grid, planned.tile), plan, options, planned.name, codecs) };

  for (const planned of byRole('info')) yield { name: planned.name, bytes: encodeUtf8(`${JSON.stringify(plan.info, null, 2)}\n`) };
}

/**
 * The colour map's files (the view's natural colours, with the erosion cover where the grid has it),
 * coloured a block of rows at a time into one RGB array for the whole grid, then cut into tiles. In a
 * function of its own so that array is garbage before the masks are made.
 */
function* colourMapFiles(
  grid: ExportGrid,
  data: MaskSourceData,
  sources: MaskSources,
  files: PlannedFile[],
  lines: NaturalLines,
  deflate: Deflate,
): Generator<ExportFile, void, void> {
  const pixels = new Uint8Array(grid.width * grid.depth * 3);
  for (let j0 = 0; j0 < grid.depth; j0 += MASK_BLOCK_ROWS) {
    const j1 = Math.min(grid.depth, j0 + MASK_BLOCK_ROWS);
    const rows = (values: CoverValues | undefined) => values?.subarray(j0 * grid.width, j1 * grid.width);
    const flow = rows(data.flow);
    const deposition = rows(data.deposition);
    const cover = flow && deposition ? { flow, deposition } : null;
    const place = { width: grid.width, depth: grid.depth, cellX: grid.cellX, cellZ: grid.cellZ, row0: j0 };
    pixels.set(naturalColourPixels(sources.blockValues('height', j0, j1), sources.blockNormals(j0, j1), lines, cover, place), 3 * j0 * grid.width);
  }
  for (const planned of files) {
    const piece = tileBytes(pixels, 3, grid.width, planned.tile, grid.depth);
    yield { name: planned.name, bytes: encodeColourPng({ width: piece.width, height: piece.height, channels: 3, data: piece.data }, deflate) };
  }
}

/** Weight and splat files, a layer at a time from the top; RGBA files as soon as their four layers are made. */
function* encodeMasks(
  set: MaskSet,
  grid: ExportGrid,
  sources: MaskSources,
  plan: EnginePlan,
  options: EngineExportOptions,
  deflate: Deflate,
): Generator<ExportFile, void, void> {
  const splatResolution = engineFor(options.engineId).splatResolution;
  if (splatResolution) return yield* sampledSplats(set, grid, sources, plan, splatResolution, deflate);
  const layerIndex = new Map(set.layers.map((l, k) => [l.name, k]));
  const weightFiles = plan.files.filter((f) => f.role === 'weightmap');
  const splatFiles = plan.files.filter((f) => f.role === 'splatmap');
  const pieceKey = (tile: Tile | undefined) => (tile ? `${tile.x},${tile.y}` : '');
  // Bytes of the layers a splat file still waits for, per piece (tile) and layer.
  const pending = new Map<string, Uint8Array>();

  for (const { layer: l, bytes } of layerBytes(set, sources, grid.width, grid.depth)) {
    const name = set.layers[l].name;
    for (const planned of weightFiles) {
      if (planned.layers![0] !== name) continue;
      const piece = tileBytes(bytes, 1, grid.width, planned.tile, grid.depth);
      yield { name: planned.name, bytes: encodeGrayPng({ width: piece.width, height: piece.height, bitDepth: 8, samples: piece.data }) };
    }
    // The layer's bytes are reused for the next layer: keep a copy (tileBytes copies a tile).
    for (const planned of splatFiles)
      if (planned.layers!.includes(name))
        pending.set(`${pieceKey(planned.tile)}/${l}`, planned.tile ? tileBytes(bytes, 1, grid.width, planned.tile, grid.depth).data : bytes.slice());
    // A splat file is complete when its lowest layer is made (layers come from the top).
    for (const planned of splatFiles) {
      const indices = planned.layers!.map((n) => layerIndex.get(n)!);
      if (Math.min(...indices) !== l) continue;
      const key = pieceKey(planned.tile);
      const channels = indices.map((k) => pending.get(`${key}/${k}`)!);
      const width = planned.tile ? planned.tile.width : grid.width;
      const height = planned.tile ? planned.tile.depth : grid.depth;
      const rgba = packRgba(channels, width * height);
      for (const k of indices) pending.delete(`${key}/${k}`);
      yield { name: planned.name, bytes: encodeColourPng({ width, height, channels: 4, data: rgba }, deflate) };
    }
  }
}

/**
 * Splats sampled at texel centres (Unity's alphamaps, a power-of-two grid per terrain). The sampling
 * is linear, so sampling P and rounding the same way keeps every texel's sum at 255. One row of
 * terrains at a time: the layers are made over that row's map rows only (what is left below, a float
 * per vertex, is then that row's), each texel row is sampled and rounded straight into its file's RGBA
 * bytes, and each file is encoded when its lowest layer is made.
 */
function* sampledSplats(
  set: MaskSet,
  grid: ExportGrid,
  sources: MaskSources,
  plan: EnginePlan,
  resolutionOf: (pieceWidth: number) => number,
  deflate: Deflate,
): Generator<ExportFile, void, void> {
  const splatFiles = plan.files.filter((f) => f.role === 'splatmap');
  const layerIndex = new Map(set.layers.map((l, k) => [l.name, k]));
  const pieces: Array<Tile | undefined> = plan.tiles ?? [undefined];
  const bandStarts = [...new Set(pieces.map((tile) => tile?.j0 ?? 0))];
  for (const start of bandStarts) {
    const band = pieces.filter((tile) => (tile?.j0 ?? 0) === start);
    const end = start + (band[0] ? band[0].depth : grid.depth);
    const pieceKey = (tile: Tile | undefined) => (tile ? `${tile.x},${tile.y}` : '');
    const rounded = new Map(band.map((tile) => [pieceKey(tile), new Uint8Array(resolutionOf(tile ? tile.width : grid.width) ** 2).fill(255)]));
    // RGBA bytes of the files being filled, by file name.
    const filling = new Map<string, Uint8Array>();
    for (const { layer: l, below } of layerBytes(set, sources, grid.width, grid.depth, { start, end })) {
      const name = set.layers[l].name;
      for (const tile of band) {
        const resolution = resolutionOf(tile ? tile.width : grid.width);
        const planned = splatFiles.find((f) => f.tile === tile && f.layers!.includes(name))!;
        const channel = planned.layers!.indexOf(name);
        let rgba = filling.get(planned.name);
        if (!rgba) filling.set(planned.name, (rgba = new Uint8Array(resolution * resolution * 4)));
        // The piece's own values (its rows of the band), sampled as sampleAtTexelCentres does, a texel row at a time.
        const part = tile ? cropValues(below, grid.width, tile.i0, 0, tile.width, tile.depth) : below;
        const width = tile ? tile.width : grid.width;
        const depth = end - start;
        const field: Heightfield = { width, depth, cellSize: 1, heights: part };
        const cx = (width - 1) / 2;
        const cz = (depth - 1) / 2;
        const xs = new Float64Array(resolution);
        for (let i = 0; i < resolution; i++) xs[i] = ((i + 0.5) * (width - 1)) / resolution - cx;
        const zs = new Float64Array(resolution);
        const row = new Float32Array(resolution);
        const pieceRounded = rounded.get(pieceKey(tile))!;
        for (let j = 0; j < resolution; j++) {
          zs.fill(((j + 0.5) * (depth - 1)) / resolution - cz);
          heightsAt(field, xs, zs, row);
          for (let i = 0; i < resolution; i++) {
            const k = j * resolution + i;
            const r = Math.round(Math.min(1, Math.max(0, row[i])) * 255);
            rgba[4 * k + channel] = pieceRounded[k] - r;
            pieceRounded[k] = r;
          }
        }
      }
      // A splat file is complete when its lowest layer is made (layers come from the top).
      for (const planned of splatFiles) {
        if (!band.includes(planned.tile) || Math.min(...planned.layers!.map((n) => layerIndex.get(n)!)) !== l) continue;
        const rgba = filling.get(planned.name)!;
        filling.delete(planned.name);
        yield { name: planned.name, bytes: encodeColourPng({ width: planned.width, height: planned.depth, channels: 4, data: rgba }, deflate) };
      }
    }
  }
}
