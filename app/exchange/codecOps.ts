/**
 * The exchange's codec operations on plain, transferable data: what the codec worker runs, and what
 * the in-process runner runs in tests. Every failure becomes a message that names the file.
 */
import { CodecError, displayFileName } from '../../shared/codecs/errors';
import type { ExportRange, GeoReference, HeightmapFormat } from '../../shared/codecs/heightmap';
import { decodedToHeightfield } from '../../shared/codecs/heightmap';
import { heightRange } from '../../shared/terrain/heightfield';
import { readHeightmap, type HeightmapImportOptions } from '../../shared/codecs/import-heightmap';
import type { ByteOrder } from '../../shared/codecs/raw';
import type { GlbMaterial, GlbMesh, GlbNode } from '../../shared/codecs/glb';
import type { ExrCompression } from '../../shared/codecs/exr';
import type { EncodeOptionName, EncodeOptions, ExportVariantId, FileCodec } from '../../shared/codecs/codec';
import { createCodecRegistry, FILE_FORMATS, type CodecRegistry } from '../../shared/codecs/registry';
import { compileNormalMap, tiledNormalMaps } from '../../shared/export/fileExport';
import { gridFromField } from '../../shared/export/grid';
import { layerWeights, MaskSources, quantiseWeights, type MaskSet, type MaskSourceData } from '../../shared/export/masks';
import type { NormalMapOptions } from '../../shared/export/normals';
import { streamEngineExport, type EngineExportOptions, type ExportFile } from '../../shared/export/engineExport';
import type { TileSpec } from '../../shared/export/tiles';
import { usesWaterSources, withFoundWater, withWaterData } from '../../shared/export/waterMaskData';
import { encodeWaterFile, WATER_EXPORTS, type WaterExportId, type WaterFileKind } from '../../shared/export/waterFiles';
import { stackWater } from '../../shared/layers/stackWater';
import { portableDeflate } from '../../shared/codecs/zlib';
import type { LayerStack } from '../../shared/layers/types';
import type { Heightfield } from '../../shared/terrain/heightfield';

/** What the import dialog shows about a file: everything but the samples. */
export interface HeightmapSummary {
  format: HeightmapFormat;
  width: number;
  depth: number;
  bitDepth: number;
  /** PNG colour type (0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA); absent for RAW. */
  colourType?: number;
  heightMin?: number;
  heightMax?: number;
  cellSize?: number;
  /** Every text entry of the file (PNG), or what was detected and done (GeoTIFF, EXR: CRS, nodata…). */
  text: Record<string, string>;
  /** Lowest and highest height of a float file (GeoTIFF, EXR, .r32) as it will be imported. */
  heightRange?: { min: number; max: number };
  /** A GeoTIFF's projected CRS and origin (a GeoTIFF export of the imported map writes them back). */
  geo?: GeoReference;
}

/** An export dialog entry: a codec's variant (the registry's ids), the normal map, which is the exchange's own, or a water file. */
export type ExportFormat = ExportVariantId | 'normal' | WaterExportId;

export interface ExportFormatInfo {
  id: ExportFormat;
  label: string;
  extension: string;
  /** What the entry writes: a heightmap (main encodes it), a mesh, the normal map image, or a water file. */
  kind: FileCodec['kind'] | 'normal' | 'water';
  /** A water entry's file, and what its name adds to the document's. */
  water?: { file: WaterFileKind; suffix: string };
  /** The registry's codec and the options this entry fixes; absent for the normal map (not a heightmap format). */
  codec?: FileCodec['id'];
  options: Readonly<EncodeOptions>;
  /** The encode options the dialog offers for it (the codec's `encodeOptions`; none for the normal map). */
  reads: readonly EncodeOptionName[];
  /** A tiled export may cut it (the codec's `tileable`; normal maps too, from the whole map's normals). */
  tileable: boolean;
}

/** The export dialog's list: every heightmap format's variants, the normal map, every mesh format's. */
export const EXPORT_FORMATS: readonly ExportFormatInfo[] = (() => {
  const variants = (kind: FileCodec['kind']): ExportFormatInfo[] =>
    FILE_FORMATS.filter((f) => f.kind === kind).flatMap((f) =>
      f.variants.map((variant) => ({
        id: variant.id,
        label: variant.label,
        extension: f.extensions[0],
        kind: f.kind,
        codec: f.id,
        options: variant.options,
        reads: f.encodeOptions,
        tileable: f.tileable,
      })),
    );
  const normal: ExportFormatInfo = {
    id: 'normal',
    label: 'Normal map (8-bit RGB PNG)',
    extension: 'png',
    kind: 'normal',
    options: {},
    reads: [],
    tileable: true,
  };
  const water = WATER_EXPORTS.map((w): ExportFormatInfo => ({
    id: w.id,
    label: w.label,
    extension: w.extension,
    kind: 'water',
    options: {},
    reads: [],
    tileable: false,
    water: { file: w.file, suffix: w.suffix },
  }));
  return [...variants('heightmap'), normal, ...variants('mesh'), ...water];
})();

export function exportFormatInfo(format: ExportFormat): ExportFormatInfo {
  const info = EXPORT_FORMATS.find((f) => f.id === format);
  if (!info) throw new Error(`unknown export format ${String(format)}`);
  return info;
}

export interface EncodeRequest {
  format: ExportFormat;
  field: Heightfield;
  range: ExportRange;
  byteOrder: ByteOrder;
  flip: boolean;
  /** GLB only: props as nodes, with their kinds' meshes and materials the nodes reference. */
  nodes: GlbNode[];
  meshes?: GlbMesh[];
  materials?: GlbMaterial[];
  fileName: string;
  /** EXR only (default zip). */
  exrCompression?: ExrCompression;
  /** Normal map only. */
  normal?: NormalMapOptions;
  /** Water files only: the layer stack, whose water is written (shared/layers/stackWater.ts). */
  stack?: LayerStack;
}

/** Several files at once: a normal map cut into tiles (heightmap tiles are main's), or an engine export. */
export type FilesRequest =
  | { kind: 'normalTiles'; encode: EncodeRequest; tiles: TileSpec }
  | { kind: 'engine'; field: Heightfield; options: EngineExportOptions; data: MaskSourceData; fileName: string; stack?: LayerStack };

export interface MaskPreviewRequest {
  field: Heightfield;
  masks: MaskSet;
  data: MaskSourceData;
  /** Which layer's final (stacked) weight to return. */
  layer: number;
  /** The layer stack, when a rule reads water or shore (found here, in the worker). */
  stack?: LayerStack;
}

export type CodecOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** A CodecError already names the file; anything else (out of memory…) gets the name put in front. */
export function failureMessage(error: unknown, fileName: string): string {
  if (error instanceof CodecError) return error.message;
  const reason = error instanceof Error ? error.message : String(error);
  return `${displayFileName(fileName)}: could not be processed (${reason})`;
}

function attempt<T>(fileName: string, run: () => T): CodecOutcome<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, message: failureMessage(error, fileName) };
  }
}

/** attempt for a reader that waits (GeoTIFF). */
async function attemptAsync<T>(fileName: string, run: () => Promise<T>): Promise<CodecOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, message: failureMessage(error, fileName) };
  }
}

export function inspectOp(
  bytes: Uint8Array,
  fileName: string,
  options: HeightmapImportOptions,
  codecs: CodecRegistry,
): Promise<CodecOutcome<HeightmapSummary>> {
  return attemptAsync(fileName, async () => {
    const decoded = await readHeightmap(bytes, fileName, options, codecs);
    const { metadata } = decoded;
    return {
      format: decoded.format,
      width: decoded.width,
      depth: decoded.depth,
      bitDepth: decoded.bitDepth,
      colourType: decoded.colourType,
      heightMin: metadata.heightMin,
      heightMax: metadata.heightMax,
      cellSize: metadata.cellSize,
      text: metadata.text,
      ...(decoded.samples instanceof Float32Array && decoded.maxSample === undefined ? { heightRange: heightRange(decoded.samples) } : {}),
      ...(decoded.geo ? { geo: decoded.geo } : {}),
    };
  });
}

export function decodeOp(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions, codecs: CodecRegistry): Promise<CodecOutcome<Heightfield>> {
  return attemptAsync(fileName, async () => decodedToHeightfield(await readHeightmap(bytes, fileName, options, codecs), fileName, options));
}

/** One export entry's bytes: the registry's codec with the dialog's values and the entry's own options. */
export function encodeWith(codecs: CodecRegistry, request: EncodeRequest): Uint8Array {
  const info = exportFormatInfo(request.format);
  if (info.water) return encodeWater(codecs, request, info.water.file);
  if (!info.codec) return compileNormalMap(request.field, request.normal ?? { space: 'tangent', green: 'up' });
  const { range, byteOrder, flip, nodes, meshes, materials, fileName, exrCompression } = request;
  return codecs.get(info.codec).encode(request.field, { range, byteOrder, flip, nodes, meshes, materials, fileName, exrCompression, ...info.options });
}

/** A water file: the stack's water is found here (in the worker), then written by the shared writers. */
function encodeWater(codecs: CodecRegistry, request: EncodeRequest, kind: WaterFileKind): Uint8Array {
  const { field, fileName } = request;
  const found = request.stack ? stackWater(request.stack, field) : null;
  if (!found) throw new CodecError(fileName, 'the terrain has no water (add automatic water or draw a river to export it)');
  return encodeWaterFile({ kind, fileName, size: field, found, codecs, deflate: portableDeflate });
}

export function encodeOp(request: EncodeRequest, codecs: CodecRegistry): CodecOutcome<Uint8Array> {
  return attempt(request.fileName, () => encodeWith(codecs, request));
}

/** The file a files request is named by in messages. */
export function filesRequestName(request: FilesRequest): string {
  return request.kind === 'engine' ? request.fileName : request.encode.fileName;
}

/**
 * The files of a request, made one at a time as the iterator is advanced: an engine export encodes
 * each file only when asked for it (streamEngineExport), so whoever takes them holds one at a time.
 */
export function filesOf(request: FilesRequest): Iterator<ExportFile, unknown, undefined> {
  if (request.kind === 'engine') {
    // The stack comes only when the export reads its water (water files, or a rule on water or shore).
    const { field, options, stack } = request;
    const found = stack ? stackWater(stack, field) : null;
    return streamEngineExport(
      field,
      options,
      usesWaterSources(options.masks) ? withFoundWater(request.data, found, field) : request.data,
      portableDeflate,
      found,
    ).files;
  }
  const { encode, tiles } = request;
  if (encode.format !== 'normal') throw new Error(`${encode.format} tiles are encoded in main`);
  return tiledNormalMaps(encode.field, tiles, encode.fileName, encode.normal ?? { space: 'tangent', green: 'up' })[Symbol.iterator]();
}

/** One step of a files stream: the next file, the end (with the count), or the encode's failure. */
export type FileStep = { kind: 'file'; file: ExportFile } | { kind: 'done'; count: number } | { kind: 'error'; message: string };

/** Advances a stream of files one step; every failure becomes a message naming the request's file. */
export function nextFileStep(files: () => Iterator<ExportFile, unknown, undefined>, count: number, fileName: string): FileStep {
  try {
    const next = files().next();
    return next.done ? { kind: 'done', count } : { kind: 'file', file: next.value };
  } catch (error) {
    return { kind: 'error', message: failureMessage(error, fileName) };
  }
}

/** Receives each file of a stream; the next file is encoded only after the promise settles (a rejection stops the stream). */
export type FileSink = (file: ExportFile, index: number) => Promise<void>;

/** What a codec job answers when its signal stopped it (the caller knows it cancelled, and says so). */
export const CODEC_CANCELLED: CodecOutcome<never> = { ok: false, message: 'cancelled' };

/**
 * Runs a files request in this process, handing each file to `deliver` before the next is made; an
 * abort of `signal` stops it before the next file (a worker stops mid-file: workerCodecs.ts).
 */
export async function streamFilesOp(request: FilesRequest, deliver: FileSink, signal?: AbortSignal): Promise<CodecOutcome<number>> {
  const fileName = filesRequestName(request);
  let files: Iterator<ExportFile, unknown, undefined> | null = null;
  const iterator = () => (files ??= filesOf(request));
  for (let count = 0; ; count++) {
    if (signal?.aborted) return CODEC_CANCELLED;
    const step = nextFileStep(iterator, count, fileName);
    if (step.kind === 'error') return { ok: false, message: step.message };
    if (step.kind === 'done') return { ok: true, value: step.count };
    await deliver(step.file, count);
  }
}

export function maskPreviewOp(request: MaskPreviewRequest): CodecOutcome<Uint8Array> {
  return attempt('mask preview', () => {
    const { field, masks, stack } = request;
    const count = field.width * field.depth;
    const data = stack ? withWaterData(request.data, stack, field) : request.data;
    return quantiseWeights(layerWeights(masks, new MaskSources(gridFromField(field), data), count))[request.layer];
  });
}

/** Runs codec operations somewhere: a worker in the window (never blocking it), in process in tests. */
export interface ExchangeCodecs {
  inspect(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions): Promise<CodecOutcome<HeightmapSummary>>;
  decode(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions): Promise<CodecOutcome<Heightfield>>;
  /** One file's bytes; an abort of `signal` stops the encode (CODEC_CANCELLED). */
  encode(request: EncodeRequest, signal?: AbortSignal): Promise<CodecOutcome<Uint8Array>>;
  /**
   * Several files (an engine export, normal-map tiles), each handed to `deliver` as soon as it is
   * encoded and the next encoded only after `deliver` settles: at most one file is in flight. Answers
   * how many were made, or the encode's failure; a rejection of `deliver` rejects it (and stops the
   * encode). An abort of `signal` stops the encode at once and answers CODEC_CANCELLED.
   */
  streamFiles(request: FilesRequest, deliver: FileSink, signal?: AbortSignal): Promise<CodecOutcome<number>>;
  maskPreview(request: MaskPreviewRequest): Promise<CodecOutcome<Uint8Array>>;
}

/** `codecs`: the registry to run with (default: the portable compressor, as in the window's worker). */
export function createInProcessCodecs(codecs: CodecRegistry = createCodecRegistry()): ExchangeCodecs {
  return {
    inspect: (bytes, fileName, options) => inspectOp(bytes, fileName, options, codecs),
    decode: (bytes, fileName, options) => decodeOp(bytes, fileName, options, codecs),
    encode: async (request, signal) => (signal?.aborted ? CODEC_CANCELLED : encodeOp(request, codecs)),
    streamFiles: (request, deliver, signal) => streamFilesOp(request, deliver, signal),
    maskPreview: async (request) => maskPreviewOp(request),
  };
}
