import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import { buildPreset, DEFAULT_PRESET_ID } from '../../shared/presets/terrainPresets';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { replayTerrain } from '../../shared/recipe/replay';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';
import { parseGenerateArgs } from './args';

const fakeIo = () => fakeCliIo();

describe('faultline generate with presets, profiles and erosion', () => {
  it('--preset makes the editor preset for this size and seed, recorded in the project so it replays', async () => {
    const io = fakeIo();
    expect(
      await runCli(['generate', '--size', '65', '--cell-size', '2', '--preset', 'rolling-hills', '--seed', '8', '--out', 'p.faultline', '--out', 'p.r32'], io),
    ).toBe(0);
    expect(io.err).toBe('');
    const project = parseProject(io.files.get('p.faultline')!, 'p.faultline');
    const { recipe, finishing } = buildPreset('rolling-hills', { width: 65, depth: 65, cellSize: 2, seed: 8 });
    expect(project.recipe).toEqual(recipe);
    expect(project.history).toEqual(finishing);
    const replayed = replayTerrain({ width: 65, depth: 65, cellSize: 2, recipe, steps: finishing });
    expect(project.field.heights).toEqual(replayed.heights);
    expect(new Float32Array(io.files.get('p.r32')!.slice().buffer)).toEqual(replayed.heights);
  });

  it('options win over the preset: iterations, profile width, talus and droplets', () => {
    const options = parseGenerateArgs([
      '--size',
      '129',
      '--preset',
      'mountains',
      '--iterations',
      '50',
      '--fault-width',
      '20',
      '--talus',
      '33',
      '--hydraulic',
      '1234',
      '--out',
      'a.r32',
    ]);
    expect(options.recipe.iterations).toBe(50);
    expect(options.recipe.profile).toEqual({ kind: 'smooth', width: 20 });
    expect(options.finishing.map((step) => step.kind)).toEqual(['hydraulic', 'thermal']);
    expect(options.finishing[0]).toMatchObject({ kind: 'hydraulic', droplets: 1234 });
    expect(options.finishing[1]).toMatchObject({ kind: 'thermal', talusDeg: 33 });
  });

  it('--profile smooth with a width over --preset classic; erosion options add steps after the faults', () => {
    const options = parseGenerateArgs([
      '--size',
      '33',
      '--preset',
      'classic',
      '--profile',
      'smooth',
      '--fault-width',
      '12.5',
      '--smooth',
      '0.3',
      '--thermal',
      '7',
      '--hydraulic',
      '100',
      '--out',
      'a.r32',
    ]);
    expect(options.recipe.profile).toEqual({ kind: 'smooth', width: 12.5 });
    expect(options.finishing.map((step) => step.kind)).toEqual(['smooth', 'thermal', 'hydraulic']);
    // With --preset classic and no --profile the recipe stays as before profiles existed.
    expect(parseGenerateArgs(['--size', '33', '--preset', 'classic', '--out', 'a.r32']).recipe.profile).toBeUndefined();
  });

  it('refuses bad preset, profile and erosion values with one line', async () => {
    const cases: [string[], RegExp][] = [
      [['--preset', 'volcano'], /--preset must be one of rolling-hills, mountains/],
      [['--profile', 'ramp'], /--profile must be one of step, smooth/],
      [['--preset', 'classic', '--profile', 'smooth'], /--profile smooth needs --fault-width/],
      [['--preset', 'classic', '--fault-width', '5'], /--fault-width needs --profile smooth/],
      [['--profile', 'smooth', '--fault-width', '-2'], /--fault-width must be a number of metres from/],
      [['--preset', 'classic', '--talus', '30'], /need --thermal/],
      [['--hydraulic', '1.5'], /--hydraulic must be a whole number/],
    ];
    for (const [extra, pattern] of cases) {
      const io = fakeIo();
      expect(await runCli(['generate', '--size', '17', ...extra, '--out', 'a.r32'], io)).toBe(2);
      expect(io.err).toMatch(pattern);
      expect(io.files.size).toBe(0);
    }
  });

  it("without --preset makes the editor's default preset (scaled to the size as the form does), byte for byte", async () => {
    const io = fakeIo();
    expect(await runCli(['generate', '--size', '65', '--depth', '49', '--cell-size', '2', '--out', 'd.r32', '--out', 'd.faultline'], io)).toBe(0);
    // The editor's form fills itself with presetFormValues(DEFAULT_PRESET_ID, size, seed 1) = buildPreset(…).
    const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, { width: 65, depth: 49, cellSize: 2, seed: DEFAULT_RECIPE.seed });
    const project = parseProject(io.files.get('d.faultline')!, 'd.faultline');
    expect(project.recipe).toEqual(recipe);
    expect(project.history).toEqual(finishing);
    const editor = replayTerrain({ width: 65, depth: 49, cellSize: 2, recipe, steps: finishing });
    expect(io.files.get('d.r32')).toEqual(new Uint8Array(editor.heights.buffer));
    // Options still win over it.
    const square = buildPreset(DEFAULT_PRESET_ID, { width: 65, depth: 65, cellSize: 1, seed: 1 }).recipe;
    expect(parseGenerateArgs(['--size', '65', '--iterations', '7', '--out', 'a.r32']).recipe).toEqual({ ...square, iterations: 7 });
  });

  it('--preset classic gives the raw fault terrain of versions before presets (the classic recipe, no steps)', async () => {
    const io = fakeIo();
    expect(await runCli(['generate', '--size', '65', '--cell-size', '2', '--preset', 'classic', '--out', 'c.r32', '--out', 'c.faultline'], io)).toBe(0);
    const field = createHeightfield(65, 65, 2);
    runFaultFormation(field, DEFAULT_RECIPE);
    expect(io.files.get('c.r32')).toEqual(new Uint8Array(field.heights.buffer));
    const project = parseProject(io.files.get('c.faultline')!, 'c.faultline');
    expect(project.recipe).toEqual(DEFAULT_RECIPE);
    expect(project.history).toEqual([]);
  });

  it('a preset whose fault width rounds to 0 at a tiny --cell-size is a usage error naming --cell-size', async () => {
    for (const preset of ['rolling-hills', 'mountains', 'canyons', 'islands']) {
      const io = fakeIo();
      expect(await runCli(['generate', '--size', '65', '--cell-size', '0.0001', '--preset', preset, '--out', 'a.r32'], io), preset).toBe(2);
      expect(io.err).toMatch(new RegExp(`^faultline generate: --cell-size 0\\.0001 is too small for --preset ${preset}: its fault width rounds to 0 m`));
      expect(io.files.size).toBe(0);
    }
    // The default preset too; a width given by hand, or the step profile, makes it run.
    const io = fakeIo();
    expect(await runCli(['generate', '--size', '65', '--cell-size', '0.0001', '--out', 'a.r32'], io)).toBe(2);
    expect(io.err).toMatch(/--cell-size 0\.0001 is too small for --preset rolling-hills/);
    expect(await runCli(['generate', '--size', '17', '--cell-size', '0.0001', '--fault-width', '0.0005', '--out', 'a.r32'], fakeIo())).toBe(0);
    expect(await runCli(['generate', '--size', '17', '--cell-size', '0.0001', '--profile', 'step', '--out', 'a.r32'], fakeIo())).toBe(0);
  });
});
