/**
 * Roads (shared/roads, the `road` layer): a 500 m road at 4097² re-evaluated over its dirty rectangle
 * after one control point moves (what a drag in the editor asks of the layer stack before the views
 * redraw the rectangle), against copying that rectangle (the least any local layer costs).
 */
import type { Benchmark } from './harness';
import { evaluateStack } from '../shared/layers/evaluate';
import { copyRect } from '../shared/layers/kind';
import { StackEvaluator } from '../shared/layers/incremental';
import { roadKind } from '../shared/layers/kinds/road';
import { unionRect } from '../shared/layers/kinds/sculpt';
import type { Layer, Rect, RoadLayer } from '../shared/layers/types';
import { splineLength } from '../shared/roads/centreline';
import { roadParams } from '../shared/roads/params';
import { ROAD_BENCH_POINTS, ROAD_BENCH_SIZE, rollingHeights } from './roadFixture';

const BIG = ROAD_BENCH_SIZE;
const POINTS = ROAD_BENCH_POINTS;

interface RoadState {
  stack: Layer[];
  evaluator: StackEvaluator;
  runs: number;
  rect: Rect;
  scratch: Float32Array;
}

function setup(): RoadState {
  const base = { enabled: true, opacity: 1 };
  const road: RoadLayer = { ...base, id: 'road-1', name: 'Road', kind: 'road', params: roadParams(POINTS, { bank: 'auto' }) };
  const stack: Layer[] = [
    { ...base, id: 'base', name: 'Base', kind: 'heights', params: {}, heights: rollingHeights(BIG) },
    { ...base, id: 'sculpt', name: 'Sculpt', kind: 'sculpt', params: {}, tiles: [] },
    road,
  ];
  const evaluator = new StackEvaluator(BIG);
  evaluator.evaluate(stack);
  const moved = movedRoad(road, 5);
  const rect = unionRect(roadKind.bounds!(road, BIG), roadKind.bounds!(moved, BIG))!;
  return { stack, evaluator, runs: 0, rect, scratch: new Float32Array(BIG.width * BIG.depth) };
}

/** The road with its middle control point moved `by` metres along x. */
function movedRoad(road: RoadLayer, by: number): RoadLayer {
  const points = road.params.points.map((p, n) => (n === 2 ? { ...p, x: p.x + by } : p));
  return { ...road, params: { ...road.params, points } };
}

const copy: Benchmark = {
  name: 'roads: copy a 500 m road’s dirty rectangle, 4097²',
  size: 4097,
  samples: 15,
  warmup: 3,
  setup,
  run: (s) => {
    const state = s as RoadState;
    copyRect(state.stack[0].kind === 'heights' ? state.stack[0].heights : state.scratch, state.scratch, BIG.width, state.rect);
  },
};

const move: Benchmark = {
  name: 'roads: move one point of a 500 m road, re-evaluate its dirty rectangle, 4097²',
  size: 4097,
  params: { lengthM: Math.round(splineLength(POINTS)) },
  baseline: copy.name,
  samples: 15,
  warmup: 3,
  setup,
  run: (s) => {
    const state = s as RoadState;
    const old = state.stack[2] as RoadLayer;
    const moved = movedRoad(old, state.runs++ % 2 === 0 ? 5 : -5);
    state.stack[2] = moved;
    const rect = unionRect(roadKind.bounds!(old, BIG), roadKind.bounds!(moved, BIG))!;
    state.evaluator.evaluateRect(state.stack, 2, rect);
    if (state.evaluator.stats.wholeLayers !== 0) throw new Error('moving a road point re-ran a whole layer');
  },
};

interface JoinedState {
  road: RoadLayer;
  below: Layer[];
  input: Float32Array;
  out: Float32Array;
  rect: Rect;
}

/**
 * The road over two roads below it: it crosses one and ends on the other (shared/roads/junction.ts).
 * The layer applied over its dirty rectangle on the heights it receives, told of the roads below (its
 * junctions) and not: the cost of the junctions alone.
 */
function setupJoined(): JoinedState {
  const base = { enabled: true, opacity: 1 };
  const road: RoadLayer = { ...base, id: 'road-3', name: 'Road', kind: 'road', params: roadParams(POINTS, { bank: 'auto' }) };
  const crossed: RoadLayer = {
    ...base,
    id: 'road-1',
    name: 'Crossed',
    kind: 'road',
    params: roadParams([
      { x: -100, z: -200 },
      { x: -100, z: 200 },
    ]),
  };
  const ended: RoadLayer = {
    ...base,
    id: 'road-2',
    name: 'Through',
    kind: 'road',
    params: roadParams([
      { x: 230, z: -150 },
      { x: 230, z: 170 },
    ]),
  };
  const below: Layer[] = [{ ...base, id: 'base', name: 'Base', kind: 'heights', params: {}, heights: rollingHeights(BIG) }, crossed, ended];
  const input = evaluateStack(below, BIG)!;
  const rect = unionRect(roadKind.bounds!(road, BIG), roadKind.bounds!(movedRoad(road, 5), BIG))!;
  return { road, below, input, out: new Float32Array(input.length), rect };
}

const applyAlone: Benchmark = {
  name: 'roads: a 500 m road over its dirty rectangle, not told of the roads below it, 4097²',
  size: 4097,
  params: { lengthM: Math.round(splineLength(POINTS)) },
  samples: 15,
  warmup: 3,
  setup: setupJoined,
  run: (s) => {
    const state = s as JoinedState;
    roadKind.apply(state.road, state.input, state.out, BIG, state.rect, {});
  },
};

const applyJoined: Benchmark = {
  name: 'roads: the same road joined to the two roads below it (a crossing, a T), 4097²',
  size: 4097,
  params: { lengthM: Math.round(splineLength(POINTS)), junctions: 2 },
  baseline: applyAlone.name,
  samples: 15,
  warmup: 3,
  setup: setupJoined,
  run: (s) => {
    const state = s as JoinedState;
    roadKind.apply(state.road, state.input, state.out, BIG, state.rect, { below: state.below });
  },
};

export const benchmarks: Benchmark[] = [copy, move, applyAlone, applyJoined];
