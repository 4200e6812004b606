/** One entry point for "open any heightmap file": the registry's codec for the extension decodes, then scale. */
import type { Heightfield } from '../terrain/heightfield';
import { failFor } from './errors';
import { decodedToHeightfield, type DecodedHeightmap } from './heightmap';
import type { HeightmapImportOptions } from './codec';
import { HEIGHTMAP_READ_EXTENSIONS } from './formats';
import { createCodecRegistry, type CodecRegistry } from './registry';

export type { HeightmapImportOptions } from './codec';

/** 'PNG, .r16, .raw or .r32': the formats Faultline reads, for messages. */
function readableFormats(): string {
  const names = HEIGHTMAP_READ_EXTENSIONS.map((ext) => (ext === 'png' ? 'PNG' : `.${ext}`));
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Decodes without scaling: what an import dialog shows (size, bit depth, metadata). Decoders need no compressor. */
export function inspectHeightmap(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions = {}, codecs: CodecRegistry = createCodecRegistry()): DecodedHeightmap {
  const decode = codecs.find(fileName)?.decode;
  if (!decode) return failFor(fileName)(`is not a heightmap format Faultline reads (${readableFormats()})`);
  return decode(bytes, fileName, options);
}

export function importHeightmap(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions = {}): { decoded: DecodedHeightmap; field: Heightfield } {
  const decoded = inspectHeightmap(bytes, fileName, options);
  return { decoded, field: decodedToHeightfield(decoded, fileName, options) };
}
