/**
 * What the spline tool does to a stack, for any kind drawn as a spline (roads: roadEdits.ts; rivers):
 * each returns the next stack with one layer's params replaced (new objects along the changed path,
 * the old ones untouched for undo), or throws a RangeError whose message the user sees.
 */
import type { Layer, LayerStack } from '../../shared/layers/types';
import type { SplineLayer } from './splineKind';

type PointOf<L extends SplineLayer> = L['params']['points'][number];

export interface SplineEditKind<L extends SplineLayer> {
  /** "road", "river". */
  noun: string;
  isKind(layer: Layer | undefined): layer is L;
  valuesProblem(params: L['params']): string | null;
  /** The end of the refusal to delete one of the last two points ("control points: delete the road instead (Roads tab)"). */
  lastTwo: string;
}

export function splineIndex<L extends SplineLayer>(kind: SplineEditKind<L>, stack: LayerStack, id: string): number {
  const index = stack.findIndex((layer) => layer.id === id);
  if (!kind.isKind(stack[index])) throw new RangeError(`there is no ${kind.noun} "${id}"`);
  return index;
}

/** The stack with layer `id`'s params changed by `change` (given a copy of the points to change). */
export function stackWithSplineParams<L extends SplineLayer>(
  kind: SplineEditKind<L>,
  stack: LayerStack,
  id: string,
  change: (params: L['params']) => L['params'],
): Layer[] {
  const index = splineIndex(kind, stack, id);
  const layer = stack[index] as L;
  const params = change({ ...layer.params, points: layer.params.points.slice() } as L['params']);
  const problem = kind.valuesProblem(params);
  if (problem) throw new RangeError(problem);
  const next = stack.slice();
  next[index] = { ...layer, params } as L;
  return next;
}

function pointAt<L extends SplineLayer>(kind: SplineEditKind<L>, params: L['params'], n: number): PointOf<L> {
  const point = params.points[n];
  if (!Number.isInteger(n) || !point) throw new RangeError(`the ${kind.noun} has no point ${n + 1}`);
  return point;
}

export const appendSplinePoint = <L extends SplineLayer>(kind: SplineEditKind<L>, stack: LayerStack, id: string, point: { x: number; z: number }): Layer[] =>
  stackWithSplineParams(kind, stack, id, (p) => ({ ...p, points: [...p.points, { x: point.x, z: point.z }] }) as L['params']);

/** A new point before point `n` (between n − 1 and n; before the first when n is 0: a new first point). */
export const insertSplinePoint = <L extends SplineLayer>(kind: SplineEditKind<L>, stack: LayerStack, id: string, n: number, x: number, z: number): Layer[] =>
  stackWithSplineParams(kind, stack, id, (p) => {
    if (!Number.isInteger(n) || n < 0 || n >= p.points.length) throw new RangeError(`a point goes before one of the ${kind.noun}'s points (${n} is not one)`);
    p.points.splice(n, 0, { x, z });
    return p;
  });

/** Deletes point `n`; a spline keeps at least two points (delete the layer instead). */
export const deleteSplinePoint = <L extends SplineLayer>(kind: SplineEditKind<L>, stack: LayerStack, id: string, n: number): Layer[] =>
  stackWithSplineParams(kind, stack, id, (p) => {
    pointAt(kind, p, n);
    if (p.points.length <= 2) throw new RangeError(`a ${kind.noun} needs at least two ${kind.lastTwo}`);
    p.points.splice(n, 1);
    return p;
  });

/** Moves point `n` (keeping its own values). */
export const moveSplinePoint = <L extends SplineLayer>(kind: SplineEditKind<L>, stack: LayerStack, id: string, n: number, x: number, z: number): Layer[] =>
  stackWithSplineParams(kind, stack, id, (p) => {
    p.points[n] = { ...pointAt(kind, p, n), x, z };
    return p;
  });
