/**
 * For tests without main: what main's `file:exportHeightmap` does (encode from the heightfield, "save"),
 * with the portable compressor, recorded as a save of bytes so that tests read what would be written.
 */
import { createCodecRegistry, encodeVariant, exportVariant } from '../../../shared/codecs/registry';
import { float32FromLittleEndianBytes } from '../../../shared/codecs/bytes';
import type { FaultlineApi } from '../../../shared/ipc/api';
import type { SaveBytesRequest } from '../../../shared/ipc/contract';
import { createHeightfield } from '../../../shared/terrain/heightfield';
import { CodecError } from '../../../shared/codecs/errors';

export function fakeMainHeightmapExport(saved: SaveBytesRequest[]): FaultlineApi['exportHeightmap'] {
  const codecs = createCodecRegistry();
  return async (request) => {
    const { heightfield } = request;
    if (!('heights' in heightfield)) throw new Error('tests send small maps inline');
    const field = createHeightfield(heightfield.width, heightfield.depth, heightfield.cellSize, float32FromLittleEndianBytes(heightfield.heights));
    let bytes: Uint8Array;
    try {
      bytes = encodeVariant(codecs, request.format, field, { range: request.range ?? 'auto', byteOrder: request.byteOrder, flip: request.flip, exrCompression: request.exrCompression, fileName: request.defaultName });
    } catch (error) {
      if (error instanceof CodecError) return { status: 'error', message: error.message };
      throw error;
    }
    const { format, variant } = exportVariant(request.format)!;
    saved.push({ title: request.title, defaultName: request.defaultName, filters: [{ name: variant.label, extensions: [format.extensions[0]] }], bytes });
    return { status: 'saved', fileName: request.defaultName };
  };
}
