import { describe, expect, it } from 'vitest';
import { compileR32 } from '../../shared/codecs/raw';
import { compileProject } from '../../shared/codecs/project';
import { driveRoute, telemetryCsv, TELEMETRY_COLUMNS } from '../../shared/vehicle/telemetry';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { getPropType } from '../../shared/props/library';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';
import { DRIVE_DEFAULTS, EXIT_BLOCKED } from './drive';

const fakeIo = (inputs: Record<string, Uint8Array | string>, failWrite = false) => fakeCliIo({ inputs, failWriteOn: failWrite ? '*' : undefined });

const hills = fieldFrom(65, 65, 1, (x, z) => 3 * Math.sin(x / 6) + 2 * Math.cos(z / 5));
const route = [
  [-20, -20],
  [15, -10],
  [10, 20],
];
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('faultline drive', () => {
  it('writes the same telemetry as driving the route with the shared code', async () => {
    const io = fakeIo({ 'hills.r32': compileR32(hills), 'route.json': JSON.stringify(route) });
    const code = await runCli(
      ['drive', 'hills.r32', '--route', 'route.json', '--speed', '8', '--step=0.1', '--length', '4', '--width', '2', '--out', 't.csv'],
      io,
    );
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const expected = driveRoute(hills, route as [number, number][], { speed: 8, step: 0.1, length: 4, width: 2 });
    expect(expected.reachedEnd).toBe(true);
    const csv = text(io.files.get('t.csv'));
    expect(csv).toBe(telemetryCsv(expected.rows));
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(TELEMETRY_COLUMNS.join(','));
    const last = lines.at(-1)!.split(',').map(Number);
    expect(last[1]).toBeCloseTo(10, 3);
    expect(last[3]).toBeCloseTo(20, 3);
    expect(io.out).toContain(`t.csv (${lines.length - 1} rows`);
  });

  it('uses its documented defaults and the wheel-plane pose when asked', async () => {
    const io = fakeIo({ 'hills.r32': compileR32(hills), 'route.json': JSON.stringify({ waypoints: route }) });
    expect(await runCli(['drive', 'hills.r32', '--route', 'route.json', '--pose', 'wheel-plane', '--out', 't.csv'], io)).toBe(0);
    const expected = driveRoute(hills, route as [number, number][], { ...DRIVE_DEFAULTS, poseMethod: 'wheelPlane' });
    expect(text(io.files.get('t.csv'))).toBe(telemetryCsv(expected.rows));
  });

  it("stops at a project's props, writes the rows up to the stop and says so", async () => {
    const project = compileProject({
      field: hills,
      recipe: null,
      history: [],
      props: [{ id: 'p1', type: 'rock', x: 0, z: 0, yaw: 0, scale: 2 }],
      view: {},
    });
    const io = fakeIo({ 'map.faultline': project, 'line.json': '[[-20, 0], [20, 0]]' });
    const code = await runCli(['drive', 'map.faultline', '--route', 'line.json', '--out', 't.csv'], io);
    expect(code).toBe(EXIT_BLOCKED);
    expect(io.err).toMatch(/^faultline drive: stopped by a prop at t = [\d.]+ s, x -?[\d.]+ m, z -?[\d.]+ m\n$/);
    const rows = text(io.files.get('t.csv')).trimEnd().split('\n').slice(1);
    const lastX = Number(rows.at(-1)!.split(',')[1]);
    // The capsule's front touches the rock's footprint circle (radius × scale) and no more.
    const contact = getPropType('rock').footprintRadius * 2 + DRIVE_DEFAULTS.length / 2;
    expect(lastX).toBeLessThan(-contact + 1e-3);
    expect(lastX).toBeGreaterThan(-contact - 0.5);
  });

  it('reports each problem in one line and writes nothing', async () => {
    const cases: Array<{ args: string[]; inputs: Record<string, string | Uint8Array>; code: number; message: RegExp; failWrite?: boolean }> = [
      { args: ['hills.r32', '--out', 't.csv'], inputs: {}, code: 2, message: /--route FILE is required/ },
      { args: ['--route', 'r.json', '--out', 't.csv'], inputs: {}, code: 2, message: /give the TERRAIN file/ },
      {
        args: ['hills.r32', '--route', 'r.json', '--out', 't.csv', '--speed', '-3'],
        inputs: {},
        code: 2,
        message: /--speed must be a positive number, got "-3"/,
      },
      { args: ['hills.r32', '--route', 'r.json', '--out', 't.csv', '--wheels', '4'], inputs: {}, code: 2, message: /unknown option --wheels/ },
      { args: ['missing.r32', '--route', 'r.json', '--out', 't.csv'], inputs: { 'r.json': '[[0,0]]' }, code: 1, message: /missing\.r32: .*no such file/ },
      {
        args: ['hills.txt', '--route', 'r.json', '--out', 't.csv'],
        inputs: { 'hills.txt': 'x', 'r.json': '[[0,0]]' },
        code: 1,
        message: /hills\.txt: is not a file Faultline reads \(.*\.faultline\)/,
      },
      {
        args: ['hills.r32', '--route', 'r.json', '--out', 't.csv'],
        inputs: { 'r.json': '[[0,0], [1]]' },
        code: 1,
        message: /r\.json: waypoint 1 is not \[x, z\] in metres/,
      },
      { args: ['hills.r32', '--route', 'r.json', '--out', 't.csv'], inputs: { 'r.json': '{ oops' }, code: 1, message: /r\.json: is not valid JSON text/ },
      // Hostile routes, refused before they are parsed: one waypoint too many, nesting a million deep.
      {
        args: ['hills.r32', '--route', 'r.json', '--out', 't.csv'],
        inputs: { 'r.json': `[${'[0,0],'.repeat(1_000_000)}[0,0]]` },
        code: 1,
        message: /^faultline drive: r\.json: has more than 1,000,000 waypoints\n$/,
      },
      {
        args: ['hills.r32', '--route', 'r.json', '--out', 't.csv'],
        inputs: { 'r.json': `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}` },
        code: 1,
        message: /^faultline drive: r\.json: must be a JSON array of \[x, z\] waypoints in metres\n$/,
      },
      {
        args: ['hills.r32', '--route', 'r.json', '--out', 't.csv'],
        inputs: { 'r.json': '[[0,0], [500, 0]]' },
        code: 1,
        message: /r\.json: waypoint 1 \(500, 0\) is outside the drivable area/,
      },
      {
        args: ['hills.r32', '--route', 'r.json', '--out', 't.csv'],
        inputs: { 'r.json': '[[0,0], [5, 0]]' },
        code: 1,
        message: /cannot write t\.csv: disk full/,
        failWrite: true,
      },
    ];
    for (const c of cases) {
      const io = fakeIo({ 'hills.r32': compileR32(hills), ...c.inputs }, c.failWrite);
      expect(await runCli(['drive', ...c.args], io), c.args.join(' ')).toBe(c.code);
      expect(io.err).toMatch(c.message);
      expect(io.err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.files.size).toBe(0);
    }
  });

  it('documents itself', async () => {
    const io = fakeIo({});
    expect(await runCli(['drive', '--help'], io)).toBe(0);
    for (const option of ['--route', '--speed', '--length', '--width', '--step', '--out']) expect(io.out).toContain(option);
    expect(io.out).toContain(TELEMETRY_COLUMNS.join(','));
    const main = fakeIo({});
    await runCli(['--help'], main);
    expect(main.out).toContain('faultline drive');
  });
});
