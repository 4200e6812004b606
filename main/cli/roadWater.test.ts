import { describe, expect, it } from 'vitest';
import { compileProject } from '../../shared/codecs/project';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

// A flat 129 × 129 m map with a drawn river along x = 0, its bed 6 m wide and 1.5 m below the water.
const size = { width: 129, depth: 129, cellSize: 1 };
const river: Layer = {
  id: 'river-1',
  name: 'River',
  enabled: true,
  opacity: 1,
  kind: 'river',
  params: riverParams(
    [
      { x: 0, z: -62 },
      { x: 0, z: 62 },
    ],
    { width: 6, depth: 1.5 },
  ),
};
const project = compileProject({
  field: createHeightfield(129, 129, 1, evaluateStack([river], size)!),
  recipe: null,
  history: [],
  props: [],
  view: {},
  layers: [river],
});

describe('faultline road --report over water', () => {
  it('flags the segments that cross the river with its depth, in the JSON and the CSV', async () => {
    const spline = JSON.stringify({
      points: [
        [-50, 0],
        [50, 0],
      ],
    });
    const io = fakeCliIo({ inputs: { 'map.faultline': project, 'road.json': spline } });
    expect(await runCli(['road', 'map.faultline', '--spline', 'road.json', '--report', 'rep.json', '--out', 'r.faultline'], io)).toBe(0);
    const report = JSON.parse(new TextDecoder().decode(io.files.get('rep.json'))) as {
      segments: { from: number; to: number; water: number; flags: string[] }[];
    };
    const wet = report.segments.filter((s) => s.flags.includes('water'));
    // x = 0 is 50 m along the road: the segments either side of it hold the bed.
    expect(wet.map((s) => [Math.round(s.from), Math.round(s.to)])).toEqual([
      [40, 50],
      [50, 60],
    ]);
    for (const s of wet) expect(s.water).toBeCloseTo(1.5, 2);
    const csv = fakeCliIo({ inputs: { 'map.faultline': project, 'road.json': spline } });
    expect(await runCli(['road', 'map.faultline', '--spline', 'road.json', '--report', 'rep.csv', '--out', 'r.faultline'], csv)).toBe(0);
    const lines = new TextDecoder().decode(csv.files.get('rep.csv')).trimEnd().split('\n');
    const column = lines[0].split(',').indexOf('water_m');
    expect(Number(lines[5].split(',')[column])).toBeCloseTo(1.5, 2);
    expect(lines[5].split(',')[lines[0].split(',').indexOf('flags')]).toContain('water');
  });
});
