import { describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import { parseProject } from '../../shared/codecs/project';
import { parseR32 } from '../../shared/codecs/raw';
import { hostileCorpus } from '../../shared/codecs/testing/hostileCorpus';
import { mapArea } from '../../shared/hydrology/grid';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { WaterLayer } from '../../shared/layers/types';
import { runCli } from './cli';
import { WATER_OPTIONS } from './water';
import { fakeCliIo } from './testing/fakeCliIo';

const r32 = (bytes: Uint8Array) => parseR32(bytes, 'x.r32').samples as Float32Array;

let terrain: Uint8Array | undefined;
async function project(): Promise<Uint8Array> {
  if (terrain) return terrain;
  const io = fakeCliIo();
  expect(await runCli(['generate', '--size', '129', '--cell-size', '4', '--seed', '5', '--preset', 'mountains', '--quiet', '--out', 't.faultline'], io)).toBe(
    0,
  );
  terrain = io.files.get('t.faultline')!;
  return terrain;
}

describe('faultline water', () => {
  it('adds water-1 on top of the stack and writes the project, depth, contributing area and flow map', async () => {
    const io = fakeCliIo({ inputs: { 't.faultline': await project() } });
    const code = await runCli(
      [
        'water',
        't.faultline',
        '--river-area',
        '20000',
        '--min-lake-area',
        '100',
        '--min-lake-depth',
        '0.25',
        '--out',
        'w.faultline',
        '--depth',
        'd.r32',
        '--accumulation',
        'a.r32',
        '--flow',
        'f.png',
      ],
      io,
    );
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.out).toMatch(/^added water-1 "Water 1" \(\d+ river vertices, \d+ lake vertices\)\n/);
    const doc = parseProject(io.files.get('w.faultline')!, 'w.faultline');
    const water = doc.layers!.at(-1) as WaterLayer;
    expect(water).toMatchObject({
      id: 'water-1',
      kind: 'water',
      params: { riverArea: 20000, minLakeArea: 100, minLakeDepth: 0.25, lakes: true, followWalls: true },
    });
    expect(evaluateStack(doc.layers!, doc.field)).toEqual(doc.field.heights);
    const depth = r32(io.files.get('d.r32')!);
    expect(depth.some((d) => d > 0)).toBe(true);
    expect(depth.every((d) => d >= 0)).toBe(true);
    // The contributing areas include every vertex's own: the largest is at most the map's area, the smallest a corner's quarter cell.
    const area = r32(io.files.get('a.r32')!);
    expect(Math.max(...area)).toBeLessThanOrEqual(mapArea(doc.field) * 1.0001);
    expect(Math.min(...area)).toBeGreaterThanOrEqual(4);
    const flow = decodePng(io.files.get('f.png')!, 'f.png');
    expect([flow.width, flow.height, flow.bitDepth, flow.colourType]).toEqual([129, 129, 8, 2]);

    const again = fakeCliIo({ inputs: { 'w.faultline': io.files.get('w.faultline')! } });
    expect(await runCli(['water', 'w.faultline', '--lakes', 'off', '--out', 'w2.faultline'], again)).toBe(0);
    expect(again.out).toMatch(/^added water-2 "Water 2" \(\d+ river vertices, 0 lake vertices\)/);
  });

  it('refuses bad values with one line, exit 2, nothing written', async () => {
    for (const [args, pattern] of [
      [['--river-area', '0'], /--river-area must be a number from 100/],
      [['--lakes', 'maybe'], /--lakes must be on or off/],
      [['--min-lake-area', 'NaN'], /--min-lake-area must be a number/],
      [['--min-lake-depth', '-1'], /--min-lake-depth must be a number from 0/],
      [['--depth', 'd.png'], /--depth d.png: must be a .r32 or .exr file/],
      [['--flow', 'f.r32'], /--flow f.r32: must be a .png file/],
    ] as const) {
      const io = fakeCliIo({ inputs: { 't.faultline': await project() } });
      expect(await runCli(['water', 't.faultline', ...args, '--out', 'w.faultline'], io)).toBe(2);
      expect(io.err).toMatch(pattern);
      expect(io.err.split('\n').filter(Boolean)).toHaveLength(1);
      expect(io.files.has('w.faultline')).toBe(false);
    }
  });

  it('a project holding a hostile water or river layer is refused with one line naming it, the layer and the problem; nothing written', async () => {
    const files = hostileCorpus().filter((file) => /^(water|river)-/.test(file.name));
    expect(files.filter((file) => file.name.startsWith('water-')).length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const io = fakeCliIo({ inputs: { [file.name]: file.bytes() } });
      const code = await runCli(['water', file.name, '--depth', 'd.r32', '--out', 'w.faultline'], io);
      expect([file.name, code]).toEqual([file.name, 2]);
      expect(io.err.startsWith(`faultline water: ${file.name}: layer 1 `), io.err).toBe(true);
      expect(io.err.slice(`faultline water: ${file.name}: `.length).trimEnd()).toMatch(file.stackProblem!);
      expect(io.err.split('\n')).toHaveLength(2);
      expect(io.files.size).toBe(0);
    }
  });

  it('answers --help', async () => {
    const io = fakeCliIo();
    expect(await runCli(['water', '--help'], io)).toBe(0);
    expect(io.out).toMatch(/^Usage: faultline water IN --out OUT/);
    // Every option it takes is in the synopsis (the lines before the first blank one) and has its own
    // line in the option list (--out's included).
    const [synopsis] = io.out.split('\n\n');
    for (const option of WATER_OPTIONS) {
      expect(synopsis, option).toMatch(new RegExp(`\\[${option} `));
      expect(io.out, option).toMatch(new RegExp(`^  ${option} `, 'm'));
    }
  });
});
