import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, DEFAULT_VIEW_SETTINGS, type ViewSettings } from '../../shared/ipc/contract';
import { createSettingsService, SETTINGS_FILE_NAME } from './settingsService';

let folder: string;
let warnings: string[];
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-settings-'));
  warnings = [];
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const service = () => createSettingsService({ directory: folder, warn: (m) => warnings.push(m) });
const slopeView: ViewSettings = {
  ...DEFAULT_VIEW_SETTINGS,
  colorMode: 'slope',
  map2dMode: 'grayscale',
  wireframe: true,
  sunAzimuthDeg: 90,
  water: true,
  seaLevel: -3.5,
};

describe('settingsService', () => {
  it('returns defaults when there is no settings file, without creating one', async () => {
    expect(await service().get()).toEqual(DEFAULT_USER_SETTINGS);
    expect(await readdir(folder)).toEqual([]);
  });

  it('persists view settings so a new service instance reads them back', async () => {
    const saved = await service().setView(slopeView);
    expect(saved.view).toEqual(slopeView);
    expect(await service().get()).toEqual({ view: slopeView });
    expect(JSON.parse(await readFile(path.join(folder, SETTINGS_FILE_NAME), 'utf8'))).toEqual({ view: slopeView });
  });

  it('keeps the last of several quick writes', async () => {
    const settings = service();
    const views: ViewSettings[] = [
      { ...DEFAULT_VIEW_SETTINGS, colorMode: 'slope', map2dMode: 'grayscale', wireframe: false },
      { ...DEFAULT_VIEW_SETTINGS, colorMode: 'height', map2dMode: 'grayscale', wireframe: true },
      slopeView,
    ];
    await Promise.all(views.map((view) => settings.setView(view)));
    expect((await service().get()).view).toEqual(slopeView);
  });

  it('sets a file that is not JSON aside as settings.json.corrupt and uses defaults', async () => {
    await writeFile(path.join(folder, SETTINGS_FILE_NAME), '{ not json');
    expect(await service().get()).toEqual(DEFAULT_USER_SETTINGS);
    expect(await readFile(path.join(folder, 'settings.json.corrupt'), 'utf8')).toBe('{ not json');
    expect(await readdir(folder)).toEqual(['settings.json.corrupt']);
    expect(warnings.join('\n')).toMatch(/settings\.json\.corrupt/);
  });

  it('treats valid JSON of the wrong shape as corrupt and never overwrites an earlier corrupt copy', async () => {
    await writeFile(path.join(folder, 'settings.json.corrupt'), 'older');
    const wrongShape = JSON.stringify({ view: { colorMode: 'rainbow', map2dMode: 'grayscale', wireframe: false } });
    await writeFile(path.join(folder, SETTINGS_FILE_NAME), wrongShape);
    expect(await service().get()).toEqual(DEFAULT_USER_SETTINGS);
    expect(await readFile(path.join(folder, 'settings.json.corrupt'), 'utf8')).toBe('older');
    expect(await readFile(path.join(folder, 'settings.json.corrupt.1'), 'utf8')).toBe(wrongShape);
  });

  it('rejects invalid view settings without touching the file', async () => {
    const settings = service();
    await settings.setView(slopeView);
    const bad = { ...slopeView, extra: 1 } as unknown as ViewSettings;
    await expect(settings.setView(bad)).rejects.toThrow(/extra: unexpected property/);
    expect((await service().get()).view).toEqual(slopeView);
  });

  it('returns copies, so callers cannot change the stored settings', async () => {
    const settings = service();
    const first = await settings.get();
    first.view.wireframe = !first.view.wireframe;
    expect(await settings.get()).toEqual(DEFAULT_USER_SETTINGS);
  });
});
