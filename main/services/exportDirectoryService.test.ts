import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIpcRouter } from '../ipc/router';
import { createMainServices } from './index';
import { createScriptedDialogs } from './dialogs';
import { createExportDirectoryService } from './exportDirectoryService';
import { MAX_EXPORT_CHUNK_BYTES, MAX_EXPORT_FILE_BYTES, writeExportChunkRequestValidator } from '../../shared/ipc/exportContract';
import { ValidationError } from '../../shared/ipc/validate';
import { validateRequestArgs } from '../../shared/ipc/contract';

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

  it('finishes an export a killed process left half put in place in the chosen folder before anything else (issue 38)', async () => {
    const dead = 2 ** 22 + 1;
    // Killed after a.png was replaced and before b.png was: the record says what was under way.
    await writeFile(path.join(dir, 'a.png'), 'new a');
    await writeFile(path.join(dir, `.a.png.${dead}.01.aside.tmp`), 'old a');
    await writeFile(path.join(dir, 'b.png'), 'old b');
    await writeFile(path.join(dir, `.b.png.${dead}.02.aside.tmp`), 'old b');
    await writeFile(path.join(dir, `.b.png.${dead}.03.tmp`), 'new b');
    const entries = [
      { target: path.join(dir, 'a.png'), staged: `.a.png.${dead}.04.tmp`, aside: `.a.png.${dead}.01.aside.tmp` },
      { target: path.join(dir, 'b.png'), staged: `.b.png.${dead}.03.tmp`, aside: `.b.png.${dead}.02.aside.tmp` },
    ];
    await writeFile(path.join(dir, `.faultline-set.${dead}.0a.json`), JSON.stringify({ faultlineFileSet: 1, entries, refs: [] }));
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    dialogs.queueDirectory(dir);
    dialogs.queueAnswer(1); // Cancel at the replace question: the recovery came first all the same
    expect(await service.choose({ title: 'Export', fileNames: ['a.png', 'c.png'] })).toEqual({ status: 'cancelled' });
    expect((await readdir(dir)).sort()).toEqual(['a.png', 'b.png']);
    expect([await readFile(path.join(dir, 'a.png'), 'utf8'), await readFile(path.join(dir, 'b.png'), 'utf8')]).toEqual(['new a', 'new b']);
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
    // Its staged files are removed in the background; finishAll waits for that (as the app's quit does).
    await service.finishAll();
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
    for (const name of ['../evil.png', '..', '.hidden', 'a/b.png', 'a\\b.png', 'C:x.png', '/etc/passwd', `${dir}/x.png`]) {
      await expect(router.handle(sender, 'file:chooseExportDirectory', [{ title: 't', fileNames: [name] }])).rejects.toThrow(/IPC refused/);
      await expect(
        router.handle(sender, 'file:writeExportChunk', [{ handle: 'abc', fileName: name, offset: 0, bytes: Uint8Array.of(1), last: true }]),
      ).rejects.toThrow(/IPC refused/);
    }
    dialogs.queueDirectory(dir);
    const chosen = (await router.handle(sender, 'file:chooseExportDirectory', [{ title: 't', fileNames: ['ok.png'] }])) as { handle: string };
    await router.handle(sender, 'file:writeExportChunk', [{ handle: chosen.handle, fileName: 'ok.png', offset: 0, bytes: Uint8Array.of(7), last: true }]);
    await router.handle(sender, 'file:finishExport', [chosen.handle]);
    expect([...(await readFile(path.join(dir, 'ok.png')))]).toEqual([7]);
  });
});

/** Every file in `folder`, hidden temporaries included. */
const listing = async (folder: string) => (await readdir(folder)).sort();

describe('an export session: files in pieces, staged as they come, put in place after the last', () => {
  const open = async (service: ReturnType<typeof createExportDirectoryService>, dialogs: ReturnType<typeof createScriptedDialogs>, fileNames: string[]) => {
    dialogs.queueDirectory(dir);
    dialogs.queueAnswer(0); // Replace, when asked
    const chosen = await service.choose({ title: 'Export for Unreal', fileNames });
    if (chosen.status !== 'chosen') throw new Error(`not chosen: ${chosen.status}`);
    return chosen.handle;
  };
  const piece = (handle: string, fileName: string, offset: number, values: number[], last: boolean) => ({
    handle,
    fileName,
    offset,
    bytes: Uint8Array.from(values),
    last,
  });

  it('stages each piece in the file’s temporary and renames every file only after the last file’s last piece', async () => {
    await writeFile(path.join(dir, 't.png'), 'old heightmap');
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    const handle = await open(service, dialogs, ['t.png', 't_rock.png', 't.unreal.json']);
    expect(await service.writeChunk(piece(handle, 't.png', 0, [1, 2, 3], false))).toEqual({ written: 0 });
    expect(await service.writeChunk(piece(handle, 't.png', 3, [4, 5], true))).toEqual({ written: 1 });
    expect(await service.writeChunk(piece(handle, 't_rock.png', 0, [], false))).toEqual({ written: 1 });
    expect(await service.writeChunk(piece(handle, 't_rock.png', 0, [9], true))).toEqual({ written: 2 });
    // Staged, not in place: the old file is untouched, the new ones are hidden temporaries.
    const staged = await listing(dir);
    expect(staged.filter((f) => !f.endsWith('.tmp'))).toEqual(['t.png']);
    expect(staged.filter((f) => f.endsWith('.tmp'))).toHaveLength(2);
    expect(await readFile(path.join(dir, 't.png'), 'utf8')).toBe('old heightmap');
    expect(await service.writeChunk(piece(handle, 't.unreal.json', 0, [123, 125], true))).toEqual({ written: 3 });
    expect(await listing(dir)).toEqual(['t.png', 't.unreal.json', 't_rock.png']);
    expect([...(await readFile(path.join(dir, 't.png')))]).toEqual([1, 2, 3, 4, 5]);
    expect([...(await readFile(path.join(dir, 't_rock.png')))]).toEqual([9]);
    expect(service.open).toBe(0);
    await expect(service.writeChunk(piece(handle, 't.png', 0, [1], true))).rejects.toThrow(/has ended/);
  });

  it('a piece out of order, of another file before this one ends, of a written or unannounced file ends the session: no change, no temporaries', async () => {
    await writeFile(path.join(dir, 't.png'), 'old heightmap');
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    const cases: [string, (handle: string) => Promise<unknown>, RegExp][] = [
      [
        'a gap',
        (h) => service.writeChunk(piece(h, 't.png', 5, [1], true)),
        /^could not write t\.png: its piece at byte 5 arrived out of order \(3 bytes were written\); nothing was written$/,
      ],
      ['a repeat', (h) => service.writeChunk(piece(h, 't.png', 0, [1], true)), /out of order/],
      [
        'another file',
        (h) => service.writeChunk(piece(h, 't.json', 0, [1], true)),
        /^could not write t\.json: a piece of it arrived while t\.png was not finished; nothing was written$/,
      ],
      ['not announced', (h) => service.writeChunk(piece(h, 'u.png', 0, [1], true)), /not one of the files this export announced/],
    ];
    for (const [what, send, refusal] of cases) {
      const handle = await open(service, dialogs, ['t.png', 't.json']);
      await service.writeChunk(piece(handle, 't.png', 0, [1, 2, 3], false));
      await expect(send(handle), what).rejects.toThrow(refusal);
      expect(await listing(dir), what).toEqual(['t.png']);
      expect(await readFile(path.join(dir, 't.png'), 'utf8')).toBe('old heightmap');
      expect(service.open).toBe(0);
    }
    // A first piece that does not start at 0, and a file sent twice.
    let handle = await open(service, dialogs, ['t.png', 't.json']);
    await expect(service.writeChunk(piece(handle, 't.png', 4, [1], true))).rejects.toThrow(/its piece at byte 4 arrived before its first piece/);
    handle = await open(service, dialogs, ['t.png', 't.json']);
    await service.writeChunk(piece(handle, 't.png', 0, [1], true));
    await expect(service.writeChunk(piece(handle, 't.png', 0, [1], true))).rejects.toThrow(/it was written already/);
    expect(await listing(dir)).toEqual(['t.png']);
  });

  it('two pieces at once: the second is refused and the session ends', async () => {
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    const handle = await open(service, dialogs, ['a.png', 'b.png']);
    const first = service.writeChunk(piece(handle, 'a.png', 0, [1, 2], false));
    await expect(service.writeChunk(piece(handle, 'a.png', 2, [3], true))).rejects.toThrow(/one piece at a time/);
    await first.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await listing(dir)).toEqual([]);
  });

  it('a file that cannot be written mid-way (a folder in its place) leaves the folder as it was', async () => {
    await writeFile(path.join(dir, 'm.png'), 'old map');
    await mkdir(path.join(dir, 'm_snow.png'));
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs);
    const handle = await open(service, dialogs, ['m.png', 'm_snow.png', 'm.json']);
    await service.writeChunk(piece(handle, 'm.png', 0, [1], true));
    await expect(service.writeChunk(piece(handle, 'm_snow.png', 0, [2], false))).rejects.toThrow(
      /^could not write m_snow\.png: a folder of that name is in the way; nothing was written$/,
    );
    expect(await listing(dir)).toEqual(['m.png', 'm_snow.png']);
    expect(await readFile(path.join(dir, 'm.png'), 'utf8')).toBe('old map');
  });

  it('an abandoned session (idle, finished early, or its window closed) is cleaned: temporaries gone, nothing placed', async () => {
    const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
    const schedule = (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    };
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs, { idleMs: 60_000, schedule });
    const idle = await open(service, dialogs, ['a.png', 'b.png']);
    await service.writeChunk(piece(idle, 'a.png', 0, [1, 2], true));
    await service.writeChunk(piece(idle, 'b.png', 0, [3], false));
    expect((await listing(dir)).filter((f) => f.endsWith('.tmp'))).toHaveLength(2);
    // Every piece restarts the idle timer; the live one fires.
    const live = timers.filter((t) => !t.cancelled);
    expect(live.map((t) => t.ms)).toEqual([60_000]);
    live[0].run();
    await vi.waitFor(async () => expect(await listing(dir)).toEqual([]));
    await expect(service.writeChunk(piece(idle, 'b.png', 1, [4], true))).rejects.toThrow(/has ended/);

    const closing = await open(service, dialogs, ['a.png', 'b.png']);
    await service.writeChunk(piece(closing, 'a.png', 0, [1], false));
    await service.finishAll();
    expect(await listing(dir)).toEqual([]);
    expect(service.open).toBe(0);
  });

  it('refuses an export that cannot fit in the memory available, before any dialog', async () => {
    const dialogs = createScriptedDialogs();
    const service = createExportDirectoryService(dialogs, { availableMemory: () => 1.2e9 });
    const refused = await service.choose({
      title: 'Export for Unreal',
      fileNames: ['a.png'],
      memory: { bytes: 3.05e9, what: 'the Unreal Engine 5 export (8129 × 8129, 16 mask layers)' },
    });
    expect(refused).toEqual({
      status: 'refused',
      message:
        'the Unreal Engine 5 export (8129 × 8129, 16 mask layers) needs about 3.1 GB of memory and 1.2 GB is available: choose a smaller ' +
        'resolution, or close other programs and export again; nothing was written',
    });
    expect(dialogs.shown).toEqual([]);
    dialogs.queueDirectory(dir);
    expect(await service.choose({ title: 'Export', fileNames: ['a.png'], memory: { bytes: 1e9, what: 'x' } })).toMatchObject({ status: 'chosen' });
  });
});

describe('file:writeExportChunk validation', () => {
  const valid = { handle: 'abc-123', fileName: 'a.png', offset: 0, bytes: Uint8Array.of(1), last: true };
  it('accepts a plain piece and refuses bad handles, paths, offsets, sizes and extra keys', () => {
    expect(writeExportChunkRequestValidator(valid)).toEqual(valid);
    const bad: [string, unknown][] = [
      ['handle with a slash', { ...valid, handle: '../x' }],
      ['upper-case handle', { ...valid, handle: 'ABC' }],
      ['long handle', { ...valid, handle: 'a'.repeat(65) }],
      ['empty handle', { ...valid, handle: 42 }],
      ['a path', { ...valid, fileName: '/tmp/a.png' }],
      ['a folder', { ...valid, fileName: 'sub/a.png' }],
      ['a Windows path', { ...valid, fileName: 'C:\\a.png' }],
      ['a device name', { ...valid, fileName: 'con.png' }],
      ['a negative offset', { ...valid, offset: -1 }],
      ['a fractional offset', { ...valid, offset: 1.5 }],
      ['an offset past a file’s bound', { ...valid, offset: MAX_EXPORT_FILE_BYTES + 1 }],
      ['a piece too large', { ...valid, bytes: new Uint8Array(MAX_EXPORT_CHUNK_BYTES + 1) }],
      ['not bytes', { ...valid, bytes: [1, 2] }],
      ['a path key', { ...valid, path: '/tmp/a.png' }],
      ['no last', { handle: 'abc', fileName: 'a.png', offset: 0, bytes: Uint8Array.of(1) }],
    ];
    for (const [what, value] of bad) expect(() => writeExportChunkRequestValidator(value), what).toThrow(ValidationError);
    expect(() => validateRequestArgs('file:writeExportChunk', [valid, 'extra'])).toThrow();
  });
});
