/**
 * Node worker entry (worker_threads) of floodThreads.ts: runs each flood task it is sent
 * (shared/hydrology/threadedFlood.ts) on shared memory and answers its result or the error's message.
 * The worker lives as long as its pool.
 */
import { parentPort } from 'node:worker_threads';
import { runFloodTask, type FloodTask } from '../../shared/hydrology/threadedFlood';

const port = parentPort;
port?.on('message', (task: FloodTask) => {
  try {
    port.postMessage({ type: 'done', result: runFloodTask(task) });
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
