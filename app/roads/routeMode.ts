/**
 * The Road tool's Route mode: a click sets the start, Shift+click adds a via point, the next click sets
 * the end and the router (shared/roads/route.ts) finds the road in a worker, with progress; Esc cancels.
 * The found road is one undoable "Route" entry, an ordinary road whose points the user then edits.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Editor } from '../document/editor';
import { ROAD_DEFAULTS } from '../../shared/roads/params';
import { stackHasWater, stackWaterDepth } from '../../shared/layers/stackWaterDepth';
import { routeBlockedCells } from '../../shared/roads/routeAvoid';
import { routeLimits } from '../../shared/roads/routeLimits';
import type { RoadsModel } from './roadsModel';
import type { RouteRun, RouteRunner } from './routeRunner';

export interface RouteModeState {
  on: boolean;
  /** The start and the via points clicked so far. */
  points: { x: number; z: number }[];
  /** Fraction done while a search runs, else null. */
  progress: number | null;
  /** Design values the route is found for (and the road made with). */
  designSpeedKmh: number;
  maxGradePct: number;
  /** Keep the route off the stack's water and off the props (off: a road may ford, and clears the props it crosses). */
  avoidWater: boolean;
  avoidProps: boolean;
  /** Why the last route failed, or null. */
  message: string | null;
}

export interface RouteMode {
  readonly store: StoreApi<RouteModeState>;
  setOn(on: boolean): void;
  setDesign(values: Partial<Pick<RouteModeState, 'designSpeedKmh' | 'maxGradePct' | 'avoidWater' | 'avoidProps'>>): void;
  /** A click on the terrain in Route mode. */
  click(x: number, z: number, via: boolean): void;
  /** Esc: stops a search, else forgets the clicked points; false when there was nothing to cancel. */
  cancel(): boolean;
  /** Resolves when the running search (if any) has ended and its road is made (tests). */
  settled(): Promise<void>;
}

/** A mountain road's design speed: a route at the default 60 km/h bends no tighter than 189 m. */
export const ROUTE_DESIGN_SPEED = 30;

export function createRouteMode(editor: Editor, roads: RoadsModel, runner: RouteRunner): RouteMode {
  const store = createStore<RouteModeState>(() => ({
    on: false,
    points: [],
    progress: null,
    designSpeedKmh: ROUTE_DESIGN_SPEED,
    maxGradePct: ROAD_DEFAULTS.maxGradePct,
    avoidWater: false,
    avoidProps: false,
    message: null,
  }));
  let run: RouteRun | null = null;
  let done: Promise<void> = Promise.resolve();

  const start = (waypoints: { x: number; z: number }[]) => {
    const { field, stack, props } = editor.document;
    const { designSpeedKmh, maxGradePct, avoidWater, avoidProps } = store.getState();
    const design = { designSpeedKmh, maxGradePct };
    const blocked = routeBlockedCells(field, {
      waterDepth: avoidWater && stackHasWater(stack) ? stackWaterDepth(stack, field) : null,
      props: avoidProps ? props : [],
    });
    const current = runner(
      {
        heights: field.heights,
        size: { width: field.width, depth: field.depth, cellSize: field.cellSize },
        waypoints,
        limits: routeLimits(design),
        width: ROAD_DEFAULTS.width,
        maxCutFill: ROAD_DEFAULTS.maxCutFill,
        ...(blocked ? { blocked } : {}),
      },
      (fraction) => {
        if (run === current) store.setState({ progress: fraction });
      },
    );
    run = current;
    store.setState({ points: [], progress: 0, message: null });
    roads.setDraft(null);
    done = current.result.then(async (result) => {
      if (run !== current) return;
      run = null;
      store.setState({ progress: null });
      if (!result.ok) {
        if (!result.cancelled) store.setState({ message: `No route: ${result.problem}` });
        return;
      }
      await roads.createFromPoints('Route', result.points, design);
    });
  };

  return {
    store,
    setOn(on) {
      if (!on) this.cancel();
      store.setState({ on, points: [], message: null });
    },
    setDesign: (values) => store.setState(values),
    click(x, z, via) {
      if (run) return;
      const { points } = store.getState();
      if (points.length === 0 || via) {
        store.setState({ points: [...points, { x, z }], message: null });
        // The start shows as the draft's point.
        if (points.length === 0) roads.setDraft({ x, z });
        return;
      }
      start([...points, { x, z }]);
    },
    cancel() {
      if (run) {
        run.cancel();
        run = null;
        store.setState({ progress: null, message: 'Route cancelled' });
        return true;
      }
      if (store.getState().points.length === 0) return false;
      store.setState({ points: [] });
      roads.setDraft(null);
      return true;
    },
    settled: () => done,
  };
}
