/** File codecs: pure, synchronous bytes ⇄ data for every format Faultline reads or writes. */
export type { CodecKind, EncodeOptions, ExportVariantId, FileCodec, FileFilter, HeightmapImportOptions, HeightmapVariantId } from './codec';
export { CodecError, displayFileName } from './errors';
export * from './heightmap';
export { importHeightmap, inspectHeightmap } from './import-heightmap';
export { compilePngHeightmap, parsePngHeightmap, type PngHeightmapExportOptions } from './png-heightmap';
export { decodePng, type DecodedPng, type PngChannel, type PngDecodeOptions } from './png/decode';
export { compileR16, compileR32, parseR16, parseR32, type ByteOrder, type RawExportOptions, type RawImportOptions } from './raw';
export { compileObj } from './obj';
export { compileGlb, type GlbExportOptions, type GlbNode } from './glb';
export { compileProject, parseProject, PROJECT_FORMAT_VERSION, type ProjectData, type ProjectDocument, type ProjectSaveOptions } from './project';
export type { JsonObject, JsonValue } from '../json';
export { createCodecRegistry, type CodecRegistry } from './registry';
export {
  extensionOf,
  FILE_FORMATS,
  formatOf,
  heightmapOpenFilters,
  HEIGHTMAP_EXPORT_VARIANTS,
  HEIGHTMAP_READ_EXTENSIONS,
  isReadableHeightmap,
} from './formats';
export { portableDeflate, type Deflate } from './zlib';
