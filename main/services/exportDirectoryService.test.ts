import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIpcRouter } from '../ipc/router';
import { createMainServices } from './index';
import { createScriptedDialogs } from './dialogs';
import { createExportDirectoryService } from './exportDirectoryService';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-export-dir-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export to a folder through a handle', () => {
  it('writes exactly the announced files into the chosen folder', async () => {
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    dialogs.queueDirectory(dir);
    const chosen = await service.choose({ title: 'Export for Unreal', fileNames: ['a.png', 'a.unreal.json'] });
    expect(chosen).toMatchObject({ status: 'chosen', directoryName: path.basename(dir) });
    if (chosen.status !== 'chosen') return;
    expect(JSON.stringify(chosen)).not.toContain(dir); // the renderer never sees the path
    expect(await service.write(chosen.handle, 'a.png', Uint8Array.of(1, 2, 3))).toEqual({ written: 1 });
    await expect(service.write(chosen.handle, 'b.png', Uint8Array.of(1))).rejects.toThrow(/not one of the files this export announced/);
    await service.write(chosen.handle, 'a.unreal.json', new TextEncoder().encode('{}'));
    expect((await readdir(dir)).sort()).toEqual(['a.png', 'a.unreal.json']);
    expect([...(await readFile(path.join(dir, 'a.png')))]).toEqual([1, 2, 3]);
    service.finish(chosen.handle);
    await expect(service.write(chosen.handle, 'a.png', Uint8Array.of(9))).rejects.toThrow(/has ended/);
    expect(service.open).toBe(0);
  });

  it('is all or nothing: nothing lands until the last file, a blocked file or an early finish leaves the folder as it was', async () => {
    await writeFile(path.join(dir, 'm.png'), 'old map');
    await mkdir(path.join(dir, 'm_snow.png'));
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    const choose = async (fileNames: string[]) => {
      dialogs.queueDirectory(dir);
      dialogs.queueAnswer(0); // Replace
      const chosen = await service.choose({ title: 'Export', fileNames });
      if (chosen.status !== 'chosen') throw new Error('not chosen');
      return chosen.handle;
    };
    const blocked = await choose(['m.png', 'm_grass.png', 'm_snow.png', 'm.unreal.json']);
    await service.write(blocked, 'm.png', Uint8Array.of(1));
    await service.write(blocked, 'm_grass.png', Uint8Array.of(2));
    const failure = (await service.write(blocked, 'm_snow.png', Uint8Array.of(3)).catch((e: unknown) => e)) as Error;
    expect(failure.message).toMatch(/^could not write m_snow\.png: a folder of that name is in the way; nothing was written$/);
    expect((await readdir(dir)).sort()).toEqual(['m.png', 'm_snow.png']);
    expect(await readFile(path.join(dir, 'm.png'), 'utf8')).toBe('old map');
    expect(service.open).toBe(0);

    const early = await choose(['m.png', 'n.png']);
    await service.write(early, 'm.png', Uint8Array.of(9));
    service.finish(early);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await readdir(dir)).sort()).toEqual(['m.png', 'm_snow.png']);
    expect(await readFile(path.join(dir, 'm.png'), 'utf8')).toBe('old map');
  });

  it('asks before replacing files, and a refusal writes nothing', async () => {
    await writeFile(path.join(dir, 'm.raw'), 'old');
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    dialogs.queueDirectory(dir);
    dialogs.queueAnswer(1); // Cancel
    expect(await service.choose({ title: 'Export', fileNames: ['m.raw', 'm.unity.json'] })).toEqual({ status: 'cancelled' });
    expect(dialogs.shown.at(-1)).toMatchObject({ kind: 'ask', options: { message: `Replace a file in “${path.basename(dir)}”?`, detail: 'm.raw' } });
    expect(await readFile(path.join(dir, 'm.raw'), 'utf8')).toBe('old');
    dialogs.queueDirectory(null);
    expect(await service.choose({ title: 'Export', fileNames: ['x'] })).toEqual({ status: 'cancelled' });
  });

  it('forgets idle handles and keeps at most a few', async () => {
    let clock = 0;
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs, { idleMs: 1000, maxOpen: 2, now: () => clock });
    const handles: string[] = [];
    for (let k = 0; k < 3; k++) {
      dialogs.queueDirectory(dir);
      const chosen = await service.choose({ title: 'Export', fileNames: [`f${k}`] });
      if (chosen.status === 'chosen') handles.push(chosen.handle);
    }
    expect(service.open).toBe(2);
    await expect(service.write(handles[0], 'f0', Uint8Array.of(0))).rejects.toThrow(/has ended/);
    clock = 5000;
    await expect(service.write(handles[2], 'f2', Uint8Array.of(0))).rejects.toThrow(/has ended/);
  });

  it('the router refuses names that could leave the folder', async () => {
    const dialogs = createScriptedDialogs();
    const services = createMainServices({ userDataDir: dir, appInfo: { name: 'F', version: '0', platform: 'test', shell: 'browser-bridge' }, dialogs });
    const router = createIpcRouter({ services, isTrustedSender: () => true });
    const sender = { url: 'app://x' };
    for (const name of ['../evil.png', '..', '.hidden', 'a/b.png', 'a\\b.png', 'C:x.png']) {
      await expect(router.handle(sender, 'file:chooseExportDirectory', [{ title: 't', fileNames: [name] }])).rejects.toThrow(/IPC refused/);
      await expect(router.handle(sender, 'file:writeExportFile', ['abc', name, Uint8Array.of(1)])).rejects.toThrow(/IPC refused/);
    }
    dialogs.queueDirectory(dir);
    const chosen = (await router.handle(sender, 'file:chooseExportDirectory', [{ title: 't', fileNames: ['ok.png'] }])) as { handle: string };
    await router.handle(sender, 'file:writeExportFile', [chosen.handle, 'ok.png', Uint8Array.of(7)]);
    await router.handle(sender, 'file:finishExport', [chosen.handle]);
    expect([...(await readFile(path.join(dir, 'ok.png')))]).toEqual([7]);
  });
});
