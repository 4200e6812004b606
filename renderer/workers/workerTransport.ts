import type { TerrainJobOutcome, TerrainJobTransport, FromWorkerMessage, JobHandle, ToWorkerMessage } from '../../app/jobs/protocol';

/**
 * Runs each terrain job in a dedicated worker. A synchronous computation cannot read a cancel message
 * mid-run (SharedArrayBuffer flags need COOP/COEP), so cancel terminates the worker: immediate, and
 * safe because the job only ever touched its own copy of the heights.
 */
/** `?erosionThreads=N` in the page address (1–4): the threads erosion jobs use, else the machine's cores. */
export function erosionThreadsOverride(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('erosionThreads'));
  return Number.isInteger(value) && value >= 1 && value <= 4 ? value : undefined;
}

export interface WorkerTransportOptions {
  /** Threads an erosion job may use (the machine's cores when absent; one without cross-origin isolation). */
  threads?: number;
}

export function createWorkerTransport(options: WorkerTransportOptions = {}): TerrainJobTransport {
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
        else if (message.type === 'done') {
          // What the last job eroded on, for the end-to-end tests and the curious (devtools).
          document.documentElement.dataset.erosionThreads = String(message.threads);
          settle({
            status: 'done',
            heights: message.heights,
            masks: message.masks,
            water: message.water ?? null,
            base: message.base && message.baseIsHeights ? { ...message.base, output: message.heights } : message.base,
          });
        } else settle({ status: 'failed', message: message.message });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        settle({ status: 'failed', message: event.message || 'the terrain worker stopped unexpectedly' });
      };
      const message: ToWorkerMessage = { type: 'run', request, threads: options.threads };
      worker.postMessage(message, [request.heights.buffer]);
      return { outcome, cancel: () => settle({ status: 'cancelled' }) };
    },
  };
}
