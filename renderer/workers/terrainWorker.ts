/// <reference lib="webworker" />
/**
 * Runs terrain jobs (fault runs, filters, erosion) off the UI thread. One job per worker at a time;
 * the UI cancels by terminating the worker (the job works on its own copy of the heights, so nothing
 * is left half-done).
 */
import { runTerrainJob } from '../../app/jobs/runTerrainJob';
import type { FromWorkerMessage, ToWorkerMessage } from '../../app/jobs/protocol';

/** Progress messages are throttled so a fast engine does not flood the UI thread. */
const PROGRESS_INTERVAL_MS = 50;

const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(message: FromWorkerMessage, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = (event: MessageEvent<ToWorkerMessage>) => {
  const { request } = event.data;
  let lastPost = 0;
  try {
    const result = runTerrainJob(
      request,
      (done, total) => {
        const now = performance.now();
        if (now - lastPost < PROGRESS_INTERVAL_MS && done < total) return;
        lastPost = now;
        post({ type: 'progress', done, total });
      },
      // No cancel check: the UI cancels by terminating this worker.
    );
    if (result) {
      const { heights, masks, base } = result;
      const baseIsHeights = base?.output === heights;
      const transfer: Transferable[] = [heights.buffer];
      if (masks) transfer.push(masks.flow.buffer, masks.deposition.buffer);
      if (base && !baseIsHeights) transfer.push(base.output.buffer);
      post({ type: 'done', heights, masks, base: base && baseIsHeights ? { index: base.index, output: new Float32Array(0) } : (base ?? null), baseIsHeights }, transfer);
    }
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
