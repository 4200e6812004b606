/**
 * Node worker entry (worker_threads) of erosionThreads.ts: for each 'run' message, runs this
 * thread's share of an erosion run on shared memory and answers 'done' (true, or false when
 * cancelled) or the error's message. The worker lives as long as its pool.
 */
import { parentPort } from 'node:worker_threads';
import { runShare, type ParallelShare } from '../../shared/erosion/parallel';

const port = parentPort;
port?.on('message', (share: ParallelShare) => {
  try {
    port.postMessage({ type: 'done', finished: runShare(share) });
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
