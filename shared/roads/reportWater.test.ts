import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import { stackWaterWithout } from '../layers/stackWaterDepth';
import type { HeightsLayer, Layer, RiverLayer } from '../layers/types';
import { riverParams } from '../rivers/params';
import { fitRoad } from './fittedRoad';
import { REPORT_CSV_COLUMNS, reportCsv, reportJson, roadReport } from './report';
import { ROAD_SIZE, roadLayer } from './testing/terrain';

const size = ROAD_SIZE;
const flat: HeightsLayer = {
  id: 'ground',
  name: 'Ground',
  enabled: true,
  opacity: 1,
  kind: 'heights',
  params: {},
  heights: new Float32Array(size.width * size.depth),
};
// A river 6 m wide, its bed 1.5 m below the water, across the map along x = 0; on flat ground its surface is the ground.
const river: RiverLayer = {
  id: 'river-1',
  name: 'River',
  enabled: true,
  opacity: 1,
  kind: 'river',
  params: riverParams(
    [
      { x: 0, z: -110 },
      { x: 0, z: 110 },
    ],
    { width: 6, depth: 1.5 },
  ),
};
const road = roadLayer([
  { x: -100, z: 0 },
  { x: 100, z: 0 },
]);

describe('the road report over water', () => {
  it('flags the segments whose centreline crosses water with its depth (the water without the road), in the table, JSON and CSV', () => {
    const stack: Layer[] = [flat, river, road];
    const below = evaluateStack([flat, river], size)!;
    const shaped = evaluateStack(stack, size)!;
    const water = stackWaterWithout(stack, road.id, size);
    const report = roadReport(fitRoad(road.params, below, size), shaped, size, null, water);
    const wet = report.segments.filter((s) => s.flags.includes('water'));
    // The segments either side of x = 0 (100 m along the road), each holding part of the 6 m bed.
    expect(wet.map((s) => [Math.round(s.from), Math.round(s.to)])).toEqual([
      [90, 100],
      [100, 110],
    ]);
    for (const s of wet) expect(s.water).toBeCloseTo(1.5, 3);
    expect(report.segments.filter((s) => !s.flags.includes('water')).every((s) => s.water === 0)).toBe(true);
    const json = reportJson(report, 'Road 1') as { segments: { water: number; flags: string[] }[] };
    expect(json.segments[9]).toMatchObject({ water: 1.5, flags: expect.arrayContaining(['water']) });
    const lines = reportCsv(report).trimEnd().split('\n');
    const column = REPORT_CSV_COLUMNS.indexOf('water_m');
    expect(lines[0].split(',')[column]).toBe('water_m');
    expect(lines[10].split(',')[column]).toBe('1.5');
    expect(lines[1].split(',')[column]).toBe('0');
  });

  it('reports no water without a water field', () => {
    const below = evaluateStack([flat, river], size)!;
    const report = roadReport(fitRoad(road.params, below, size), evaluateStack([flat, river, road], size)!, size);
    expect(report.segments.every((s) => s.water === 0 && !s.flags.includes('water'))).toBe(true);
  });
});
