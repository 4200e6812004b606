/**
 * The generated hostile corpus (shared/codecs/testing/hostileCorpus.ts) through `faultline info`
 * and `faultline export`: a refusal is one line naming the file, exit 1, nothing written; an
 * accepted file gives bounded output and finite heights in every format written.
 */
import { describe, expect, it } from 'vitest';
import { parseR32 } from '../../shared/codecs/raw';
import { firstNonFiniteHeight } from '../../shared/terrain/heightfield';
import { hostileCorpus, mutatedCorpus } from '../../shared/codecs/testing/hostileCorpus';
import { runCli } from './cli';
import { fakeCliIo, type FakeCliIo } from './testing/fakeCliIo';

const fakeIo = (name: string, bytes: Uint8Array) => fakeCliIo({ inputs: { [name]: bytes } });

/** A refusal as the CLI must print it: one line, the command, the file's name, no stack. */
function expectOneLineRefusal(io: FakeCliIo, command: string, name: string, problem?: RegExp): void {
  expect(io.err.endsWith('\n')).toBe(true);
  const line = io.err.slice(0, -1);
  expect(line).not.toContain('\n');
  expect(line.startsWith(`faultline ${command}: ${name}: `), line).toBe(true);
  expect(line).not.toMatch(/\bat .*:\d+:\d+|RangeError|Maximum call stack|Invalid string length/);
  if (problem) expect(line.slice(`faultline ${command}: ${name}: `.length)).toMatch(problem);
  expect(io.files.size).toBe(0);
}

describe('hostile corpus through the CLI', () => {
  for (const file of hostileCorpus()) {
    it(`${file.name}: ${file.about}`, { timeout: 30_000 }, async () => {
      const bytes = file.bytes();
      const info = fakeIo(file.name, bytes);
      const infoCode = await runCli(['info', file.name], info);
      const exported = fakeIo(file.name, bytes);
      const exportCode = await runCli(['export', file.name, '--out', 'out.r32'], exported);
      if (file.refusal) {
        expect(infoCode).toBe(1);
        expectOneLineRefusal(info, 'info', file.name, file.refusal);
        expect(info.out).toBe('');
        expect(exportCode).toBe(1);
        expectOneLineRefusal(exported, 'export', file.name, file.refusal);
        return;
      }
      expect(infoCode, info.err).toBe(0);
      // Bounded output whatever the file holds (314 MB of text was printed before).
      expect(info.out.length).toBeLessThan(32 * 1024);
      const summary = JSON.parse(info.out) as { minHeight: unknown; maxHeight: unknown; metadata: Record<string, unknown> };
      expect(typeof summary.minHeight).toBe('number');
      expect(typeof summary.maxHeight).toBe('number');
      expect(exportCode, exported.err).toBe(0);
      const r32 = exported.files.get('out.r32')!;
      expect(firstNonFiniteHeight(parseR32(r32, 'out.r32').samples as Float32Array)).toBe(-1);
    });
  }

  it('says how many text chunks it did not show', async () => {
    const file = hostileCorpus().find((f) => f.name === 'ztxt-bomb.png')!;
    const io = fakeIo(file.name, file.bytes());
    expect(await runCli(['info', file.name], io)).toBe(0);
    const { metadata } = JSON.parse(io.out) as { metadata: Record<string, unknown> };
    expect(metadata['(text chunks not shown)']).toBeGreaterThan(500);
    expect(metadata['faultline:heightMax']).toBe('10');
  });

  it('an explicit input range imports a file whose own metadata is beyond float32', async () => {
    const file = hostileCorpus().find((f) => f.name === 'range-overflow.png')!;
    const io = fakeIo(file.name, file.bytes());
    expect(await runCli(['export', file.name, '--in-range', '-10:10', '--out', 'ok.obj'], io), io.err).toBe(0);
    expect(new TextDecoder().decode(io.files.get('ok.obj')!)).not.toMatch(/Infinity|NaN/);
  });

  it('seeded mutations: exit 0 with finite output, or exit 1 with one line naming the file; never anything else', { timeout: 60_000 }, async () => {
    for (const { name, bytes } of mutatedCorpus(11, 400)) {
      const io = fakeIo(name, bytes);
      const code = await runCli(['export', name, '--out', 'out.obj'], io);
      if (code === 0) {
        expect(new TextDecoder().decode(io.files.get('out.obj')!)).not.toMatch(/Infinity|NaN/);
      } else {
        expect(code, io.err).toBe(1);
        expectOneLineRefusal(io, 'export', name);
      }
    }
  });
});
