/**
 * Output writers for `faultline … --out FILE`, chosen by the file's extension: the codec registry's
 * encoders, compressing with node:zlib. A new format is a new codec in shared/codecs/registry.ts.
 */
import type { EncodeOptions } from '../../shared/codecs/codec';
import { createCodecRegistry, extensionOf, type CodecRegistry } from '../../shared/codecs/registry';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { nativeDeflate } from '../services/nativeDeflate';
import { encodeHeightmapFile } from '../services/heightmapEncode';

/** How to write: options of `faultline export` and what a project file should carry. Absent = defaults. */
export type OutputOptions = EncodeOptions;

export interface OutputFormat {
  /** Lower-case, with the dot: '.r32'. */
  extension: string;
  /** One line for --help. */
  description: string;
  encode(field: Heightfield, options?: OutputOptions): Uint8Array;
  /**
   * The same bytes as `encode`; a heightmap goes through main/services/heightmapEncode.ts (the one
   * place heightmap files are encoded: the 16-bit PNG streamed, sliced formats in slices), other
   * formats are `encode`'s. Refusals are rejections.
   */
  encodeAsync(field: Heightfield, options?: OutputOptions): Promise<Uint8Array>;
}

/** The CLI's codecs (made once per process: the registry holds no state). */
const codecs: CodecRegistry = createCodecRegistry({ deflate: nativeDeflate });

/** Each codec that writes, under the extension it writes new files with. */
const formats: readonly OutputFormat[] = codecs.codecs.map((codec) => ({
  extension: `.${codec.extensions[0]}`,
  description: codec.description,
  encode: (field, options) => codec.encode(field, options),
  encodeAsync: async (field, options = {}) => (codec.kind === 'heightmap' ? encodeHeightmapFile(field, codec.id, options) : codec.encode(field, options)),
}));

/** The writer for a path whose extension is a codec's first one ('.raw' reads as R16 but is not written). */
export function outputFormatFor(path: string): OutputFormat | undefined {
  const extension = extensionOf(path);
  return extension === '' ? undefined : formats.find((f) => f.extension === `.${extension}`);
}

export function outputFormats(): OutputFormat[] {
  return [...formats];
}
