// file:exportHeightmap through the router: main encodes from the heights (inline or uploaded), shows
// its own save dialog with a suggested name only, and writes; bad requests are refused before a dialog.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/ipc/contract';
import { UPLOAD_PIECE_MAX_BYTES } from '../../shared/ipc/projectContract';
import { float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { parsePngHeightmap } from '../../shared/codecs/png-heightmap';
import { parseR32 } from '../../shared/codecs/raw';
import { createMainServices } from '../services';
import { encodeHeightmapExport } from '../services/exportService';
import { createScriptedDialogs, type ScriptedDialogs } from '../services/dialogs';
import { createIpcRouter, type IpcRouter } from './router';
import { createSenderPolicy } from './senderPolicy';

const INDEX_URL = 'file:///opt/Faultline/resources/app/dist/renderer/index.html';
const TRUSTED = { url: INDEX_URL };
const APP_INFO: AppInfo = { name: 'Faultline', version: '9.9.9', platform: 'linux', shell: 'electron' };

let folder: string;
let router: IpcRouter;
let dialogs: ScriptedDialogs;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-export-'));
  dialogs = createScriptedDialogs();
  const services = createMainServices({ userDataDir: folder, appInfo: APP_INFO, dialogs });
  router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ indexFileUrl: INDEX_URL }) });
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A map's heights and its heightfield payload (size, cell size 2 m, heights inline by default). */
function map(
  width: number,
  depth: number,
): { heights: Float32Array; heightfield: (heights?: Uint8Array) => { width: number; depth: number; cellSize: number; heights: Uint8Array } } {
  const heights = new Float32Array(width * depth);
  for (let k = 0; k < heights.length; k++) heights[k] = Math.sin(k * 0.01) * 100 + (k % 7);
  return { heights, heightfield: (bytes = float32LittleEndianBytes(heights)) => ({ width, depth, cellSize: 2, heights: bytes }) };
}

const OPTIONS = { title: 'Export Heightmap', byteOrder: 'le', flip: false, exrCompression: 'zip' } as const;

describe('file:exportHeightmap', () => {
  it("writes a PNG main encoded to the path its dialog chose, with the format's filter", async () => {
    const { heightfield } = map(33, 17);
    const target = path.join(folder, 'out.png');
    dialogs.queueSave(target);
    const request = { ...OPTIONS, defaultName: 'terrain.png', format: 'png16', heightfield: heightfield() };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [request])).resolves.toEqual({ status: 'saved', fileName: 'out.png' });
    expect(dialogs.shown.at(-1)).toMatchObject({
      kind: 'save',
      options: { defaultName: 'terrain.png', filters: [{ name: 'PNG 16-bit grayscale', extensions: ['png'] }] },
    });
    const decoded = parsePngHeightmap(new Uint8Array(await readFile(target)), 'out.png');
    expect([decoded.width, decoded.depth, decoded.bitDepth]).toEqual([33, 17, 16]);
    expect(decoded.metadata.cellSize).toBe(2);
    // Cancelled: nothing written, answered as such.
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [request])).resolves.toEqual({ status: 'cancelled' });
  });

  it('takes heights from an upload, bit for bit (.r32, flipped)', async () => {
    const width = 2049;
    const depth = 2049 + 2; // more than one upload piece
    const { heights } = map(width, depth);
    const bytes = float32LittleEndianBytes(heights);
    expect(bytes.length).toBeGreaterThan(UPLOAD_PIECE_MAX_BYTES);
    const id = (await router.handle(TRUSTED, 'upload:begin', [bytes.length])) as string;
    for (let at = 0; at < bytes.length; at += UPLOAD_PIECE_MAX_BYTES) {
      await router.handle(TRUSTED, 'upload:append', [id, at, bytes.subarray(at, Math.min(bytes.length, at + UPLOAD_PIECE_MAX_BYTES))]);
    }
    const target = path.join(folder, 'big.r32');
    dialogs.queueSave(target);
    const request = { ...OPTIONS, flip: true, defaultName: 'big.r32', format: 'r32', heightfield: { width, depth, cellSize: 2, heightsUpload: id } };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [request])).resolves.toEqual({ status: 'saved', fileName: 'big.r32' });
    const back = parseR32(new Uint8Array(await readFile(target)), 'big.r32', { width, depth, flip: true });
    expect(Buffer.from(float32LittleEndianBytes(back.samples as Float32Array)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses an upload that is not the map's heights, before any dialog", async () => {
    const id = (await router.handle(TRUSTED, 'upload:begin', [12])) as string;
    await router.handle(TRUSTED, 'upload:append', [id, 0, new Uint8Array(12)]);
    const request = { ...OPTIONS, defaultName: 'u.r32', format: 'r32', heightfield: { width: 4, depth: 4, cellSize: 2, heightsUpload: id } };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [request])).rejects.toThrow(/12 bytes uploaded, expected 64 for 4 × 4/);
    expect(dialogs.shown).toHaveLength(0);
  });

  it('answers a map it cannot write with the problem, before any dialog', async () => {
    const { heights, heightfield } = map(4, 4);
    heights[5] = NaN;
    const request = { ...OPTIONS, defaultName: 'bad.r32', format: 'r32', heightfield: heightfield() };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [request])).resolves.toEqual({
      status: 'error',
      message: 'bad.r32: cannot be written: height 5 (column 1, row 1) is NaN',
    });
    // Heights that are not the map's are refused at the boundary.
    const short = { ...request, heightfield: heightfield(new Uint8Array(12)) };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [short])).rejects.toThrow(/heightfield\.heights: 12 bytes, expected 64 for 4 × 4/);
    // Not a project: a project's fields are not part of it.
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...request, heightfield: { ...heightfield(), recipe: null } }])).rejects.toThrow(
      /recipe: unexpected property/,
    );
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...request, heightfield: { ...heightfield(), cellSize: 0 } }])).rejects.toThrow(/cellSize/);
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...request, heightfield: { ...heightfield(), width: 8194 } }])).rejects.toThrow(/width/);
    expect(dialogs.shown).toHaveLength(0);
  });

  it('refuses NaN heights in every format (png16, png8, r16 as r32 and exr), before any dialog', async () => {
    const { heights, heightfield } = map(5, 4);
    heights[7] = NaN;
    for (const [format, name] of [
      ['png16', 'n.png'],
      ['png8', 'n8.png'],
      ['r16', 'n.r16'],
      ['r32', 'n.r32'],
      ['exr', 'n.exr'],
    ] as const) {
      const request = { ...OPTIONS, defaultName: name, format, heightfield: heightfield() };
      await expect(router.handle(TRUSTED, 'file:exportHeightmap', [request]), format).resolves.toMatchObject({
        status: 'error',
        message: expect.stringMatching(new RegExp(`^${name.replace('.', '\\.')}: .*(height|sample|value) 7 .*NaN`)),
      });
    }
    expect(dialogs.shown).toHaveLength(0);
  });

  it('refuses a range beyond float32 (the reader would refuse the file) and the encoder checks it too', async () => {
    const { heightfield } = map(4, 4);
    const base = { ...OPTIONS, defaultName: 'wide.png', format: 'png16', heightfield: heightfield() };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...base, range: { min: -1e308, max: 1e308 } }])).rejects.toThrow(/range\.min: below/);
    for (const format of ['png16', 'png8', 'r16'] as const) {
      await expect(encodeHeightmapExport({ ...base, format, range: { min: -1e308, max: 1e308 } })).rejects.toThrow(
        /^wide\.png: height range -1e\+308\.\.1e\+308 is beyond ±3\.4028e\+38/,
      );
    }
    expect(dialogs.shown).toHaveLength(0);
  });

  it('refuses requests that name folders, smuggle paths or unknown formats', async () => {
    const { heightfield } = map(4, 4);
    const base = { ...OPTIONS, defaultName: 'a.png', format: 'png16', heightfield: heightfield() };
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...base, defaultName: '../a.png' }])).rejects.toThrow(/defaultName/);
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...base, path: '/tmp/a.png' }])).rejects.toThrow(/path: unexpected property/);
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...base, format: 'obj' }])).rejects.toThrow(/format/);
    await expect(router.handle(TRUSTED, 'file:exportHeightmap', [{ ...base, range: { min: 0, max: Infinity } }])).rejects.toThrow(/range\.max/);
    await expect(router.handle({ url: 'https://evil.example/' }, 'file:exportHeightmap', [base])).rejects.toThrow(/not the Faultline window/);
    expect(dialogs.shown).toHaveLength(0);
  });
});
