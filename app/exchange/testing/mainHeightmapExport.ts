/**
 * For tests without main: what main's `file:exportHeightmap` and `file:exportHeightmapTiles` do (encode from the heightfield, "save"),
 * with the portable compressor, recorded as a save of bytes so that tests read what would be written.
 */
import { createCodecRegistry, encodeVariant, exportVariant } from '../../../shared/codecs/registry';
import { float32FromLittleEndianBytes } from '../../../shared/codecs/bytes';
import type { FaultlineApi } from '../../../shared/ipc/api';
import type { WriteExportFileResult } from '../../../shared/ipc/exportContract';
import type { SaveBytesRequest } from '../../../shared/ipc/contract';
import { createHeightfield, heightRange } from '../../../shared/terrain/heightfield';
import { splitFileName } from '../../../shared/export/fileExport';
import { cropGrid, gridAsField, gridFromField } from '../../../shared/export/grid';
import { tileLayout, tileName } from '../../../shared/export/tiles';
import { CodecError } from '../../../shared/codecs/errors';

export function fakeMainHeightmapExport(saved: SaveBytesRequest[]): FaultlineApi['exportHeightmap'] {
  const codecs = createCodecRegistry();
  return async (request) => {
    const { heightfield } = request;
    if (!('heights' in heightfield)) throw new Error('tests send small maps inline');
    const field = createHeightfield(heightfield.width, heightfield.depth, heightfield.cellSize, float32FromLittleEndianBytes(heightfield.heights));
    let bytes: Uint8Array;
    try {
      bytes = encodeVariant(codecs, request.format, field, {
        range: request.range ?? 'auto',
        byteOrder: request.byteOrder,
        flip: request.flip,
        exrCompression: request.exrCompression,
        geo: request.geo,
        fileName: request.defaultName,
      });
    } catch (error) {
      if (error instanceof CodecError) return { status: 'error', message: error.message };
      throw error;
    }
    const { format, variant } = exportVariant(request.format)!;
    saved.push({ title: request.title, defaultName: request.defaultName, filters: [{ name: variant.label, extensions: [format.extensions[0]] }], bytes });
    return { status: 'saved', fileName: request.defaultName };
  };
}

/**
 * What main's `file:exportHeightmapTiles` does (cut, encode each tile over the whole map's range, write
 * through the handle), with the portable compressor; `write` writes one whole file through the handle.
 */
export function fakeMainHeightmapTiles(
  write: (handle: string, fileName: string, bytes: Uint8Array) => Promise<WriteExportFileResult>,
): FaultlineApi['exportHeightmapTiles'] {
  const codecs = createCodecRegistry();
  return async (request) => {
    const { heightfield } = request;
    if (!('heights' in heightfield)) throw new Error('tests send small maps inline');
    const field = createHeightfield(heightfield.width, heightfield.depth, heightfield.cellSize, float32FromLittleEndianBytes(heightfield.heights));
    const { base, extension } = splitFileName(request.fileName);
    const range = request.range ?? heightRange(field.heights);
    const grid = gridFromField(field);
    let result = { written: 0 };
    for (const tile of tileLayout(field.width, field.depth, request.tiles)) {
      const name = `${tileName(base, tile)}.${extension}`;
      const piece = gridAsField(cropGrid(grid, tile.i0, tile.j0, tile.width, tile.depth));
      result = await write(
        request.handle,
        name,
        encodeVariant(codecs, request.format, piece, {
          range,
          byteOrder: request.byteOrder,
          flip: request.flip,
          exrCompression: request.exrCompression,
          fileName: name,
        }),
      );
    }
    return result;
  };
}
