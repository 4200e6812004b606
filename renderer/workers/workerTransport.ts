import type { TerrainJobOutcome, TerrainJobTransport, FromWorkerMessage, JobHandle, ToWorkerMessage } from '../../app/jobs/protocol';

/**
 * Runs each terrain job in a dedicated worker. A synchronous engine cannot read a cancel message
 * mid-run (SharedArrayBuffer flags need COOP/COEP), so cancel terminates the worker: immediate, and
 * safe because the job only ever touched its own copy of the heights.
 */
export function createWorkerTransport(): TerrainJobTransport {
  return {
    start(request, onProgress): JobHandle {
      const worker = new Worker(new URL('./terrainWorker.ts', import.meta.url), { type: 'module', name: 'terrain-job' });
      let settle: (outcome: TerrainJobOutcome) => void = () => undefined;
      let settled = false;
      const outcome = new Promise<TerrainJobOutcome>((resolve) => {
        settle = (value) => {
          if (settled) return;
          settled = true;
          worker.terminate();
          resolve(value);
        };
      });
      worker.onmessage = (event: MessageEvent<FromWorkerMessage>) => {
        const message = event.data;
        if (message.type === 'progress') onProgress(message.done, message.total);
        else if (message.type === 'done') settle({ status: 'done', heights: message.heights, masks: message.masks, base: message.base && message.baseIsHeights ? { index: message.base.index, output: message.heights } : message.base });
        else settle({ status: 'failed', message: message.message });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        settle({ status: 'failed', message: event.message || 'the terrain worker stopped unexpectedly' });
      };
      const message: ToWorkerMessage = { type: 'run', request };
      worker.postMessage(message, [request.heights.buffer]);
      return { outcome, cancel: () => settle({ status: 'cancelled' }) };
    },
  };
}
