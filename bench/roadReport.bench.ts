/**
 * The editor's road report from the geometry (app/roads/roadReportModel.ts does this on the UI thread
 * after every edit while the report or its overlay shows): the road's model on the document's heights,
 * the report per 10 m and each segment's overlay colour, for a 573 m road at 4097², against copying
 * the road's dirty rectangle (roads.bench.ts's baseline: the least any local layer costs).
 */
import type { Benchmark } from './harness';
import { copyRect } from '../shared/layers/kind';
import { roadKind } from '../shared/layers/kinds/road';
import type { LayerSize, Rect, RoadLayer } from '../shared/layers/types';
import { buildRoadModel } from '../shared/roads/model';
import { roadParams, type RoadPoint } from '../shared/roads/params';
import { roadReport } from '../shared/roads/report';
import { segmentStatus } from '../app/roads/roadReportStatus';

const BIG: LayerSize = { width: 4097, depth: 4097, cellSize: 1 };
const POINTS: RoadPoint[] = [
  { x: -220, z: -80 },
  { x: -90, z: 30 },
  { x: 40, z: -40 },
  { x: 150, z: 60 },
  { x: 230, z: 10 },
];

interface State {
  heights: Float32Array;
  scratch: Float32Array;
  road: RoadLayer;
  rect: Rect;
  n: number;
}

function setup(): State {
  const heights = new Float32Array(BIG.width * BIG.depth);
  for (let j = 0; j < BIG.depth; j++) for (let i = 0; i < BIG.width; i++) heights[j * BIG.width + i] = Math.sin(i * 0.01) * 40 + Math.cos(j * 0.013) * 30;
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
    const model = buildRoadModel(params, state.heights, BIG);
    const result = roadReport(model, state.heights, BIG, null);
    state.n += result.segments.filter((segment) => segmentStatus(segment, result) !== 'ok').length;
  },
};

export const benchmarks: Benchmark[] = [copy, report];
