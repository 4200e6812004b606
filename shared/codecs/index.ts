/** File codecs: pure, synchronous bytes ⇄ data for every format Faultline reads or writes. */
export type { Codec, CodecKind } from './codec';
export { CodecError, displayFileName } from './errors';
export * from './heightmap';
export { importHeightmap, inspectHeightmap, type HeightmapImportOptions } from './import-heightmap';
export { compilePngHeightmap, parsePngHeightmap, pngHeightmapCodec, type PngHeightmapExportOptions } from './png-heightmap';
export { decodePng, type DecodedPng, type PngChannel, type PngDecodeOptions } from './png/decode';
export { compileR16, compileR32, parseR16, parseR32, r16Codec, r32Codec, type ByteOrder, type RawExportOptions, type RawImportOptions } from './raw';
export { compileObj, objCodec } from './obj';
export { compileGlb, glbCodec, type GlbExportOptions, type GlbNode } from './glb';
export {
  compileProject,
  parseProject,
  projectCodec,
  PROJECT_FORMAT_VERSION,
  type ProjectData,
  type ProjectDocument,
  type ProjectSaveOptions,
} from './project';
export type { JsonObject, JsonValue } from './json';
export { allCodecs, extensionOf, findCodec, heightmapCodecs, meshCodecs, type AnyCodec } from './registry';
