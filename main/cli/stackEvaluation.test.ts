import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import type { FaultsLayer, Layer } from '../../shared/layers/types';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { outputFormatFor } from './outputs';
import { evaluateForCli, savedHeightsNote } from './stackEvaluation';
import { fakeCliIo } from './testing/fakeCliIo';

/** Whether a text holds a C0 or C1 control character or DEL (what a terminal would act on). */
const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

const SIZE = { width: 65, depth: 65, cellSize: 2 };
const faults = (decay: Partial<FaultsLayer['params']['decay']> = {}, iterations = 200): FaultsLayer => ({
  id: 'faults',
  name: 'Faults',
  enabled: true,
  opacity: 1,
  kind: 'faults',
  params: { seed: 5, iterations, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 100, ...decay } },
});
const SPLINE = JSON.stringify({
  points: [
    [-40, -30],
    [0, -10],
    [40, 20],
  ],
});

/** A project of `stack` whose saved heights are `heights` (its stack's unless changed). */
async function projectBytes(stack: Layer[], change?: (heights: Float32Array) => void): Promise<Uint8Array> {
  const io = fakeCliIo();
  const field = createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize);
  const evaluated = evaluateForCli(stack, { io, command: 'test', fileName: 't', size: SIZE })!;
  field.heights.set(evaluated);
  change?.(field.heights);
  return outputFormatFor('t.faultline')!.encodeAsync(field, { layers: stack, recipe: null, history: [], props: [] });
}

describe('stack evaluation in the CLI', () => {
  it('an evaluation error is one line naming the command, the file and the layer', () => {
    const io = fakeCliIo();
    // Out of bounds (validation refuses it): here it reaches the evaluation, which throws.
    const stack: Layer[] = [{ ...faults({ disp0: 1e308, dispN: 1e308 }), id: 'base', name: 'Base' }];
    expect(evaluateForCli(stack, { io, command: 'road', fileName: 'p.faultline', size: SIZE })).toBeNull();
    expect(io.err).toBe('faultline road: p.faultline: layer "base" (faults, "Base") could not be evaluated: fault 0 has a non-finite displacement\n');
  });

  it('a long evaluation prints progress on stderr (once it has taken a few seconds), per 5 %, naming the file', () => {
    const io = fakeCliIo();
    let t = 0;
    io.now = () => (t += 400);
    const heights = evaluateForCli(
      [faults({ disp0: 0.5 }, 40_000), { id: 'smooth', name: 'Smooth', enabled: true, opacity: 1, kind: 'smooth', params: { k: 0.3 } }],
      { io, command: 'layers', fileName: 'big.faultline', size: SIZE },
    );
    expect(heights).not.toBeNull();
    const lines = io.err.trim().split('\n');
    expect(lines[0]).toMatch(/^faultline layers: big\.faultline \(65×65\): 40,000 fault iterations \(layer "faults"\), then smooth layer \(layer "smooth"\)$/);
    expect(lines.slice(1).every((line) => /^faultline layers: \d+(\.\d+)? % \([\d.]+ s/.test(line))).toBe(true);
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.at(-1)).toMatch(/: 100 % /);
  });

  it('says how the saved heights differ from the layers', () => {
    const a = new Float32Array([1, 2, 3, 4, 5, 6]);
    const b = a.slice();
    expect(savedHeightsNote(a, b, 3)).toBeNull();
    b[4] = 0;
    b[5] = -0; // −0 is not 6: any bit difference counts
    expect(savedHeightsNote(a, b, 3)).toBe(
      "its saved heights are not what its layers give (2 of 6 differ, the first at column 1, row 1): the output has its layers' heights, not the saved ones",
    );
  });
});

describe('road and layers on a file whose saved heights are not its layers', () => {
  it("road says so (the output has the layers' heights); a file whose heights agree gets no note", async () => {
    const stack = [faults()];
    const changed = await projectBytes(stack, (heights) => (heights[70] += 1));
    const io = fakeCliIo({ inputs: { 't.faultline': changed, 'road.json': SPLINE } });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], io)).toBe(0);
    expect(io.err).toBe(
      'faultline road: note: t.faultline: its saved heights are not what its layers give (1 of 4,225 differ, the first at column 5, row 1): the ' +
        "output has its layers' heights, not the saved ones\n",
    );
    const agree = fakeCliIo({ inputs: { 't.faultline': await projectBytes(stack), 'road.json': SPLINE } });
    expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], agree)).toBe(0);
    expect(agree.err).toBe('');
    // The road's output is its whole stack's, from scratch (it is evaluated on the layers below it).
    const doc = parseProject(agree.files.get('r.faultline')!, 'r.faultline');
    const scratch = evaluateForCli(doc.layers!, { io: fakeCliIo(), command: 'test', fileName: 'r', size: SIZE })!;
    expect(new Uint32Array(scratch.buffer)).toEqual(new Uint32Array(doc.field.heights.slice().buffer));
  });

  it('layers (unedited, to another file) says so too', async () => {
    const io = fakeCliIo({ inputs: { 't.faultline': await projectBytes([faults()], (heights) => (heights[0] = 99)) } });
    expect(await runCli(['layers', 't.faultline', '--out', 'x.r32'], io)).toBe(0);
    expect(io.err).toMatch(
      /^faultline layers: note: t\.faultline: its saved heights are not what its layers give \(1 of 4,225 differ, the first at column 0, row 0\)/,
    );
  });
});

describe('names reach the terminal only when printable', () => {
  it('road refuses a spline name with an ANSI escape or a newline, or an empty one; the message shows no raw control character', async () => {
    const project = await projectBytes([faults()]);
    for (const [name, pattern] of [
      ['evil\u001b[31m', /road\.json: "name": must not hold control characters \(it has U\+001B at character 5\)/],
      ['two\nlines', /must not hold control characters \(it has U\+000A at character 4\)/],
      ['', /road\.json: "name": must not be empty/],
    ] as const) {
      const io = fakeCliIo({
        inputs: {
          't.faultline': project,
          'road.json': JSON.stringify({
            points: [
              [-40, -30],
              [40, 20],
            ],
            name,
          }),
        },
      });
      expect(await runCli(['road', 't.faultline', '--spline', 'road.json', '--out', 'r.faultline'], io)).toBe(2);
      expect(io.err).toMatch(pattern);
      expect(hasControl(io.err.slice(0, -1))).toBe(false);
      expect(io.files.size).toBe(0);
    }
  });

  it('layers --set refuses a name with control characters, and an empty one', async () => {
    const project = await projectBytes([faults()]);
    for (const value of ['"a\\u001b[2Jb"', '""', '"x\\ny"']) {
      const io = fakeCliIo({ inputs: { 't.faultline': project } });
      expect(await runCli(['layers', 't.faultline', '--set', `faults.name=${value}`, '--out', 's.faultline'], io)).toBe(1);
      expect(io.err).toMatch(/^faultline layers: t\.faultline: layer 1 "[^"]*" \(faults\): name must not (hold control characters|be empty)/);
      expect(hasControl(io.err.slice(0, -1))).toBe(false);
      expect(io.files.size).toBe(0);
    }
  });

  it('layers --set refuses a faults layer out of the recipe bounds, writing nothing', async () => {
    const project = await projectBytes([faults()]);
    for (const set of [
      'faults.seed=-5.5',
      'faults.seed=1e308',
      'faults.seed=4294967296',
      'faults.decay.n=-1',
      'faults.decay.n=1e7',
      'faults.decay.disp0=1e308',
    ]) {
      const io = fakeCliIo({ inputs: { 't.faultline': project } });
      expect([set, await runCli(['layers', 't.faultline', '--set', set, '--out', 's.faultline'], io)]).toEqual([set, 1]);
      expect(io.err).toMatch(/^faultline layers: t\.faultline: layer 1 "Faults" \(faults\): (seed|decay\.n|decay\.disp0) is /);
      expect(io.files.size).toBe(0);
    }
  });
});

describe("the CLI reads a project with the project limit, not a heightmap's", () => {
  it('a .faultline input may be larger than the 768 MiB heightmap cap (up to the largest valid project); a heightmap may not', async () => {
    const { MAX_HEIGHTMAP_FILE_BYTES } = await import('../../shared/ipc/contract');
    const { MAX_PROJECT_FILE_BYTES } = await import('../services/projectCodecIo');
    const { MAX_STACK_DATA_BYTES } = await import('../../shared/layers/types');
    // A project of an 8193² map with a full stack of data is over a gigabyte.
    expect(MAX_PROJECT_FILE_BYTES).toBeGreaterThan(8193 * 8193 * 4 + MAX_STACK_DATA_BYTES);
    const limits = new Map<string, number | undefined>();
    const project = await projectBytes([faults()]);
    for (const name of ['t.faultline', 't.r32']) {
      const io = fakeCliIo();
      io.readFile = async (path, limit) => {
        limits.set(path, limit?.maxBytes);
        return name.endsWith('.r32') ? new Uint8Array(65 * 65 * 4) : project;
      };
      expect(await runCli(['info', name], io), io.err).toBe(0);
    }
    expect(limits.get('t.faultline')).toBe(MAX_PROJECT_FILE_BYTES);
    expect(limits.get('t.r32') ?? MAX_HEIGHTMAP_FILE_BYTES).toBe(MAX_HEIGHTMAP_FILE_BYTES);
  });
});
