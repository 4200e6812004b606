import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileR32 } from '../../shared/codecs/raw';
import { MAX_MASK_RULES_BYTES } from '../../shared/export/masks';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { readInputFile } from './readInputFile';
import { fakeCliIo } from './testing/fakeCliIo';

const map = () => {
  const field = createHeightfield(33, 33, 1);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (k % 33) * 0.5;
  return compileR32(field);
};
const rules = (name: string) => JSON.stringify({ layers: [{ name: 'grass' }, { name, rules: [{ source: 'slope', min: 10 }] }] });

describe('export inputs: names Windows reserves, and the masks rules file cap', () => {
  it('refuses --name con (any case, with an extension) as a usage error', async () => {
    for (const name of ['con', 'NUL', 'Com1', 'aux.height', 'lpt9']) {
      const io = fakeCliIo({ inputs: { 'm.r32': map() } });
      expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--name', name, '--out', 'd'], io), name).toBe(2);
      expect(io.err).toMatch(new RegExp(`--name "${name.replace('.', '\\.')}" is a name Windows reserves`));
      expect(io.files.size).toBe(0);
    }
  });

  it('refuses --name with a direction override, a zero-width character, a lone surrogate or a trailing dot, quoting it escaped', async () => {
    for (const name of ['gnp\u202Eexe', 'a\u200Bb', 'a\uD800', 'isle.']) {
      const io = fakeCliIo({ inputs: { 'm.r32': map() } });
      expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--name', name, '--out', 'd'], io), name).toBe(2);
      expect(io.err).toMatch(/--name ".*" (holds an invisible character|holds a broken character|ends in a space or a dot)/);
      expect(io.err).not.toMatch(/[\u202E\u200B\uD800]/);
      expect(io.files.size).toBe(0);
    }
  });

  it('refuses a masks layer named con, naming the rules file and the layer', async () => {
    const io = fakeCliIo({ inputs: { 'm.r32': map(), 'rules.json': rules('CON') } });
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--masks', 'rules.json', '--out', 'd'], io)).toBe(1);
    expect(io.err).toMatch(/rules\.json: layers\[1\]\.name "CON" is a name Windows reserves/);
    expect(io.files.size).toBe(0);
    const ok = fakeCliIo({ inputs: { 'm.r32': map(), 'rules.json': rules('console') } });
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--masks', 'rules.json', '--out', 'd'], ok)).toBe(0);
  });

  it('refuses a masks rules file over 1 MiB before reading it, naming the file', async () => {
    const big = `{"layers":[{"name":"grass"}],"pad":"${' '.repeat(MAX_MASK_RULES_BYTES)}"}`;
    const io = fakeCliIo({ inputs: { 'm.r32': map(), 'big.json': big } });
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--masks', 'big.json', '--out', 'd'], io)).toBe(1);
    expect(io.err).toMatch(/big\.json: is \d+ bytes, larger than the 1048576 bytes a masks rules file may have/);
    expect(io.files.size).toBe(0);
  });

  it('the real reader refuses a large rules file by its size alone (a sparse 700 MiB file)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'faultline-masks-'));
    try {
      const file = path.join(folder, 'huge.json');
      await writeFile(file, '{');
      await truncate(file, 700 * 1024 * 1024);
      await expect(readInputFile(file, { maxBytes: MAX_MASK_RULES_BYTES, kind: 'a masks rules file' })).rejects.toThrow(
        /^huge\.json: is 700 MiB, larger than the 1 MiB a masks rules file may have$/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses --range beyond float32 up front (exit 2, naming --range): the reader would refuse the file', async () => {
    for (const out of ['wide.png', 'wide.r16']) {
      const io = fakeCliIo({ inputs: { 'x.r32': map() } });
      expect(await runCli(['export', 'x.r32', '--range=-1e308:1e308', '--out', out], io)).toBe(2);
      expect(io.err).toMatch(/^faultline export: --range must lie within ±3\.4028e\+38 \(float32 heights\), got "-1e308:1e308"/);
      expect(io.files.size).toBe(0);
    }
    // At float32's edge it is written, and reads back.
    const io = fakeCliIo({ inputs: { 'x.r32': map() } });
    expect(await runCli(['export', 'x.r32', '--range=-3e38:3e38', '--out', 'edge.png'], io)).toBe(0);
    const back = fakeCliIo({ inputs: { 'edge.png': io.files.get('edge.png')! } });
    expect(await runCli(['info', 'edge.png'], back)).toBe(0);
  });
});
