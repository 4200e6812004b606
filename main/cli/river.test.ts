import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { hostileCorpus } from '../../shared/codecs/testing/hostileCorpus';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RiverLayer } from '../../shared/layers/types';
import { bumpGround, bumpSurface, heightsOf, RIVER_SIZE } from '../../shared/rivers/testing/terrain';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { outputFormatFor } from './outputs';
import { fakeCliIo } from './testing/fakeCliIo';

const SIZE = RIVER_SIZE;
const ground = heightsOf(SIZE, (x) => bumpGround(x));
const terrain = compileProject({
  field: createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, ground.heights.slice()),
  recipe: null,
  history: [],
  props: [],
  view: {},
  layers: [ground],
});
const SPLINE = JSON.stringify({
  points: [
    [-56, 0],
    [56, 0],
  ],
  name: 'Mill river',
});
const r32 = (bytes: Uint8Array) => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

describe('faultline river', () => {
  it('adds river-1 on top of the stack: its bed cut through a bump the depth below a surface that never rises', async () => {
    const io = fakeCliIo({ inputs: { 'b.faultline': terrain, 'river.json': SPLINE } });
    const code = await runCli(['river', 'b.faultline', '--spline', 'river.json', '--width', '4', '--depth', '1', '--out', 'r.faultline', '--out', 'r.r32'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.out).toMatch(/^added river-1 "Mill river" \(112\.0 m, the surface falls 11\.20 m\)\nwrote r\.faultline/);
    const doc = parseProject(io.files.get('r.faultline')!, 'r.faultline');
    const river = doc.layers!.at(-1) as RiverLayer;
    expect(river).toMatchObject({
      id: 'river-1',
      kind: 'river',
      name: 'Mill river',
      params: {
        width: 4,
        depth: 1,
        points: [
          { x: -56, z: 0 },
          { x: 56, z: 0 },
        ],
      },
    });
    expect(evaluateStack(doc.layers!, doc.field)).toEqual(doc.field.heights);
    expect(r32(io.files.get('r.r32')!)).toEqual(doc.field.heights);
    // Along the centre row, away from the bump, the bed is the closed-form surface less 1 m.
    const row = (SIZE.depth - 1) / 2;
    for (let i = 10; i < SIZE.width - 10; i++) {
      const x = i - (SIZE.width - 1) / 2;
      if (Math.abs(x) > 9) expect(doc.field.heights[row * SIZE.width + i]).toBeCloseTo(bumpSurface(x) - 1, 4);
    }

    const listing = fakeCliIo({ inputs: { 'r.faultline': io.files.get('r.faultline')! } });
    expect(await runCli(['layers', 'r.faultline', '--json'], listing)).toBe(0);
    expect((JSON.parse(listing.out) as { id: string; kind: string }[]).map((l) => [l.id, l.kind])).toEqual([
      ['ground', 'heights'],
      ['river-1', 'river'],
    ]);

    // Its values are edited as any layer's; a bed deeper than the limit is refused there too.
    const edit = fakeCliIo({ inputs: { 'r.faultline': io.files.get('r.faultline')! } });
    expect(await runCli(['layers', 'r.faultline', '--set', 'river-1.maxCut=20', '--set', 'river-1.depth=12', '--out', 'd.faultline'], edit)).toBe(0);
    const deeper = parseProject(edit.files.get('d.faultline')!, 'd.faultline');
    expect(deeper.field.heights[row * SIZE.width + 20]).toBeCloseTo(bumpSurface(20 - (SIZE.width - 1) / 2) - 12, 4);
    const refused = fakeCliIo({ inputs: { 'r.faultline': io.files.get('r.faultline')! } });
    expect(await runCli(['layers', 'r.faultline', '--set', 'river-1.depth=12', '--out', 'd.faultline'], refused)).toBe(1);
    expect(refused.err.trimEnd()).toBe('faultline layers: r.faultline: layer 2 "Mill river" (river): a bed 12 m deep is deeper than the limit (maxCut 10 m)');
    expect(refused.files.size).toBe(0);

    const again = fakeCliIo({
      inputs: {
        'r.faultline': io.files.get('r.faultline')!,
        'creek.json': JSON.stringify({
          points: [
            { x: -20, z: -12 },
            { x: -20, z: 12, depth: 0.5 },
          ],
        }),
      },
    });
    expect(await runCli(['river', 'r.faultline', '--spline', 'creek.json', '--out', 's.faultline'], again)).toBe(0);
    expect(again.out).toMatch(/^added river-2 "River 2"/);
  });

  it('bad input: one line naming the file, the layer and the problem, exit 2, nothing written', async () => {
    const cases: [string, string[], RegExp][] = [
      ['{ "points": [[0, 0]] }', [], /^faultline river: river\.json: a river needs at least two points \(its source and its mouth\), it has 1$/],
      ['{ "points": [[0, 0], [90, 0]] }', [], /^faultline river: river\.json: layer 2 "River 1" \(river\): point 2 \(90, 0\) is off the map/],
      [
        '{ "points": [[0, -10], [62, 15], [0, 15]] }',
        [],
        /^faultline river: river\.json: layer 2 "River 1" \(river\): the river leaves the map \d+ m along the river/,
      ],
      ['{ "points": [[0, 0], [1e999, 0]] }', [], /^faultline river: river\.json: point 2 is not \[x, z\] in metres$/],
      ['{ "points": [[0, 0], [10, NaN]] }', [], /^faultline river: river\.json: is not valid JSON text$/],
      [SPLINE, ['--depth', '12'], /^faultline river: river\.json: layer 2 "Mill river" \(river\): a bed 12 m deep is deeper than the limit \(maxCut 10 m\)$/],
      [
        '{ "points": [{ "x": 0, "z": 0, "depth": 11 }, [10, 0]] }',
        [],
        /^faultline river: river\.json: layer 2 "River 1" \(river\): point 1: a bed 11 m deep is deeper than the limit/,
      ],
    ];
    for (const [text, extra, pattern] of cases) {
      const io = fakeCliIo({ inputs: { 'b.faultline': terrain, 'river.json': text } });
      expect([text, await runCli(['river', 'b.faultline', '--spline', 'river.json', ...extra, '--out', 'r.faultline'], io)]).toEqual([text, 2]);
      expect(io.err.trimEnd()).toMatch(pattern);
      expect(io.err.split('\n')).toHaveLength(2);
      expect(io.files.size).toBe(0);
    }
    // A bump 12 m high: the bed would have to lie more than the 10 m limit below its top.
    const tall = heightsOf(SIZE, (x) => -0.1 * x + Math.max(0, 12 - 1.5 * Math.abs(x)));
    const high = compileProject({
      field: createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, tall.heights.slice()),
      recipe: null,
      history: [],
      props: [],
      view: {},
      layers: [tall],
    });
    const io = fakeCliIo({ inputs: { 'b.faultline': high, 'river.json': SPLINE } });
    expect(await runCli(['river', 'b.faultline', '--spline', 'river.json', '--out', 'r.faultline'], io)).toBe(2);
    expect(io.err).toMatch(
      new RegExp(
        String.raw`^faultline river: river\.json: river "Mill river" \(river-1\): the bed would lie 1[23]\.\d m below the ground 5[56] m ` +
          String.raw`from the source, deeper than the limit \(maxCut 10 m\)`,
      ),
    );
    expect(io.files.size).toBe(0);
  });

  it('a project holding a hostile river or water layer is refused with one line naming it, the layer and the problem', async () => {
    const files = hostileCorpus().filter((file) => /^(river|water)-/.test(file.name));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) {
      const io = fakeCliIo({ inputs: { [file.name]: file.bytes(), 'river.json': '{ "points": [[-0.4, 0], [0.4, 0]] }' } });
      expect(await runCli(['river', file.name, '--spline', 'river.json', '--out', 'r.faultline'], io)).toBe(2);
      expect(io.err.startsWith(`faultline river: ${file.name}: layer 1 `), io.err).toBe(true);
      expect(io.err.slice(`faultline river: ${file.name}: `.length).trimEnd()).toMatch(file.stackProblem!);
      expect(io.err.split('\n')).toHaveLength(2);
      expect(io.files.size).toBe(0);
    }
  });

  it('a project saved without a layer stack is its heights: the river is added on them (not refused as a bad stack)', async () => {
    const plain = outputFormatFor('p.faultline')!.encode(createHeightfield(65, 65, 1), {});
    const io = fakeCliIo({ inputs: { 'p.faultline': plain, 'river.json': '{ "points": [[-20, 0], [20, 0]] }' } });
    expect(await runCli(['river', 'p.faultline', '--spline', 'river.json', '--out', 'r.faultline'], io)).toBe(0);
    expect(io.err).toBe('');
    expect(parseProject(io.files.get('r.faultline')!, 'r.faultline').layers?.map((layer) => layer.kind)).toEqual(['heights', 'river']);
  });

  it('answers --help with the spline format and the limits', async () => {
    const io = fakeCliIo();
    expect(await runCli(['river', '--help'], io)).toBe(0);
    expect(io.out).toMatch(/^Usage: faultline river IN --spline river\.json/);
    expect(io.out).toContain('never rises downstream');
    const main = fakeCliIo();
    expect(await runCli(['--help'], main)).toBe(0);
    expect(main.out).toContain('faultline river IN --spline river.json --out FILE');
  });
});
