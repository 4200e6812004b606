import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../codecs/project';
import { MAX_SEED } from '../fault/recipeBounds';
import { MAX_TOTAL_DISPLACEMENT } from '../fault/fastFormation';
import { createHeightfield } from '../terrain/heightfield';
import { setLayerParam } from './edit';
import { evaluateStack, LayerEvaluationError } from './evaluate';
import { MAX_STACK_DATA_BYTES, SCULPT_TILE, type FaultsLayer, type Layer, type SculptLayer } from './types';
import { layerLabel, layerNameProblem, stackProblem } from './validate';

/** Whether a text holds a C0 or C1 control character or DEL (what a terminal would act on). */
const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

const SIZE = { width: 33, depth: 33, cellSize: 1 };
const faults = (params: Partial<FaultsLayer['params']> = {}, decay: Partial<FaultsLayer['params']['decay']> = {}): FaultsLayer => ({
  id: 'faults',
  name: 'Faults',
  enabled: true,
  opacity: 1,
  kind: 'faults',
  params: { seed: 5, iterations: 40, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 30, ...decay }, ...params },
});

describe('faults layer bounds are the recipe bounds', () => {
  // Each of these was accepted by the layer check and then refused by every reader as a recipe.
  const outOfBounds: [string, FaultsLayer][] = [
    ['seed -5.5', faults({ seed: -5.5 })],
    ['seed 1e308', faults({ seed: 1e308 })],
    ['seed 2^32', faults({ seed: MAX_SEED + 1 })],
    ['decay.n -1', faults({}, { n: -1 })],
    ['decay.n 1e7', faults({}, { n: 1e7 })],
    ['decay.n 2.5', faults({}, { n: 2.5 })],
    ['disp0 1e308', faults({}, { disp0: 1e308 })],
    ['dispN beyond the exact sums', faults({}, { dispN: -(MAX_TOTAL_DISPLACEMENT + 1) })],
    ['iterations × displacement beyond the exact sums', faults({ iterations: 1_000_000 }, { disp0: 100 })],
  ];
  it.each(outOfBounds)('refuses %s, naming the layer and the field', (_what, layer) => {
    const problem = stackProblem([layer], SIZE);
    expect(problem).toMatch(/^layer 1 "Faults" \(faults\): (seed|decay\.n|decay\.disp0|decay\.dispN|iterations) /);
  });

  it('accepts the bounds themselves (seed 2^32 − 1, n 10^6)', () => {
    expect(stackProblem([faults({ seed: MAX_SEED }, { n: 1_000_000 })], SIZE)).toBeNull();
  });

  it('a writer never writes a project whose faults layer or recipe a reader refuses', () => {
    const stack = setLayerParam([faults()], 'faults', 'seed', -5.5);
    const field = createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize);
    expect(() => compileProject({ field, recipe: null, history: [], props: [], view: {}, layers: stack })).toThrow(/cannot be saved: .*seed is -5\.5/);
    // The recipe in the project data is checked as the reader checks it.
    const recipe = { seed: 1e308, iterations: 4, lineMethod: 'normal' as const, decay: { disp0: 1, dispN: 1, n: 1 } };
    expect(() => compileProject({ field, recipe, history: [], props: [], view: {} })).toThrow(/cannot be saved: .*seed is 1e\+308/);
    // And what it does write, it reads back.
    const good = compileProject({ field, recipe: null, history: [], props: [], view: {}, layers: [faults({ seed: MAX_SEED })] });
    expect(parseProject(good, 'good.faultline').layerStatus?.origin).toBe('saved');
  });
});

describe('layer and road names', () => {
  it.each([
    ['an ANSI escape', 'Hills\u001b[31mRED'],
    ['a newline', 'two\nlines'],
    ['a carriage return', 'over\rwrite'],
    ['a C1 control (CSI)', 'a\u009bb'],
    ['DEL', 'a\u007f'],
    ['a line separator', 'a\u2028b'],
    ['a right-to-left override', 'gpj.\u202eexe'],
  ])('refuses a name with %s', (_what, name) => {
    expect(layerNameProblem(name)).toMatch(/^name must not hold control characters \(it has U\+[0-9A-F]{4} at character \d+\)$/);
    expect(stackProblem([{ ...faults(), name }], SIZE)).toMatch(/control characters/);
  });

  it.each([[''], ['   '], ['\t'.replace('\t', ' ')]])('refuses an empty name %j', (name) => {
    expect(layerNameProblem(name)).toBe('name must not be empty');
  });

  it('accepts names in any script, with inner spaces and emoji', () => {
    for (const name of ['Hügel', '山 道', 'Road 1 → 2', 'طريق', '🏔️ peak']) expect(layerNameProblem(name)).toBeNull();
  });

  it('a message naming a layer from a file shows its control characters escaped, never raw', () => {
    const label = layerLabel({ id: 'x', name: 'a\u001b[2Jb\nc', kind: 'faults' }, 0);
    expect(label).toBe('layer 1 "a\\u{1b}[2Jb\\u{a}c" (faults)');
    expect(hasControl(label)).toBe(false);
  });
});

describe('evaluation errors name the layer', () => {
  it('a layer that throws while evaluated is named with its id, kind and name', () => {
    // Not a valid stack (disp0 beyond the bounds): evaluateStack does not check, the engine throws.
    const stack: Layer[] = [{ ...faults({}, { disp0: 1e308, dispN: 1e308 }), id: 'base', name: 'Big \u001b' }];
    let thrown: unknown;
    try {
      evaluateStack(stack, SIZE);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LayerEvaluationError);
    expect((thrown as Error).message).toBe('layer "base" (faults, "Big \\u{1b}") could not be evaluated: fault 0 has a non-finite displacement');
  });
});

describe("the one limit of a stack's data", () => {
  it('an edit that would pass 1 GiB of layer data is refused, naming the limit; one at the limit is not', () => {
    const size = { width: 8193, depth: 8193, cellSize: 1 };
    // One tile's deltas shared by every tile: the stack counts 16 KiB a tile, the test holds 16 KiB.
    const deltas = new Float32Array(SCULPT_TILE * SCULPT_TILE);
    const perTile = deltas.byteLength;
    const sculpt = (id: string, tiles: number): SculptLayer => ({
      id,
      name: id,
      enabled: true,
      opacity: 1,
      kind: 'sculpt',
      params: {},
      tiles: Array.from({ length: tiles }, (_, n) => ({ i: n % 129, j: Math.floor(n / 129), deltas })),
    });
    const atLimit = MAX_STACK_DATA_BYTES / perTile; // 65,536 tiles
    const full = [sculpt('a', 16_384), sculpt('b', 16_384), sculpt('c', 16_384), sculpt('d', atLimit - 3 * 16_384)];
    expect(stackProblem(full, size)).toBeNull();
    const over = [...full.slice(0, 3), sculpt('d', atLimit - 3 * 16_384 + 1)];
    expect(stackProblem(over, size)).toBe(
      'the layers would store 1,024.02 MiB of masks, sculpting, stamp images and heights layers, more than the 1,024 MiB a stack may hold (remove or merge a layer first)',
    );
  });
});
