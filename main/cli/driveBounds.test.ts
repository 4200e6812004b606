/** Issue 38 items 4, 9, 13: every drive bounded and refused up front when it cannot be, telemetry streamed. */
import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { compileR32 } from '../../shared/codecs/raw';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { runCli } from './cli';
import { EXIT_BLOCKED } from './drive';
import { PIECE_BYTES } from './driveCsv';
import { fakeCliIo } from './testing/fakeCliIo';

const flat = fieldFrom(129, 129, 1, () => 0);
const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

async function projectWithRoad(
  designSpeed: string,
  points = [
    [-50, 0],
    [50, 0],
  ],
): Promise<Uint8Array> {
  const gen = fakeCliIo();
  expect(await runCli(['generate', '--size', '129', '--cell-size', '1', '--seed', '5', '--quiet', '--out', 't.faultline'], gen)).toBe(0);
  const io = fakeCliIo({ inputs: { 't.faultline': gen.files.get('t.faultline')!, 'road.json': JSON.stringify({ points }) } });
  expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--design-speed', designSpeed, '--out', 'r.faultline'], io)).toBe(0);
  return io.files.get('r.faultline')!;
}

describe('bounded drives', () => {
  it('refuses a start off the map (--inputs --start 1e9,0,0) with one line and no output', async () => {
    const io = fakeCliIo({ inputs: { 'flat.r32': compileR32(flat), 'in.csv': 't,throttle,steer,brake,handbrake\n0,0,0,0,0\n' } });
    const code = await runCli(['drive', 'flat.r32', '--model', 'physics', '--inputs', 'in.csv', '--start', '1e9,0,0', '--duration', '2', '--out', 't.csv'], io);
    expect(code).toBe(1);
    expect(io.err).toMatch(
      /^faultline drive: in\.csv: --start: the start \(1000000000, 0\) is outside the drivable area x ∈ \[-62, 62\], z ∈ \[-62, 62\].*\n$/,
    );
    expect(io.files.size).toBe(0);
  });

  it('refuses autopilot speeds below its slowest (--speed 1e-9) for --route and --road', async () => {
    const route = fakeCliIo({ inputs: { 'flat.r32': compileR32(flat), 'line.json': '[[0, -30], [0, 30]]' } });
    expect(await runCli(['drive', 'flat.r32', '--model', 'physics', '--route', 'line.json', '--speed', '1e-9', '--out', 't.csv'], route)).toBe(2);
    expect(route.err).toMatch(/--speed must be at least 3 m\/s for the physics autopilot, got "1e-9"/);
    const road = fakeCliIo({ inputs: { 'r.faultline': await projectWithRoad('40') } });
    expect(await runCli(['drive', 'r.faultline', '--road', 'road-1', '--speed', '1e-9', '--out', 't.csv'], road)).toBe(2);
    expect(road.err).toMatch(/--speed must be at least 3 m\/s/);
    expect(road.files.size).toBe(0);
  }, 60_000);

  it("a road designed for 1e-300 km/h: its report drive runs at the autopilot's slowest and ends", async () => {
    const io = fakeCliIo({ inputs: { 'r.faultline': await projectWithRoad('1e-300') } });
    expect(await runCli(['drive', 'r.faultline', '--road', 'road-1', '--report', 'rep.json', '--out', 't.csv'], io)).toBe(0);
    const report = JSON.parse(text(io.files.get('rep.json'))) as { drive: { ended: string; t: number } };
    expect(report.drive.ended).toBe('arrived');
    // 100 m at 3 m/s: well inside length / 2 m/s + 30 s.
    expect(report.drive.t).toBeLessThan(100 / 2 + 30);
    expect(io.out).toMatch(/at 3\.0 m\/s/);
  }, 60_000);

  it('refuses a route whose drive could not end in ten hours, before driving', async () => {
    // Back and forth across a 1 km map 80 times: 79 km of route (the bound would be 39,530 s).
    const long = JSON.stringify(Array.from({ length: 80 }, (_, k) => [k % 2 === 0 ? -500 : 500, 0]));
    const io = fakeCliIo({ inputs: { 'big.r32': compileR32(fieldFrom(1025, 1025, 1, () => 0)), 'long.json': long } });
    expect(await runCli(['drive', 'big.r32', '--model', 'physics', '--route', 'long.json', '--out', 't.csv'], io)).toBe(1);
    expect(io.err).toMatch(/^faultline drive: long\.json: the route is 79,000 m long: a drive may take at most 36,000 s \(length \/ 2 m\/s \+ 30 s\)\n$/);
    expect(io.files.size).toBe(0);
  }, 60_000);

  it('a drive cut short (a prop across the road) says so in the report: how, where, what was covered', async () => {
    const project = await projectWithRoad('40');
    // The same project with a large rock on the road 30 m from its start.
    const blocked = compileProject({ ...parseProject(project, 'r.faultline'), props: [{ id: 'p1', type: 'rock', x: -20, z: 0, yaw: 0, scale: 4 }] });
    const io = fakeCliIo({ inputs: { 'b.faultline': blocked } });
    expect(await runCli(['drive', 'b.faultline', '--road', 'road-1', '--report', 'rep.json', '--out', 't.csv'], io)).toBe(EXIT_BLOCKED);
    expect(io.err).toMatch(/^faultline drive: the car got stuck .* m along the route; the rows up to there are written\n$/);
    const report = JSON.parse(text(io.files.get('rep.json'))) as {
      reachedEnd: boolean;
      drive: { ended: string; at: number; cut: boolean; drivenTo: number; summary: string };
      segments: { from: number; driven: boolean; flags: string[] }[];
    };
    expect(report.reachedEnd).toBe(false);
    expect(report.drive.ended).toBe('stuck');
    expect(report.drive.cut).toBe(true);
    expect(report.drive.at).toBeGreaterThan(15);
    expect(report.drive.at).toBeLessThan(30);
    expect(report.drive.summary).toMatch(/^got stuck .* at \d+ m/);
    const stuckAt = report.segments.find((s) => s.flags.includes('stuck'))!;
    expect(stuckAt.from).toBeLessThanOrEqual(report.drive.at);
    expect(report.segments.filter((s) => s.from > report.drive.drivenTo + 10).every((s) => !s.driven)).toBe(true);
  }, 60_000);

  it('prints progress on stderr during a long drive (here 320 s of drive time), none for short ones', async () => {
    let clock = 0;
    const io = fakeCliIo({ inputs: { 'flat.r32': compileR32(flat), 'in.csv': 't,throttle,steer,brake,handbrake\n0,0,0,1,0\n' } });
    // Each look at the clock is a second later: the run counts as long at once.
    io.now = () => (clock += 1000);
    expect(
      await runCli(
        ['drive', 'flat.r32', '--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0', '--duration', '320', '--step', '1', '--out', 't.csv'],
        io,
      ),
    ).toBe(0);
    const lines = io.err.trimEnd().split('\n');
    expect(lines[0]).toBe('faultline drive: physics drive: driving');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.at(-1)).toMatch(/^faultline drive: 100 % /);
    const short = fakeCliIo({ inputs: { 'flat.r32': compileR32(flat), 'in.csv': 't,throttle,steer,brake,handbrake\n0,0,0,1,0\n' } });
    short.now = () => (clock += 1000);
    expect(
      await runCli(['drive', 'flat.r32', '--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0', '--duration', '20', '--out', 't.csv'], short),
    ).toBe(0);
    expect(short.err).toBe('');
  }, 60_000);

  it('writes a long telemetry CSV in pieces of about 1 MiB, never holding it whole', async () => {
    // A kinematic drive of 120 m at 0.5 m/s in 2 ms steps: 120,000 rows, about 13 MB of CSV.
    const io = fakeCliIo({ inputs: { 'flat.r32': compileR32(flat), 'line.json': '[[0, -60], [0, 60]]' } });
    expect(await runCli(['drive', 'flat.r32', '--route', 'line.json', '--speed', '0.5', '--step', '0.002', '--out', 't.csv'], io)).toBe(0);
    const bytes = io.files.get('t.csv')!;
    expect(bytes.length).toBeGreaterThan(10 * PIECE_BYTES);
    expect(io.largestPiece).toBeLessThan(PIECE_BYTES + 1024);
    const lines = text(bytes).trimEnd().split('\n');
    expect(lines[0]).toBe('t,x,y,z,heading,pitch,roll,upX,upY,upZ,fwdX,fwdY,fwdZ,clip,water');
    expect(lines).toHaveLength(120_002);
    expect(Number(lines.at(-1)!.split(',')[3])).toBeCloseTo(60, 6);
    expect(io.out).toMatch(/wrote t\.csv \(120001 rows, 240\.00 s\)/);
  }, 120_000);
});
