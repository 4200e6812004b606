import { describe, expect, it } from 'vitest';
import { hostileCorpus } from '../../shared/codecs/testing/hostileCorpus';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';
import { flatMapWithRiver } from './testing/riverProject';

// A flat 129 × 129 m map with a drawn river along x = 0, its bed 6 m wide and 1.5 m below the water (testing/riverProject.ts).
const project = flatMapWithRiver();

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

  it('--crossing bridge makes every crossing a bridge: saved, said on stdout, in the report and the ribbon; N=… picks one, a bad N is refused', async () => {
    const spline = JSON.stringify({
      points: [
        [-50, 0],
        [50, 0],
      ],
    });
    const inputs = { 'map.faultline': project, 'road.json': spline };
    const io = fakeCliIo({ inputs });
    const args = ['road', 'map.faultline', '--spline', 'road.json', '--report', 'rep.json', '--ribbon', 'r.glb', '--out', 'r.faultline'];
    expect(await runCli([...args, '--crossing', 'bridge'], io)).toBe(0);
    expect(io.out).toMatch(/crossing 1: \d+–\d+ m, 1\.50 m deep: bridge/);
    const report = JSON.parse(new TextDecoder().decode(io.files.get('rep.json'))) as {
      crossings: { kind: string; chosen: boolean; span: number; maxDepth: number }[];
      segments: { flags: string[] }[];
    };
    expect(report.crossings).toMatchObject([{ kind: 'bridge', chosen: true }]);
    expect(report.crossings[0].maxDepth).toBeCloseTo(1.5, 2);
    // The deck: the 6 m wet stretch and an abutment of at least 3 m each side.
    expect(report.crossings[0].span).toBeGreaterThanOrEqual(12);
    expect(report.segments.some((s) => s.flags.includes('water'))).toBe(false);
    // The report's test drive went over the deck: nothing flagged anywhere.
    expect(report.segments.filter((s) => s.flags.length > 0)).toEqual([]);
    const glb = new TextDecoder().decode(io.files.get('r.glb')!.subarray(20, 400));
    expect(glb).toContain('bridge 1');
    const saved = new TextDecoder().decode(io.files.get('r.faultline')!);
    expect(saved).toContain('"kind":"bridge"');
    // By number: the first (and only) crossing a ford; a second one does not exist.
    const one = fakeCliIo({ inputs });
    expect(await runCli([...args, '--crossing', '1=ford'], one)).toBe(0);
    expect(one.out).toContain('1.50 m deep: ford');
    const bad = fakeCliIo({ inputs });
    expect(await runCli([...args, '--crossing', '2=bridge'], bad)).toBe(2);
    expect(bad.err).toContain('the road crosses water 1 time');
    expect(bad.files.size).toBe(0);
    const word = fakeCliIo({ inputs });
    expect(await runCli([...args, '--crossing', 'tunnel'], word)).toBe(2);
    expect(word.err).toContain('--crossing must be ford, bridge, N=ford or N=bridge');
  });

  it('a project holding a hostile water or river layer is refused with one line naming it, the layer and the problem; nothing written', async () => {
    const spline = '{ "points": [[-0.4, 0], [0.4, 0]] }';
    for (const file of hostileCorpus().filter((f) => /^(water|river)-/.test(f.name))) {
      const io = fakeCliIo({ inputs: { [file.name]: file.bytes(), 'road.json': spline } });
      expect([file.name, await runCli(['road', file.name, '--spline', 'road.json', '--report', 'rep.json', '--out', 'r.faultline'], io)]).toEqual([
        file.name,
        2,
      ]);
      expect(io.err.startsWith(`faultline road: ${file.name}: layer 1 `), io.err).toBe(true);
      expect(io.err.slice(`faultline road: ${file.name}: `.length).trimEnd()).toMatch(file.stackProblem!);
      expect(io.err.split('\n')).toHaveLength(2);
      expect(io.files.size).toBe(0);
    }
  });
});
