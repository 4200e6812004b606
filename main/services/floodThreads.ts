/**
 * The tiled Priority-Flood on Node worker threads (the CLI, benchmarks): a pool of workers that run
 * shared/hydrology/threadedFlood.ts's tasks over SharedArrayBuffers; any thread count gives the bytes
 * of one thread.
 */
import { startWorker, workerSource, type WorkerSource } from './workerSource';
import type { FloodTask, FloodTaskResult, FloodThreads } from '../../shared/hydrology/threadedFlood';

/** The built worker (`dist/cli/floodWorker.cjs`, beside the CLI bundle), or bundled from sources (workerSource.ts). */
export const floodWorkerSource = (): WorkerSource => workerSource('floodWorker');

type WorkerAnswer = { type: 'done'; result: FloodTaskResult } | { type: 'failed'; message: string };

/** Worker threads kept for several floods (starting a worker costs tens of milliseconds). */
export interface FloodPool extends FloodThreads {
  close(): Promise<void>;
}

export function createFloodPool(threads: number, source: WorkerSource = floodWorkerSource()): FloodPool {
  const workers = Array.from({ length: threads }, () => {
    const worker = startWorker(source);
    // An idle pool does not keep the process alive.
    worker.unref();
    return worker;
  });
  return {
    threads,
    run: (index: number, task: FloodTask) =>
      new Promise<FloodTaskResult>((resolve, reject) => {
        const worker = workers[index];
        const cleanup = (): void => {
          worker.off('message', onMessage);
          worker.off('error', reject);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: WorkerAnswer): void => {
          cleanup();
          if (answer.type === 'done') resolve(answer.result);
          else reject(new Error(answer.message));
        };
        const onExit = (code: number): void => {
          cleanup();
          reject(new Error(`a flood worker stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        worker.on('exit', onExit);
        worker.postMessage(task);
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
