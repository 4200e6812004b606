import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { DEFAULT_PRESET_ID } from '../../shared/presets/terrainPresets';
import { DEFAULT_RECIPE, quantizeDisplacement, type FaultRecipe } from '../../shared/fault/recipe';
import { erosionFilter } from '../../shared/filters/erosion';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { execCli } from './testing/cliProcess';
import { fakeCliIo } from './testing/fakeCliIo';

const fakeIo = (failOn?: string) => fakeCliIo({ failWriteOn: failOn });

function floats(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, k) => view.getFloat32(k * 4, true));
}

interface LinesFile {
  width: number;
  depth: number;
  cellSize: number;
  lines: { a: number; b: number; c: number; displacement: number }[];
}

describe('faultline generate', () => {
  it('writes .r32 heights equal to running the fast formation directly', async () => {
    const io = fakeIo();
    const args = ['generate', '--preset', 'classic', '--size', '33', '--depth=20', '--cell-size', '2.5', '--iterations', '150', '--seed', '77'];
    args.push('--disp0', '5', '--dispn', '0.5', '--decay-iterations', '100', '--lines', 'two-point', '--out', 'a.r32', '--out', 'B.R32');
    expect(await runCli(args, io)).toBe(0);
    expect(io.err).toBe('');
    const field = createHeightfield(33, 20, 2.5);
    const recipe: FaultRecipe = { seed: 77, iterations: 150, lineMethod: 'two-point', decay: { disp0: 5, dispN: 0.5, n: 100 } };
    runFaultFormation(field, recipe);
    expect(floats(io.files.get('a.r32')!)).toEqual(field.heights);
    expect(io.files.get('B.R32')).toEqual(io.files.get('a.r32'));
    expect(io.out).toContain('a.r32');
  });

  it('uses the default recipe and cell size 1 when options are left out, and smooths with --smooth', async () => {
    const io = fakeIo();
    expect(await runCli(['generate', '--preset', 'classic', '--size', '17', '--out', 'd.r32', '--smooth', '0.4', '--out', 'raw.r32'], io)).toBe(0);
    const field = createHeightfield(17, 17, 1);
    runFaultFormation(field, DEFAULT_RECIPE);
    erosionFilter(field, 0.4);
    expect(floats(io.files.get('d.r32')!)).toEqual(field.heights);
  });

  for (const method of ['normal', 'two-point', 'cross'] as const) {
    it(`--emit-lines reproduces the heights from the JSON alone (${method})`, async () => {
      const io = fakeIo();
      const args = ['generate', '--preset', 'classic', '--size', '24', '--depth', '31', '--cell-size', '0.75', '--iterations', '120', '--lines', method];
      expect(await runCli([...args, '--seed', '5', '--out', 'h.r32', '--emit-lines', 'lines.json'], io)).toBe(0);
      const json = JSON.parse(new TextDecoder().decode(io.files.get('lines.json'))) as LinesFile;
      expect([json.width, json.depth, json.cellSize, json.lines.length]).toEqual([24, 31, 0.75, 120]);
      // An independent plain loop using only the documented convention.
      const sums = new Float64Array(json.width * json.depth);
      for (const { a, b, c, displacement } of json.lines) {
        expect(quantizeDisplacement(displacement)).toBe(displacement);
        for (let j = 0; j < json.depth; j++) {
          for (let i = 0; i < json.width; i++) {
            const x = (i - (json.width - 1) / 2) * json.cellSize;
            const z = (j - (json.depth - 1) / 2) * json.cellSize;
            sums[j * json.width + i] += a * x + b * z - c > 0 ? displacement : -displacement;
          }
        }
      }
      expect(floats(io.files.get('h.r32')!)).toEqual(Float32Array.from(sums));
    });
  }

  const badArgs: [string, string[], RegExp][] = [
    ['missing size', ['--out', 'a.r32'], /--size is required/],
    ['size too small', ['--size', '1', '--out', 'a.r32'], /--size must be a whole number from 2 to 8193/],
    ['size too large', ['--size', '8194', '--out', 'a.r32'], /--size .*8193/],
    ['size not a number', ['--size', 'big', '--out', 'a.r32'], /--size needs a number, got "big"/],
    ['fractional depth', ['--size', '9', '--depth', '4.5', '--out', 'a.r32'], /--depth must be a whole number/],
    ['zero cell size', ['--size', '9', '--cell-size', '0', '--out', 'a.r32'], /--cell-size must be a positive/],
    ['negative iterations', ['--size', '9', '--iterations', '-3', '--out', 'a.r32'], /--iterations must be a whole number/],
    ['seed out of range', ['--size', '9', '--seed', '4294967296', '--out', 'a.r32'], /--seed must be a whole number from 0 to 4294967295/],
    ['bad line method', ['--size', '9', '--lines', 'diagonal', '--out', 'a.r32'], /--lines must be one of normal, two-point, cross/],
    ['smooth out of range', ['--size', '9', '--smooth', '1', '--out', 'a.r32'], /--smooth must be in \[0, 1\)/],
    ['no output', ['--size', '9'], /at least one --out/],
    ['unknown extension', ['--size', '9', '--out', 'a.tiff'], /--out a\.tiff: unknown output type \(supported: \.png, \.r16, \.r32, \.exr/],
    ['no extension', ['--size', '9', '--out', 'heights'], /unknown output type/],
    ['unknown option', ['--size', '9', '--colour', 'red', '--out', 'a.r32'], /unknown option --colour/],
    ['missing value', ['--size', '9', '--out'], /--out needs a value/],
    ['repeated option', ['--size', '9', '--seed', '1', '--seed', '2', '--out', 'a.r32'], /--seed is given more than once/],
    ['stray argument', ['--size', '9', 'extra', '--out', 'a.r32'], /unexpected argument "extra"/],
    ['displacement too large', ['--size', '9', '--disp0', '1e9', '--out', 'a.r32'], /--disp0 is 1000000000, not a number of metres from/],
    [
      'total displacement too large',
      ['--size', '9', '--iterations', '1000000', '--disp0', '100', '--out', 'a.r32'],
      /--iterations × displacement totals 100000000 m, more than/,
    ],
    [
      'decay iterations too many',
      ['--size', '9', '--decay-iterations', '1000001', '--out', 'a.r32'],
      /--decay-iterations must be a whole number from 0 to 1000000/,
    ],
  ];
  for (const [name, args, message] of badArgs) {
    it(`bad arguments: ${name} → one-line error, exit 2, nothing written`, async () => {
      const io = fakeIo();
      expect(await runCli(['generate', ...args], io)).toBe(2);
      expect(io.err).toMatch(message);
      expect(io.err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.files.size).toBe(0);
    });
  }

  it('unknown command → exit 2', async () => {
    const io = fakeIo();
    expect(await runCli(['sculpt'], io)).toBe(2);
    expect(io.err).toMatch(/unknown command "sculpt"/);
  });

  it('a failed write reports the file and exits 1', async () => {
    const io = fakeIo('x.r32');
    expect(await runCli(['generate', '--preset', 'classic', '--size', '9', '--out', 'x.r32'], io)).toBe(1);
    expect(io.err).toMatch(/cannot write x\.r32: disk full/);
  });

  it('--help documents every option with its default', async () => {
    const main = fakeIo();
    expect(await runCli(['--help'], main)).toBe(0);
    expect(main.out).toContain('faultline generate');
    const io = fakeIo();
    expect(await runCli(['generate', '--help'], io)).toBe(0);
    const options = [
      '--size',
      '--depth',
      '--cell-size',
      '--iterations',
      '--seed',
      '--disp0',
      '--dispn',
      '--decay-iterations',
      '--lines',
      '--smooth',
      '--out',
      '--emit-lines',
    ];
    for (const option of options) expect(io.out).toContain(option);
    // Recipe defaults come from the preset, the editor's default one unless --preset says otherwise.
    expect(io.out).toContain(`(default: ${DEFAULT_RECIPE.seed})`);
    expect(io.out).toContain(`(default: ${DEFAULT_PRESET_ID},`);
    expect(io.out.match(/\(default: the preset's\)/g)).toHaveLength(6);
    expect(io.out).toContain('(default: 1)'); // cell size
    expect(io.out).toContain('.r32');
  });
});

describe('the real entry point', () => {
  it('the CLI process (main/cli/index.ts bundled) generate writes the .r32 file atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'faultline-cli-'));
    try {
      const out = join(dir, 'terrain.r32');
      await execCli(['generate', '--preset', 'classic', '--size', '65', '--depth', '9', '--iterations', '50', '--seed', '3', '--out', out]);
      const bytes = await readFile(out);
      expect(bytes.length).toBe(65 * 9 * 4);
      const field = createHeightfield(65, 9, 1);
      runFaultFormation(field, { ...DEFAULT_RECIPE, iterations: 50, seed: 3 });
      expect(floats(new Uint8Array(bytes))).toEqual(field.heights);
      expect(await readdir(dir)).toEqual(['terrain.r32']); // no temporary file left behind
      // A bad argument: exit code 2, one line on stderr.
      const failure = await execCli(['generate', '--size', '0', '--out', out]).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({ code: 2 });
      expect((failure as { stderr: string }).stderr).toMatch(/--size must be/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
