import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer, RoadLayer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

let terrain: Uint8Array | undefined;
async function project(): Promise<Uint8Array> {
  if (terrain) return terrain;
  const io = fakeCliIo();
  expect(await runCli(['generate', '--size', '257', '--cell-size', '2', '--seed', '5', '--quiet', '--out', 't.faultline'], io)).toBe(0);
  terrain = io.files.get('t.faultline')!;
  return terrain;
}

describe('faultline road --from --to', () => {
  it('routes the road itself through a via point; the outputs are as with --spline and the report flags no grade or radius', async () => {
    const io = fakeCliIo({ inputs: { 't.faultline': await project() } });
    const code = await runCli(
      [
        'road',
        't.faultline',
        '--from',
        '-180,-180',
        '--via',
        '-60,100',
        '--to',
        '180,150',
        '--design-speed',
        '30',
        '--out',
        'r.faultline',
        '--centreline',
        'c.json',
        '--report',
        'report.json',
      ],
      io,
    );
    // Only the test drive's progress on stderr.
    expect(io.err.split('\n').filter((line) => line && !/^faultline road: (the report's test drive|\d+ %)/.test(line))).toEqual([]);
    expect(code).toBe(0);
    expect(io.out).toMatch(/^added road-1 "Road 1" \([\d.]+ m\)/);
    const road = parseProject(io.files.get('r.faultline')!, 'r.faultline').layers!.at(-1) as RoadLayer;
    expect(road.params.points[0]).toEqual({ x: -180, z: -180 });
    expect(road.params.points).toContainEqual({ x: -60, z: 100 });
    expect(road.params.points.at(-1)).toEqual({ x: 180, z: 150 });
    expect(road.params.designSpeedKmh).toBe(30);
    const report = JSON.parse(new TextDecoder().decode(io.files.get('report.json')!)) as { segments: { flags: string[] }[] };
    expect(report.segments.filter((s) => s.flags.includes('grade') || s.flags.includes('radius')).map((s) => JSON.stringify(s))).toEqual([]);
    expect(io.files.has('c.json')).toBe(true);
  });

  it('refuses an impossible ask with the reason, exit 2, nothing written', async () => {
    const io = fakeCliIo({ inputs: { 't.faultline': await project() } });
    const code = await runCli(
      ['road', 't.faultline', '--from', '-100,-100', '--to', '100,100', '--max-grade', '0.2', '--out', 'r.faultline', '--report', 'report.csv'],
      io,
    );
    expect(code).toBe(2);
    expect(io.err).toMatch(
      new RegExp(
        String.raw`^faultline road: t\.faultline: no route from the start \(-100, -100\) to the end \(100, 100\) stays within a 0\.2 % grade ` +
          String.raw`and bends of at least [\d.]+ m inside the map; .*; nothing written\n$`,
      ),
    );
    expect(io.files.has('r.faultline')).toBe(false);
    expect(io.files.has('report.csv')).toBe(false);
  });

  it('--avoid props: the route goes round the props and clears none; --avoid water: a river across the whole map cannot be crossed', async () => {
    // A flat 129 m map, a row of rocks across the straight line from the start to the end.
    const rocks = [-20, -15, -10, -5, 0, 5, 10, 15, 20].map((z, n) => ({ id: `rock-${n}`, type: 'rock', x: 0, z, yaw: 0, scale: 1 }));
    const flat = compileProject({ field: createHeightfield(129, 129, 1), recipe: null, history: [], props: rocks, view: {}, layers: [] });
    const ask = ['road', 'flat.faultline', '--from', '-40,0', '--to', '40,0', '--design-speed', '30', '--out', 'r.faultline'];
    const through = fakeCliIo({ inputs: { 'flat.faultline': flat } });
    expect(await runCli(ask, through)).toBe(0);
    expect(through.out).toMatch(/removed [1-9]\d* props? on the road/);
    const round = fakeCliIo({ inputs: { 'flat.faultline': flat } });
    expect(await runCli([...ask, '--avoid', 'props'], round)).toBe(0);
    expect(round.err).toBe('');
    expect(round.out).toMatch(/removed 0 props on the road/);
    expect(parseProject(round.files.get('r.faultline')!, 'r.faultline').props).toHaveLength(rocks.length);
    // A river along x = 0 from edge to edge (a flat 129 m map of 1 m cells): crossed as a ford unless avoided.
    const river: Layer = {
      ...{ id: 'river-1', name: 'River', enabled: true, opacity: 1 },
      kind: 'river',
      params: riverParams(
        [
          { x: 0, z: -62 },
          { x: 0, z: 62 },
        ],
        { width: 6, depth: 1.5 },
      ),
    };
    const size = { width: 129, depth: 129, cellSize: 1 };
    const wetField = createHeightfield(129, 129, 1, evaluateStack([river], size)!);
    const wet = compileProject({ field: wetField, recipe: null, history: [], props: [], view: {}, layers: [river] });
    const crossing = ['road', 'wet.faultline', '--from', '-40,0', '--to', '40,0', '--design-speed', '30', '--out', 'r.faultline'];
    const ford = fakeCliIo({ inputs: { 'wet.faultline': wet } });
    expect(await runCli(crossing, ford)).toBe(0);
    const dry = fakeCliIo({ inputs: { 'wet.faultline': wet } });
    expect(await runCli([...crossing, '--avoid', 'water,props'], dry)).toBe(2);
    expect(dry.err).toMatch(/^faultline road: wet\.faultline: no route from the start \(-40, 0\) to the end \(40, 0\) .* inside the map /);
    expect(dry.err).toContain('and off water and props; ');
    expect(dry.files.size).toBe(0);
  });

  it('says what is wrong with the points on the command line', async () => {
    for (const [args, error] of [
      [['--spline', 'road.json', '--from', '0,0', '--to', '1,1'], /--spline and --from\/--to\/--via are two ways to give the road: use one/],
      [['--from', '0,0'], /--to x,z is required with --from/],
      [['--from', '0;0', '--to', '1,1'], /--from must be x,z in metres, got "0;0"/],
      [[], /--spline road\.json is required \(or --from x,z --to x,z to route the road\)/],
      [['--from', '0,0', '--to', '5000,0'], /point 2 \(5000, 0\) is off the map/],
      [['--from', '0,0', '--to', '50,0', '--avoid', 'trees'], /--avoid must be water, props or water,props, got "trees"/],
      [['--spline', 'road.json', '--avoid', 'water'], /--avoid is for a routed road \(--from\/--to\)/],
    ] as const) {
      const io = fakeCliIo({ inputs: { 't.faultline': await project() } });
      expect(await runCli(['road', 't.faultline', ...args, '--out', 'r.faultline'], io)).toBe(2);
      expect(io.err).toMatch(error);
    }
  });
});
