import path from 'node:path';
import type { DialogService } from './dialogs';
import { atomicWrite } from './atomicWrite';
import type { SaveBytesRequest, SaveBytesResult } from '../../shared/ipc/contract';
import type { ExportHeightmapRequest, ExportHeightmapResult } from '../../shared/ipc/exportContract';
import { CodecError } from '../../shared/codecs/errors';
import { createCodecRegistry, encodeVariant, exportVariant } from '../../shared/codecs/registry';
import { nativeDeflate } from './nativeDeflate';
import { runSlicedAsync } from './slicedRun';
import { compileR16Sliced, compileR32Sliced } from '../../shared/codecs/raw';
import { compileExrHeightmapSliced } from '../../shared/codecs/exr';
import { compilePngHeightmapStreamed } from './pngStreamEncode';
import { documentOfPayload, messageOf } from './projectCodecIo';

/**
 * Saves files to a path the user picks in main's own save dialog: the renderer never names the path
 * that gets written. Bytes the renderer produced (props JSON, telemetry CSV, meshes…) are written as
 * they are; heightmaps are encoded here, from the heights, with node:zlib.
 */
export interface ExportService {
  saveBytesAs(request: SaveBytesRequest): Promise<SaveBytesResult>;
  exportHeightmap(request: ExportHeightmapRequest): Promise<ExportHeightmapResult>;
}

/**
 * The bytes of a heightmap export, or the problem (a rejection with a CodecError naming the file).
 * The default PNG (16-bit) is streamed (pngStreamEncode.ts: the same bytes, filtering overlapped with
 * deflate); every other format is the codec registry's.
 */
export async function encodeHeightmapExport(request: ExportHeightmapRequest, codecs = createCodecRegistry({ deflate: nativeDeflate })): Promise<Uint8Array> {
  const name = request.defaultName;
  const fail = (problem: string): never => {
    throw new CodecError(name, `cannot be exported: ${problem}`);
  };
  const { field } = documentOfPayload(request.payload, fail);
  const { range, byteOrder, flip, exrCompression } = request;
  // Large maps take seconds to encode: every format is streamed or sliced so main's event loop keeps
  // answering (no stall over ~100 ms at 8193²; bench/exportStall.bench.ts). The same bytes as the codecs'.
  switch (request.format) {
    case 'png16':
      return compilePngHeightmapStreamed(field, range ?? 'auto', name);
    case 'png8':
      return compilePngHeightmapStreamed(field, range ?? 'auto', name, undefined, 8);
    case 'r16':
      return runSlicedAsync(compileR16Sliced(field, { range: range ?? 'auto', byteOrder, flip }, name));
    case 'r32':
      return runSlicedAsync(compileR32Sliced(field, { flip }, name));
    case 'exr':
      return runSlicedAsync(compileExrHeightmapSliced(field, { compression: exrCompression, deflate: nativeDeflate }, name));
    default:
      return encodeVariant(codecs, request.format, field, { range: range ?? 'auto', byteOrder, flip, exrCompression, fileName: name });
  }
}

export function createExportService(dialogs: DialogService): ExportService {
  const codecs = createCodecRegistry({ deflate: nativeDeflate });
  return {
    async saveBytesAs(request) {
      const target = await dialogs.chooseFileToSave({ title: request.title, defaultName: request.defaultName, filters: request.filters });
      if (!target) return { saved: false };
      await atomicWrite(target, request.bytes);
      return { saved: true, fileName: path.basename(target) };
    },
    async exportHeightmap(request) {
      let bytes: Uint8Array;
      try {
        bytes = await encodeHeightmapExport(request, codecs);
      } catch (error) {
        // Encoded before the dialog: a map that cannot be written is said so without asking where.
        return { status: 'error', message: error instanceof CodecError ? error.message : `${request.defaultName}: could not be exported (${messageOf(error)})` };
      }
      const { format, variant } = exportVariant(request.format)!;
      const target = await dialogs.chooseFileToSave({ title: request.title, defaultName: request.defaultName, filters: [{ name: variant.label, extensions: [format.extensions[0]] }] });
      if (!target) return { status: 'cancelled' };
      await atomicWrite(target, bytes);
      return { status: 'saved', fileName: path.basename(target) };
    },
  };
}
