/// <reference lib="webworker" />
/**
 * Runs terrain jobs (layer stacks: faults, filters, erosion) off the UI thread. One job per worker at a time;
 * the UI cancels by terminating the worker (the job works on its own copy of the heights, so nothing
 * is left half-done). In a cross-origin isolated window, erosion steps run on several share workers
 * over shared memory (sharePool.ts), with the bytes of one thread.
 */
import { runTerrainJob, runTerrainJobThreaded, type TerrainJobResult } from '../../app/jobs/runTerrainJob';
import type { FromWorkerMessage, ToWorkerMessage } from '../../app/jobs/protocol';
import type { TerrainStep } from '../../shared/recipe/steps';
import { isParallelStep, runParallelStep, type SharePool } from '../../shared/recipe/threadedStep';
import { createSharePool, shareThreads, timerTicker } from './sharePool';

/** Progress messages are throttled so a fast step does not flood the UI thread. */
const PROGRESS_INTERVAL_MS = 50;

const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(message: FromWorkerMessage, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

let pool: SharePool | null = null;

scope.onmessage = async (event: MessageEvent<ToWorkerMessage>) => {
  const { request } = event.data;
  let lastPost = 0;
  const progress = (done: number, total: number): void => {
    const now = performance.now();
    if (now - lastPost < PROGRESS_INTERVAL_MS && done < total) return;
    lastPost = now;
    post({ type: 'progress', done, total });
  };
  const parallel = request.stack.some((layer) => layer.enabled && isParallelStep({ ...layer.params, kind: layer.kind } as TerrainStep));
  const threads = parallel ? shareThreads(event.data.threads, navigator.hardwareConcurrency || 1) : 1;
  try {
    // No cancel check: the UI cancels by terminating this worker (and its share workers with it).
    let result: TerrainJobResult | null;
    if (threads > 1) {
      const shares = (pool = pool && pool.threads >= threads ? pool : createSharePool(threads));
      result = await runTerrainJobThreaded(request, progress, (field, step, recipe, options) =>
        runParallelStep(field, step, recipe, { ...options, threads, pool: shares, ticker: timerTicker }),
      );
    } else {
      result = runTerrainJob(request, progress);
    }
    if (result) {
      const { heights, masks, water, base } = result;
      const baseIsHeights = base?.output === heights;
      const transfer: Transferable[] = [heights.buffer];
      if (masks) transfer.push(masks.flow.buffer, masks.deposition.buffer);
      if (water) transfer.push(water.surface.buffer, water.kind.buffer);
      if (base && !baseIsHeights) transfer.push(base.output.buffer);
      // The base's water is its own copy when water-making layers lie above the base (else the water itself).
      if (base?.water && base.water !== water) transfer.push(base.water.surface.buffer, base.water.kind.buffer);
      post(
        {
          type: 'done',
          heights,
          masks,
          water,
          threads,
          base: base && baseIsHeights ? { ...base, output: new Float32Array(0) } : (base ?? null),
          baseIsHeights,
        },
        transfer,
      );
    }
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
