import { describe, expect, it } from 'vitest';
import { compileR32 } from '../../shared/codecs/raw';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { parsePngHeightmap } from '../../shared/codecs/png-heightmap';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { replayTerrain } from '../../shared/recipe/replay';
import { applyStep, hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

const fakeIo = (inputs: Record<string, Uint8Array>) => fakeCliIo({ inputs });

const floats = (bytes: Uint8Array) => new Float32Array(bytes.slice().buffer);

function terrain() {
  const field = createHeightfield(65, 65, 2);
  const recipe = { ...DEFAULT_RECIPE, iterations: 120 };
  runFaultFormation(field, recipe);
  return { field, recipe };
}

describe('faultline erode', () => {
  it('applies thermal then hydraulic erosion to a heightmap, the same bytes as the recipe steps', async () => {
    const { field } = terrain();
    const io = fakeIo({ 'in.r32': compileR32(field) });
    const code = await runCli(
      ['erode', 'in.r32', '--cell-size', '2', '--hydraulic', '4000', '--thermal', '12', '--talus', '33', '--seed', '9', '--out', 'out.r32'],
      io,
    );
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const expected = createHeightfield(65, 65, 2, field.heights.slice());
    applyStep(expected, thermalStep({ iterations: 12, talusDeg: 33 }), null);
    applyStep(expected, hydraulicStep({ droplets: 4000, seed: 9 }), null);
    expect(floats(io.files.get('out.r32')!)).toEqual(expected.heights);
  });

  it('a project keeps its recipe, gets the steps in its history, and replays to its heights', async () => {
    const { field, recipe } = terrain();
    const project = compileProject({ field, recipe, history: [], props: [], view: {} });
    const io = fakeIo({ 'a.faultline': project });
    expect(await runCli(['erode', 'a.faultline', '--hydraulic', '2500', '--seed', '4', '--out', 'b.faultline', '--masks', 'b'], io)).toBe(0);
    const out = parseProject(io.files.get('b.faultline')!, 'b.faultline');
    expect(out.recipe).toEqual(recipe);
    expect(out.history).toEqual([hydraulicStep({ droplets: 2500, seed: 4 })]);
    const replayed = replayTerrain({ width: 65, depth: 65, cellSize: 2, recipe, steps: [hydraulicStep({ droplets: 2500, seed: 4 })] });
    expect(out.field.heights).toEqual(replayed.heights);
    // Masks are 8-bit PNGs at the map's size, with water somewhere.
    for (const name of ['b.flow.png', 'b.deposition.png']) {
      const mask = parsePngHeightmap(io.files.get(name)!, name);
      expect([mask.width, mask.depth, mask.bitDepth]).toEqual([65, 65, 8]);
    }
    expect(io.out).toContain('wrote b.flow.png');
  });

  it('refuses bad arguments with one line and writes nothing', async () => {
    const { field } = terrain();
    const cases: [string[], RegExp][] = [
      [['erode', 'in.r32', '--out', 'o.r32'], /nothing to do/],
      [['erode', 'in.r32', '--thermal', '5', '--talus', '95', '--out', 'o.r32'], /--talus needs a number from/],
      [['erode', 'in.r32', '--talus', '30', '--out', 'o.r32'], /need --thermal/],
      [['erode', 'in.r32', '--hydraulic', 'lots', '--out', 'o.r32'], /--hydraulic needs a number/],
      [['erode', '--hydraulic', '5', '--out', 'o.r32'], /an input file is required/],
      [['erode', 'in.r32', '--hydraulic', '5', '--out', 'o.txt'], /unknown output type/],
      [['erode', 'in.r32', '--hydraulic', '5', '--bogus', '--out', 'o.r32'], /bogus/],
    ];
    for (const [args, pattern] of cases) {
      const io = fakeIo({ 'in.r32': compileR32(field) });
      expect(await runCli(args, io)).toBe(2);
      expect(io.err).toMatch(pattern);
      expect(io.err.trim().split('\n')).toHaveLength(1);
      expect(io.files.size).toBe(0);
    }
  });

  it('a file it cannot read is one line naming the file, exit 1', async () => {
    const io = fakeIo({ 'bad.png': new Uint8Array([1, 2, 3]) });
    expect(await runCli(['erode', 'bad.png', '--thermal', '3', '--out', 'o.r32'], io)).toBe(1);
    expect(io.err).toMatch(/^faultline erode: bad\.png: /);
    expect(io.files.size).toBe(0);
  });
});
