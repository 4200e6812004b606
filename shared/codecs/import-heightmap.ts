/** One entry point for "open any heightmap file": detect the format by extension, decode, scale. */
import type { Heightfield } from '../terrain/heightfield';
import { failFor } from './errors';
import { decodedToHeightfield, type DecodedHeightmap, type ImportScaleOptions } from './heightmap';
import { parsePngHeightmap } from './png-heightmap';
import type { PngChannel } from './png/decode';
import { parseR16, parseR32, type RawImportOptions } from './raw';
import { extensionOf } from './registry';

export interface HeightmapImportOptions extends ImportScaleOptions, RawImportOptions {
  channel?: PngChannel;
}

/** Decodes without scaling: what an import dialog shows (size, bit depth, metadata). */
export function inspectHeightmap(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions = {}): DecodedHeightmap {
  switch (extensionOf(fileName)) {
    case 'png':
      return parsePngHeightmap(bytes, fileName, { channel: options.channel });
    case 'r16':
    case 'raw':
      return parseR16(bytes, fileName, options);
    case 'r32':
      return parseR32(bytes, fileName, options);
    default:
      return failFor(fileName)('is not a heightmap format Faultline reads (PNG, .r16, .raw or .r32)');
  }
}

export function importHeightmap(bytes: Uint8Array, fileName: string, options: HeightmapImportOptions = {}): { decoded: DecodedHeightmap; field: Heightfield } {
  const decoded = inspectHeightmap(bytes, fileName, options);
  return { decoded, field: decodedToHeightfield(decoded, fileName, options) };
}
