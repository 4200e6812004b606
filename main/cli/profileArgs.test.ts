import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { rampedDisplacement } from '../../shared/fault/profile';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo, type FakeCliIo } from './testing/fakeCliIo';

const fakeIo = () => fakeCliIo();

function floats(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, k) => view.getFloat32(k * 4, true));
}

const BASE = [
  'generate',
  '--preset',
  'classic',
  '--size',
  '40',
  '--depth',
  '27',
  '--cell-size',
  '1.5',
  '--iterations',
  '150',
  '--seed',
  '12',
  '--lines',
  'two-point',
];
const RECIPE: FaultRecipe = { seed: 12, iterations: 150, lineMethod: 'two-point', decay: { disp0: 4, dispN: 0.25, n: 400 } };

async function generate(extra: string[]): Promise<FakeCliIo> {
  const io = fakeIo();
  expect(await runCli([...BASE, ...extra], io)).toBe(0);
  expect(io.err).toBe('');
  return io;
}

describe('faultline generate --profile', () => {
  it('--profile smooth --fault-width w gives the engine’s bytes for that profile, unlike the step', async () => {
    const io = await generate(['--profile', 'smooth', '--fault-width=6', '--out', 's.r32']);
    const expected = createHeightfield(40, 27, 1.5);
    runFaultFormation(expected, { ...RECIPE, profile: { kind: 'smooth', width: 6 } });
    expect(floats(io.files.get('s.r32')!)).toEqual(expected.heights);
    const step = createHeightfield(40, 27, 1.5);
    runFaultFormation(step, RECIPE);
    expect(floats(io.files.get('s.r32')!)).not.toEqual(step.heights);
  });

  it('--profile step is the default: the same bytes, and a recipe without a profile in the project', async () => {
    const explicit = await generate(['--profile', 'step', '--out', 'a.r32', '--out', 'a.faultline']);
    const implicit = await generate(['--out', 'a.r32', '--out', 'a.faultline']);
    expect(explicit.files.get('a.r32')).toEqual(implicit.files.get('a.r32'));
    expect(explicit.files.get('a.faultline')).toEqual(implicit.files.get('a.faultline'));
    expect(parseProject(explicit.files.get('a.faultline')!, 'a.faultline').recipe).toEqual(RECIPE);
  });

  it('a .faultline output records the smooth profile in its recipe', async () => {
    const io = await generate(['--profile', 'smooth', '--fault-width', '2.5', '--out', 'p.faultline']);
    expect(parseProject(io.files.get('p.faultline')!, 'p.faultline').recipe).toEqual({ ...RECIPE, profile: { kind: 'smooth', width: 2.5 } });
  });

  it('--emit-lines with the smooth profile reproduces the heights from the JSON and the documented ramp', async () => {
    const args = [
      'generate',
      '--preset',
      'classic',
      '--size',
      '24',
      '--depth',
      '31',
      '--cell-size',
      '0.75',
      '--iterations',
      '90',
      '--lines',
      'normal',
      '--seed',
      '3',
    ];
    const io = fakeIo();
    expect(await runCli([...args, '--profile', 'smooth', '--fault-width', '5', '--out', 'h.r32', '--emit-lines', 'l.json'], io)).toBe(0);
    const json = JSON.parse(new TextDecoder().decode(io.files.get('l.json'))) as {
      width: number;
      depth: number;
      cellSize: number;
      profile: { kind: string; width: number };
      lines: { a: number; b: number; c: number; displacement: number }[];
    };
    expect(json.profile).toEqual({ kind: 'smooth', width: 5 });
    const sums = new Float64Array(json.width * json.depth);
    for (const { a, b, c, displacement } of json.lines) {
      const scale = 1 / (Math.hypot(a, b) * (json.profile.width / 2));
      for (let j = 0; j < json.depth; j++) {
        for (let i = 0; i < json.width; i++) {
          const x = (i - (json.width - 1) / 2) * json.cellSize;
          const z = (j - (json.depth - 1) / 2) * json.cellSize;
          sums[j * json.width + i] += rampedDisplacement(displacement, (a * x + b * z - c) * scale);
        }
      }
    }
    expect(floats(io.files.get('h.r32')!)).toEqual(Float32Array.from(sums));
  });

  const badArgs: [string, string[], RegExp][] = [
    ['width without smooth', ['--fault-width', '4'], /--fault-width needs --profile smooth/],
    ['width with step', ['--profile', 'step', '--fault-width', '4'], /--fault-width needs --profile smooth/],
    ['smooth without width', ['--profile', 'smooth'], /--profile smooth needs --fault-width/],
    ['unknown profile', ['--profile', 'ramp'], /--profile must be one of step, smooth, got "ramp"/],
    ['zero width', ['--profile', 'smooth', '--fault-width', '0'], /--fault-width must be a number of metres from .* got "0"/],
    ['negative width', ['--profile', 'smooth', '--fault-width', '-3'], /--fault-width must be .* got "-3"/],
    ['width not a number', ['--profile', 'smooth', '--fault-width', 'wide'], /--fault-width must be .* got "wide"/],
    ['absurd width', ['--profile', 'smooth', '--fault-width', '1e12'], /--fault-width must be .* got "1e12"/],
    ['repeated profile', ['--profile', 'smooth', '--profile', 'step', '--fault-width', '3'], /--profile is given more than once/],
  ];
  for (const [name, args, message] of badArgs) {
    it(`bad arguments: ${name} → one-line error, exit 2, nothing written`, async () => {
      const io = fakeIo();
      expect(await runCli(['generate', '--preset', 'classic', '--size', '9', ...args, '--out', 'a.r32'], io)).toBe(2);
      expect(io.err).toMatch(message);
      expect(io.err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.files.size).toBe(0);
    });
  }

  it('--help documents both options', async () => {
    const io = fakeIo();
    expect(await runCli(['generate', '--help'], io)).toBe(0);
    expect(io.out).toMatch(/--profile P .*step \| smooth/);
    expect(io.out).toMatch(/step \| smooth\n\s+\(default: the preset's\)/);
    expect(io.out).toMatch(/--fault-width w .*metres/);
  });
});
