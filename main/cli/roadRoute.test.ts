import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import type { RoadLayer } from '../../shared/layers/types';
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

  it('says what is wrong with the points on the command line', async () => {
    for (const [args, error] of [
      [['--spline', 'road.json', '--from', '0,0', '--to', '1,1'], /--spline and --from\/--to\/--via are two ways to give the road: use one/],
      [['--from', '0,0'], /--to x,z is required with --from/],
      [['--from', '0;0', '--to', '1,1'], /--from must be x,z in metres, got "0;0"/],
      [[], /--spline road\.json is required \(or --from x,z --to x,z to route the road\)/],
      [['--from', '0,0', '--to', '5000,0'], /point 2 \(5000, 0\) is off the map/],
    ] as const) {
      const io = fakeCliIo({ inputs: { 't.faultline': await project() } });
      expect(await runCli(['road', 't.faultline', ...args, '--out', 'r.faultline'], io)).toBe(2);
      expect(io.err).toMatch(error);
    }
  });
});
