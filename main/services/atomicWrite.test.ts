import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
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

  it.runIf(process.platform !== 'win32')('keeps the mode of the file it replaces (a 0600 project stays 0600), and of its .bak', async () => {
    const target = path.join(folder, 'private.faultline');
    await writeFile(target, 'v1');
    for (const mode of [0o600, 0o640, 0o400, 0o755]) {
      await chmod(target, mode);
      await atomicWrite(target, `v-${mode}`, { keepBackup: true });
      expect((await stat(target)).mode & 0o7777, mode.toString(8)).toBe(mode);
      expect((await stat(`${target}.bak`)).mode & 0o7777, mode.toString(8)).toBe(mode);
      expect(await readFile(target, 'utf8')).toBe(`v-${mode}`);
    }
    expect((await readdir(folder)).sort()).toEqual(['private.faultline', 'private.faultline.bak']);
  });

  it.runIf(process.platform !== 'win32')('creates a new file as before (0644 less the umask) and keeps its owner', async () => {
    const target = path.join(folder, 'new.txt');
    await atomicWrite(target, 'x');
    const umask = process.umask();
    expect((await stat(target)).mode & 0o777).toBe(0o644 & ~umask);
    await atomicWrite(target, 'y');
    const after = await stat(target);
    expect([after.uid, after.gid]).toEqual([process.getuid?.(), process.getgid?.()]);
  });
});
