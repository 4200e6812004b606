import { CANCELLED, type FromRouteWorker, type RouteRunner } from '../../app/roads/routeRunner';
import type { RouteResult } from '../../shared/roads/route';
import { oneShotWorker } from './oneShotWorker';

/** Runs each route in its own worker (passed to the session by renderer/main.tsx); cancel ends it at once. */
export const workerRouteRunner: RouteRunner = (ask, onProgress) => {
  const worker = new Worker(new URL('./routeWorker.ts', import.meta.url), { type: 'module', name: 'road-route' });
  const { result, end } = oneShotWorker<RouteResult, FromRouteWorker>(
    worker,
    (data, done) => (data.type === 'progress' ? onProgress(data.fraction) : done(data.result)),
    { ok: false, problem: 'the route search stopped with an error' },
  );
  worker.postMessage({ ...ask, heights: ask.heights.slice() });
  return { result, cancel: () => end(CANCELLED) };
};
