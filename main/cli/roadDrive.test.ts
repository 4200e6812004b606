import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

async function projectWithRoad(): Promise<Uint8Array> {
  const gen = fakeCliIo();
  expect(await runCli(['generate', '--size', '129', '--cell-size', '2', '--seed', '5', '--quiet', '--out', 't.faultline'], gen)).toBe(0);
  const io = fakeCliIo({
    inputs: {
      't.faultline': gen.files.get('t.faultline')!,
      'road.json': JSON.stringify({
        points: [
          [-90, -40],
          [-30, -10],
          [30, -30],
          [90, 10],
        ],
      }),
    },
  });
  expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--design-speed', '40', '--out', 'r.faultline'], io)).toBe(0);
  return io.files.get('r.faultline')!;
}

describe('faultline drive --road', () => {
  it('drives the road from its first point to its last with the autopilot and writes telemetry and the report', async () => {
    const io = fakeCliIo({ inputs: { 'r.faultline': await projectWithRoad() } });
    const code = await runCli(['drive', 'r.faultline', '--road', 'road-1', '--report', 'report.json', '--out', 'drive.csv'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const csv = new TextDecoder().decode(io.files.get('drive.csv')!).trim().split('\n');
    expect(csv[0]).toMatch(/^t,x,y,z,.*,speed,airborne,/);
    const last = csv.at(-1)!.split(',').map(Number);
    // It stopped near the road's last control point.
    expect(Math.hypot(last[1] - 90, last[3] - 10)).toBeLessThan(3);
    const report = JSON.parse(new TextDecoder().decode(io.files.get('report.json')!)) as {
      reachedEnd: boolean;
      designSpeedKmh: number;
      segments: { from: number; maxSpeed: number | null; gradePct: number; flags: string[] }[];
    };
    expect(report.reachedEnd).toBe(true);
    expect(report.designSpeedKmh).toBe(40);
    expect(report.segments[0].from).toBe(0);
    const fastest = Math.max(...report.segments.map((s) => s.maxSpeed ?? 0));
    expect(fastest).toBeGreaterThan(6);
    expect(fastest).toBeLessThan(40 / 3.6 + 2);
    expect(io.out).toMatch(/wrote drive\.csv \(\d+ rows, [\d.]+ s, physics, hatchback, road road-1 at 11\.1 m\/s\)/);

    const slow = fakeCliIo({ inputs: { 'r.faultline': await projectWithRoad() } });
    expect(await runCli(['drive', 'r.faultline', '--road', 'road-1', '--speed', '4', '--report', 'report.csv', '--out', 'drive.csv'], slow)).toBe(0);
    const rows = new TextDecoder().decode(slow.files.get('report.csv')!).trim().split('\n');
    expect(rows[0]).toMatch(/^from_m,to_m,grade_pct,/);
    expect(Math.max(...rows.slice(1).map((row) => Number(row.split(',')[8]) || 0))).toBeLessThan(4 + 1);
  }, 120_000);

  it('bad input: an unknown road, a heightmap, --report without --road', async () => {
    const io = fakeCliIo({ inputs: { 'r.faultline': await projectWithRoad() } });
    expect(await runCli(['drive', 'r.faultline', '--road', 'road-7', '--out', 'drive.csv'], io)).toBe(2);
    expect(io.err).toMatch(/r\.faultline: there is no road "road-7" \(roads: road-1\)/);
    expect(io.files.size).toBe(0);
    const usage = fakeCliIo();
    expect(await runCli(['drive', 'x.png', '--road', 'road-1', '--out', 'drive.csv'], usage)).toBe(2);
    expect(usage.err).toMatch(/roads are kept in \.faultline projects only/);
    expect(await runCli(['drive', 'x.png', '--route', 'r.json', '--report', 'r.json', '--out', 'drive.csv'], usage)).toBe(2);
    expect(usage.err).toMatch(/--report goes with --road/);
  }, 60_000);
});
