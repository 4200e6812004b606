/**
 * What the road tool and the Roads tab do to a stack (pure): each returns the next stack with one road
 * layer replaced (new objects along the changed path, the old ones untouched for undo), or throws a
 * RangeError whose message the user sees.
 */
import { withChoice, type CrossingKind } from '../../shared/roads/crossings';
import { defaultRoadName, nextRoadId } from '../../shared/layers/kinds/road';
import type { Layer, LayerStack, RoadLayer } from '../../shared/layers/types';
import { newRoadParams, roadValuesProblem, type RoadParams, type RoadPoint, type RoadSurface } from '../../shared/roads/params';
import { maxGradeFor, type RoadClass } from '../../shared/roads/standard';
import {
  appendSplinePoint,
  deleteSplinePoint,
  insertSplinePoint,
  moveSplinePoint,
  splineIndex,
  stackWithSplineParams,
  type SplineEditKind,
} from './splineEdits';

export const isRoad = (layer: Layer | undefined): layer is RoadLayer => layer?.kind === 'road';

const ROAD_EDITS: SplineEditKind<RoadLayer> = {
  noun: 'road',
  isKind: isRoad,
  valuesProblem: roadValuesProblem,
  lastTwo: 'control points: delete the road instead (Roads tab)',
};

/** The road layers of a stack, bottom first. */
export function roadsOf(stack: LayerStack): RoadLayer[] {
  return stack.filter(isRoad);
}

export function roadIndex(stack: LayerStack, id: string): number {
  return splineIndex(ROAD_EDITS, stack, id);
}

/** A new road through two points at the top of the stack (id `road-N`, name "Road N"). */
export function stackWithNewRoad(
  stack: LayerStack,
  points: RoadPoint[],
  overrides: Partial<Omit<RoadParams, 'points'>> = {},
): { stack: Layer[]; road: RoadLayer } {
  const id = nextRoadId(stack);
  const road: RoadLayer = {
    id,
    kind: 'road',
    name: defaultRoadName(id),
    enabled: true,
    opacity: 1,
    params: newRoadParams(
      points.map((p) => ({ ...p })),
      overrides,
    ),
  };
  return { stack: [...stack, road], road };
}

/** The stack with road `id`'s params changed by `change` (given a copy of the points to change). */
export function stackWithRoadParams(stack: LayerStack, id: string, change: (params: RoadParams) => RoadParams): Layer[] {
  return stackWithSplineParams(ROAD_EDITS, stack, id, change);
}

export const appendPoint = (stack: LayerStack, id: string, point: RoadPoint): Layer[] => appendSplinePoint(ROAD_EDITS, stack, id, point);

/** Moves point `n` (keeping its own width and bank). */
export const movePoint = (stack: LayerStack, id: string, n: number, x: number, z: number): Layer[] => moveSplinePoint(ROAD_EDITS, stack, id, n, x, z);

/** A new point before point `n` (between n − 1 and n). */
export const insertPoint = (stack: LayerStack, id: string, n: number, x: number, z: number): Layer[] => insertSplinePoint(ROAD_EDITS, stack, id, n, x, z);

/** Deletes point `n`; a road keeps at least two points (delete the road instead). */
export const deletePoint = (stack: LayerStack, id: string, n: number): Layer[] => deleteSplinePoint(ROAD_EDITS, stack, id, n);

/** Sets point `n`'s own width or bank (undefined: the road's value). */
export const setPointValue = (stack: LayerStack, id: string, n: number, key: 'width' | 'bank', value: number | undefined): Layer[] =>
  stackWithRoadParams(stack, id, (p) => {
    const point: RoadPoint = { ...pointAt(p, n) };
    if (value === undefined) delete point[key];
    else point[key] = value;
    p.points[n] = point;
    return p;
  });

export type RoadWideKey = 'width' | 'falloffLeft' | 'falloffRight' | 'slopeLimitDeg' | 'maxGradePct' | 'designSpeedKmh' | 'eMaxPct' | 'bank';

export const setRoadValue = (stack: LayerStack, id: string, key: RoadWideKey, value: number | 'auto'): Layer[] =>
  stackWithRoadParams(stack, id, (p) => {
    if (value === 'auto' && key !== 'bank') throw new RangeError(`${key} must be a number`);
    return { ...p, [key]: value };
  });

/** A road's on/off options whose absence is the rule of projects saved before them. */
export type RoadOption = 'endsOnGround' | 'levelShoulders';

/** Turns a road's option on (true) or off (the key removed: the older rule, as a road saved before it). */
export const setRoadOption = (stack: LayerStack, id: string, key: RoadOption, on: boolean): Layer[] =>
  stackWithRoadParams(stack, id, (p) => {
    const next = { ...p };
    if (on) next[key] = true;
    else delete next[key];
    return next;
  });

/** Sets what the views draw the road's surface in (no height changes). */
export const setRoadSurface = (stack: LayerStack, id: string, surface: RoadSurface): Layer[] => stackWithRoadParams(stack, id, (p) => ({ ...p, surface }));

/** Sets the road's class (null: none); a class sets the maximum grade from the standard's table for the design speed. */
export const setRoadClass = (stack: LayerStack, id: string, roadClass: RoadClass | null): Layer[] =>
  stackWithRoadParams(stack, id, (p) => {
    if (roadClass === null) {
      const next = { ...p };
      delete next.roadClass;
      return next;
    }
    return { ...p, roadClass: { ...roadClass }, maxGradePct: maxGradeFor(roadClass.kind, roadClass.terrain, p.designSpeedKmh) };
  });

/**
 * Ford or bridge for the crossing of the wet stretch from…to (metres along the road): replaces any choice
 * overlapping it; a bridge keeps the water's `surface` there, which its deck clears.
 */
export const setCrossing = (stack: LayerStack, id: string, from: number, to: number, kind: CrossingKind, surface?: number | null): Layer[] =>
  stackWithRoadParams(stack, id, (p) => ({ ...p, crossings: withChoice(p.crossings, from, to, kind, surface) }));

function pointAt(p: RoadParams, n: number): RoadPoint {
  const point = p.points[n];
  if (!Number.isInteger(n) || !point) throw new RangeError(`the road has no point ${n + 1}`);
  return point;
}
