/**
 * The editor's road report from the geometry (app/roads/roadReportModel.ts does this on the UI thread
 * after every edit while the report or its overlay shows): the road's model on the document's heights,
 * the report per 10 m and each segment's overlay colour, for a 573 m road at 4097², against copying
 * the road's dirty rectangle (roads.bench.ts's baseline: the least any local layer costs).
 */
import type { Benchmark } from './harness';
import { copyRect } from '../shared/layers/kind';
import { roadKind } from '../shared/layers/kinds/road';
import type { Rect, RoadLayer } from '../shared/layers/types';
import { fitRoad } from '../shared/roads/fittedRoad';
import { roadParams } from '../shared/roads/params';
import { ROAD_BENCH_POINTS, ROAD_BENCH_SIZE, rollingHeights } from './roadFixture';
import { roadReport } from '../shared/roads/report';
import { segmentStatus } from '../app/roads/roadReportStatus';

const BIG = ROAD_BENCH_SIZE;
const POINTS = ROAD_BENCH_POINTS;

interface State {
  heights: Float32Array;
  scratch: Float32Array;
  road: RoadLayer;
  rect: Rect;
  n: number;
}

function setup(): State {
  const heights = rollingHeights(BIG);
  const road: RoadLayer = { id: 'road-1', name: 'Road', enabled: true, opacity: 1, kind: 'road', params: roadParams(POINTS, { bank: 'auto' }) };
  return { heights, scratch: new Float32Array(heights.length), road, rect: roadKind.bounds!(road, BIG)!, n: 0 };
}

const copy: Benchmark = {
  name: 'road report: copy a 573 m road’s dirty rectangle, 4097²',
  size: 4097,
  samples: 15,
  warmup: 3,
  setup,
  run: (s) => {
    const state = s as State;
    copyRect(state.heights, state.scratch, BIG.width, state.rect);
  },
};

const report: Benchmark = {
  name: 'road report: model, report per 10 m and overlay colours from the geometry, 573 m road, 4097²',
  size: 4097,
  baseline: copy.name,
  samples: 15,
  warmup: 3,
  setup,
  run: (s) => {
    const state = s as State;
    // A new params object each run, as after an edit of the road (the centreline is rebuilt too).
    const params = { ...state.road.params, points: state.road.params.points.map((p) => ({ ...p })) };
    const fitted = fitRoad(params, state.heights, BIG);
    const result = roadReport(fitted, state.heights, BIG, null);
    state.n += result.segments.filter((segment) => segmentStatus(segment, result) !== 'ok').length;
  },
};

export const benchmarks: Benchmark[] = [copy, report];
