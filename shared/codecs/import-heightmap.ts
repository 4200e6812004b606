/** One entry point for "open any heightmap file": the registry's codec for the extension decodes, then scale. */
import type { Heightfield } from '../terrain/heightfield';
import { failFor } from './errors';
import { decodedToHeightfield, type DecodedHeightmap } from './heightmap';
import type { HeightmapImportOptions } from './codec';
import { HEIGHTMAP_READ_EXTENSIONS } from './formats';
import { createCodecRegistry, type CodecRegistry } from './registry';

export type { HeightmapImportOptions } from './codec';

/** 'PNG, .r16, .raw, .r32, .exr, .tif or .tiff': the formats Faultline reads, for messages. */
function readableFormats(): string {
  const names = HEIGHTMAP_READ_EXTENSIONS.map((ext) => (ext === 'png' ? 'PNG' : `.${ext}`));
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Decodes without scaling: what an import dialog shows (size, bit depth, metadata). Decoders need no compressor. */
export function inspectHeightmap(
  bytes: Uint8Array,
  fileName: string,
  options: HeightmapImportOptions = {},
  codecs: CodecRegistry = createCodecRegistry(),
): DecodedHeightmap {
  const codec = codecs.find(fileName);
  if (codec?.decodeAsync && !codec.decode) return failFor(fileName)(`is a ${codec.label} file, read only by readHeightmap (its reader waits on promises)`);
  if (!codec?.decode) return failFor(fileName)(`is not a heightmap format Faultline reads (${readableFormats()})`);
  return codec.decode(bytes, fileName, options);
}

/** inspectHeightmap for every reader, those that wait (GeoTIFF) too: what the CLI and the window call. */
export async function readHeightmap(
  bytes: Uint8Array,
  fileName: string,
  options: HeightmapImportOptions = {},
  codecs: CodecRegistry = createCodecRegistry(),
): Promise<DecodedHeightmap> {
  const decodeAsync = codecs.find(fileName)?.decodeAsync;
  return decodeAsync ? decodeAsync(bytes, fileName, options) : inspectHeightmap(bytes, fileName, options, codecs);
}

/** importHeightmap for every reader (readHeightmap, then the scale). */
export async function readHeightmapField(
  bytes: Uint8Array,
  fileName: string,
  options: HeightmapImportOptions = {},
): Promise<{ decoded: DecodedHeightmap; field: Heightfield }> {
  const decoded = await readHeightmap(bytes, fileName, options);
  return { decoded, field: decodedToHeightfield(decoded, fileName, options) };
}

export function importHeightmap(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions = {}): { decoded: DecodedHeightmap; field: Heightfield } {
  const decoded = inspectHeightmap(bytes, fileName, options);
  return { decoded, field: decodedToHeightfield(decoded, fileName, options) };
}
