import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS, type AppInfo } from '../../shared/ipc/contract';
import { UPLOAD_PIECE_MAX_BYTES } from '../../shared/ipc/projectContract';
import { createMainServices, type MainServices } from '../services';
import { createScriptedDialogs, type ScriptedDialogs } from '../services/dialogs';
import { readFile } from 'node:fs/promises';
import { createDroppedFileApi, type Invoke } from '../../shared/ipc/api';
import type { RequestChannel } from '../../shared/ipc/contract';
import type { ProjectOpenResult } from '../../shared/ipc/projectContract';
import { createIpcRouter, type IpcRouter } from './router';
import { createSenderPolicy } from './senderPolicy';

const INDEX_URL = 'file:///opt/Faultline/resources/app/dist/renderer/index.html';
const TRUSTED = { url: INDEX_URL };
const APP_INFO: AppInfo = { name: 'Faultline', version: '9.9.9', platform: 'linux', shell: 'electron' };

let folder: string;
let services: MainServices;
let router: IpcRouter;
let dialogs: ScriptedDialogs;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-router-'));
  dialogs = createScriptedDialogs();
  services = createMainServices({ userDataDir: folder, appInfo: APP_INFO, dialogs });
  router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ indexFileUrl: INDEX_URL }) });
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('IPC router', () => {
  it("saves renderer bytes only to the path chosen in main's own save dialog", async () => {
    const target = path.join(folder, 'chosen.csv');
    dialogs.queueSave(target);
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const request = { title: 'Export', defaultName: 'telemetry.csv', filters: [{ name: 'CSV', extensions: ['csv'] }], bytes };
    await expect(router.handle(TRUSTED, 'file:saveBytesAs', [request])).resolves.toEqual({ saved: true, fileName: 'chosen.csv' });
    expect(new Uint8Array(await readFile(target))).toEqual(bytes);
    expect(dialogs.shown.at(-1)).toMatchObject({ kind: 'save', options: { defaultName: 'telemetry.csv' } });
    // Cancelled dialog: nothing written.
    await expect(router.handle(TRUSTED, 'file:saveBytesAs', [request])).resolves.toEqual({ saved: false });
  });

  it('refuses a save request that tries to name a folder or smuggle a path', async () => {
    const base = { title: 'Export', filters: [], bytes: new Uint8Array(1) };
    await expect(router.handle(TRUSTED, 'file:saveBytesAs', [{ ...base, defaultName: '../../etc/passwd' }])).rejects.toThrow(/defaultName/);
    await expect(router.handle(TRUSTED, 'file:saveBytesAs', [{ ...base, defaultName: 'a.csv', path: '/tmp/x' }])).rejects.toThrow(/path: unexpected property/);
    await expect(router.handle(TRUSTED, 'file:saveBytesAs', [{ ...base, defaultName: 'a.csv', bytes: [1, 2] }])).rejects.toThrow(/bytes/);
    expect(dialogs.shown).toHaveLength(0);
  });

  it('answers a valid request from the app window', async () => {
    await expect(router.handle(TRUSTED, 'app:getInfo', [])).resolves.toEqual(APP_INFO);
    await expect(router.handle(TRUSTED, 'settings:get', [])).resolves.toEqual(DEFAULT_USER_SETTINGS);
  });

  it('passes validated arguments to the service and returns its result', async () => {
    const view = { ...DEFAULT_USER_SETTINGS.view, colorMode: 'slope', map2dMode: 'grayscale', wireframe: true, sunAzimuthDeg: 90, water: true };
    await expect(router.handle(TRUSTED, 'settings:setView', [view])).resolves.toEqual({ view });
    await router.handle(TRUSTED, 'commands:setState', [[{ id: 'edit.undo', enabled: false }]]);
    expect(services.commandState.get().get('edit.undo')).toBe(false);
  });

  it('refuses an unknown channel', async () => {
    await expect(router.handle(TRUSTED, 'fs:readFile', ['/etc/passwd'])).rejects.toThrow(/unknown channel "fs:readFile"/);
    await expect(router.handle(TRUSTED, 'toString', [])).rejects.toThrow(/unknown channel/);
    await expect(router.handle(TRUSTED, 42, [])).rejects.toThrow(/unknown channel/);
  });

  it('refuses senders other than the app document', async () => {
    const spy = vi.spyOn(services.settings, 'get');
    for (const url of [
      'https://evil.example/',
      'file:///tmp/other.html',
      'file:///opt/Faultline/resources/app/dist/renderer/index.html.evil',
      'about:blank',
      '',
      'not a url',
    ]) {
      await expect(router.handle({ url }, 'settings:get', []), url).rejects.toThrow(/is not the Faultline window/);
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('accepts the index document with a hash or query, and the configured dev origin only', async () => {
    await expect(router.handle({ url: `${INDEX_URL}#/view` }, 'app:getInfo', [])).resolves.toEqual(APP_INFO);
    const devRouter = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ devOrigin: 'http://127.0.0.1:4173' }) });
    await expect(devRouter.handle({ url: 'http://127.0.0.1:4173/index.html' }, 'app:getInfo', [])).resolves.toEqual(APP_INFO);
    await expect(devRouter.handle({ url: 'http://127.0.0.1:4174/' }, 'app:getInfo', [])).rejects.toThrow(/not the Faultline window/);
    await expect(devRouter.handle({ url: 'http://localhost:4173/' }, 'app:getInfo', [])).rejects.toThrow(/not the Faultline window/);
    await expect(devRouter.handle({ url: INDEX_URL }, 'app:getInfo', [])).rejects.toThrow(/not the Faultline window/);
  });

  it("trusts the app scheme's index document (the packaged window) and nothing else on that scheme", async () => {
    const appRouter = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ indexFileUrl: 'faultline://app/index.html' }) });
    await expect(appRouter.handle({ url: 'faultline://app/index.html#/view' }, 'app:getInfo', [])).resolves.toEqual(APP_INFO);
    for (const url of ['faultline://app/other.html', 'faultline://evil/index.html', 'file:///index.html', INDEX_URL]) {
      await expect(appRouter.handle({ url }, 'app:getInfo', []), url).rejects.toThrow(/not the Faultline window/);
    }
  });

  it('validates every argument before the service is called', async () => {
    const spy = vi.spyOn(services.settings, 'setView');
    const good = { colorMode: 'height', map2dMode: 'hypsometric', wireframe: false };
    const badCalls: Array<[unknown, RegExp]> = [
      [[{ ...good, extra: true }], /extra: unexpected property/],
      [[{ ...good, wireframe: 'yes' }], /wireframe: expected a boolean/],
      [[{ ...good, colorMode: 'rainbow' }], /colorMode: expected one of/],
      [[], /expected an object, got undefined/],
      [[good, good], /expected 1 argument\(s\), got 2/],
      ['not a list', /arguments must be a list/],
    ];
    for (const [args, message] of badCalls) {
      await expect(router.handle(TRUSTED, 'settings:setView', args)).rejects.toThrow(message);
    }
    await expect(router.handle(TRUSTED, 'commands:setState', [[{ id: 'no.such', enabled: true }]])).rejects.toThrow(/unknown command no\.such/);
    await expect(router.handle(TRUSTED, 'app:getInfo', [1])).rejects.toThrow(/expected 0 argument/);
    expect(spy).not.toHaveBeenCalled();
    expect(await readdir(folder)).toEqual([]);
  });

  it('refuses a byte array where an object is expected at once, without listing its bytes as keys', async () => {
    const spy = vi.spyOn(services.settings, 'setView');
    const keys = vi.spyOn(Object, 'keys');
    try {
      await expect(router.handle(TRUSTED, 'settings:setView', [new Uint8Array(16 * 1024 * 1024)])).rejects.toThrow(
        /^IPC refused: settings:setView argument 1: expected an object, got Uint8Array$/,
      );
      await expect(router.handle(TRUSTED, 'project:save', [new Float32Array(1024)])).rejects.toThrow(/expected an object, got Float32Array/);
      expect(keys).not.toHaveBeenCalled();
    } finally {
      keys.mockRestore();
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses holes and prototype keys with a validation message, never a TypeError', async () => {
    await expect(router.handle(TRUSTED, 'commands:setState', [new Array(1)])).rejects.toThrow(
      /^IPC refused: commands:setState argument 1\[0\]: expected an object, got undefined$/,
    );
    const request = { title: 'Export', defaultName: 'a.csv', filters: new Array(1), bytes: new Uint8Array(1) };
    await expect(router.handle(TRUSTED, 'file:saveBytesAs', [request])).rejects.toThrow(/filters\[0\]: expected an object, got undefined/);
    for (const key of ['constructor', 'toString', '__proto__', 'valueOf']) {
      const view = JSON.parse(`{"colorMode":"height","map2dMode":"grayscale","wireframe":false,"${key}":1}`) as unknown;
      await expect(router.handle(TRUSTED, 'settings:setView', [view]), key).rejects.toThrow(new RegExp(`${key}: unexpected property`));
    }
    expect(dialogs.shown).toHaveLength(0);
    expect(await readdir(folder)).toEqual([]);
  });

  it('never opens (so never saves over) a path the page names: only a token the preload registered opens a dropped file', async () => {
    const victim = path.join(folder, 'victim.faultline');
    const json = JSON.stringify({ width: 2, depth: 2, cellSize: 1, recipe: null, history: [], props: [], view: {} });
    dialogs.queueSave(victim);
    await router.handle(TRUSTED, 'project:saveAs', [{ defaultName: 'victim.faultline', payload: { json, heights: new Uint8Array(16) } }]);
    const original = await readFile(victim);
    for (const named of [victim, 'victim.faultline', `file://${victim}`]) {
      await expect(router.handle(TRUSTED, 'project:openDropped', [named]), named).rejects.toThrow(
        /IPC refused: project:openDropped argument 1: does not match/,
      );
    }
    await expect(router.handle(TRUSTED, 'project:openDropped', ['0000-guessed'])).resolves.toMatchObject({ status: 'error', message: /not known here/ });
    await expect(router.handle(TRUSTED, 'project:registerDrop', ['/etc/passwd'])).rejects.toThrow(/passwd: is not a Faultline project/);
    await expect(router.handle(TRUSTED, 'project:registerDrop', [`${victim}\u0000.txt`])).rejects.toThrow(/IPC refused/);
    expect(await readFile(victim)).toEqual(original);

    // The preload's way: it registers the File's path (webUtils.getPathForFile) and the page opens by token.
    const files = createDroppedFileApi(((channel: RequestChannel, ...args: unknown[]) => router.handle(TRUSTED, channel, args)) as Invoke, (file) =>
      file === 'the dropped File' ? victim : '',
    );
    expect(await files.dropToken('a File with no path')).toBeNull();
    const token = await files.dropToken('the dropped File');
    const opened = (await router.handle(TRUSTED, 'project:openDropped', [token])) as ProjectOpenResult;
    expect(opened).toMatchObject({ status: 'opened', fileName: 'victim.faultline' });
    if (opened.status !== 'opened') return;
    await expect(
      router.handle(TRUSTED, 'project:save', [{ handle: opened.handle, payload: { json, heights: new Uint8Array(new Float32Array([1, 2, 3, 4]).buffer) } }]),
    ).resolves.toMatchObject({ status: 'saved' });
    expect(new Float32Array((await readFile(victim)).buffer.slice(-20, -4))).toEqual(new Float32Array([1, 2, 3, 4]));
  });

  it('turns a failing service into a rejection with a plain message', async () => {
    vi.spyOn(services.settings, 'get').mockRejectedValue(new Error('disk on fire'));
    const error = await router.handle(TRUSTED, 'settings:get', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('settings:get failed: disk on fire');
  });

  it('rejects (never throws synchronously) on a malformed sender', async () => {
    const result = router.handle(undefined as unknown as { url: string }, 'app:getInfo', []);
    await expect(result).rejects.toThrow(/not the Faultline window/);
  });

  it("takes a project's heights as an upload in pieces and gives the service the assembled bytes", async () => {
    const heights = new Float32Array(7 * 5).map((_, k) => k * 0.5 - 3);
    const bytes = new Uint8Array(heights.buffer);
    const json = JSON.stringify({ width: 7, depth: 5, cellSize: 1, recipe: null, history: [], props: [], view: {} });
    const id = (await router.handle(TRUSTED, 'upload:begin', [bytes.byteLength])) as string;
    expect(await router.handle(TRUSTED, 'upload:append', [id, 0, bytes.slice(0, 60)])).toBe(60);
    expect(await router.handle(TRUSTED, 'upload:append', [id, 60, bytes.slice(60)])).toBe(bytes.byteLength);
    await router.handle(TRUSTED, 'recovery:write', [{ payload: { json, heightsUpload: id } }]);
    const loaded = await services.recovery.load();
    expect(loaded.status).toBe('loaded');
    if (loaded.status === 'loaded') expect([...loaded.payload.heights]).toEqual([...bytes]);
    // Used once: the same id cannot be named again.
    await expect(router.handle(TRUSTED, 'recovery:write', [{ payload: { json, heightsUpload: id } }])).rejects.toThrow(/unknown/);
  });

  it('refuses malformed uploads and payloads that name heights twice, not at all, or an unfinished upload', async () => {
    const json = JSON.stringify({ width: 2, depth: 2, cellSize: 1, recipe: null, history: [], props: [], view: {} });
    const heights = new Uint8Array(16);
    await expect(router.handle(TRUSTED, 'upload:begin', [-1])).rejects.toThrow(/IPC refused/);
    await expect(router.handle(TRUSTED, 'upload:begin', [2 ** 31])).rejects.toThrow(/IPC refused/);
    const id = (await router.handle(TRUSTED, 'upload:begin', [16])) as string;
    await expect(router.handle(TRUSTED, 'upload:append', [id, 0, new Uint8Array(UPLOAD_PIECE_MAX_BYTES + 1)])).rejects.toThrow(/IPC refused.*more than/);
    await expect(router.handle(TRUSTED, 'upload:append', ['../etc', 0, new Uint8Array(1)])).rejects.toThrow(/IPC refused/);
    await expect(router.handle(TRUSTED, 'upload:append', [id, new Uint8Array(8)])).rejects.toThrow(/IPC refused.*argument 2: expected a finite number/);
    await expect(router.handle(TRUSTED, 'upload:append', [id, -1, new Uint8Array(8)])).rejects.toThrow(/IPC refused.*below 0/);
    await router.handle(TRUSTED, 'upload:append', [id, 0, new Uint8Array(8)]);
    await expect(router.handle(TRUSTED, 'recovery:write', [{ payload: { json, heights, heightsUpload: id } }])).rejects.toThrow(
      /either heights or heightsUpload/,
    );
    await expect(router.handle(TRUSTED, 'recovery:write', [{ payload: { json } }])).rejects.toThrow(/either heights or heightsUpload/);
    await expect(router.handle(TRUSTED, 'recovery:write', [{ payload: { json, heightsUpload: id } }])).rejects.toThrow(/incomplete: 8 of 16 bytes/);
    await expect(router.handle(TRUSTED, 'recovery:write', [{ payload: { json, heightsUpload: 'no-such-upload' } }])).rejects.toThrow(/unknown/);
    expect(await services.recovery.check()).toBeNull();
  });
});

describe('recovery:write file names', () => {
  it('refuses a fileName that is not a plain name, or that Windows reserves, and keeps a plain one', async () => {
    const payload = { json: '{}', heights: new Float32Array(0) };
    for (const fileName of ['..', '../x.faultline', 'a/b.faultline', 'C:\\Windows\\win.ini', 'C:win.ini', 'con', 'NUL.faultline', 'com1.txt']) {
      await expect(router.handle(TRUSTED, 'recovery:write', [{ fileName, payload }]), fileName).rejects.toThrow(
        /fileName: .*(plain file name|folder reference|reserves)/,
      );
    }
  });
});
