import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileProject, parseProject, type ProjectDocument } from '../../shared/codecs/project';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ProjectPayload } from '../../shared/ipc/projectContract';
import { createScriptedDialogs, type ScriptedDialogs } from './dialogs';
import { payloadFromDocument } from './projectCodecIo';
import { askBeforeClose, createProjectService, decideClose, MAX_DROP_TOKENS, type ProjectService } from './projectService';
import { createRecentFiles, RECENT_FILES_NAME } from './recentFiles';

let folder: string;
let dialogs: ScriptedDialogs;
let service: ProjectService;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-project-'));
  dialogs = createScriptedDialogs();
  service = createProjectService({ dialogs, recent: createRecentFiles(path.join(folder, 'userData')) });
  await mkdir(path.join(folder, 'userData'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function sampleDocument(seed: number, width = 17, depth = 9): ProjectDocument {
  const field = createHeightfield(width, depth, 0.5);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.37 + seed) * 40 + seed;
  // Values that only a bit-exact path keeps.
  field.heights[0] = -0;
  field.heights[1] = 1.401298464324817e-45;
  return {
    field,
    recipe: { seed, iterations: 50, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 40 } },
    history: [{ kind: 'runMore', iterations: 25 }],
    props: [{ id: 'p1', type: 'tree', x: 1, z: -2, yaw: 0.5, scale: 1 }],
    view: { colorMode: 'slope' },
  };
}

function payload(seed: number): ProjectPayload {
  // Copy the heights: the service may keep a view of the bytes it was given.
  const p = payloadFromDocument(sampleDocument(seed));
  return { json: p.json, heights: p.heights.slice() };
}

function expectSameHeights(a: Float32Array, b: Float32Array): void {
  expect(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).toEqual(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
}

async function decodeFile(filePath: string): Promise<ProjectDocument> {
  return parseProject(await readFile(filePath), path.basename(filePath));
}

describe('project service', () => {
  it('Save As writes the file the dialog chose; it decodes bit-exactly with everything in it', async () => {
    const target = path.join(folder, 'valley.faultline');
    dialogs.queueSave(target);
    const result = await service.saveAs({ defaultName: 'Untitled.faultline', payload: payload(3) });
    expect(result).toMatchObject({ status: 'saved', fileName: 'valley.faultline' });
    const decoded = await decodeFile(target);
    const original = sampleDocument(3);
    expectSameHeights(decoded.field.heights, original.field.heights);
    expect(Object.is(decoded.field.heights[0], -0)).toBe(true);
    expect([decoded.field.width, decoded.field.depth, decoded.field.cellSize]).toEqual([17, 9, 0.5]);
    expect(decoded.recipe).toEqual(original.recipe);
    expect(decoded.history).toEqual(original.history);
    expect(decoded.props).toEqual(original.props);
    expect(decoded.view).toEqual(original.view);
  });

  it('adds the extension when the chosen name lacks it, and cancelling writes nothing', async () => {
    dialogs.queueSave(path.join(folder, 'plain'));
    expect(await service.saveAs({ defaultName: 'x', payload: payload(1) })).toMatchObject({ status: 'saved', fileName: 'plain.faultline' });
    expect(await service.saveAs({ defaultName: 'x', payload: payload(1) })).toEqual({ status: 'cancelled' });
    expect((await readdir(folder)).sort()).toEqual(['plain.faultline', 'userData']);
  });

  it('Save through the handle replaces the file and keeps the previous version as .bak', async () => {
    const target = path.join(folder, 'a.faultline');
    dialogs.queueSave(target);
    const first = await service.saveAs({ defaultName: 'a.faultline', payload: payload(1) });
    if (first.status !== 'saved') throw new Error('first save failed');
    const second = await service.save({ handle: first.handle, payload: payload(2) });
    expect(second).toMatchObject({ status: 'saved', handle: first.handle });
    expectSameHeights((await decodeFile(target)).field.heights, sampleDocument(2).field.heights);
    expectSameHeights((await decodeFile(`${target}.bak`)).field.heights, sampleDocument(1).field.heights);
  });

  it('refuses an unknown handle instead of guessing a path', async () => {
    expect(await service.save({ handle: 'not-a-handle', payload: payload(1) })).toMatchObject({ status: 'error' });
  });

  it('a failing write leaves the good file as it was and says so', async () => {
    const target = path.join(folder, 'keep.faultline');
    await writeFile(target, compileProject(sampleDocument(1)));
    const before = await readFile(target);
    const failing = createProjectService({
      dialogs,
      recent: createRecentFiles(path.join(folder, 'userData')),
      write: async () => {
        throw new Error('ENOSPC: no space left on device');
      },
    });
    dialogs.queueSave(target);
    const result = await failing.saveAs({ defaultName: 'keep.faultline', payload: payload(2) });
    expect(result.status).toBe('error');
    if (result.status === 'error') expect(result.message).toMatch(/^keep\.faultline: could not be saved.*ENOSPC/);
    expect(await readFile(target)).toEqual(before);
  });

  it('refuses a bad payload before touching the target (wrong heights length, NaN, bad recipe, missing field)', async () => {
    const target = path.join(folder, 'good.faultline');
    dialogs.queueSave(target);
    const saved = await service.saveAs({ defaultName: 'good.faultline', payload: payload(1) });
    if (saved.status !== 'saved') throw new Error('save failed');
    const before = await readFile(target);
    const good = payload(1);
    const nanHeights = good.heights.slice();
    new DataView(nanHeights.buffer).setFloat32(8, Number.NaN, true);
    const data = JSON.parse(good.json) as Record<string, unknown>;
    const bad: Array<[ProjectPayload, RegExp]> = [
      [{ json: good.json, heights: good.heights.subarray(0, 40) }, /good\.faultline: cannot be saved: expected 153 heights/],
      [{ json: good.json, heights: nanHeights }, /good\.faultline: cannot be saved: height 2 is NaN/],
      [{ json: JSON.stringify({ ...data, recipe: { seed: 1 } }), heights: good.heights }, /invalid recipe/],
      [{ json: JSON.stringify({ ...data, props: undefined }), heights: good.heights }, /missing its "props" field/],
      [{ json: '{not json', heights: good.heights }, /not valid JSON/],
    ];
    for (const [request, message] of bad) {
      const result = await service.save({ handle: saved.handle, payload: request });
      expect(result.status).toBe('error');
      if (result.status === 'error') expect(result.message).toMatch(message);
    }
    expect(await readFile(target)).toEqual(before);
    expect((await readdir(folder)).sort()).toEqual(['good.faultline', 'userData']);
  });

  it('Open reads the chosen file and returns its data with a handle that Save then writes to', async () => {
    const target = path.join(folder, 'hills.faultline');
    await writeFile(target, compileProject(sampleDocument(5)));
    dialogs.queueOpen(target);
    const opened = await service.open();
    if (opened.status !== 'opened') throw new Error(`open failed: ${JSON.stringify(opened)}`);
    expect(opened.fileName).toBe('hills.faultline');
    expect(JSON.parse(opened.payload.json)).toMatchObject({ width: 17, depth: 9, cellSize: 0.5, recipe: { seed: 5 } });
    expect(new Uint8Array(opened.payload.heights)).toEqual(payloadFromDocument(sampleDocument(5)).heights);
    await service.save({ handle: opened.handle, payload: payload(6) });
    expectSameHeights((await decodeFile(target)).field.heights, sampleDocument(6).field.heights);
  });

  it('Open of a broken file gives an error naming the file and the problem', async () => {
    const good = compileProject(sampleDocument(1));
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ['cut.faultline', good.subarray(0, good.length - 100), /^cut\.faultline: is truncated/],
      ['junk.faultline', new TextEncoder().encode('hello world, not a project'), /^junk\.faultline: is not a Faultline project/],
      ['empty.faultline', new Uint8Array(0), /^empty\.faultline: is not a Faultline project/],
    ];
    const future = good.slice();
    future[10] = 9;
    cases.push(['future.faultline', future, /^future\.faultline: was made by a newer Faultline \(format v9/]);
    for (const [name, bytes, message] of cases) {
      await writeFile(path.join(folder, name), bytes);
      dialogs.queueOpen(path.join(folder, name));
      const result = await service.open();
      expect(result.status, name).toBe('error');
      if (result.status === 'error') expect(result.message).toMatch(message);
    }
    dialogs.queueOpen(path.join(folder, 'nothing-here.faultline'));
    expect(await service.open()).toMatchObject({ status: 'error', message: expect.stringMatching(/^nothing-here\.faultline: does not exist/) });
    dialogs.queueOpen(folder);
    expect(await service.open()).toMatchObject({ status: 'error', message: expect.stringMatching(/is not a file/) });
  });

  it('refuses a project declaring an absurd map size without allocating it', async () => {
    const bytes = compileProject(sampleDocument(1));
    const text = new TextDecoder().decode(bytes);
    const at = text.indexOf('"width":17');
    const hostile = bytes.slice();
    // Same length, so only the value changes: 99999 wide (and the CRC no longer matches either way).
    hostile.set(new TextEncoder().encode('"width":99'), at);
    await writeFile(path.join(folder, 'huge.faultline'), hostile);
    dialogs.queueOpen(path.join(folder, 'huge.faultline'));
    const result = await service.open();
    expect(result).toMatchObject({ status: 'error', message: expect.stringMatching(/^huge\.faultline: /) });
  });

  it('Open Recent lists opened and saved files newest first and opens them by index', async () => {
    const a = path.join(folder, 'a.faultline');
    const b = path.join(folder, 'b.faultline');
    await writeFile(a, compileProject(sampleDocument(1)));
    dialogs.queueOpen(a);
    await service.open();
    dialogs.queueSave(b);
    await service.saveAs({ defaultName: 'b', payload: payload(2) });
    expect(await service.listRecent()).toEqual([
      { name: 'b.faultline', folder },
      { name: 'a.faultline', folder },
    ]);
    const opened = await service.openRecent(1);
    expect(opened).toMatchObject({ status: 'opened', fileName: 'a.faultline' });
    expect((await service.listRecent())[0].name).toBe('a.faultline');
    // A fresh service (next start) reads the same list from user data.
    const again = createProjectService({ dialogs, recent: createRecentFiles(path.join(folder, 'userData')) });
    expect((await again.listRecent()).map((e) => e.name)).toEqual(['a.faultline', 'b.faultline']);
  });

  it('a recent file that disappeared gives a clear error and leaves the list', async () => {
    const gone = path.join(folder, 'gone.faultline');
    await writeFile(gone, compileProject(sampleDocument(1)));
    dialogs.queueOpen(gone);
    await service.open();
    await rm(gone);
    const result = await service.openRecent(0);
    expect(result).toMatchObject({ status: 'error', message: expect.stringMatching(/^gone\.faultline: no longer exists.*removed from Open Recent/) });
    expect(await service.listRecent()).toEqual([]);
    expect(await service.openRecent(5)).toMatchObject({ status: 'error' });
  });

  it('a corrupt recent-files list is an empty list', async () => {
    await writeFile(path.join(folder, 'userData', RECENT_FILES_NAME), '{"files": [1, 2');
    expect(await service.listRecent()).toEqual([]);
    await writeFile(path.join(folder, 'userData', RECENT_FILES_NAME), JSON.stringify({ files: ['relative/path.faultline', 42] }));
    const fresh = createProjectService({ dialogs, recent: createRecentFiles(path.join(folder, 'userData')) });
    expect(await fresh.listRecent()).toEqual([]);
  });

  it('a dropped file is registered (absolute .faultline paths only) for a token, and opened by that token once', async () => {
    const good = path.join(folder, 'drop.faultline');
    await writeFile(good, compileProject(sampleDocument(4)));
    await writeFile(path.join(folder, 'secret.txt'), 'not for you');
    const token = service.registerDrop(good);
    expect(token).toMatch(/^[a-z0-9-]+$/);
    expect(token).not.toContain('drop');
    const opened = await service.openDropped(token);
    expect(opened).toMatchObject({ status: 'opened', fileName: 'drop.faultline' });
    // Single use.
    expect(await service.openDropped(token)).toMatchObject({ status: 'error', message: /not known here/ });
    expect(() => service.registerDrop(path.join(folder, 'secret.txt'))).toThrow(/^secret\.txt: is not a Faultline project/);
    expect(() => service.registerDrop('relative.faultline')).toThrow(/is not a Faultline project/);
    await mkdir(path.join(folder, 'dir.faultline'));
    expect(await service.openDropped(service.registerDrop(path.join(folder, 'dir.faultline')))).toMatchObject({ status: 'error', message: /is not a file/ });
  });

  it('a path the page names is never opened, so it can never be saved over', async () => {
    const victim = path.join(folder, 'victim.faultline');
    const original = compileProject(sampleDocument(5));
    await writeFile(victim, original);
    // What the old API let the page do: name the path itself.
    for (const named of [victim, `${victim}`, 'victim', '../victim.faultline']) {
      expect(await service.openDropped(named)).toMatchObject({ status: 'error', message: /not known here/ });
    }
    expect(await service.save({ handle: 'guessed-handle', payload: payload(9) })).toMatchObject({ status: 'error' });
    expect(new Uint8Array(await readFile(victim))).toEqual(original);
    expect((await readdir(folder)).sort()).toEqual(['userData', 'victim.faultline']);
  });

  it('keeps only the newest drop tokens', async () => {
    const good = path.join(folder, 'drop.faultline');
    await writeFile(good, compileProject(sampleDocument(4)));
    const first = service.registerDrop(good);
    for (let k = 0; k < MAX_DROP_TOKENS; k++) service.registerDrop(good);
    expect(await service.openDropped(first)).toMatchObject({ status: 'error', message: /not known here/ });
  });
});

describe('closing the window with unsaved changes', () => {
  it('decides from the dirty state and the answer', () => {
    expect(decideClose(false, undefined)).toBe('close');
    expect(decideClose(true, 0)).toBe('save-then-close');
    expect(decideClose(true, 1)).toBe('close');
    expect(decideClose(true, 2)).toBe('stay');
  });

  it('asks only when dirty, with Cancel as the escape answer', async () => {
    expect(await askBeforeClose(false, dialogs)).toBe('close');
    expect(dialogs.shown).toEqual([]);
    expect(await askBeforeClose(true, dialogs)).toBe('stay');
    dialogs.queueAnswer(1);
    expect(await askBeforeClose(true, dialogs)).toBe('close');
    expect(dialogs.shown[0]).toMatchObject({ kind: 'ask', options: { buttons: ['Save', "Don't Save", 'Cancel'], cancelId: 2 } });
  });
});
