/**
 * Erosion steps on several threads in Node (the CLI, benchmarks): worker_threads over
 * SharedArrayBuffers, the scheme of shared/erosion/parallel.ts, so any thread count gives the bytes
 * of one thread. Steps that have no parallel form (hydraulic version 1, filters, fault runs) and runs
 * with one thread go through applyStep on this thread.
 */
import { startWorker, workerSource, type WorkerSource } from './workerSource';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { prepareHydraulic } from '../../shared/erosion/hydraulicTiled';
import { thermalProblem } from '../../shared/erosion/params';
import { CANCEL, CONTROL_WORDS, DONE, shareWork, type ParallelShare } from '../../shared/erosion/parallel';
import { applyStep, type StepRunOptions, type TerrainStep } from '../../shared/recipe/steps';

/** How often progress is reported and the cancel hook polled while workers run (ms). */
const POLL_MS = 50;

export type { WorkerSource } from './workerSource';

/** The built worker (`dist/cli/erosionWorker.cjs`, beside the CLI bundle), or bundled from sources (workerSource.ts). */
export const erosionWorkerSource = (): WorkerSource => workerSource('erosionWorker');

type WorkerAnswer = { type: 'done'; finished: boolean } | { type: 'failed'; message: string };

/** Worker threads kept for several runs (starting a worker costs tens of milliseconds). */
export interface ErosionPool {
  readonly threads: number;
  /** Runs one share on worker `index`; resolves its 'done' answer, rejects with its error. */
  run(index: number, share: ParallelShare): Promise<boolean>;
  close(): Promise<void>;
}

export function createErosionPool(threads: number, source: WorkerSource = erosionWorkerSource()): ErosionPool {
  const workers = Array.from({ length: threads }, () => {
    const worker = startWorker(source);
    // An idle pool does not keep the process alive.
    worker.unref();
    return worker;
  });
  return {
    threads,
    run: (index, share) =>
      new Promise<boolean>((resolve, reject) => {
        const worker = workers[index];
        const cleanup = (): void => {
          worker.off('message', onMessage);
          worker.off('error', reject);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: WorkerAnswer): void => {
          cleanup();
          if (answer.type === 'done') resolve(answer.finished);
          else reject(new Error(answer.message));
        };
        const onExit = (code: number): void => {
          cleanup();
          reject(new Error(`an erosion worker stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        worker.on('exit', onExit);
        worker.postMessage(share);
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

function sharedCopy(values: Float32Array): Float32Array {
  const copy = new Float32Array(new SharedArrayBuffer(values.byteLength));
  copy.set(values);
  return copy;
}

/** Whether `step` runs on several threads (else applyStep runs it here). */
export function isParallelStep(step: TerrainStep): step is Extract<TerrainStep, { kind: 'thermal' | 'hydraulic' }> {
  return step.kind === 'thermal' || (step.kind === 'hydraulic' && step.version === 2);
}

export interface ThreadedStepOptions extends StepRunOptions {
  /** Worker threads (≥ 1); 1 runs on this thread. */
  threads: number;
  /** Workers to run on (at least `threads` of them); else a pool is started for this step and closed after. */
  pool?: ErosionPool;
}

/**
 * Applies one step to `field` in place, on `threads` workers when the step has a parallel form.
 * Resolves false when cancelled: heights in an ordinary buffer are then unchanged (workers erode a
 * shared copy, copied back only when every thread finished); heights already in a SharedArrayBuffer
 * are eroded in place and left partly eroded, as applyStep leaves them. Rejects with the step's problem, or a worker's error.
 */
export async function applyStepThreaded(field: Heightfield, step: TerrainStep, recipe: FaultRecipe | null, options: ThreadedStepOptions): Promise<boolean> {
  const { threads, masks, onProgress, shouldCancel } = options;
  if (threads <= 1 || !isParallelStep(step)) return applyStep(field, step, recipe, options);
  let floor = 0;
  if (step.kind === 'hydraulic') floor = prepareHydraulic(field, step, masks);
  else {
    const problem = thermalProblem(step);
    if (problem) throw new RangeError(problem);
  }
  const total = shareWork(step, field.depth);
  if (shouldCancel?.()) return false;
  if (total === 0) return true;
  // Heights (and masks) already in shared memory are eroded in place, as applyStep does (no copies
  // of a 67 MB map); others are copied there and back, so a cancelled run leaves them untouched.
  const inPlace = (values: Float32Array): boolean => values.buffer instanceof SharedArrayBuffer;
  const heights = inPlace(field.heights) ? field.heights : sharedCopy(field.heights);
  const withMasks = step.kind === 'hydraulic' && masks !== undefined;
  const flow = withMasks ? (inPlace(masks.flow) ? masks.flow : sharedCopy(masks.flow)) : null;
  const deposition = withMasks ? (inPlace(masks.deposition) ? masks.deposition : sharedCopy(masks.deposition)) : null;
  const control = new SharedArrayBuffer(CONTROL_WORDS * 4);
  const words = new Int32Array(control);
  const pool = options.pool && options.pool.threads >= threads ? options.pool : createErosionPool(threads);
  const outcomes: Promise<boolean>[] = [];
  for (let index = 0; index < threads; index++) {
    const share: ParallelShare = {
      step,
      width: field.width,
      depth: field.depth,
      cellSize: field.cellSize,
      heights: heights.buffer as SharedArrayBuffer,
      flow: flow ? (flow.buffer as SharedArrayBuffer) : null,
      deposition: deposition ? (deposition.buffer as SharedArrayBuffer) : null,
      control,
      floor,
      threads,
      index,
    };
    outcomes.push(pool.run(index, share));
  }
  const timer = setInterval(() => {
    if (shouldCancel?.()) Atomics.store(words, CANCEL, 1);
    onProgress?.(Math.min(total, Atomics.load(words, DONE)), total);
  }, POLL_MS);
  try {
    // One thread failing sets CANCEL so the others stop at their next check; all are awaited, so a
    // kept pool is idle again before the error is reported.
    outcomes.forEach((outcome) => outcome.catch(() => Atomics.store(words, CANCEL, 1)));
    const settled = await Promise.allSettled(outcomes);
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
    const finished = settled.map((result) => result.status === 'fulfilled' && result.value);
    if (!finished.every(Boolean)) return false;
  } finally {
    clearInterval(timer);
    if (pool !== options.pool) await pool.close();
  }
  if (heights !== field.heights) field.heights.set(heights);
  if (masks && flow && deposition) {
    if (flow !== masks.flow) masks.flow.set(flow);
    if (deposition !== masks.deposition) masks.deposition.set(deposition);
  }
  onProgress?.(total, total);
  return true;
}
