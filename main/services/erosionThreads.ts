/**
 * Erosion steps on several threads in Node (the CLI, benchmarks): worker_threads over
 * SharedArrayBuffers, the scheme of shared/erosion/parallel.ts, so any thread count gives the bytes
 * of one thread. Steps that have no parallel form (hydraulic version 1, filters, fault runs) and runs
 * with one thread go through applyStep on this thread.
 */
import { workerSource, type WorkerSource } from './workerSource';
import { createWorkerPool, type WorkerPool } from './workerPool';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { prepareHydraulic } from '../../shared/erosion/hydraulicTiled';
import { thermalProblem } from '../../shared/erosion/params';
import type { ParallelShare } from '../../shared/erosion/parallel';
import { isParallelStep, runParallelStep, type Ticker } from '../../shared/recipe/threadedStep';
import { applyStep, type StepRunOptions, type TerrainStep } from '../../shared/recipe/steps';

/** How often progress is reported and the cancel hook polled while workers run (ms). */
const POLL_MS = 50;

export type { WorkerSource } from './workerSource';

/** The built worker (`dist/cli/erosionWorker.cjs`, beside the CLI bundle), or bundled from sources (workerSource.ts). */
export const erosionWorkerSource = (): WorkerSource => workerSource('erosionWorker');

/** Worker threads kept for several runs; a run resolves whether the share finished (not cancelled). */
export type ErosionPool = WorkerPool<ParallelShare, boolean>;

export function createErosionPool(threads: number, source: WorkerSource = erosionWorkerSource()): ErosionPool {
  return createWorkerPool<ParallelShare, { finished: boolean }, boolean>(threads, source, 'an erosion worker', (answer) => answer.finished);
}

export { isParallelStep };

export interface ThreadedStepOptions extends StepRunOptions {
  /** Worker threads (≥ 1); 1 runs on this thread. */
  threads: number;
  /** Workers to run on (at least `threads` of them); else a pool is started for this step and closed after. */
  pool?: ErosionPool;
}

const timerTicker: Ticker = (tick) => {
  const timer = setInterval(tick, POLL_MS);
  return () => clearInterval(timer);
};

/**
 * Applies one step to `field` in place, on `threads` workers when the step has a parallel form
 * (shared/recipe/threadedStep.ts: same bytes as one thread; false when cancelled, heights in an
 * ordinary buffer then unchanged). Rejects with the step's problem, or a worker's error.
 */
export async function applyStepThreaded(field: Heightfield, step: TerrainStep, recipe: FaultRecipe | null, options: ThreadedStepOptions): Promise<boolean> {
  const { threads } = options;
  if (threads <= 1 || !isParallelStep(step)) return applyStep(field, step, recipe, options);
  // Bad parameters are reported before a worker is started.
  if (step.kind === 'hydraulic') prepareHydraulic(field, step, options.masks);
  else {
    const problem = thermalProblem(step);
    if (problem) throw new RangeError(problem);
  }
  const pool = options.pool && options.pool.threads >= threads ? options.pool : createErosionPool(threads);
  try {
    return await runParallelStep(field, step, recipe, { ...options, threads, pool, ticker: timerTicker });
  } finally {
    if (pool !== options.pool) await pool.close();
  }
}
