// Cancelling a running export in main (file:cancelExport through the router): main's encoder thread
// stops mid-file, every temporary goes, and the files an earlier export left stay byte for byte; a
// cancel that meets the last file being put in place leaves the whole new set or the whole old one.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { tileLayout, tileName } from '../../shared/export/tiles';
import type { MainServices } from './index';
import type { ScriptedDialogs } from './dialogs';
import { createExportDirectoryService } from './exportDirectoryService';
import type { IpcRouter } from '../ipc/router';
import { createRouterHarness, TRUSTED_SENDER } from '../ipc/testing/routerHarness';
import { createExportJobs, ExportCancelledError } from './exportJobs';

const TRUSTED = TRUSTED_SENDER;
/** The largest map: an export of it takes seconds to tens of seconds. */
const SIDE = 8193;

let folder: string;
let out: string;
let dialogs: ScriptedDialogs;
let services: MainServices;
let router: IpcRouter;
beforeEach(async () => {
  ({ folder, out, dialogs, services, router } = await createRouterHarness('faultline-cancel-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The heights of a SIDE² map as main receives them (float32 little-endian bytes). */
let bigHeights: Uint8Array | null = null;
function bigMap(): { width: number; depth: number; cellSize: number; heights: Uint8Array } {
  if (!bigHeights) {
    const field = createHeightfield(SIDE, SIDE, 1);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.0013) * 80 + ((k * 7) % 11) * 0.3;
    bigHeights = float32LittleEndianBytes(field.heights);
  }
  return { width: SIDE, depth: SIDE, cellSize: 1, heights: bigHeights };
}

const call = (channel: string, ...args: unknown[]) => router.handle(TRUSTED, channel, args);
const listing = async () => (await readdir(out)).sort();
async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('cancelling an export in main', () => {
  it(
    `8193² tiles: the encoder stops mid-tile within 1 s, the temporaries go, an earlier export of the same names stays byte for byte`,
    { timeout: 240_000 },
    async () => {
      const tiles = { size: 4097, overlap: 1 };
      const names = tileLayout(SIDE, SIDE, tiles).map((t) => `${tileName('big', t)}.r16`);
      // An earlier export of the same names.
      const before = new Map(names.map((name, k) => [name, Buffer.from(`earlier tile ${k}`)]));
      for (const [name, bytes] of before) await writeFile(path.join(out, name), bytes);
      dialogs.queueDirectory(out);
      dialogs.queueAnswer(0); // Replace
      const chosen = (await call('file:chooseExportDirectory', { title: 'Export Tiles', fileNames: names })) as { status: string; handle: string };
      expect(chosen.status).toBe('chosen');
      const running = call('file:exportHeightmapTiles', {
        handle: chosen.handle,
        fileName: 'big.r16',
        format: 'r16',
        byteOrder: 'le',
        flip: false,
        exrCompression: 'zip',
        tiles,
        heightfield: bigMap(),
      }).then(
        () => 'finished',
        (error: unknown) => (error as Error).message,
      );
      // The first tile is staged (its temporary is there): the second is being encoded.
      await until(async () => (await listing()).some((name) => name.endsWith('.tmp')));
      const start = performance.now();
      const answer = await call('file:cancelExport', { job: chosen.handle });
      const outcome = await running;
      const elapsed = performance.now() - start;
      expect(answer).toEqual({ status: 'cancelled' });
      expect(outcome).toBe('file:exportHeightmapTiles failed: the export was cancelled; nothing was written');
      expect(elapsed).toBeLessThan(1000);
      expect(await listing()).toEqual([...names].sort());
      for (const [name, bytes] of before) expect((await readFile(path.join(out, name))).equals(bytes)).toBe(true);
      // The handle is over: nothing more can be written through it, and a second cancel knows nothing of it.
      expect(services.exportDirectories.open).toBe(0);
      expect(await call('file:cancelExport', { job: chosen.handle })).toEqual({ status: 'unknown' });
    },
  );

  it('8193² heightmap (EXR): the encode stops within 1 s, no save dialog is shown, nothing is written', { timeout: 240_000 }, async () => {
    const running = call('file:exportHeightmap', {
      title: 'Export Heightmap',
      defaultName: 'big.exr',
      format: 'exr',
      byteOrder: 'le',
      flip: false,
      exrCompression: 'zip',
      heightfield: bigMap(),
      job: 'export-big-1',
    });
    // Cancelled while the encoder thread is at work.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const start = performance.now();
    expect(await call('file:cancelExport', { job: 'export-big-1' })).toEqual({ status: 'cancelled' });
    expect(await running).toEqual({ status: 'cancelled' });
    expect(performance.now() - start).toBeLessThan(1000);
    expect(dialogs.shown).toEqual([]);
    expect(await listing()).toEqual([]);
    // The id is free again; an unknown one is said to be unknown.
    expect(await call('file:cancelExport', { job: 'export-big-1' })).toEqual({ status: 'unknown' });
  });

  it('a streamed session (the window engine export): a cancel between pieces removes the temporaries and keeps the old files', async () => {
    await writeFile(path.join(out, 'm.png'), 'old map');
    dialogs.queueDirectory(out);
    dialogs.queueAnswer(0);
    const chosen = (await call('file:chooseExportDirectory', { title: 'Export', fileNames: ['m.png', 'm_grass.png', 'm.unreal.json'] })) as { handle: string };
    const piece = (fileName: string, offset: number, bytes: Uint8Array, last: boolean) =>
      call('file:writeExportChunk', { handle: chosen.handle, fileName, offset, bytes, last });
    await piece('m.png', 0, new Uint8Array(1000).fill(1), true);
    await piece('m_grass.png', 0, new Uint8Array(500).fill(2), false);
    expect((await listing()).filter((n) => n.endsWith('.tmp'))).toHaveLength(2);
    expect(await call('file:cancelExport', { job: chosen.handle })).toEqual({ status: 'cancelled' });
    expect(await listing()).toEqual(['m.png']);
    expect(await readFile(path.join(out, 'm.png'), 'utf8')).toBe('old map');
    await expect(piece('m_grass.png', 500, new Uint8Array(10), true)).rejects.toThrow(/this export has ended/);
    expect(await listing()).toEqual(['m.png']);
  });

  it('a cancel that meets the last file being put in place: the whole new set or the whole old one, never half, and the answer says which', async () => {
    const names = ['t.png', 't_a.png', 't_b.png', 't.unity.json'];
    const outcomes = new Set<string>();
    // The cancel is sent at moments from before the last piece is written to after the renames
    // (event-loop turns: the file's write, fsync and the renames each take several).
    const delays = Array.from({ length: 48 }, (_, k) => Math.round(1.25 ** k) - 1);
    for (const delay of delays) {
      const service = createExportDirectoryService(dialogs);
      for (const name of names) await writeFile(path.join(out, name), `old ${name}`);
      dialogs.queueDirectory(out);
      dialogs.queueAnswer(0);
      const chosen = await service.choose({ title: 'Export', fileNames: names });
      if (chosen.status !== 'chosen') throw new Error('not chosen');
      for (const name of names.slice(0, -1))
        await service.writeChunk({ handle: chosen.handle, fileName: name, offset: 0, bytes: new TextEncoder().encode(`new ${name}`), last: true });
      const last = service
        .writeChunk({ handle: chosen.handle, fileName: 't.unity.json', offset: 0, bytes: new TextEncoder().encode('new t.unity.json'), last: true })
        .then(
          () => 'written',
          () => 'refused',
        );
      for (let tick = 0; tick < delay; tick++) await new Promise((resolve) => setImmediate(resolve));
      const answer = await service.cancel(chosen.handle);
      const written = await last;
      const contents = await Promise.all(names.map((name) => readFile(path.join(out, name), 'utf8')));
      expect(await listing()).toEqual([...names].sort());
      if (answer === 'finished') {
        expect(written).toBe('written');
        expect(contents).toEqual(names.map((name) => `new ${name}`));
      } else {
        expect(answer).toBe('cancelled');
        expect(written).toBe('refused');
        expect(contents).toEqual(names.map((name) => `old ${name}`));
      }
      outcomes.add(answer);
    }
    // Both sides of the race were met.
    expect([...outcomes].sort()).toEqual(['cancelled', 'finished']);
  });

  it('jobs are bounded and an id runs once at a time; aborting one gives its signal an ExportCancelledError', () => {
    const jobs = createExportJobs(2);
    const a = jobs.start('a');
    expect(() => jobs.start('a')).toThrow(/running already/);
    jobs.start('b');
    expect(() => jobs.start('c')).toThrow(/2 exports are running already/);
    expect(jobs.abort('a')).toBe(true);
    expect(a.signal.reason).toBeInstanceOf(ExportCancelledError);
    expect(jobs.abort('a')).toBe(false);
    a.end();
    expect(jobs.running).toBe(1);
    jobs.start('c').end();
    expect(jobs.running).toBe(1);
    // A cancel that overtook its export's request: the request starts aborted, once.
    expect(jobs.abort('late')).toBe(false);
    const late = jobs.start('late');
    expect(late.signal.aborted).toBe(true);
    late.end();
    expect(jobs.start('late').signal.aborted).toBe(false);
  });

  it('a cancel that overtakes its heightmap export’s request: main neither encodes nor asks where to save', async () => {
    expect(await call('file:cancelExport', { job: 'export-early-1' })).toEqual({ status: 'unknown' });
    const heightfield = { width: 3, depth: 3, cellSize: 1, heights: new Uint8Array(36) };
    expect(
      await call('file:exportHeightmap', {
        title: 'Export Heightmap',
        defaultName: 'a.png',
        format: 'png16',
        byteOrder: 'le',
        flip: false,
        exrCompression: 'zip',
        heightfield,
        job: 'export-early-1',
      }),
    ).toEqual({ status: 'cancelled' });
    expect(dialogs.shown).toEqual([]);
  });
});
