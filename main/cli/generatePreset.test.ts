import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import { buildPreset } from '../../shared/presets/terrainPresets';
import { replayTerrain } from '../../shared/recipe/replay';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';
import { parseGenerateArgs } from './args';

const fakeIo = () => fakeCliIo();

describe('faultline generate with presets, profiles and erosion', () => {
  it('--preset makes the editor preset for this size and seed, recorded in the project so it replays', async () => {
    const io = fakeIo();
    expect(await runCli(['generate', '--size', '65', '--cell-size', '2', '--preset', 'rolling-hills', '--seed', '8', '--out', 'p.faultline', '--out', 'p.r32'], io)).toBe(0);
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
    const options = parseGenerateArgs(['--size', '129', '--preset', 'mountains', '--iterations', '50', '--fault-width', '20', '--talus', '33', '--hydraulic', '1234', '--out', 'a.r32']);
    expect(options.recipe.iterations).toBe(50);
    expect(options.recipe.profile).toEqual({ kind: 'smooth', width: 20 });
    expect(options.finishing.map((step) => step.kind)).toEqual(['hydraulic', 'thermal']);
    expect(options.finishing[0]).toMatchObject({ kind: 'hydraulic', droplets: 1234 });
    expect(options.finishing[1]).toMatchObject({ kind: 'thermal', talusDeg: 33 });
  });

  it('--profile smooth with a width, without a preset; erosion options add steps after the faults', () => {
    const options = parseGenerateArgs(['--size', '33', '--profile', 'smooth', '--fault-width', '12.5', '--smooth', '0.3', '--thermal', '7', '--hydraulic', '100', '--out', 'a.r32']);
    expect(options.recipe.profile).toEqual({ kind: 'smooth', width: 12.5 });
    expect(options.finishing.map((step) => step.kind)).toEqual(['smooth', 'thermal', 'hydraulic']);
    // Without a preset or --profile the recipe stays as before profiles existed.
    expect(parseGenerateArgs(['--size', '33', '--out', 'a.r32']).recipe.profile).toBeUndefined();
  });

  it('refuses bad preset, profile and erosion values with one line', async () => {
    const cases: [string[], RegExp][] = [
      [['--preset', 'volcano'], /--preset must be one of rolling-hills, mountains/],
      [['--profile', 'ramp'], /--profile must be one of step, smooth/],
      [['--profile', 'smooth'], /--profile smooth needs --fault-width/],
      [['--fault-width', '5'], /--fault-width needs --profile smooth/],
      [['--profile', 'smooth', '--fault-width', '-2'], /--fault-width must be a number of metres from/],
      [['--talus', '30'], /need --thermal/],
      [['--hydraulic', '1.5'], /--hydraulic must be a whole number/],
    ];
    for (const [extra, pattern] of cases) {
      const io = fakeIo();
      expect(await runCli(['generate', '--size', '17', ...extra, '--out', 'a.r32'], io)).toBe(2);
      expect(io.err).toMatch(pattern);
      expect(io.files.size).toBe(0);
    }
  });
});
