/**
 * Erosion steps on several threads in Node (the CLI, benchmarks): worker_threads over
 * SharedArrayBuffers, the scheme of shared/erosion/parallel.ts, so any thread count gives the bytes
 * of one thread. Steps that have no parallel form (hydraulic version 1, filters, fault runs) and runs
 * with one thread go through applyStep on this thread.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { prepareHydraulic } from '../../shared/erosion/hydraulicTiled';
import { thermalProblem } from '../../shared/erosion/params';
import { CANCEL, CONTROL_WORDS, DONE, shareWork, type ParallelShare } from '../../shared/erosion/parallel';
import { applyStep, type StepRunOptions, type TerrainStep } from '../../shared/recipe/steps';

/** How often progress is reported and the cancel hook polled while workers run (ms). */
const POLL_MS = 50;

/** Where the worker's code comes from: the built file beside the bundle, or (from sources) a bundle made now. */
export type WorkerSource = { file: string } | { code: string };

let sourceCache: WorkerSource | undefined;

/**
 * The built worker (`dist/cli/erosionWorker.cjs`, beside the CLI bundle); run from sources (tests,
 * `npm run bench`), the worker is bundled on first use with esbuild, a dev dependency.
 */
export function erosionWorkerSource(): WorkerSource {
  if (sourceCache) return sourceCache;
  const built = path.join(__dirname, 'erosionWorker.cjs');
  if (existsSync(built)) return (sourceCache = { file: built });
  const esbuild = createRequire(__filename)('esbuild') as typeof import('esbuild');
  const result = esbuild.buildSync({
    entryPoints: [path.join(__dirname, 'erosionWorker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  return (sourceCache = { code: result.outputFiles[0].text });
}

function startWorker(source: WorkerSource, share: ParallelShare): Worker {
  return 'file' in source ? new Worker(source.file, { workerData: share }) : new Worker(source.code, { eval: true, workerData: share });
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
  source?: WorkerSource;
}

/**
 * Applies one step to `field` in place, on `threads` workers when the step has a parallel form.
 * Resolves false when cancelled (the heights are then unchanged: workers erode a shared copy, copied
 * back only when every thread finished). Rejects with the step's problem, or a worker's error.
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
  const heights = sharedCopy(field.heights);
  const flow = step.kind === 'hydraulic' && masks ? sharedCopy(masks.flow) : null;
  const deposition = step.kind === 'hydraulic' && masks ? sharedCopy(masks.deposition) : null;
  const control = new SharedArrayBuffer(CONTROL_WORDS * 4);
  const words = new Int32Array(control);
  const source = options.source ?? erosionWorkerSource();
  const workers: Worker[] = [];
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
    const worker = startWorker(source, share);
    workers.push(worker);
    outcomes.push(
      new Promise<boolean>((resolve, reject) => {
        worker.on('message', (message: { type: 'done'; finished: boolean } | { type: 'failed'; message: string }) => {
          if (message.type === 'done') resolve(message.finished);
          else reject(new Error(message.message));
        });
        worker.on('error', reject);
        worker.on('exit', (code) => reject(new Error(`an erosion worker stopped (exit code ${code})`)));
      }),
    );
  }
  const timer = setInterval(() => {
    if (shouldCancel?.()) Atomics.store(words, CANCEL, 1);
    onProgress?.(Math.min(total, Atomics.load(words, DONE)), total);
  }, POLL_MS);
  try {
    const finished = await Promise.all(
      outcomes.map((outcome) =>
        outcome.catch((error: unknown) => {
          // One thread failed: stop the others at their next check (and the barrier), then report it.
          Atomics.store(words, CANCEL, 1);
          throw error;
        }),
      ),
    );
    if (!finished.every(Boolean)) return false;
  } finally {
    clearInterval(timer);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  field.heights.set(heights);
  if (masks && flow && deposition) {
    masks.flow.set(flow);
    masks.deposition.set(deposition);
  }
  onProgress?.(total, total);
  return true;
}
