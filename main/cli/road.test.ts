import { describe, expect, it } from 'vitest';
import { importHeightmap } from '../../shared/codecs/import-heightmap';
import { decodePng } from '../../shared/codecs/png/decode';
import { parseProject } from '../../shared/codecs/project';
import { parseR32 } from '../../shared/codecs/raw';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RoadLayer } from '../../shared/layers/types';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { outputFormatFor } from './outputs';
import { fakeCliIo } from './testing/fakeCliIo';

const SPLINE = JSON.stringify({
  points: [
    [-100, -60],
    [-40, -20],
    [10, -40],
    [60, 10],
  ],
  name: 'Pass road',
});
const r32 = (bytes: Uint8Array) => parseR32(bytes, 'x.r32').samples as Float32Array;
const bits = (a: Float32Array | null | undefined) => (a ? Array.from(new Uint32Array(a.slice().buffer)) : null);

let terrain: Uint8Array | undefined;
async function project(): Promise<Uint8Array> {
  if (terrain) return terrain;
  const io = fakeCliIo();
  expect(await runCli(['generate', '--size', '129', '--cell-size', '2', '--seed', '5', '--quiet', '--out', 't.faultline'], io)).toBe(0);
  const doc = parseProject(io.files.get('t.faultline')!, 't.faultline');
  // Props: one in the road's way, one far from it.
  terrain = outputFormatFor('t.faultline')!.encode(doc.field, {
    recipe: doc.recipe,
    history: doc.history,
    layers: doc.layers,
    props: [
      { id: 'p1', type: 'rock', x: -40, z: -20, yaw: 0, scale: 1 },
      { id: 'p2', type: 'conifer', x: 100, z: 100, yaw: 0, scale: 1 },
    ],
  });
  return terrain;
}

describe('faultline road', () => {
  it('adds road-1 on top of the stack, clears the props on it, writes every output; a second road is road-2', async () => {
    const io = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': SPLINE } });
    const code = await runCli(
      [
        'road',
        't.faultline',
        '--spline',
        'road.json',
        '--width',
        '7',
        '--bank',
        'auto',
        '--out',
        'r.faultline',
        '--out',
        'r.r32',
        '--centreline',
        'c.json',
        '--ribbon',
        'road.glb',
        '--report',
        'report.csv',
      ],
      io,
    );
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.out).toMatch(/^added road-1 "Pass road" \([\d.]+ m\); removed 1 prop on the road\n/);
    const doc = parseProject(io.files.get('r.faultline')!, 'r.faultline');
    const road = doc.layers!.at(-1) as RoadLayer;
    expect(road).toMatchObject({
      id: 'road-1',
      kind: 'road',
      name: 'Pass road',
      params: { width: 7, bank: 'auto', maxGradePct: 10, endsOnGround: true, levelShoulders: true },
    });
    expect(doc.props.map((p) => p.id)).toEqual(['p2']);
    // The project's heights are its stack's, and the .r32 the same.
    expect(bits(evaluateStack(doc.layers!, doc.field))).toEqual(bits(doc.field.heights));
    expect(bits(r32(io.files.get('r.r32')!))).toEqual(bits(doc.field.heights));
    const centreline = JSON.parse(new TextDecoder().decode(io.files.get('c.json')!)) as {
      points: { x: number; z: number }[];
      engines: Record<string, unknown>;
    };
    expect(centreline.points[0]).toMatchObject({ x: -100, z: -60 });
    expect(Object.keys(centreline.engines)).toEqual(['unreal', 'unity', 'godot-terrain3d', 'godot-hterrain']);
    expect(new DataView(io.files.get('road.glb')!.buffer).getUint32(0, true)).toBe(0x46546c67);
    const report = new TextDecoder().decode(io.files.get('report.csv')!).trim().split('\n');
    expect(report[0]).toMatch(/^from_m,to_m,grade_pct,/);
    // The test drive ran: every segment it reached has a speed.
    const speedColumn = report[0].split(',').indexOf('max_speed_ms');
    expect(report.slice(1).filter((row) => row.split(',')[speedColumn] !== '').length).toBeGreaterThan((report.length - 1) * 0.8);

    const again = fakeCliIo({
      inputs: {
        'r.faultline': io.files.get('r.faultline')!,
        'road.json': JSON.stringify({
          points: [
            [60, 60],
            [100, 20],
          ],
        }),
      },
    });
    expect(await runCli(['road', 'r.faultline', '--spline', 'road.json', '--keep-props', '--out', 's.faultline'], again)).toBe(0);
    const second = parseProject(again.files.get('s.faultline')!, 's.faultline');
    expect(second.layers!.slice(-2).map((layer) => [layer.id, layer.name])).toEqual([
      ['road-1', 'Pass road'],
      ['road-2', 'Road 2'],
    ]);
    expect(again.out).not.toMatch(/removed/);
  });

  it('a heightmap input becomes a heights layer under the road; outside the road its heights are unchanged bit for bit', async () => {
    const gen = fakeCliIo();
    await runCli(['generate', '--size', '129', '--cell-size', '2', '--seed', '5', '--quiet', '--out', 't.png'], gen);
    const io = fakeCliIo({ inputs: { 't.png': gen.files.get('t.png')!, 'road.json': SPLINE } });
    expect(await runCli(['road', 't.png', '--spline', 'road.json', '--out', 'r.faultline', '--out', 'r.r32'], io)).toBe(0);
    const before = importHeightmap(gen.files.get('t.png')!, 't.png').field.heights;
    const after = r32(io.files.get('r.r32')!);
    let changed = 0;
    for (let k = 0; k < before.length; k++) if (!Object.is(before[k], after[k])) changed++;
    expect(changed).toBeGreaterThan(100);
    // Everything past x = 110 m (the road ends at x = 60 with at most ~47 m of reach) is untouched.
    for (let j = 0; j < 129; j++) for (let i = 120; i < 129; i++) expect(Object.is(before[j * 129 + i], after[j * 129 + i])).toBe(true);
    expect(parseProject(io.files.get('r.faultline')!, 'r.faultline').layers!.map((l) => l.kind)).toEqual(['heights', 'road']);
  });

  it('bad input: a clear message naming the file, exit 2, nothing written', async () => {
    const cases: [string, RegExp][] = [
      ['{ "points": [[0, 0]] }', /road\.json: a road needs at least two points, it has 1/],
      ['{ "points": [[0, 0], [900, 0]] }', /road\.json: layer \d+ "Road 1" \(road\): point 2 \(900, 0\) is off the map/],
      ['{ "points": [[0, 0], [0, 0]] }', /zero-length/],
      ['{ "points": [[-50, 0], [50, 0], [0, 40], [0, -40]] }', /crosses itself/],
      ['{ "points": [[0, 0], [50, 0]], "width": 0 }', /width must be more than 0/],
      ['{ "points": [[0, 0], [50, 0]], "width": 5000 }', /width must be more than 0 and at most 100 m/],
      ['{ "points": [[0, 0], [50, "x"]] }', /point 2 is not \[x, z\] in metres/],
      ['not json', /road\.json: is not valid JSON text/],
    ];
    for (const [text, pattern] of cases) {
      const io = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': text } });
      expect([text, await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], io)]).toEqual([text, 2]);
      expect(io.err).toMatch(pattern);
      expect(io.err.split('\n').length).toBe(2);
      expect(io.files.size).toBe(0);
    }
    // A ridge 32 m high with 40 % sides across the road, its ends at its foot (x = −20 m at the top): a
    // 2 % road over it, its ends on the ground, would need far more than 20 m of cut.
    const hillside = createHeightfield(129, 129, 2);
    for (let k = 0; k < hillside.heights.length; k++) hillside.heights[k] = 0.8 * Math.max(0, 40 - Math.abs((k % 129) - 54));
    const steep = fakeCliIo({ inputs: { 'h.faultline': outputFormatFor('h.faultline')!.encode(hillside, {}), 'road.json': SPLINE } });
    expect(await runCli(['road', 'h.faultline', '--spline', 'road.json', '--max-grade', '2', '--out', 'r.faultline'], steep)).toBe(2);
    expect(steep.err).toMatch(
      /road\.json: road "Pass road" \(road-1\): the terrain is too steep for a 2 % maximum grade: \d+ m along the road it needs [\d.]+ m of (cut|fill)/,
    );
    expect(steep.files.size).toBe(0);
    const usage = fakeCliIo();
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--bank', 'steep', '--out', 'r.faultline'], usage)).toBe(2);
    expect(usage.err).toMatch(/--bank must be "auto" or degrees/);
    expect(await runCli(['road', 't.faultline', '--out', 'r.faultline'], usage)).toBe(2);
    expect(usage.err).toMatch(/--spline road\.json is required/);
  });

  it('the road is a mask source of every engine export ("source": "road" in --masks rules)', async () => {
    const io = fakeCliIo({
      inputs: {
        't.faultline': await project(),
        'road.json': JSON.stringify({
          points: [
            [-110, 0],
            [110, 0],
          ],
        }),
      },
    });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], io)).toBe(0);
    const rules = { layers: [{ name: 'ground' }, { name: 'road', rules: [{ source: 'road', min: 0.5 }] }] };
    const out = fakeCliIo({ inputs: { 'r.faultline': io.files.get('r.faultline')!, 'rules.json': JSON.stringify(rules) } });
    expect(await runCli(['export', 'r.faultline', '--preset', 'unreal', '--masks', 'rules.json', '--out', 'ue', '--name', 'map'], out)).toBe(0);
    const road = decodePng(out.files.get('ue/map_road.png')!, 'map_road.png');
    const { width, height } = road;
    const middle = (height - 1) / 2;
    expect(road.samples[middle * width + (width - 1) / 2]).toBe(255);
    expect(road.samples[5 * width + (width - 1) / 2]).toBe(0);
    // A terrain without roads: the rule is refused, naming the file.
    const none = fakeCliIo({ inputs: { 't.faultline': await project(), 'rules.json': JSON.stringify(rules) } });
    expect(await runCli(['export', 't.faultline', '--preset', 'unreal', '--masks', 'rules.json', '--out', 'ue'], none)).toBe(1);
    expect(none.err).toMatch(/rules\.json: layers\[1\]\.rules\[0\]\.source road needs a road layer, which this terrain does not have/);
  });

  it('hostile spline files: refused in one line naming the file, in bounded time, nothing written', async () => {
    const cases: [string | Uint8Array, number, RegExp][] = [
      ['['.repeat(100_000) + ']'.repeat(100_000), 2, /road\.json: must be \{ "points"/],
      [JSON.stringify({ points: Array.from({ length: 100_000 }, (_, k) => [k % 50, k % 7]) }), 2, /road\.json: has more than 4096 points/],
      ['{ "points": [[0, 0], [1e999, 0]] }', 2, /road\.json: point 2 is not \[x, z\] in metres/],
      [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 2, /road\.json: is not valid JSON text/],
      [' '.repeat(2 * 1024 * 1024), 1, /road\.json: is \d+ bytes, larger than the 1048576 bytes a road spline file may have/],
      ['{ "points": [[0, 0], [10, 0]], "__proto__": { "width": 3 } }', 2, /unexpected field "__proto__"/],
    ];
    for (const [content, code, pattern] of cases) {
      const io = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': content } });
      expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], io)).toBe(code);
      expect(io.err).toMatch(pattern);
      expect(io.err.split('\n').length).toBe(2);
      expect(io.files.size).toBe(0);
    }
  });

  it('--class saves the class with the road and sets its maximum grade from the Green Book’s table; --e-max sets the superelevation', async () => {
    const io = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': SPLINE } });
    const code = await runCli(
      [
        'road',
        't.faultline',
        '--spline',
        'road.json',
        '--class',
        'collector-mountainous',
        '--design-speed',
        '60',
        '--e-max',
        '6',
        '--out',
        'r.faultline',
        '--report',
        'report.json',
      ],
      io,
    );
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const road = parseProject(io.files.get('r.faultline')!, 'r.faultline').layers!.at(-1) as RoadLayer;
    // Table 6-2 (rural collectors), mountainous, 60 km/h: 10 %.
    expect(road.params).toMatchObject({ roadClass: { kind: 'collector', terrain: 'mountainous' }, maxGradePct: 10, eMaxPct: 6 });
    const report = JSON.parse(new TextDecoder().decode(io.files.get('report.json')!)) as {
      standard: { roadClass: string; eMaxPct: number; minRadius: number; stoppingSightDistance: number };
    };
    // Table 3-7 at 60 km/h, e_max 6 %: 123 m; table 3-1: 85 m.
    expect(report.standard).toMatchObject({ roadClass: 'collector-mountainous', eMaxPct: 6, stoppingSightDistance: 85 });
    expect(Math.abs(report.standard.minRadius - 123)).toBeLessThanOrEqual(0.5);
    // --max-grade wins over the class's.
    const own = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': SPLINE } });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--class', 'local-rolling', '--max-grade', '12', '--out', 'r.faultline'], own)).toBe(
      0,
    );
    expect((parseProject(own.files.get('r.faultline')!, 'r.faultline').layers!.at(-1) as RoadLayer).params).toMatchObject({
      roadClass: { kind: 'local', terrain: 'rolling' },
      maxGradePct: 12,
    });
    for (const [args, pattern] of [
      [['--class', 'motorway-level'], /--class must be CLASS-TERRAIN/],
      [['--e-max', '12'], /--e-max must be one of 4, 6, 8, 10/],
      [['--width', '100.5'], /--width must be more than 0 and at most 100 metres/],
    ] as const) {
      const bad = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': SPLINE } });
      expect(await runCli(['road', 't.faultline', '--spline', 'road.json', ...args, '--out', 'r.faultline'], bad)).toBe(2);
      expect(bad.err).toMatch(pattern);
      expect(bad.files.size).toBe(0);
    }
  });

  it('a "surface" in road.json (asphalt or gravel) is saved with the road; --surface wins over it; anything else: exit 2, nothing written', async () => {
    const gravelSpline = JSON.stringify({ ...JSON.parse(SPLINE), surface: 'gravel' });
    const surfaceOf = (io: ReturnType<typeof fakeCliIo>) =>
      (parseProject(io.files.get('r.faultline')!, 'r.faultline').layers!.at(-1) as RoadLayer).params.surface;
    const fromFile = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': gravelSpline } });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], fromFile)).toBe(0);
    expect(fromFile.err).toBe('');
    expect(surfaceOf(fromFile)).toBe('gravel');
    const option = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': gravelSpline } });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--surface', 'asphalt', '--out', 'r.faultline'], option)).toBe(0);
    expect(surfaceOf(option)).toBe('asphalt');
    // A routed road has no file: the option alone.
    const routed = fakeCliIo({ inputs: { 't.faultline': await project() } });
    const routedArgs = ['--from', '-60,-40', '--to', '40,30', '--design-speed', '30', '--surface', 'gravel', '--out', 'r.faultline'];
    expect([await runCli(['road', 't.faultline', ...routedArgs], routed), routed.err]).toEqual([0, '']);
    expect(surfaceOf(routed)).toBe('gravel');
    // The surface changes no height: the same road in asphalt gives the same bytes.
    const asphalt = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': SPLINE } });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], asphalt)).toBe(0);
    expect(bits(parseProject(asphalt.files.get('r.faultline')!, 'r.faultline').field.heights)).toEqual(
      bits(parseProject(fromFile.files.get('r.faultline')!, 'r.faultline').field.heights),
    );
    for (const [file, args, pattern] of [
      [JSON.stringify({ ...JSON.parse(SPLINE), surface: 'cobbles' }), [], /^faultline road: road\.json: "surface" must be "asphalt" or "gravel"\n$/],
      [JSON.stringify({ ...JSON.parse(SPLINE), surface: 1 }), [], /road\.json: "surface" must be "asphalt" or "gravel"/],
      [SPLINE, ['--surface', 'dirt'], /--surface must be asphalt or gravel, got "dirt"/],
    ] as const) {
      const bad = fakeCliIo({ inputs: { 't.faultline': await project(), 'road.json': file } });
      expect(await runCli(['road', 't.faultline', '--spline', 'road.json', ...args, '--out', 'r.faultline'], bad)).toBe(2);
      expect(bad.err).toMatch(pattern);
      expect(bad.files.size).toBe(0);
    }
  });

  it('a second road ending on the first joins it: the first keeps its surface under the junction, bit for bit', async () => {
    const first = fakeCliIo({
      inputs: {
        't.faultline': await project(),
        'a.json': JSON.stringify({
          points: [
            [-100, 0],
            [100, 0],
          ],
        }),
      },
    });
    expect(await runCli(['road', 't.faultline', '--spline', 'a.json', '--keep-props', '--out', 'a.faultline', '--out', 'a.r32'], first)).toBe(0);
    const second = fakeCliIo({
      inputs: {
        'a.faultline': first.files.get('a.faultline')!,
        'b.json': JSON.stringify({
          points: [
            [0, 80],
            [0, 0],
          ],
        }),
      },
    });
    expect(await runCli(['road', 'a.faultline', '--spline', 'b.json', '--keep-props', '--out', 'b.r32'], second)).toBe(0);
    const before = r32(first.files.get('a.r32')!);
    const after = r32(second.files.get('b.r32')!);
    // The first road's surface (z from −2 to 2 m, its half width is 4 m) where the second meets it (x from −10 to 10 m).
    const under = (h: Float32Array) => [63, 64, 65].flatMap((j) => Array.from(h.subarray(j * 129 + 59, j * 129 + 70)));
    expect(bits(Float32Array.from(under(after)))).toEqual(bits(Float32Array.from(under(before))));
    // The second road changed the land north of the first.
    expect(after.some((h, k) => h !== before[k])).toBe(true);
  });

  it('--help names every option', async () => {
    const io = fakeCliIo();
    expect(await runCli(['road', '--help'], io)).toBe(0);
    for (const option of [
      '--spline',
      '--width',
      '--falloff',
      '--max-grade',
      '--slope-limit',
      '--bank',
      '--design-speed',
      '--e-max',
      '--class',
      '--surface',
      '--avoid',
      '--keep-props',
      '--out',
      '--centreline',
      '--report',
      '--ribbon',
      '"source": "road"',
    ])
      expect(io.out).toContain(option);
  });
});
