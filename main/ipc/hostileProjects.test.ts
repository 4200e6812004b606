/**
 * The generated hostile projects (shared/codecs/testing/hostileCorpus.ts) through main: opened
 * from disk (Open, a drop) and sent by the renderer as JSON (the recovery journal, Save). Each is
 * refused with a message naming the file, nothing is written, and no other error escapes.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileCorpus, SMALL_HEIGHTS } from '../../shared/codecs/testing/hostileCorpus';
import type { ProjectOpenResult, ProjectSaveResult } from '../../shared/ipc/projectContract';
import { createMainServices, type MainServices } from '../services';
import { createScriptedDialogs, type ScriptedDialogs } from '../services/dialogs';
import { createIpcRouter, type IpcRouter } from './router';
import { createSenderPolicy } from './senderPolicy';

const INDEX_URL = 'file:///opt/Faultline/resources/app/dist/renderer/index.html';
const TRUSTED = { url: INDEX_URL };

let folder: string;
let userData: string;
let services: MainServices;
let router: IpcRouter;
let dialogs: ScriptedDialogs;
let saved: { handle: string; bytes: Buffer };

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-hostile-'));
  userData = path.join(folder, 'userData');
  dialogs = createScriptedDialogs();
  services = createMainServices({ userDataDir: userData, appInfo: { name: 'F', version: '1', platform: 'linux', shell: 'electron' }, dialogs });
  router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ indexFileUrl: INDEX_URL }) });
  // A good document the hostile saves aim at.
  const target = path.join(folder, 'good.faultline');
  dialogs.queueSave(target);
  const json = JSON.stringify({ width: 2, depth: 2, cellSize: 1, recipe: null, history: [], props: [], view: {} });
  const result = (await router.handle(TRUSTED, 'project:saveAs', [{ defaultName: 'good', payload: { json, heights: SMALL_HEIGHTS } }])) as ProjectSaveResult;
  if (result.status !== 'saved') throw new Error('setup save failed');
  saved = { handle: result.handle, bytes: await readFile(target) };
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('hostile projects through main', () => {
  for (const file of hostileCorpus().filter((f) => f.name.endsWith('.faultline') && f.stackProblem)) {
    it(`${file.name}: ${file.about}: opens as its saved heights, saying why`, { timeout: 30_000 }, async () => {
      const onDisk = path.join(folder, file.name);
      await writeFile(onDisk, file.bytes());
      dialogs.queueOpen(onDisk);
      const opened = (await router.handle(TRUSTED, 'project:open', [])) as ProjectOpenResult;
      expect(opened.status).toBe('opened');
      if (opened.status !== 'opened') return;
      expect(opened.payload.layers?.origin).toBe('heights');
      expect(opened.payload.layers?.problem).toMatch(file.stackProblem!);
    });
  }
  for (const file of hostileCorpus().filter((f) => f.name.endsWith('.faultline') && f.refusal)) {
    it(`${file.name}: ${file.about}`, { timeout: 30_000 }, async () => {
      const onDisk = path.join(folder, file.name);
      await writeFile(onDisk, file.bytes());
      const before = (await readdir(folder)).sort();
      const expectRefused = (message: string, prefix: string) => {
        expect(message.startsWith(prefix), message).toBe(true);
        expect(message.slice(prefix.length)).toMatch(file.refusal!);
        expect(message).not.toMatch(/\n|RangeError|Maximum call stack|Cannot read/);
      };

      dialogs.queueOpen(onDisk);
      const opened = (await router.handle(TRUSTED, 'project:open', [])) as ProjectOpenResult;
      expect(opened.status).toBe('error');
      if (opened.status === 'error') expectRefused(opened.message, `${file.name}: `);

      const token = (await router.handle(TRUSTED, 'project:registerDrop', [onDisk])) as string;
      const dropped = (await router.handle(TRUSTED, 'project:openDropped', [token])) as ProjectOpenResult;
      expect(dropped).toEqual(opened);

      // The same JSON from the renderer: refused before it is parsed, the journal and the file untouched.
      const payload = { json: file.json!(), heights: SMALL_HEIGHTS };
      const journal = await router.handle(TRUSTED, 'recovery:write', [{ payload }]).then(
        () => 'written',
        (error: Error) => error.message,
      );
      expectRefused(journal, 'recovery:write failed: current.faultline: cannot be saved: ');
      expect(await services.recovery.check()).toBeNull();
      const save = (await router.handle(TRUSTED, 'project:save', [{ handle: saved.handle, payload }])) as ProjectSaveResult;
      expect(save.status).toBe('error');
      if (save.status === 'error') expectRefused(save.message, 'good.faultline: cannot be saved: ');
      expect(await readFile(path.join(folder, 'good.faultline'))).toEqual(saved.bytes);
      expect((await readdir(folder)).sort()).toEqual(before);
    });
  }
});
