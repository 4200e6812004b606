import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedDialogs } from './dialogs';
import { createImportService, readFileCapped } from './importService';

describe('import service', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'faultline-import-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('returns the chosen file name (no folders) and its exact bytes, with heightmap filters', async () => {
    const file = path.join(dir, 'hills.r16');
    const bytes = Uint8Array.from({ length: 1000 }, (_, k) => (k * 37) & 0xff);
    await writeFile(file, bytes);
    const dialogs = createScriptedDialogs();
    dialogs.queueOpen(file);
    const result = await createImportService(dialogs).openHeightmap();
    expect(result).toEqual({ status: 'opened', fileName: 'hills.r16', bytes });
    const shown = dialogs.shown[0].options as { filters: { extensions: string[] }[] };
    expect(shown.filters[0].extensions).toEqual(['png', 'r16', 'raw', 'r32', 'exr', 'tif', 'tiff']);
  });

  it('a cancelled dialog reads nothing', async () => {
    expect(await createImportService(createScriptedDialogs()).openHeightmap()).toEqual({ status: 'cancelled' });
  });

  it('refuses a file above the cap by name, before reading it', async () => {
    const file = path.join(dir, 'huge.png');
    await writeFile(file, new Uint8Array(2048));
    const dialogs = createScriptedDialogs();
    dialogs.queueOpen(file);
    const result = await createImportService(dialogs, 1024).openHeightmap();
    expect(result).toMatchObject({ status: 'refused', fileName: 'huge.png' });
    expect(result.status === 'refused' && result.message).toMatch(/^huge\.png: is 2048 bytes, larger than the 1024 bytes/);
  });

  it('a file exactly at the cap is read', async () => {
    const file = path.join(dir, 'edge.r32');
    await writeFile(file, new Uint8Array(1024).fill(7));
    expect((await readFileCapped(file, 1024)).length).toBe(1024);
  });

  it('missing files and folders give plain messages naming them', async () => {
    const dialogs = createScriptedDialogs();
    dialogs.queueOpen(path.join(dir, 'gone.png'));
    await mkdir(path.join(dir, 'folder.png'));
    dialogs.queueOpen(path.join(dir, 'folder.png'));
    const service = createImportService(dialogs);
    expect(await service.openHeightmap()).toEqual({ status: 'refused', fileName: 'gone.png', message: 'gone.png: the file does not exist' });
    const folder = await service.openHeightmap();
    expect(folder.status === 'refused' && folder.message).toMatch(/^folder\.png: is (not a regular file|a folder)/);
  });
});
