/**
 * The coordinating side of a parallel erosion step (shared/erosion/parallel.ts), for any kind of
 * thread: Node's worker_threads (main/services/erosionThreads.ts) or Web Workers in a cross-origin
 * isolated window (renderer/workers/sharePool.ts). It puts the heights and masks in shared memory,
 * starts one share per thread, reports progress and passes cancel on, and copies the result back only
 * when every thread finished — so 1 or N threads give the same bytes, and a cancelled run leaves
 * heights in an ordinary buffer as they were.
 */
import type { FaultRecipe } from '../fault/recipe';
import type { Heightfield } from '../terrain/heightfield';
import { applyStep, type StepRunOptions, type TerrainStep } from './steps';
import { prepareHydraulic } from '../erosion/hydraulicTiled';
import { applyCoarse, coarseGrid } from '../erosion/hydraulicScales';
import { thermalProblem } from '../erosion/params';
import { CANCEL, CONTROL_WORDS, DONE, shareWork, type ParallelShare } from '../erosion/parallel';

/** Threads that run shares: `run(index, share)` resolves true when share `index` finished, false when cancelled. */
export interface SharePool {
  readonly threads: number;
  run(index: number, share: ParallelShare): Promise<boolean>;
}

/** Calls `tick` now and then while the threads run (a timer); returns what stops it. */
export type Ticker = (tick: () => void) => () => void;

/** Whether `step` runs on several threads (else applyStep runs it on the caller's thread). */
export function isParallelStep(step: TerrainStep): step is Extract<TerrainStep, { kind: 'thermal' | 'hydraulic' }> {
  return step.kind === 'thermal' || (step.kind === 'hydraulic' && (step.version === 2 || step.version === 3));
}

function sharedCopy(values: Float32Array): Float32Array {
  const copy = new Float32Array(new SharedArrayBuffer(values.byteLength));
  copy.set(values);
  return copy;
}

export interface ParallelStepOptions extends StepRunOptions {
  /** Threads to use (≤ pool.threads); 1 or a step without a parallel form runs applyStep here. */
  threads: number;
  pool: SharePool;
  ticker: Ticker;
}

/**
 * Applies one step to `field` in place on `threads` of `pool`'s threads when it has a parallel form.
 * Resolves false when cancelled: heights in an ordinary buffer are then unchanged (the threads erode
 * a shared copy, copied back only when all finished); heights already in a SharedArrayBuffer are
 * eroded in place and left partly eroded, as applyStep leaves them. Rejects with the step's problem,
 * or a thread's error.
 */
export async function runParallelStep(field: Heightfield, step: TerrainStep, recipe: FaultRecipe | null, options: ParallelStepOptions): Promise<boolean> {
  const { masks, onProgress, shouldCancel, pool, ticker } = options;
  const threads = Math.min(options.threads, pool.threads);
  if (threads <= 1 || !isParallelStep(step)) return applyStep(field, step, recipe, options);
  let floor = 0;
  if (step.kind === 'hydraulic') floor = prepareHydraulic(field, step, masks);
  else {
    const problem = thermalProblem(step);
    if (problem) throw new RangeError(problem);
  }
  const total = shareWork(step, field.depth);
  if (shouldCancel?.()) return false;
  if (total === 0) {
    // No passes to share: a thermal step's retreat, narrow tops, aprons, lips, creases and edge are one
    // thread's work (Canyons' and Mesas' last step has only those), so it runs here, as applyStep does.
    if (step.kind === 'thermal' && !applyStep(field, step, recipe, { shouldCancel })) return false;
    onProgress?.(1, 1);
    return true;
  }
  // Heights (and masks) already in shared memory are eroded in place, as applyStep does (no copies
  // of a 67 MB map); others are copied there and back, so a cancelled run leaves them untouched.
  const inPlace = (values: Float32Array): boolean => values.buffer instanceof SharedArrayBuffer;
  const heights = inPlace(field.heights) ? field.heights : sharedCopy(field.heights);
  const withMasks = step.kind === 'hydraulic' && masks !== undefined;
  const flow = withMasks ? (inPlace(masks.flow) ? masks.flow : sharedCopy(masks.flow)) : null;
  const deposition = withMasks ? (inPlace(masks.deposition) ? masks.deposition : sharedCopy(masks.deposition)) : null;
  // Version 3: its coarse pass (version 2 on the coarse grid, on the same threads), then its fine pass
  // shared as version 2; each gives the bytes of one thread, so the whole does.
  if (step.kind === 'hydraulic' && step.version === 3) {
    const sharedMasks = flow && deposition ? { flow, deposition } : undefined;
    const coarse = coarseGrid({ ...field, heights }, step, sharedMasks !== undefined, (n) => new Float32Array(new SharedArrayBuffer(4 * n)));
    if (coarse) {
      if (!(await runParallelStep(coarse.field, { kind: 'hydraulic', ...coarse.params }, null, { pool, ticker, threads, shouldCancel, masks: coarse.masks })))
        return false;
      applyCoarse({ ...field, heights }, coarse, floor, sharedMasks);
    }
    step = { ...step, version: 2 };
  }
  const control = new SharedArrayBuffer(CONTROL_WORDS * 4);
  const words = new Int32Array(control);
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
  const stop = ticker(() => {
    if (shouldCancel?.()) Atomics.store(words, CANCEL, 1);
    onProgress?.(Math.min(total, Atomics.load(words, DONE)), total);
  });
  try {
    // One thread failing sets CANCEL so the others stop at their next check; all are awaited, so a
    // kept pool is idle again before the error is reported.
    outcomes.forEach((outcome) => outcome.catch(() => Atomics.store(words, CANCEL, 1)));
    const settled = await Promise.allSettled(outcomes);
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
    if (!settled.every((result) => result.status === 'fulfilled' && result.value)) return false;
  } finally {
    stop();
  }
  if (heights !== field.heights) field.heights.set(heights);
  if (masks && flow && deposition) {
    if (flow !== masks.flow) masks.flow.set(flow);
    if (deposition !== masks.deposition) masks.deposition.set(deposition);
  }
  onProgress?.(total, total);
  return true;
}
