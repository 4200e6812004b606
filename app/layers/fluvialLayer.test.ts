import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack } from '../../shared/layers/evaluate';
import { DEFAULT_RECIPE, type FaultRecipe } from '../../shared/fault/recipe';
import { fluvialStep } from '../../shared/recipe/steps';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { createToolStore } from '../tools/toolStore';

const SIZE = 65;
const RECIPE: FaultRecipe = { ...DEFAULT_RECIPE, seed: 4, iterations: 60 };
const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function setup() {
  const editor = new Editor(createDocument(createHeightfield(SIZE, SIZE, 2)));
  const design = createTerrainDesign(editor, createToolStore(), createInProcessTransport());
  return { editor, design };
}

function expectExact(editor: Editor): void {
  const { field, stack } = editor.document;
  const scratch = evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
  expect(bits(field.heights).equals(bits(scratch))).toBe(true);
}

describe('the fluvial layer in the editor', () => {
  it('Run puts it above the generator; a parameter set in the Layers tab re-evaluates it, with progress by time step, and undo takes it back', async () => {
    const { editor, design } = setup();
    const step = fluvialStep({ k: 1e-3, uplift: 1e-3, timeStep: 1000, time: 20_000 });
    expect(await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [step] })).toBe('done');
    expect(editor.document.stack.map((layer) => [layer.id, layer.kind])).toEqual([
      ['faults', 'faults'],
      ['fluvial-1', 'fluvial'],
    ]);
    expectExact(editor);
    const before = editor.document.field.heights.slice();
    const progress: number[] = [];
    const unsubscribe = design.jobs.store.subscribe((s) => s.running && progress.push(s.done / Math.max(1, s.total)));
    expect(await design.layers.setParam('fluvial-1', 'time', 40_000)).toBe('done');
    unsubscribe();
    expectExact(editor);
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(false);
    // Several reports on the way (one per time step of the layer), rising.
    expect(new Set(progress).size).toBeGreaterThan(3);
    for (let k = 1; k < progress.length; k++) expect(progress[k]).toBeGreaterThanOrEqual(progress[k - 1]);
    expect(await design.layers.setParam('fluvial-1', 'n', 9)).toBe('failed');
    expect(design.layers.store.getState().message).toMatch(/fluvial n must be a number from 0.5 to 4/);
    editor.undo();
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
  });

  it('a fluvial layer cancelled mid-run (after its first time steps) leaves the document as it was', async () => {
    const { editor, design } = setup();
    const step = fluvialStep({ timeStep: 100, time: 100_000 });
    expect(await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [] })).toBe('done');
    const before = editor.document.field.heights.slice();
    const depth = editor.history.undoDepth;
    const unsubscribe = design.jobs.store.subscribe((s) => {
      if (s.running && s.done > 0) design.jobs.cancel();
    });
    const result = await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [step] });
    unsubscribe();
    expect(result).toBe('cancelled');
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
    expect(editor.history.undoDepth).toBe(depth);
  });
});
