import type { FromLightingWorker, StartLightingWorker } from '../../app/lighting/lightingMessages';

/** Starts renderer/workers/lightingWorker.ts (passed to the session by renderer/main.tsx). */
export const startLightingWorker: StartLightingWorker = (handlers) => {
  const worker = new Worker(new URL('./lightingWorker.ts', import.meta.url), { type: 'module', name: 'terrain-lighting' });
  worker.onmessage = (event: MessageEvent<FromLightingWorker>) => handlers.onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    handlers.onError();
  };
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    terminate: () => worker.terminate(),
  };
};
