import { describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import { parseProject } from '../../shared/codecs/project';
import { viewSettingsValidator } from '../../shared/ipc/contract';
import { presetClimate } from '../../shared/presets/presetClimates';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

/**
 * A project made with `generate --preset` carries the preset's climate in its view, as the editor's Run
 * of the preset sets it (issue 35 §3: deserts in ochre and red, no snow), so the window opens it and the
 * CLI's colour maps paint it as a desert; `layers` keeps a project's view.
 */
describe('generate --preset writes the preset’s climate into the project', () => {
  it('Canyons opens as a desert in the window and its colour map has no grass; layers --set, water, river and erode keep the view', async () => {
    const io = fakeCliIo();
    expect(await runCli(['generate', '--size', '65', '--cell-size', '2', '--preset', 'canyons', '--seed', '3', '--quiet', '--out', 'c.faultline'], io)).toBe(0);
    const project = parseProject(io.files.get('c.faultline')!, 'c.faultline');
    const climate = presetClimate('canyons', project.field);
    expect(project.view).toMatchObject({ climate: 'desert', treeLine: climate.treeLine, snowLine: climate.snowLine, water: false });
    // The window takes it whole (an incomplete view is ignored on open: app/project/mapping.ts viewFrom).
    expect(viewSettingsValidator(project.view, 'view')).toMatchObject({ climate: 'desert', snowLine: climate.snowLine });

    const exported = fakeCliIo({ inputs: { 'c.faultline': io.files.get('c.faultline')! } });
    expect(await runCli(['export', 'c.faultline', '--out', 'col.png', '--colour-map'], exported)).toBe(0);
    const png = exported.files.get('col.png')!;
    const [r, g] = (['r', 'g'] as const).map((channel) => decodePng(png, 'col.png', { channel }).samples);
    // Desert ground, ochre and red beds are redder than green everywhere; temperate grass is greener.
    let grass = 0;
    for (let k = 0; k < r.length; k++) if (g[k] >= r[k]) grass++;
    expect(grass).toBe(0);

    const edit = fakeCliIo({ inputs: { 'c.faultline': io.files.get('c.faultline')! } });
    expect(await runCli(['layers', 'c.faultline', '--set', 'fluvial-1.time=0', '--out', 'd.faultline'], edit)).toBe(0);
    expect(parseProject(edit.files.get('d.faultline')!, 'd.faultline').view).toEqual(project.view);
    // So do the commands that add a layer: water (its own writer) and river (the shared layer outputs).
    const spline = JSON.stringify({
      points: [
        [-60, -60],
        [-60, -54],
      ],
    });
    const wet = fakeCliIo({ inputs: { 'c.faultline': io.files.get('c.faultline')!, 'r.json': spline } });
    expect([await runCli(['water', 'c.faultline', '--out', 'w.faultline'], wet), wet.err]).toEqual([0, '']);
    expect(parseProject(wet.files.get('w.faultline')!, 'w.faultline').view).toEqual(project.view);
    expect([await runCli(['river', 'c.faultline', '--spline', 'r.json', '--out', 'r.faultline'], wet), wet.err]).toEqual([0, '']);
    expect(parseProject(wet.files.get('r.faultline')!, 'r.faultline').view).toEqual(project.view);
    expect([await runCli(['erode', 'c.faultline', '--thermal', '2', '--out', 'e.faultline'], wet), wet.err]).toEqual([0, '']);
    expect(parseProject(wet.files.get('e.faultline')!, 'e.faultline').view).toEqual(project.view);
  }, 120_000);

  it('Mountains: its snow line placed on the land made; without --preset, or with classic, no view (the bytes as before)', async () => {
    const io = fakeCliIo();
    expect(await runCli(['generate', '--size', '65', '--cell-size', '2', '--preset', 'mountains', '--seed', '5', '--quiet', '--out', 'm.faultline'], io)).toBe(
      0,
    );
    const mountains = parseProject(io.files.get('m.faultline')!, 'm.faultline');
    const lines = presetClimate('mountains', mountains.field, mountains.field.heights);
    expect(mountains.view).toMatchObject({ climate: 'temperate', treeLine: lines.treeLine, snowLine: lines.snowLine });
    for (const args of [[], ['--preset', 'classic']]) {
      const plain = fakeCliIo();
      expect(await runCli(['generate', '--size', '65', '--cell-size', '2', ...args, '--quiet', '--out', 'p.faultline'], plain)).toBe(0);
      expect(parseProject(plain.files.get('p.faultline')!, 'p.faultline').view).toEqual({});
    }
  }, 120_000);
});
