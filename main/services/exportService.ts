import path from 'node:path';
import type { DialogService } from './dialogs';
import { atomicWrite } from './atomicWrite';
import type { SaveBytesRequest, SaveBytesResult } from '../../shared/ipc/contract';
import type {
  CancelExportRequest,
  CancelExportResult,
  CheckExportMemoryRequest,
  CheckExportMemoryResult,
  ExportHeightmapRequest,
  ExportHeightmapResult,
  ExportHeightmapTilesRequest,
  WriteExportFileResult,
} from '../../shared/ipc/exportContract';
import { CodecError } from '../../shared/codecs/errors';
import { exportVariant } from '../../shared/codecs/formats';
import { encodeHeightmapOffThread, startHeightmapEncoder } from './heightmapEncode';
import type { ExportDirectoryService } from './exportDirectoryService';
import { splitFileName } from '../../shared/export/fileExport';
import { cropGrid, gridAsField, gridFromField } from '../../shared/export/grid';
import { tileLayout, tileName, tileSpecProblem } from '../../shared/export/tiles';
import type { WorkerSource } from './workerSource';
import { messageOf } from './projectCodecIo';
import { float32FromLittleEndianBytes } from '../../shared/codecs/bytes';
import { createHeightfield, heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import { createExportJobs, ExportCancelledError, type ExportJobs } from './exportJobs';
import { describeFileExport, exportMemoryProblem, fileExportMemory } from '../../shared/export/exportMemory';
import { availableMemory } from './memory';

/**
 * Saves files to a path the user picks in main's own save dialog: the renderer never names the path
 * that gets written. Bytes the renderer produced (props JSON, telemetry CSV, meshes…) are written as
 * they are; heightmaps are encoded here, from the heights, with node:zlib.
 */
export interface ExportService {
  saveBytesAs(request: SaveBytesRequest): Promise<SaveBytesResult>;
  exportHeightmap(request: ExportHeightmapRequest): Promise<ExportHeightmapResult>;
  /** A heightmap cut into tiles, each encoded here and written through the export folder's handle: all or nothing. */
  exportHeightmapTiles(request: ExportHeightmapTilesRequest): Promise<WriteExportFileResult>;
  /**
   * Stops the export the window calls `job` (a folder handle or a single heightmap's job id): its
   * encoder thread is ended and a folder export's temporaries removed before this answers.
   */
  cancel(request: CancelExportRequest): Promise<CancelExportResult>;
  /** Refuses an export whose estimated peak exceeds the memory available (the window asks before it starts one). */
  checkMemory(request: CheckExportMemoryRequest): CheckExportMemoryResult;
}

export interface ExportServiceOptions {
  jobs?: ExportJobs;
  /** Bytes this machine can still give an export (default: the OS's available memory). */
  availableMemory?: () => number;
}

/**
 * The bytes of a heightmap export, or the problem (a rejection with a CodecError naming the file).
 * Encoded in a worker thread (heightmapEncode.ts, the one place heightmap files are encoded) with the
 * heights moved there, so main's event loop never waits for it (bench/exportStall.bench.ts). A map
 * over 16 MiB is moved, not copied (copying it would hold main up): such heights arrive as an upload
 * the router hands over, and the request is spent. Smaller ones are copied in a few milliseconds.
 */
/** Heights larger than this go to the encoder's thread moved (see below). */
const MOVE_ABOVE_BYTES = 16 * 1024 * 1024;

/** The request's map and heightmap format, or a CodecError naming `name`. */
function heightmapSource(
  request: Pick<ExportHeightmapRequest, 'heightfield' | 'format'>,
  name: string,
): { field: Heightfield; found: NonNullable<ReturnType<typeof exportVariant>> } {
  const fail = (problem: string): never => {
    throw new CodecError(name, `cannot be exported: ${problem}`);
  };
  let field: Heightfield;
  try {
    const { width, depth, cellSize, heights } = request.heightfield;
    if (heights.byteLength % 4 !== 0) fail('the heights are not whole float32 values');
    field = createHeightfield(width, depth, cellSize, float32FromLittleEndianBytes(heights));
  } catch (error) {
    if (error instanceof CodecError) throw error;
    return fail(messageOf(error));
  }
  const found = exportVariant(request.format);
  if (!found || found.format.kind !== 'heightmap') return fail(`${request.format} is not a heightmap format`);
  return { field, found };
}

export async function encodeHeightmapExport(request: ExportHeightmapRequest, source?: WorkerSource, signal?: AbortSignal): Promise<Uint8Array> {
  const name = request.defaultName;
  const { field, found } = heightmapSource(request, name);
  const { range, byteOrder, flip, exrCompression, geo } = request;
  // The entry's own options (PNG 8- or 16-bit) win over the request's.
  const options = { range: range ?? ('auto' as const), byteOrder, flip, exrCompression, ...(geo ? { geo } : {}), fileName: name, ...found.variant.options };
  return encodeHeightmapOffThread(field, found.format.id, options, field.heights.byteLength > MOVE_ABOVE_BYTES, source, signal);
}

/**
 * A tiled heightmap export: the map cut into tiles (NAME_x{X}_y{Y}.EXT), each encoded in one worker
 * thread by the heightmap encoder and handed to the folder's handle as soon as it is made (so only one
 * tile's bytes are held); the handle stages every file and puts them in place after the last. A
 * failure ends the handle, which removes what was staged: nothing is written. An abort of `signal`
 * (a cancel) ends the encoder's thread at once, mid-tile, and then the handle the same way.
 */
export async function writeHeightmapTiles(
  request: ExportHeightmapTilesRequest,
  directories: Pick<ExportDirectoryService, 'write' | 'finish'>,
  source?: WorkerSource,
  signal?: AbortSignal,
): Promise<WriteExportFileResult> {
  const name = request.fileName;
  let encoder: ReturnType<typeof startHeightmapEncoder> | null = null;
  const abort = () => encoder?.close(new ExportCancelledError());
  signal?.addEventListener('abort', abort, { once: true });
  try {
    signal?.throwIfAborted();
    const { field, found } = heightmapSource(request, name);
    const problem = tileSpecProblem(request.tiles, field.width, field.depth);
    if (problem) throw new CodecError(name, `cannot be exported: ${problem}`);
    const { base, extension } = splitFileName(name);
    // Every tile maps the whole map's range, so that tiles join without steps.
    const { range, byteOrder, flip, exrCompression } = request;
    const options = { range: range ?? heightRange(field.heights), byteOrder, flip, exrCompression, ...found.variant.options };
    const grid = gridFromField(field);
    encoder = startHeightmapEncoder(source);
    let result: WriteExportFileResult = { written: 0 };
    for (const tile of tileLayout(field.width, field.depth, request.tiles)) {
      signal?.throwIfAborted();
      const tileFile = `${tileName(base, tile)}${extension ? `.${extension}` : ''}`;
      // A cropped tile owns its heights: they move to the encoder's thread.
      const bytes = await encoder.encode(
        gridAsField(cropGrid(grid, tile.i0, tile.j0, tile.width, tile.depth)),
        found.format.id,
        { ...options, fileName: tileFile },
        true,
      );
      result = await directories.write(request.handle, tileFile, bytes);
    }
    return result;
  } catch (error) {
    directories.finish(request.handle);
    throw signal?.aborted ? new ExportCancelledError() : error;
  } finally {
    signal?.removeEventListener('abort', abort);
    encoder?.close();
  }
}

export function createExportService(
  dialogs: DialogService,
  directories: Pick<ExportDirectoryService, 'write' | 'finish' | 'cancel'>,
  options: ExportServiceOptions = {},
): ExportService {
  const jobs = options.jobs ?? createExportJobs();
  const available = options.availableMemory ?? availableMemory;
  return {
    checkMemory({ bytes, what }) {
      const problem = exportMemoryProblem(what, bytes, available());
      return problem ? { status: 'refused', message: problem } : { status: 'fits' };
    },
    async exportHeightmapTiles(request) {
      // The handle names the job: file:cancelExport with it stops the encoder and ends the handle.
      const job = jobs.start(request.handle);
      try {
        return await writeHeightmapTiles(request, directories, undefined, job.signal);
      } finally {
        job.end();
      }
    },
    async cancel({ job }) {
      const running = jobs.abort(job);
      // A folder export's temporaries are removed before the answer (or its commit, under way, completes).
      const folder = await directories.cancel(job);
      if (folder !== 'unknown') return { status: folder };
      return { status: running ? 'cancelled' : 'unknown' };
    },
    async saveBytesAs(request) {
      const target = await dialogs.chooseFileToSave({ title: request.title, defaultName: request.defaultName, filters: request.filters });
      if (!target) return { saved: false };
      await atomicWrite(target, request.bytes);
      return { saved: true, fileName: path.basename(target) };
    },
    async exportHeightmap(request) {
      // Main's own estimate from the request (the window asked before it sent the heights, too).
      const { width, depth } = request.heightfield;
      const shape = { format: request.format, map: { width, depth } };
      const tooLarge = exportMemoryProblem(describeFileExport(shape), fileExportMemory(shape), available());
      if (tooLarge) return { status: 'error', message: tooLarge };
      const job = request.job === undefined ? null : jobs.start(request.job);
      try {
        if (job?.signal.aborted) return { status: 'cancelled' };
        let bytes: Uint8Array;
        try {
          bytes = await encodeHeightmapExport(request, undefined, job?.signal);
        } catch (error) {
          if (job?.signal.aborted) return { status: 'cancelled' };
          // Encoded before the dialog: a map that cannot be written is said so without asking where.
          return {
            status: 'error',
            message: error instanceof CodecError ? error.message : `${request.defaultName}: could not be exported (${messageOf(error)})`,
          };
        }
        if (job?.signal.aborted) return { status: 'cancelled' };
        const { format, variant } = exportVariant(request.format)!;
        const target = await dialogs.chooseFileToSave({
          title: request.title,
          defaultName: request.defaultName,
          filters: [{ name: variant.label, extensions: [format.extensions[0]] }],
        });
        if (!target || job?.signal.aborted) return { status: 'cancelled' };
        // Once writing, the file completes (atomicWrite: the old file stays until the new one is whole).
        await atomicWrite(target, bytes);
        return { status: 'saved', fileName: path.basename(target) };
      } finally {
        job?.end();
      }
    },
  };
}
