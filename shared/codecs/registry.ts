/**
 * Every file format Faultline reads or writes, one codec object each (after Blockbench's codecs:
 * `{ extension, parse, compile }` per format), and the only dispatch by file name: the import flow,
 * the exchange's exports, the CLI's --out and main's dialogs all read it. There is no module-level
 * instance: `createCodecRegistry` builds the codecs around an injected zlib compressor (node:zlib's
 * in main and the CLI, the portable one in the window's codec worker).
 */
import type { Heightfield } from '../terrain/heightfield';
import type { DecodeOptionName, EncodeOptionName, EncodeOptions, ExportVariant, FileCodec, FileFilter } from './codec';
import { compileExrHeightmap } from './exr';
import { compileGlb } from './glb';
import { compileObj } from './obj';
import { compilePngHeightmap, parsePngHeightmap } from './png-heightmap';
import { compileProject } from './project';
import { compileR16, compileR32, parseR16, parseR32 } from './raw';
import { portableDeflate, type Deflate } from './zlib';

type CodecId = FileCodec['id'];

/** What a format is, without its encoder and decoder. */
type FormatInfo = Omit<FileCodec, 'encode' | 'decode'>;

function format(
  id: CodecId,
  kind: FileCodec['kind'],
  label: string,
  extensions: string[],
  filterName: string,
  description: string,
  encodeOptions: EncodeOptionName[],
  decodeOptions: DecodeOptionName[],
  variants: ExportVariant[],
): FormatInfo {
  return { id, kind, label, extensions, filter: { name: filterName, extensions }, description, encodeOptions, decodeOptions, variants };
}

/** The formats in the order menus and --help list them. Data only: no state, nothing to register. */
export const FILE_FORMATS: readonly FormatInfo[] = [
  format('png', 'heightmap', 'PNG heightmap', ['png'], 'PNG images', 'grayscale PNG, 16-bit (or --bits 8), range and cell size in text chunks', ['bits', 'range'], ['channel', 'range'], [
    { id: 'png16', label: 'PNG 16-bit grayscale', options: { bits: 16 } },
    { id: 'png8', label: 'PNG 8-bit grayscale', options: { bits: 8 } },
  ]),
  format('r16', 'heightmap', 'RAW 16-bit heightmap', ['r16', 'raw'], 'RAW 16-bit', 'raw unsigned 16-bit samples of the height range, little-endian (or --byte-order be)', ['range', 'byteOrder', 'flip'], ['size', 'byteOrder', 'flip', 'range'], [
    { id: 'r16', label: 'RAW 16-bit (.r16)', options: {} },
  ]),
  format('r32', 'heightmap', 'RAW 32-bit float heightmap', ['r32'], 'RAW float32', 'raw float32 little-endian heights in metres, row-major (j·width + i), no header', ['flip'], ['size', 'byteOrder', 'flip'], [
    { id: 'r32', label: 'RAW float32 (.r32)', options: {} },
  ]),
  format('exr', 'heightmap', 'OpenEXR float32 heightmap', ['exr'], 'OpenEXR', 'OpenEXR, one float32 channel "Y" of heights in metres, ZIP (or --exr-compression none)', ['exrCompression'], [], [
    { id: 'exr', label: 'OpenEXR float32 (.exr)', options: {} },
  ]),
  format('obj', 'mesh', 'Wavefront OBJ mesh', ['obj'], 'Wavefront OBJ', 'Wavefront OBJ mesh of the drawn triangles, metres, y up, with normals', [], [], [{ id: 'obj', label: 'Wavefront OBJ mesh', options: {} }]),
  format('glb', 'mesh', 'Binary glTF mesh', ['glb'], 'Binary glTF', 'binary glTF 2.0 mesh of the drawn triangles, metres, y up, with normals', ['nodes'], [], [
    { id: 'glb', label: 'Binary glTF mesh (.glb)', options: {} },
  ]),
  format('faultline', 'project', 'Faultline project', ['faultline'], 'Faultline project', 'Faultline project: heights bit for bit, size, cell size, the recipe and its steps, the layer stack', ['recipe', 'history', 'props', 'layers'], [], []),
];

/** Lower-case extension of a file name without the dot ('' if none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file name's or bare extension's ('png', '.png', 'map.PNG') lower-case extension. */
function extensionIn(fileNameOrExtension: string): string {
  if (!fileNameOrExtension.includes('.')) return fileNameOrExtension.toLowerCase();
  return extensionOf(fileNameOrExtension) || fileNameOrExtension.replace(/^\./, '').toLowerCase();
}

/** The format of a file name or bare extension, or undefined. */
export function formatOf(fileNameOrExtension: string): FormatInfo | undefined {
  const ext = extensionIn(fileNameOrExtension);
  return FILE_FORMATS.find((f) => f.extensions.includes(ext));
}

/** Extensions of the heightmap formats Faultline reads. */
export const HEIGHTMAP_READ_EXTENSIONS: readonly string[] = FILE_FORMATS.filter((f) => f.decodeOptions.length > 0).flatMap((f) => f.extensions);

export function isReadableHeightmap(fileName: string): boolean {
  return HEIGHTMAP_READ_EXTENSIONS.includes(extensionOf(fileName));
}

/** An open dialog's filters for the heightmaps Faultline reads: all of them, then each format. */
export function heightmapOpenFilters(): FileFilter[] {
  const readers = FILE_FORMATS.filter((f) => f.decodeOptions.length > 0);
  return [{ name: 'Heightmaps', extensions: [...HEIGHTMAP_READ_EXTENSIONS] }, ...readers.map((f) => ({ name: f.filter.name, extensions: [...f.filter.extensions] }))];
}

/** An export dialog entry by id ('png16', 'r32'…): its format and fixed options, or undefined. */
export function exportVariant(id: string): { format: FormatInfo; variant: ExportVariant } | undefined {
  for (const format of FILE_FORMATS) {
    const variant = format.variants.find((v) => v.id === id);
    if (variant) return { format, variant };
  }
  return undefined;
}

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
  const coders: Record<CodecId, Pick<FileCodec, 'encode' | 'decode'>> = {
    png: {
      decode: (bytes, fileName, options = {}) => parsePngHeightmap(bytes, fileName, { channel: options.channel }),
      encode: (field, o = {}) => compilePngHeightmap(field, { bits: o.bits ?? 16, range: o.range, deflate }, o.fileName),
    },
    r16: {
      decode: (bytes, fileName, options) => parseR16(bytes, fileName, options),
      encode: (field, o = {}) => compileR16(field, { range: o.range, byteOrder: o.byteOrder, flip: o.flip }, o.fileName),
    },
    r32: {
      decode: (bytes, fileName, options) => parseR32(bytes, fileName, options),
      encode: (field, o = {}) => compileR32(field, { flip: o.flip }, o.fileName),
    },
    exr: { encode: (field, o = {}) => compileExrHeightmap(field, { compression: o.exrCompression, deflate }, o.fileName) },
    obj: { encode: (field, o = {}) => compileObj(field, undefined, o.fileName) },
    glb: { encode: (field, o = {}) => compileGlb(field, { nodes: o.nodes }, o.fileName) },
    faultline: {
      encode: (field, o = {}) => compileProject({ field, recipe: o.recipe ?? null, history: o.history ?? [], props: o.props ?? [], view: {}, layers: o.layers }, { deflate }, o.fileName),
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
