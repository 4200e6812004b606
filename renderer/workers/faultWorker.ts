/// <reference lib="webworker" />
/**
 * Runs fault-formation jobs off the UI thread. One job per worker at a time; the UI cancels by
 * terminating the worker (the job works on its own copy of the heights, so nothing is left half-done).
 */
import { runFaultJob } from '../../app/jobs/runFaultJob';
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
    const heights = runFaultJob(
      request,
      (done, total) => {
        const now = performance.now();
        if (now - lastPost < PROGRESS_INTERVAL_MS && done < total) return;
        lastPost = now;
        post({ type: 'progress', done, total });
      },
      // No cancel check: the UI cancels by terminating this worker.
    );
    if (heights) post({ type: 'done', heights }, [heights.buffer]);
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
