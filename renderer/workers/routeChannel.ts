import { CANCELLED, type FromRouteWorker, type RouteRunner } from '../../app/roads/routeRunner';
import type { RouteResult } from '../../shared/roads/route';

/** Runs each route in its own worker (passed to the session by renderer/main.tsx); cancel ends it at once. */
export const workerRouteRunner: RouteRunner = (ask, onProgress) => {
  const worker = new Worker(new URL('./routeWorker.ts', import.meta.url), { type: 'module', name: 'road-route' });
  let settle: (result: RouteResult) => void = () => undefined;
  let settled = false;
  const result = new Promise<RouteResult>((resolve) => {
    settle = resolve;
  });
  const end = (value: RouteResult) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    settle(value);
  };
  worker.onmessage = (event: MessageEvent<FromRouteWorker>) => {
    if (event.data.type === 'progress') onProgress(event.data.fraction);
    else end(event.data.result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    end({ ok: false, problem: 'the route search stopped with an error' });
  };
  worker.postMessage({ ...ask, heights: ask.heights.slice() });
  return { result, cancel: () => end(CANCELLED) };
};
