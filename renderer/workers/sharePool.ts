/**
 * Web Workers that run the shares of a parallel erosion step (shared/recipe/threadedStep.ts), for
 * the terrain worker when the window is cross-origin isolated (SharedArrayBuffer available). Started
 * once per terrain worker, so a job pays for them once; they end with it (a cancelled job's terrain
 * worker is terminated, and its nested workers with it).
 */
import { canShareMemory, type ParallelShare } from '../../shared/erosion/parallel';
import type { SharePool, Ticker } from '../../shared/recipe/threadedStep';

export type ShareAnswer = { type: 'done'; finished: boolean } | { type: 'failed'; message: string };

/** Most threads a window job erodes on (the machine's cores, at most this). */
const MAX_THREADS = 4;
const POLL_MS = 50;

/** Threads an erosion job uses here: `requested` (or the cores) when memory can be shared, else 1. */
export function shareThreads(requested: number | undefined, cores: number): number {
  if (!canShareMemory()) return 1;
  const wanted = requested ?? cores;
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(wanted) || 1));
}

export function createSharePool(threads: number): SharePool {
  const workers: Worker[] = [];
  const worker = (index: number): Worker =>
    (workers[index] ??= new Worker(new URL('./shareWorker.ts', import.meta.url), { type: 'module', name: `erosion-share-${index}` }));
  return {
    threads,
    run: (index, share: ParallelShare) =>
      new Promise<boolean>((resolve, reject) => {
        const target = worker(index);
        target.onmessage = (event: MessageEvent<ShareAnswer>) => {
          const answer = event.data;
          if (answer.type === 'done') resolve(answer.finished);
          else reject(new Error(answer.message));
        };
        target.onerror = (event) => {
          event.preventDefault();
          reject(new Error(event.message || 'an erosion thread stopped unexpectedly'));
        };
        target.postMessage(share);
      }),
  };
}

export const timerTicker: Ticker = (tick) => {
  const timer = setInterval(tick, POLL_MS);
  return () => clearInterval(timer);
};
