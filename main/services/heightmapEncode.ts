/**
 * The one place a heightmap file is encoded in main and the CLI: every heightmap codec's bytes
 * (exactly `codec.encode`'s), by the fastest route each has — the 16-bit PNG streamed through
 * node:zlib (pngStreamEncode.ts), formats with a sliced encoder in slices that give way to the event
 * loop, the rest whole. `encodeHeightmapOffThread` runs the same in a worker thread, so that main's
 * event loop never waits for an encode (file:exportHeightmap); the CLI encodes on its own thread.
 */
import type { EncodeOptions } from '../../shared/codecs/codec';
import { CodecError } from '../../shared/codecs/errors';
import { createCodecRegistry, type CodecId, type CodecRegistry } from '../../shared/codecs/registry';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import { nativeDeflate } from './nativeDeflate';
import { compilePngHeightmapStreamed } from './pngStreamEncode';
import { runSlicedAsync } from './slicedRun';
import { startWorker, workerSource, type WorkerSource } from './workerSource';

/** Made once per thread: the registry holds no state. */
let nativeCodecs: CodecRegistry | undefined;
const codecsHere = (): CodecRegistry => (nativeCodecs ??= createCodecRegistry({ deflate: nativeDeflate }));

/** Options a heightmap encode reads (a project's recipe, props and layers are not a heightmap's). */
export type HeightmapEncodeOptions = Pick<EncodeOptions, 'bits' | 'range' | 'byteOrder' | 'flip' | 'exrCompression' | 'geo' | 'fileName'>;

/**
 * The bytes of `field` in heightmap format `codecId`, identical to the registry's `encode`; refusals
 * are rejections with the codec's CodecError (naming `options.fileName`).
 */
export async function encodeHeightmapFile(field: Heightfield, codecId: CodecId, options: HeightmapEncodeOptions = {}): Promise<Uint8Array> {
  const codec = codecsHere().get(codecId);
  if (codec.kind !== 'heightmap') throw new Error(`${codecId} is not a heightmap format`);
  if (codec.id === 'png' && (options.bits ?? 16) === 16) return compilePngHeightmapStreamed(field, options.range, options.fileName);
  if (codec.encodeSliced) return runSlicedAsync(codec.encodeSliced(field, options));
  return codec.encode(field, options);
}

/** What crosses to the worker: the map as plain values, its heights moved (not copied) when main owns them. */
export interface HeightmapWorkerRequest {
  width: number;
  depth: number;
  cellSize: number;
  heights: Float32Array;
  codecId: CodecId;
  options: HeightmapEncodeOptions;
}

export type HeightmapWorkerAnswer = { ok: true; bytes: Uint8Array } | { ok: false; codecError: { fileName: string; problem: string } | null; message: string };

/** The worker's side: encode, answer with the bytes (moved) or the problem. */
export async function answerHeightmapRequest(request: HeightmapWorkerRequest): Promise<HeightmapWorkerAnswer> {
  try {
    const field = createHeightfield(request.width, request.depth, request.cellSize, request.heights);
    return { ok: true, bytes: await encodeHeightmapFile(field, request.codecId, request.options) };
  } catch (error) {
    if (error instanceof CodecError) return { ok: false, codecError: { fileName: error.fileName, problem: error.problem }, message: error.message };
    return { ok: false, codecError: null, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The built worker beside main's bundle (scripts/build-main.mjs), or bundled from sources. */
export const heightmapWorkerSource = (): WorkerSource => workerSource('heightmapWorker');

/** Whether `values` alone own their buffer, so it can be moved to another thread without harming anyone. */
function ownsBuffer(values: Float32Array): boolean {
  return values.buffer instanceof ArrayBuffer && values.byteOffset === 0 && values.byteLength === values.buffer.byteLength;
}

/** Encodes heightmaps one after another in one worker thread: every tile of a tiled export, or one file. */
export interface HeightmapThreadEncoder {
  /** encodeHeightmapFile's bytes and CodecError, in the worker; with `move` the heights' buffer is transferred when it owns it alone. */
  encode(field: Heightfield, codecId: CodecId, options?: HeightmapEncodeOptions, move?: boolean): Promise<Uint8Array>;
  /** Ends the worker (at once, mid-encode too); an encode under way rejects with `reason` (default: "closed"). */
  close(reason?: Error): void;
}

/**
 * A worker thread started for one export (exports are rare and large: tens of milliseconds to start,
 * seconds to encode), so main's event loop keeps answering. Encodes are sent one at a time.
 */
export function startHeightmapEncoder(source: WorkerSource = heightmapWorkerSource()): HeightmapThreadEncoder {
  const worker = startWorker(source);
  let failure: Error | null = null;
  let pending: { resolve: (answer: HeightmapWorkerAnswer) => void; reject: (error: Error) => void } | null = null;
  const stop = (error: Error) => {
    failure ??= error;
    pending?.reject(failure);
    pending = null;
  };
  worker.on('message', (answer: HeightmapWorkerAnswer) => {
    const waiting = pending;
    pending = null;
    waiting?.resolve(answer);
  });
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the heightmap encoder stopped (exit code ${code})`)));
  return {
    async encode(field, codecId, options = {}, move = false) {
      if (failure) throw failure;
      if (pending) throw new Error('the heightmap encoder is busy: encode one file at a time');
      const request: HeightmapWorkerRequest = { width: field.width, depth: field.depth, cellSize: field.cellSize, heights: field.heights, codecId, options };
      const answer = await new Promise<HeightmapWorkerAnswer>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(request, move && ownsBuffer(field.heights) ? [field.heights.buffer as ArrayBuffer] : []);
      });
      if (answer.ok) return answer.bytes;
      if (answer.codecError) throw new CodecError(answer.codecError.fileName, answer.codecError.problem);
      throw new Error(answer.message);
    },
    close(reason) {
      // Rejects an encode under way now: the thread's own exit would come a moment later.
      stop(reason ?? new Error('the heightmap encoder was closed'));
      void worker.terminate();
    },
  };
}

/**
 * encodeHeightmapFile in a worker thread started for this export. With `move`, the heights' buffer is
 * transferred (the field is unusable afterwards) when it owns it alone; otherwise they are copied.
 * The same bytes and the same CodecError as encodeHeightmapFile. An abort of `signal` ends the thread
 * at once (mid-encode) and rejects with the signal's reason.
 */
export async function encodeHeightmapOffThread(
  field: Heightfield,
  codecId: CodecId,
  options: HeightmapEncodeOptions = {},
  move = false,
  source: WorkerSource = heightmapWorkerSource(),
  signal?: AbortSignal,
): Promise<Uint8Array> {
  signal?.throwIfAborted();
  const encoder = startHeightmapEncoder(source);
  const abort = () => encoder.close(signal?.reason instanceof Error ? signal.reason : new Error('the export was cancelled'));
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await encoder.encode(field, codecId, options, move);
  } finally {
    signal?.removeEventListener('abort', abort);
    encoder.close();
  }
}
