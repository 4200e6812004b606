/**
 * The exchange's codec operations on plain, transferable data: what the codec worker runs, and what
 * the in-process runner runs in tests. Every failure becomes a message that names the file.
 */
import { CodecError, displayFileName } from '../../shared/codecs/errors';
import type { ExportRange, HeightmapFormat } from '../../shared/codecs/heightmap';
import { importHeightmap, inspectHeightmap, type HeightmapImportOptions } from '../../shared/codecs/import-heightmap';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { compileR16, compileR32, type ByteOrder } from '../../shared/codecs/raw';
import { compileObj } from '../../shared/codecs/obj';
import { compileGlb, type GlbNode } from '../../shared/codecs/glb';
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
  /** Every text entry of the file (PNG). */
  text: Record<string, string>;
}

export type ExportFormat = 'png16' | 'png8' | 'r16' | 'r32' | 'obj' | 'glb';

export const EXPORT_FORMATS: readonly { id: ExportFormat; label: string; extension: string }[] = [
  { id: 'png16', label: 'PNG 16-bit grayscale', extension: 'png' },
  { id: 'png8', label: 'PNG 8-bit grayscale', extension: 'png' },
  { id: 'r16', label: 'RAW 16-bit (.r16)', extension: 'r16' },
  { id: 'r32', label: 'RAW float32 (.r32)', extension: 'r32' },
  { id: 'obj', label: 'Wavefront OBJ mesh', extension: 'obj' },
  { id: 'glb', label: 'Binary glTF mesh (.glb)', extension: 'glb' },
];

export function exportFormatInfo(format: ExportFormat): { id: ExportFormat; label: string; extension: string } {
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
  /** GLB only: props as nodes. */
  nodes: GlbNode[];
  fileName: string;
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

export function inspectOp(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions): CodecOutcome<HeightmapSummary> {
  return attempt(fileName, () => {
    const decoded = inspectHeightmap(bytes, fileName, options);
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
    };
  });
}

export function decodeOp(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions): CodecOutcome<Heightfield> {
  return attempt(fileName, () => importHeightmap(bytes, fileName, options).field);
}

export function encodeOp(request: EncodeRequest): CodecOutcome<Uint8Array> {
  const { field, fileName } = request;
  return attempt(fileName, () => {
    switch (request.format) {
      case 'png16':
      case 'png8':
        return compilePngHeightmap(field, { bits: request.format === 'png16' ? 16 : 8, range: request.range }, fileName);
      case 'r16':
        return compileR16(field, { range: request.range, byteOrder: request.byteOrder, flip: request.flip }, fileName);
      case 'r32':
        return compileR32(field, { flip: request.flip }, fileName);
      case 'obj':
        return compileObj(field, undefined, fileName);
      case 'glb':
        return compileGlb(field, { nodes: request.nodes }, fileName);
    }
  });
}

/** Runs codec operations somewhere: a worker in the window (never blocking it), in process in tests. */
export interface ExchangeCodecs {
  inspect(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions): Promise<CodecOutcome<HeightmapSummary>>;
  decode(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions): Promise<CodecOutcome<Heightfield>>;
  encode(request: EncodeRequest): Promise<CodecOutcome<Uint8Array>>;
}

export function createInProcessCodecs(): ExchangeCodecs {
  return {
    inspect: async (bytes, fileName, options) => inspectOp(bytes, fileName, options),
    decode: async (bytes, fileName, options) => decodeOp(bytes, fileName, options),
    encode: async (request) => encodeOp(request),
  };
}
