import { createHeightfield } from '../../shared/terrain/heightfield';
import { createChunkLayout } from '../../shared/lod/chunkLayout';
import { computeChunkErrors } from '../../shared/lod/chunkErrors';

/**
 * Exact LOD chunk errors computed off the main thread after a whole-map change. The heights go to
 * the worker in pieces (each a bounded copy, sent between frames), the errors come back whole;
 * LodTerrainModel.installErrors takes them for the chunks no edit has touched since.
 */
/** Heights per piece sent to the worker: a 16 MB copy, a few milliseconds of the main thread. */
export const ERRORS_PIECE_HEIGHTS = 4 * 1024 * 1024;

export type ToErrorsWorker =
  | { type: 'begin'; generation: number; width: number; depth: number; cellSize: number }
  | { type: 'piece'; generation: number; start: number; heights: Float32Array };

export type FromErrorsWorker = { type: 'errors'; generation: number; errors: Float32Array } | { type: 'failed'; generation: number; message: string };

/** The worker's side: assembles the heights of the newest generation and computes once all have come. */
export class ChunkErrorsAssembler {
  private current: { generation: number; width: number; depth: number; cellSize: number; heights: Float32Array; received: number } | null = null;

  /** Takes one message; returns the answer to post when the heights are complete. */
  receive(message: ToErrorsWorker): FromErrorsWorker | null {
    if (message.type === 'begin') {
      const { generation, width, depth, cellSize } = message;
      this.current = { generation, width, depth, cellSize, heights: new Float32Array(width * depth), received: 0 };
      return null;
    }
    const job = this.current;
    // A piece of an older generation: its heights were superseded.
    if (!job || message.generation !== job.generation) return null;
    try {
      if (message.start < 0 || message.start + message.heights.length > job.heights.length)
        throw new RangeError(`piece [${message.start}, ${message.start + message.heights.length}) is outside the ${job.heights.length} heights`);
      job.heights.set(message.heights, message.start);
      job.received += message.heights.length;
      if (job.received < job.heights.length) return null;
      this.current = null;
      const field = createHeightfield(job.width, job.depth, job.cellSize, job.heights);
      return { type: 'errors', generation: job.generation, errors: computeChunkErrors(field, createChunkLayout(job.width, job.depth, job.cellSize)).errors };
    } catch (error) {
      this.current = null;
      return { type: 'failed', generation: job.generation, message: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** The main thread's side of a running chunk-errors worker. */
export interface ChunkErrorsChannel {
  post(message: ToErrorsWorker, transfer?: ArrayBuffer[]): void;
  terminate(): void;
}

/** Starts a chunk-errors worker whose answers and failures go to the handlers (throws when none can start). */
export type StartChunkErrorsWorker = (handlers: { onMessage(message: FromErrorsWorker): void; onError(): void }) => ChunkErrorsChannel;
