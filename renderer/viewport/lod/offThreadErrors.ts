import type { Heightfield } from '../../../shared/terrain/heightfield';
import {
  ERRORS_PIECE_HEIGHTS,
  type ChunkErrorsChannel,
  type FromErrorsWorker,
  type StartChunkErrorsWorker,
  type ToErrorsWorker,
} from '../../../app/lod/chunkErrorsJob';
import { backgroundTask } from '../../backgroundTask';

export interface OffThreadErrorsHandlers {
  /** Exact errors of whole-map change `generation` arrived. */
  onErrors(generation: number, errors: Float32Array): void;
  /** The worker cannot do the job (it failed to start or threw): refine on the main thread instead. */
  onFailure(): void;
}

/**
 * Sends the heights of a whole-map change to a worker that computes the exact chunk errors, one
 * piece per task so frames and input come between them. Pieces are copied from the live heights:
 * a chunk edited meanwhile is recomputed on the main thread and keeps that result (see
 * LodTerrainModel.installErrors). A newer whole-map change supersedes the one being sent.
 */
/** The window's chunk-errors worker, passed into the editor session at start. */
export const startChunkErrorsWorker: StartChunkErrorsWorker = (handlers): ChunkErrorsChannel => {
  const worker = new Worker(new URL('../../workers/chunkErrorsWorker.ts', import.meta.url), { type: 'module', name: 'lod-chunk-errors' });
  worker.onmessage = (event: MessageEvent<FromErrorsWorker>) => handlers.onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    handlers.onError();
  };
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    terminate: () => worker.terminate(),
  };
};

export class OffThreadErrors {
  /**
   * The worker of the job under way; started for each whole-map change and ended when its errors
   * arrive, so the map it assembled (and the pieces it took) never stay in an idle worker's heap
   * waiting for a collection that an idle worker may not run (64 MiB at 4097²).
   */
  private worker: ChunkErrorsChannel | null = null;
  /** The newest whole-map change sent (an answer to it ends the worker). */
  private latest = -1;
  private sending: { generation: number; field: Heightfield; next: number } | null = null;
  private readonly sendTask = backgroundTask(() => this.sendPiece());
  private failed = false;

  constructor(
    private readonly handlers: OffThreadErrorsHandlers,
    private readonly startWorker: StartChunkErrorsWorker,
  ) {
    // Started at once: a worker that cannot start makes the LOD refine on the main thread from the first change.
    this.worker = this.newWorker();
  }

  /** Computes the exact errors of `field` as of whole-map change `generation`. */
  start(field: Heightfield, generation: number): void {
    if (this.failed) return;
    try {
      this.worker ??= this.newWorker();
    } catch {
      this.fail();
      return;
    }
    this.latest = generation;
    this.post({ type: 'begin', generation, width: field.width, depth: field.depth, cellSize: field.cellSize });
    this.sending = { generation, field, next: 0 };
    this.sendTask.schedule();
  }

  dispose(): void {
    this.sendTask.dispose();
    this.worker?.terminate();
    this.worker = null;
  }

  private newWorker(): ChunkErrorsChannel {
    return this.startWorker({
      onMessage: (answer) => {
        if (answer.type !== 'errors') {
          this.fail();
          return;
        }
        this.handlers.onErrors(answer.generation, answer.errors);
        if (answer.generation === this.latest && !this.sending) {
          this.worker?.terminate();
          this.worker = null;
        }
      },
      onError: () => this.fail(),
    });
  }

  private sendPiece(): void {
    const job = this.sending;
    if (!job || this.failed) return;
    const { heights } = job.field;
    const end = Math.min(heights.length, job.next + ERRORS_PIECE_HEIGHTS);
    const piece = heights.slice(job.next, end);
    this.post({ type: 'piece', generation: job.generation, start: job.next, heights: piece }, [piece.buffer]);
    job.next = end;
    if (end < heights.length) this.sendTask.schedule();
    else this.sending = null;
  }

  private post(message: ToErrorsWorker, transfer: ArrayBuffer[] = []): void {
    this.worker?.post(message, transfer);
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.sending = null;
    this.handlers.onFailure();
  }
}
