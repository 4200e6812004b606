import type { Heightfield } from '../../shared/terrain/heightfield';
import { ERRORS_PIECE_HEIGHTS, type ChunkErrorsChannel, type FromErrorsWorker, type StartChunkErrorsWorker, type ToErrorsWorker } from '../../app/lod/chunkErrorsJob';
import { backgroundTask } from '../backgroundTask';

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
  const worker = new Worker(new URL('../workers/chunkErrorsWorker.ts', import.meta.url), { type: 'module', name: 'lod-chunk-errors' });
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
  private readonly worker: ChunkErrorsChannel;
  private sending: { generation: number; field: Heightfield; next: number } | null = null;
  private readonly sendTask = backgroundTask(() => this.sendPiece());
  private failed = false;

  constructor(
    private readonly handlers: OffThreadErrorsHandlers,
    start: StartChunkErrorsWorker,
  ) {
    this.worker = start({
      onMessage: (answer) => {
        if (answer.type === 'errors') handlers.onErrors(answer.generation, answer.errors);
        else this.fail();
      },
      onError: () => this.fail(),
    });
  }

  /** Computes the exact errors of `field` as of whole-map change `generation`. */
  start(field: Heightfield, generation: number): void {
    if (this.failed) return;
    this.post({ type: 'begin', generation, width: field.width, depth: field.depth, cellSize: field.cellSize });
    this.sending = { generation, field, next: 0 };
    this.sendTask.schedule();
  }

  dispose(): void {
    this.sendTask.dispose();
    this.worker.terminate();
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
    this.worker.post(message, transfer);
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.sending = null;
    this.handlers.onFailure();
  }
}
