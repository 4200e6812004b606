import type { Benchmark } from './harness';
import { fitRoad } from '../shared/roads/fittedRoad';
import { shapeRoad, roadReach, lineBounds } from '../shared/roads/footprint';
import { roadParams } from '../shared/roads/params';
import { paintRoads } from '../shared/roads/roadPaint';
import { ROAD_BENCH_POINTS, ROAD_BENCH_SIZE, rollingHeights } from './roadFixture';

/**
 * The 3D view's road paint (shared/roads/roadPaint.ts), made again at every step of a road drag,
 * against what the same step costs the heights: the road shaped over its bounds.
 */
const params = roadParams(ROAD_BENCH_POINTS, { bank: 'auto' });
let state: { heights: Float32Array; out: Float32Array; fitted: ReturnType<typeof fitRoad> } | null = null;
function roadState() {
  if (!state) {
    const heights = rollingHeights(ROAD_BENCH_SIZE);
    state = { heights, out: heights.slice(), fitted: fitRoad(params, heights, ROAD_BENCH_SIZE) };
  }
  return state;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'road-shape: the 573 m road over its bounds, 4097²',
    size: ROAD_BENCH_SIZE.width,
    samples: 15,
    setup: roadState,
    run: (s) => {
      const { heights, out, fitted } = s as ReturnType<typeof roadState>;
      const rect = lineBounds(fitted.line, roadReach(params, ROAD_BENCH_SIZE.cellSize), ROAD_BENCH_SIZE)!;
      shapeRoad(fitted, heights, out, ROAD_BENCH_SIZE, rect);
    },
  },
  {
    name: 'road-paint: the 573 m road’s paint texture (texels 1 m), 4097²',
    size: ROAD_BENCH_SIZE.width,
    samples: 15,
    baseline: 'road-shape: the 573 m road over its bounds, 4097²',
    setup: roadState,
    run: (s) => {
      const { fitted } = s as ReturnType<typeof roadState>;
      const paint = paintRoads([{ line: fitted.line, surface: 'asphalt' }], ROAD_BENCH_SIZE);
      if (!paint) throw new Error('no paint');
    },
    measure: () => {
      const paint = paintRoads([{ line: roadState().fitted.line, surface: 'asphalt' }], ROAD_BENCH_SIZE)!;
      return { texels: paint.width * paint.depth, halfFloatBytes: paint.width * paint.depth * 8 };
    },
  },
];
