import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWrite } from './atomicWrite';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-atomic-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('atomicWrite', () => {
  it('creates a new file with exactly the given bytes and leaves no temp file', async () => {
    const target = path.join(folder, 'out.bin');
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) & 0xff);
    await atomicWrite(target, bytes);
    expect(new Uint8Array(await readFile(target))).toEqual(bytes);
    expect(await readdir(folder)).toEqual(['out.bin']);
  });

  it('replaces an existing file and keeps the previous version as .bak when asked', async () => {
    const target = path.join(folder, 'settings.json');
    await writeFile(target, 'old');
    await atomicWrite(target, 'new', { keepBackup: true });
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readFile(`${target}.bak`, 'utf8')).toBe('old');
    expect((await readdir(folder)).sort()).toEqual(['settings.json', 'settings.json.bak']);
  });

  it('does not create a .bak on the first save', async () => {
    const target = path.join(folder, 'first.txt');
    await atomicWrite(target, 'hello', { keepBackup: true });
    expect(await readdir(folder)).toEqual(['first.txt']);
  });

  it('leaves the old file intact and cleans up when the rename fails', async () => {
    // A folder at the target path makes the final rename fail after the temp file was written.
    const target = path.join(folder, 'blocked');
    await mkdir(target);
    await writeFile(path.join(target, 'inside.txt'), 'keep me');
    await expect(atomicWrite(target, 'data')).rejects.toThrow(/Could not save .*blocked/);
    expect(await readdir(folder)).toEqual(['blocked']);
    expect(await readFile(path.join(target, 'inside.txt'), 'utf8')).toBe('keep me');
  });

  it('names the file when the folder does not exist', async () => {
    const target = path.join(folder, 'missing', 'x.json');
    await expect(atomicWrite(target, '{}')).rejects.toThrow(/missing.*x\.json/);
  });
});
