/**
 * How the window runs the road router: off the main thread in the window (renderer/workers/
 * routeWorker.ts), on this thread after a tick in tests and headless sessions. Either can be cancelled.
 */
import { routeRoad, type RouteRequest, type RouteResult } from '../../shared/roads/route';

/** What a route search needs (the heights are copied to the worker). */
export type RouteAsk = Omit<RouteRequest, 'onProgress' | 'shouldStop'>;

export interface RouteRun {
  result: Promise<RouteResult>;
  /** Stops the search: the result is then { ok: false, cancelled: true }. */
  cancel(): void;
}

export type RouteRunner = (ask: RouteAsk, onProgress: (fraction: number) => void) => RouteRun;

/** Messages to and from the route worker. */
export type ToRouteWorker = RouteAsk;
export type FromRouteWorker = { type: 'progress'; fraction: number } | { type: 'done'; result: RouteResult };

export const CANCELLED: RouteResult = { ok: false, problem: 'the route was cancelled', cancelled: true };

/** The search on this thread, after a tick (tests, headless sessions). */
export const inProcessRouteRunner: RouteRunner = (ask, onProgress) => {
  let stopped = false;
  const result = new Promise<RouteResult>((resolve) => {
    setTimeout(() => resolve(stopped ? CANCELLED : routeRoad({ ...ask, onProgress, shouldStop: () => stopped })), 0);
  });
  return {
    result,
    cancel: () => {
      stopped = true;
    },
  };
};
