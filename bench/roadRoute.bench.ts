/**
 * The road router (shared/roads/route.ts): a road at 8 % and 30 km/h from the foot of a 120 m, 60 %
 * escarpment to its top, 800 m apart straight across it, on a 4097² map at 1 m (the route needs at
 * least 1500 m to climb and switches back), against building the routed road's model on the same map.
 */
import type { Benchmark } from './harness';
import { fitRoad } from '../shared/roads/fittedRoad';
import { roadParams, type RoadPoint } from '../shared/roads/params';
import { routeRoad } from '../shared/roads/route';
import { routeLimits } from '../shared/roads/routeLimits';
import { escarpment } from '../shared/roads/testing/routeTerrain';

const SIZE = { width: 4097, depth: 4097, cellSize: 1 };
const DESIGN = { maxGradePct: 8, designSpeedKmh: 30 };
const ASK = [
  { x: 0, z: -400 },
  { x: 0, z: 400 },
];

interface State {
  heights: Float32Array;
  points: RoadPoint[];
}

function setup(): State {
  const heights = escarpment(SIZE).heights;
  const result = routeRoad({ heights, size: SIZE, waypoints: ASK, limits: routeLimits(DESIGN), width: 8 });
  if (!result.ok) throw new Error(result.problem);
  return { heights, points: result.points };
}

const model: Benchmark = {
  name: 'road-route baseline: the routed road’s model (centreline, profile) on the escarpment, 4097²',
  size: 4097,
  samples: 5,
  warmup: 1,
  setup,
  run: (s) => {
    const state = s as State;
    fitRoad(
      roadParams(
        state.points.map((p) => ({ ...p })),
        DESIGN,
      ),
      state.heights,
      SIZE,
    );
  },
};

/** The cached escarpment for `measure` (which runs without setup). */
let kept: State | null = null;
const state = () => (kept ??= setup());

/** One route's CPU time (user + system): on a shared machine wall time counts waiting for a core. */
function routeCpu(): Record<string, number> {
  const { heights } = state();
  const start = process.cpuUsage();
  routeRoad({ heights, size: SIZE, waypoints: ASK, limits: routeLimits(DESIGN), width: 8 });
  const used = process.cpuUsage(start);
  return { cpu_ms: (used.user + used.system) / 1000 };
}

const route: Benchmark = {
  name: 'road-route',
  size: 4097,
  baseline: model.name,
  samples: 3,
  warmup: 1,
  params: { grade_pct: 8, design_speed_kmh: 30, rise_m: 120, slope_pct: 60 },
  setup: state,
  measure: routeCpu,
  run: (s) => {
    const state = s as State;
    const result = routeRoad({ heights: state.heights, size: SIZE, waypoints: ASK, limits: routeLimits(DESIGN), width: 8 });
    if (!result.ok) throw new Error(result.problem);
  },
};

export const benchmarks: Benchmark[] = [model, route];
