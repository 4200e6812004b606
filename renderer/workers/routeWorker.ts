/// <reference lib="webworker" />
/** Runs the road router (shared/roads/route.ts) off the main thread: progress, then the result. */
import { routeRoad } from '../../shared/roads/route';
import type { FromRouteWorker, ToRouteWorker } from '../../app/roads/routeRunner';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ToRouteWorker>) => {
  let last = -1;
  const result = routeRoad({
    ...event.data,
    onProgress: (fraction) => {
      // At most one message per percent.
      const percent = Math.floor(fraction * 100);
      if (percent === last) return;
      last = percent;
      scope.postMessage({ type: 'progress', fraction } satisfies FromRouteWorker);
    },
  });
  scope.postMessage({ type: 'done', result } satisfies FromRouteWorker);
};
