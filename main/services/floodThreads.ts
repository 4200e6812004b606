/**
 * The tiled Priority-Flood on Node worker threads (the CLI, benchmarks): a pool of workers that run
 * shared/hydrology/threadedFlood.ts's tasks over SharedArrayBuffers; any thread count gives the bytes
 * of one thread.
 */
import { workerSource, type WorkerSource } from './workerSource';
import { createWorkerPool } from './workerPool';
import type { FloodTask, FloodTaskResult, FloodThreads } from '../../shared/hydrology/threadedFlood';

/** The built worker (`dist/cli/floodWorker.cjs`, beside the CLI bundle), or bundled from sources (workerSource.ts). */
export const floodWorkerSource = (): WorkerSource => workerSource('floodWorker');

/** Worker threads kept for several floods. */
export interface FloodPool extends FloodThreads {
  close(): Promise<void>;
}

export function createFloodPool(threads: number, source: WorkerSource = floodWorkerSource()): FloodPool {
  return createWorkerPool<FloodTask, { result: FloodTaskResult }, FloodTaskResult>(threads, source, 'a flood worker', (answer) => answer.result);
}
