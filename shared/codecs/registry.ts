/**
 * Every file format Faultline reads or writes, one codec object each (after Blockbench's codecs:
 * `{ extension, parse, compile }` per format) over the format data of formats.ts: the import flow,
 * the exchange's exports, the CLI's --out and main's dialogs all read it. There is no module-level
 * instance: `createCodecRegistry` builds the codecs around an injected zlib compressor (node:zlib's
 * in main and the CLI, the portable one in the window's codec worker).
 */
import type { Heightfield } from '../terrain/heightfield';
import type { EncodeOptions, FileCodec } from './codec';
import { compileExrHeightmap, compileExrHeightmapSliced } from './exr';
import { parseExrHeightmap } from './exrRead';
import { exportVariant, extensionIn, FILE_FORMATS, type CodecId } from './formats';
import { compileGlb } from './glb';
import { compileObj } from './obj';
import { compilePngHeightmap, parsePngHeightmap } from './png-heightmap';
import { compileProject } from './project';
import { compileGeoTiff } from './tiff/tiffEncode';
import { decodeTiffHeightmap } from './tiff/tiffDecode';
import { compileR16, compileR16Sliced, compileR32, compileR32Sliced, parseR16, parseR32 } from './raw';
import { portableDeflate, type Deflate } from './zlib';

export {
  extensionOf,
  exportVariant,
  FILE_FORMATS,
  formatOf,
  heightmapOpenFilters,
  HEIGHTMAP_EXPORT_VARIANTS,
  HEIGHTMAP_READ_EXTENSIONS,
  isHeightmapVariant,
  isReadableHeightmap,
  type CodecId,
  type FormatInfo,
} from './formats';

export interface CodecEnvironment {
  /** The zlib compressor PNG, EXR ZIP and compressed projects use (default portableDeflate). */
  deflate?: Deflate;
}

export interface CodecRegistry {
  readonly codecs: readonly FileCodec[];
  /** The codec of a file name or bare extension, ignoring case and folders, or undefined. */
  find(fileNameOrExtension: string): FileCodec | undefined;
  get(id: CodecId): FileCodec;
}

export function createCodecRegistry(environment: CodecEnvironment = {}): CodecRegistry {
  const deflate = environment.deflate ?? portableDeflate;
  const coders: Record<CodecId, Pick<FileCodec, 'encode' | 'decode' | 'decodeAsync' | 'encodeSliced'>> = {
    png: {
      decode: (bytes, fileName, options = {}) => parsePngHeightmap(bytes, fileName, { channel: options.channel }),
      encode: (field, o = {}) => compilePngHeightmap(field, { bits: o.bits ?? 16, range: o.range, deflate }, o.fileName),
    },
    r16: {
      decode: (bytes, fileName, options) => parseR16(bytes, fileName, options),
      encode: (field, o = {}) => compileR16(field, { range: o.range, byteOrder: o.byteOrder, flip: o.flip }, o.fileName),
      encodeSliced: (field, o = {}) => compileR16Sliced(field, { range: o.range, byteOrder: o.byteOrder, flip: o.flip }, o.fileName),
    },
    r32: {
      decode: (bytes, fileName, options) => parseR32(bytes, fileName, options),
      encode: (field, o = {}) => compileR32(field, { flip: o.flip }, o.fileName),
      encodeSliced: (field, o = {}) => compileR32Sliced(field, { flip: o.flip }, o.fileName),
    },
    exr: {
      decode: (bytes, fileName, options = {}) => parseExrHeightmap(bytes, fileName, { resample: options.resample }),
      encode: (field, o = {}) => compileExrHeightmap(field, { compression: o.exrCompression, deflate }, o.fileName),
      encodeSliced: (field, o = {}) => compileExrHeightmapSliced(field, { compression: o.exrCompression, deflate }, o.fileName),
    },
    tiff: {
      decodeAsync: (bytes, fileName, options = {}) => decodeTiffHeightmap(bytes, fileName, { resample: options.resample }),
      encode: (field, o = {}) => compileGeoTiff(field, { geo: o.geo, deflate }, o.fileName),
    },
    obj: { encode: (field, o = {}) => compileObj(field, undefined, o.fileName) },
    glb: { encode: (field, o = {}) => compileGlb(field, { nodes: o.nodes, meshes: o.meshes, materials: o.materials }, o.fileName) },
    faultline: {
      encode: (field, o = {}) =>
        compileProject(
          { field, recipe: o.recipe ?? null, history: o.history ?? [], props: o.props ?? [], view: o.view ?? {}, layers: o.layers },
          { deflate },
          o.fileName,
        ),
    },
  };
  const codecs: FileCodec[] = FILE_FORMATS.map((info) => ({ ...info, ...coders[info.id] }));
  return {
    codecs,
    find(fileNameOrExtension) {
      const ext = extensionIn(fileNameOrExtension);
      return codecs.find((c) => c.extensions.includes(ext));
    },
    get(id) {
      const codec = codecs.find((c) => c.id === id);
      if (!codec) throw new Error(`unknown codec ${id}`);
      return codec;
    },
  };
}

/** Encodes `field` as export entry `id` ('png8'…) with the caller's options; the entry's own (bits) win. */
export function encodeVariant(codecs: CodecRegistry, id: string, field: Heightfield, options: EncodeOptions = {}): Uint8Array {
  const found = exportVariant(id);
  if (!found) throw new Error(`unknown export format ${id}`);
  return codecs.get(found.format.id).encode(field, { ...options, ...found.variant.options });
}
