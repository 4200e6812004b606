import { describe, expect, it } from 'vitest';
import { hostileCorpus } from '../../shared/codecs/testing/hostileCorpus';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

// Issue 31 §8: a hostile water or river layer in a project is refused with one line naming the file, the
// layer and the problem, exit 2, nothing written — by every command that reads the water the project's
// layers make, not only by those that add a layer (water.test.ts, river.test.ts, roadWater.test.ts). Before,
// these commands dropped the bad stack silently: the car drove and props were scattered as if the map were
// dry, and `export --water` said the project had no water layer (exit 1).

const files = hostileCorpus().filter((file) => /^(water|river)-/.test(file.name));
const RULES = JSON.stringify({ layers: [{ name: 'ground' }, { name: 'lake', rules: [{ source: 'water', min: 0.01 }] }] });

function refusedWithOneLine(command: string, file: (typeof files)[number], io: ReturnType<typeof fakeCliIo>, code: number): void {
  expect([file.name, code]).toEqual([file.name, 2]);
  expect(io.err.startsWith(`faultline ${command}: ${file.name}: layer 1 `), io.err).toBe(true);
  expect(io.err.slice(`faultline ${command}: ${file.name}: `.length).trimEnd()).toMatch(file.stackProblem!);
  expect(io.err.split('\n')).toHaveLength(2);
  expect(io.files.size).toBe(0);
}

describe('commands that read a project’s water refuse a hostile water or river layer', () => {
  it('has hostile water and river layers to try', () => {
    expect(files.filter((file) => file.name.startsWith('water-')).length).toBeGreaterThanOrEqual(3);
    expect(files.filter((file) => file.name.startsWith('river-')).length).toBeGreaterThanOrEqual(3);
  });

  it('drive: the car would wade water it cannot know', async () => {
    for (const file of files) {
      const io = fakeCliIo({ inputs: { [file.name]: file.bytes(), 'line.json': '[[-0.25, 0], [0.25, 0]]' } });
      refusedWithOneLine('drive', file, io, await runCli(['drive', file.name, '--route', 'line.json', '--out', 't.csv'], io));
    }
  });

  it('scatter: props are kept out of water by default; --allow-water reads no water, so it scatters on the saved heights', async () => {
    for (const file of files) {
      const args = ['scatter', file.name, '--type', 'rock', '--count', '3', '--seed', '1', '--out', 'p.json'];
      const io = fakeCliIo({ inputs: { [file.name]: file.bytes() } });
      refusedWithOneLine('scatter', file, io, await runCli(args, io));
      const allowed = fakeCliIo({ inputs: { [file.name]: file.bytes() } });
      expect([file.name, await runCli([...args, '--allow-water'], allowed)]).toEqual([file.name, 0]);
      expect([...allowed.files.keys()]).toEqual(['p.json']);
    }
  });

  it('export --preset … --water, and mask rules that read the water; a plain heightmap export is the saved heights', async () => {
    for (const file of files) {
      const water = fakeCliIo({ inputs: { [file.name]: file.bytes() } });
      refusedWithOneLine('export', file, water, await runCli(['export', file.name, '--preset', 'unreal', '--water', '--out', 'out'], water));
      const masks = fakeCliIo({ inputs: { [file.name]: file.bytes(), 'rules.json': RULES } });
      const code = await runCli(['export', file.name, '--preset', 'unreal', '--masks', 'rules.json', '--out', 'out'], masks);
      refusedWithOneLine('export', file, masks, code);
      const plain = fakeCliIo({ inputs: { [file.name]: file.bytes() } });
      expect([file.name, await runCli(['export', file.name, '--out', 'h.r32'], plain)]).toEqual([file.name, 0]);
      expect([...plain.files.keys()]).toEqual(['h.r32']);
    }
  });
});
