import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import { replayTerrain } from '../../shared/recipe/replay';
import { parseProject } from '../../shared/codecs/project';
import { parseR16 } from '../../shared/codecs/raw';
import { assemblePng, chunk, ihdr } from '../../shared/codecs/testing/png-fixtures';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { execCli } from './testing/cliProcess';
import type { CliIo } from './io';

interface FakeIo extends CliIo {
  out: string;
  err: string;
  files: Map<string, Uint8Array>;
  reads: string[];
}

/** In-memory files: reads come from `files` too, so a test can chain commands. */
function fakeIo(initial: Record<string, Uint8Array> = {}): FakeIo {
  const io: FakeIo = {
    out: '',
    err: '',
    files: new Map(Object.entries(initial)),
    reads: [],
    stdout: (s) => void (io.out += s),
    stderr: (s) => void (io.err += s),
    writeFile: async (path, data) => void io.files.set(path, data.slice()),
    readFile: async (path) => {
      io.reads.push(path);
      const bytes = io.files.get(path);
      if (!bytes) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      return bytes;
    },
  };
  return io;
}

function floats(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, k) => view.getFloat32(k * 4, true));
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
  return worst;
}

async function run(io: FakeIo, ...args: string[]): Promise<number> {
  return runCli(args, io);
}

/** A generated 33 × 20 map as .r32, and its heights. */
async function generated(): Promise<{ io: FakeIo; heights: Float32Array; min: number; max: number }> {
  const io = fakeIo();
  expect(
    await run(
      io,
      'generate',
      '--preset',
      'classic',
      '--size',
      '33',
      '--depth',
      '20',
      '--cell-size',
      '2.5',
      '--iterations',
      '80',
      '--seed',
      '9',
      '--out',
      'g.r32',
    ),
  ).toBe(0);
  const field = createHeightfield(33, 20, 2.5);
  runFaultFormation(field, { ...DEFAULT_RECIPE, iterations: 80, seed: 9 });
  const heights = floats(io.files.get('g.r32')!);
  expect(heights).toEqual(field.heights);
  return { io, heights, ...heightRange(heights) };
}

describe('faultline generate: every output type', () => {
  it('writes .png, .r16, .obj, .glb and .faultline that read back as the generated map', async () => {
    const { io, heights, min, max } = await generated();
    const outs = ['m.png', 'm.r16', 'm.obj', 'm.glb', 'm.faultline'];
    const args = ['generate', '--preset', 'classic', '--size', '33', '--depth', '20', '--cell-size', '2.5', '--iterations', '80', '--seed', '9'];
    expect(await run(io, ...args, ...outs.flatMap((o) => ['--out', o]))).toBe(0);
    const png = decodePng(io.files.get('m.png')!, 'm.png');
    expect([png.width, png.height, png.bitDepth]).toEqual([33, 20, 16]);
    expect(Number(png.text['faultline:heightMin'])).toBe(min);
    expect(Number(png.text['faultline:cellSize'])).toBe(2.5);
    const r16 = parseR16(io.files.get('m.r16')!, 'm.r16', { width: 33, depth: 20 });
    expect(r16.samples[0]).toBe(Math.round(((heights[0] - min) / (max - min)) * 65535));
    const obj = new TextDecoder().decode(io.files.get('m.obj')!);
    expect(obj.split('\n').filter((l) => l.startsWith('v '))).toHaveLength(33 * 20);
    expect(new TextDecoder().decode(io.files.get('m.glb')!.subarray(0, 4))).toBe('glTF');
    const project = parseProject(io.files.get('m.faultline')!, 'm.faultline');
    expect(project.field.heights).toEqual(heights);
    expect(project.recipe).toEqual({ ...DEFAULT_RECIPE, iterations: 80, seed: 9 });
  });

  it('a smoothed map is saved with its recipe and the smoothing as a history step, which replay to its heights', async () => {
    const io = fakeIo();
    expect(await run(io, 'generate', '--preset', 'classic', '--size', '9', '--smooth', '0.5', '--out', 's.faultline')).toBe(0);
    const project = parseProject(io.files.get('s.faultline')!, 's.faultline');
    expect(project.recipe).not.toBeNull();
    expect(project.history).toEqual([{ kind: 'smooth', k: 0.5 }]);
    const replayed = replayTerrain({ width: 9, depth: 9, cellSize: 1, recipe: project.recipe, steps: [{ kind: 'smooth', k: 0.5 }] });
    expect(project.field.heights).toEqual(replayed.heights);
  });
});

describe('faultline export', () => {
  it('r32 → 16-bit PNG → r32: within one step of the range, scale restored from the PNG text chunks', async () => {
    const { io, heights, min, max } = await generated();
    expect(await run(io, 'export', 'g.r32', '--size', '33', '--depth', '20', '--out', 'a.png', '--cell-size', '2.5')).toBe(0);
    expect(await run(io, 'export', 'a.png', '--out', 'b.r32')).toBe(0);
    expect(maxDifference(floats(io.files.get('b.r32')!), heights)).toBeLessThanOrEqual((max - min) / 65535);
    expect(io.out).toMatch(/wrote b\.r32 \(33×20, r32, from png\)/);
  });

  it('8-bit PNG with a fixed range clamps and stays within one 8-bit step', async () => {
    const { io, heights } = await generated();
    expect(await run(io, 'export', 'g.r32', '--size', '33', '--depth', '20', '--out', 'c.png', '--bits', '8', '--range=-5:5')).toBe(0);
    const png = decodePng(io.files.get('c.png')!, 'c.png');
    expect(png.bitDepth).toBe(8);
    expect(await run(io, 'export', 'c.png', '--out', 'c.r32')).toBe(0);
    const clamped = heights.map((h) => Math.min(5, Math.max(-5, h)));
    expect(maxDifference(floats(io.files.get('c.r32')!), clamped)).toBeLessThanOrEqual(10 / 255);
  });

  for (const order of ['le', 'be'] as const) {
    it(`R16 ${order} + flip: the file layout, and back with the same settings`, async () => {
      const { io, heights, min, max } = await generated();
      expect(await run(io, 'export', 'g.r32', '--out', 'h.r16', '--byte-order', order, '--flip', '--size', '33', '--depth', '20')).toBe(0);
      const bytes = io.files.get('h.r16')!;
      // First stored sample is the map's last row, first column.
      const first = order === 'le' ? bytes[0] | (bytes[1] << 8) : (bytes[0] << 8) | bytes[1];
      expect(first).toBe(Math.round(((heights[19 * 33] - min) / (max - min)) * 65535));
      const back = ['export', 'h.r16', '--out', 'h.r32', '--size', '33', '--depth', '20', '--in-byte-order', order, '--in-flip', `--in-range=${min}:${max}`];
      expect(await run(io, ...back)).toBe(0);
      expect(maxDifference(floats(io.files.get('h.r32')!), heights)).toBeLessThanOrEqual((max - min) / 65535);
    });
  }

  it('.r32 and .faultline round trips are bit-exact, flip included', async () => {
    const { io, heights } = await generated();
    expect(await run(io, 'export', 'g.r32', '--size', '33', '--depth', '20', '--out', 'p.faultline')).toBe(0);
    expect(await run(io, 'export', 'p.faultline', '--out', 'q.r32', '--flip')).toBe(0);
    expect(await run(io, 'export', 'q.r32', '--size', '33', '--depth', '20', '--in-flip', '--out', 'r.r32')).toBe(0);
    expect(io.files.get('r.r32')).toEqual(io.files.get('g.r32'));
    expect(parseProject(io.files.get('p.faultline')!, 'p.faultline').field.heights).toEqual(heights);
  });

  const EMPTY = new Uint8Array(0);
  const hostile: [string, () => Promise<Uint8Array>, RegExp][] = [
    ['truncated.png', async () => (await pngOfGenerated()).subarray(0, 60), /^faultline export: truncated\.png: /],
    [
      'badcrc.png',
      async () => {
        const bytes = (await pngOfGenerated()).slice();
        bytes[29] ^= 1;
        return bytes;
      },
      /^faultline export: badcrc\.png: .*CRC/,
    ],
    [
      'absurd.png',
      async () => assemblePng([ihdr(100000, 100000, 16, 0), chunk('IDAT', zlibSync(EMPTY)), chunk('IEND', EMPTY)]),
      /absurd\.png: PNG declares 100000 × 100000 pixels/,
    ],
    ['odd.r16', async () => new Uint8Array(101), /^faultline export: odd\.r16: has an odd length/],
    ['nan.r32', async () => new Uint8Array(new Float32Array([0, 1, Infinity, 2]).buffer), /^faultline export: nan\.r32: sample 2 .*Infinity/],
    ['empty.faultline', async () => new TextEncoder().encode('FAULTLINE'), /^faultline export: empty\.faultline: /],
    ['photo.bmp', async () => new Uint8Array(8), /^faultline export: photo\.bmp: is not a file Faultline reads/],
    ['photo.tiff', async () => new Uint8Array(8), /^faultline export: photo\.tiff: is not a TIFF \(no II or MM byte-order mark\)\n$/],
  ];
  async function pngOfGenerated(): Promise<Uint8Array> {
    const { io } = await generated();
    await run(io, 'export', 'g.r32', '--size', '33', '--depth', '20', '--out', 'x.png');
    return io.files.get('x.png')!;
  }
  for (const [name, make, message] of hostile) {
    it(`bad input ${name}: one line naming it, exit 1, no output`, async () => {
      const io = fakeIo({ [name]: await make() });
      expect(await run(io, 'export', name, '--out', 'out.png')).toBe(1);
      expect(io.err).toMatch(message);
      expect(io.err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.files.has('out.png')).toBe(false);
    });
  }

  it('a missing input names the file plainly', async () => {
    const io = fakeIo();
    expect(await run(io, 'export', 'dir/none.png', '--out', 'o.r32')).toBe(1);
    expect(io.err).toBe("faultline export: none.png: ENOENT: no such file or directory, open 'dir/none.png'\n");
  });

  const usage: [string, string[], RegExp][] = [
    ['no input', ['--out', 'a.png'], /input FILE is required/],
    ['no output', ['g.r32'], /--out FILE is required/],
    ['unknown output', ['g.r32', '--out', 'a.tga'], /--out a\.tga: unknown output type \(supported: .*\.png.*\.faultline/],
    ['bad bits', ['g.r32', '--out', 'a.png', '--bits', '12'], /--bits must be 8 or 16/],
    ['reversed range', ['g.r32', '--out', 'a.png', '--range', '5:1'], /--range needs MIN ≤ MAX/],
    ['bad range', ['g.r32', '--out', 'a.png', '--range', 'low'], /--range must be auto or MIN:MAX/],
    ['bad byte order', ['g.r32', '--out', 'a.r16', '--byte-order', 'middle'], /--byte-order must be le or be/],
    ['flag with value', ['g.r32', '--out', 'a.r16', '--flip=yes'], /--flip takes no value/],
    ['zero cell', ['g.r32', '--out', 'a.png', '--cell-size', '0'], /--cell-size must be a positive/],
    ['two inputs', ['g.r32', 'h.r32', '--out', 'a.png'], /unexpected argument "h\.r32"/],
  ];
  for (const [name, args, message] of usage) {
    it(`usage: ${name} → exit 2 before reading anything`, async () => {
      const io = fakeIo();
      expect(await run(io, 'export', ...args)).toBe(2);
      expect(io.err).toMatch(message);
      expect(io.reads).toEqual([]);
      expect(io.files.size).toBe(0);
    });
  }
});

describe('faultline info', () => {
  it('prints kind, size, cell size, bit depth, height range and metadata of a PNG as JSON', async () => {
    const { io, min, max } = await generated();
    await run(io, 'export', 'g.r32', '--size', '33', '--depth', '20', '--cell-size', '2.5', '--out', 'i.png');
    io.out = '';
    expect(await run(io, 'info', 'i.png')).toBe(0);
    const info = JSON.parse(io.out) as Record<string, unknown>;
    expect(info).toMatchObject({ file: 'i.png', kind: 'png', width: 33, depth: 20, cellSize: 2.5, bitDepth: 16, minHeight: min, maxHeight: max });
    expect(info.metadata).toMatchObject({ 'faultline:heightMin': String(min), 'faultline:cellSize': '2.5', Software: 'Faultline' });
  });

  it('reads RAW with the given size and a project with its recipe', async () => {
    const io = fakeIo();
    await run(io, 'generate', '--preset', 'classic', '--size', '17', '--depth', '5', '--iterations', '10', '--out', 'p.faultline', '--out', 'p.r32');
    expect(await run(io, 'info', 'p.r32', '--size', '17', '--depth', '5')).toBe(0);
    expect(JSON.parse(io.out.slice(io.out.indexOf('{')))).toMatchObject({ kind: 'r32', width: 17, depth: 5, bitDepth: 32, cellSize: 1 });
    io.out = '';
    expect(await run(io, 'info', 'p.faultline')).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({ kind: 'faultline', width: 17, depth: 5, metadata: { recipe: { iterations: 10 } } });
  });

  it('--help of export and info lists their options', async () => {
    const io = fakeIo();
    expect(await run(io, 'export', '--help')).toBe(0);
    for (const option of [
      '--out',
      '--bits',
      '--range',
      '--byte-order',
      '--flip',
      '--size',
      '--in-byte-order',
      '--in-flip',
      '--in-range',
      '--cell-size',
      '.glb',
      '.faultline',
    ])
      expect(io.out).toContain(option);
    const info = fakeIo();
    expect(await run(info, 'info', '--help')).toBe(0);
    expect(info.out).toContain('minHeight');
  });
});

describe('the real entry point', () => {
  it('the CLI process (main/cli/index.ts bundled) export and info on real files; a bad input leaves no output file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'faultline-cli-exchange-'));
    try {
      const cli = (...args: string[]) => execCli(args);
      const source = join(dir, 'in.r32');
      await writeFile(source, new Uint8Array(new Float32Array(9 * 9).map((_, k) => (k % 9) * 1.5 - 3).buffer));
      await cli('export', source, '--out', join(dir, 'out.png'));
      const { stdout } = await cli('info', join(dir, 'out.png'));
      expect(JSON.parse(stdout)).toMatchObject({ kind: 'png', width: 9, depth: 9, bitDepth: 16, minHeight: -3, maxHeight: 9 });
      expect(decodePng(new Uint8Array(await readFile(join(dir, 'out.png'))), 'out.png').width).toBe(9);

      await writeFile(join(dir, 'bad.png'), new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0]));
      const failure = await cli('export', join(dir, 'bad.png'), '--out', join(dir, 'never.r32')).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({ code: 1 });
      // Node alone, no npx or tsx (which may add their warnings): stderr is exactly one line.
      const ours = (failure as { stderr: string }).stderr.split('\n').filter((line) => line !== '');
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatch(/^faultline export: bad\.png: /);
      expect((await readdir(dir)).sort()).toEqual(['bad.png', 'in.r32', 'out.png']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
