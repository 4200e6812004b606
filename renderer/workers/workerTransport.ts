import type { FaultJobOutcome, FaultJobTransport, FromWorkerMessage, JobHandle, ToWorkerMessage } from '../../app/jobs/protocol';

/**
 * Runs each fault job in a dedicated worker. A synchronous engine cannot read a cancel message
 * mid-run (SharedArrayBuffer flags need COOP/COEP), so cancel terminates the worker: immediate, and
 * safe because the job only ever touched its own copy of the heights.
 */
export function createWorkerTransport(): FaultJobTransport {
  return {
    start(request, onProgress): JobHandle {
      const worker = new Worker(new URL('./faultWorker.ts', import.meta.url), { type: 'module', name: 'fault-formation' });
      let settle: (outcome: FaultJobOutcome) => void = () => undefined;
      let settled = false;
      const outcome = new Promise<FaultJobOutcome>((resolve) => {
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
        else if (message.type === 'done') settle({ status: 'done', heights: message.heights });
        else settle({ status: 'failed', message: message.message });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        settle({ status: 'failed', message: event.message || 'the fault worker stopped unexpectedly' });
      };
      const message: ToWorkerMessage = { type: 'run', request };
      worker.postMessage(message, [request.heights.buffer]);
      return { outcome, cancel: () => settle({ status: 'cancelled' }) };
    },
  };
}
