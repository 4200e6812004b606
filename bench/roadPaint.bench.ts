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
/** The same road with level shoulders (as new roads have them). */
const levelParams = roadParams(ROAD_BENCH_POINTS, { bank: 'auto', levelShoulders: true });
let state: { heights: Float32Array; out: Float32Array; fitted: ReturnType<typeof fitRoad>; level: ReturnType<typeof fitRoad> } | null = null;
function roadState() {
  if (!state) {
    const heights = rollingHeights(ROAD_BENCH_SIZE);
    state = { heights, out: heights.slice(), fitted: fitRoad(params, heights, ROAD_BENCH_SIZE), level: fitRoad(levelParams, heights, ROAD_BENCH_SIZE) };
  }
  return state;
}
const SHAPE = 'road-shape: the 573 m road over its bounds, 4097²';

export const benchmarks: Benchmark[] = [
  {
    name: SHAPE,
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
    name: 'road-shape: the same road with level shoulders, 4097²',
    size: ROAD_BENCH_SIZE.width,
    samples: 15,
    baseline: SHAPE,
    setup: roadState,
    run: (s) => {
      const { heights, out, level } = s as ReturnType<typeof roadState>;
      const rect = lineBounds(level.line, roadReach(levelParams, ROAD_BENCH_SIZE.cellSize), ROAD_BENCH_SIZE)!;
      shapeRoad(level, heights, out, ROAD_BENCH_SIZE, rect);
    },
    measure: () => {
      const { fitted, level } = roadState();
      const vertices = (p: typeof params, f: typeof fitted) => {
        const r = lineBounds(f.line, roadReach(p, ROAD_BENCH_SIZE.cellSize), ROAD_BENCH_SIZE)!;
        return (r.i1 - r.i0) * (r.j1 - r.j0);
      };
      return { rect_vertices: vertices(levelParams, level), rect_vertices_without: vertices(params, fitted) };
    },
  },
  {
    name: 'road-paint: the 573 m road’s paint texture (texels 1 m), 4097²',
    size: ROAD_BENCH_SIZE.width,
    samples: 15,
    baseline: SHAPE,
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
