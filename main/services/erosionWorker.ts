/**
 * Node worker entry (worker_threads) of erosionThreads.ts: runs one thread's share of an erosion run
 * on shared memory and reports 'done' (true, or false when cancelled) or the error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runShare, type ParallelShare } from '../../shared/erosion/parallel';

const port = parentPort;
if (port) {
  try {
    port.postMessage({ type: 'done', finished: runShare(workerData as ParallelShare) });
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
