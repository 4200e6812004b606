import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { hydraulicStep, thermalStep, type TerrainStep } from '../../shared/recipe/steps';
import { readStep } from '../../shared/recipe/replay';
import { evaluateStack } from '../../shared/layers/evaluate';
import { DEFAULT_VIEW_SETTINGS } from '../../shared/ipc/contract';
import type { JsonObject } from '../../shared/json';
import { createDocument, documentRecipe } from '../document/document';
import { Editor } from '../document/editor';
import { documentFromPayload, payloadOf } from '../project/mapping';
import { stackWithManualFault } from '../generate/terrainStepEdits';
import { createInProcessTransport } from './inProcessTransport';
import { TerrainJobs } from './terrainJobs';

const RECIPE: FaultRecipe = { seed: 5, iterations: 80, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 60 }, profile: { kind: 'smooth', width: 12 } };
const THERMAL = thermalStep({ iterations: 8, talusDeg: 30 });
const HYDRAULIC = hydraulicStep({ droplets: 3000, seed: 3 });

function sameBits(a: Float32Array, b: Float32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function setup() {
  const editor = new Editor(createDocument(createHeightfield(49, 33, 2)));
  return { editor, jobs: new TerrainJobs(editor, createInProcessTransport()) };
}

/** What the document's stack evaluates to from scratch. */
function evaluated(editor: Editor): Float32Array {
  const { field, stack } = editor.document;
  return evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
}

const kinds = (editor: Editor) => editor.document.stack.map((layer) => layer.kind);

describe('the generator and finishing layers in the editor', () => {
  it('generate with finishing steps is one undo entry that writes the faults and finishing layers', async () => {
    const { editor, jobs } = setup();
    expect(await jobs.generate({ width: 49, depth: 33, cellSize: 2, recipe: RECIPE, finishing: [THERMAL, HYDRAULIC] })).toBe('done');
    expect(editor.history.undoDepth).toBe(1);
    expect(editor.store.getState().undoLabel).toBe('Generate 80 iterations + 2 steps');
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'hydraulic']);
    expect(documentRecipe(editor.document)).toEqual(RECIPE);
    expect(sameBits(editor.document.field.heights, evaluated(editor))).toBe(true);
    // Hydraulic erosion left its masks on the document: water went somewhere.
    const masks = editor.document.erosionMasks;
    expect(masks?.flow.some((v) => v > 0)).toBe(true);
    editor.undo();
    expect(editor.document.stack).toEqual([]);
    expect(editor.document.erosionMasks).toBeNull();
    expect(editor.document.field.heights.every((h) => h === 0)).toBe(true);
  });

  it('erosion and filters on the current terrain are one undo entry each, each a layer at the top', async () => {
    const { editor, jobs } = setup();
    await jobs.generate({ width: 49, depth: 33, cellSize: 2, recipe: RECIPE });
    const generated = editor.document.field.heights.slice();
    expect(await jobs.runStep(THERMAL)).toBe('done');
    expect(editor.store.getState().undoLabel).toBe('Thermal erosion (8 × 30°)');
    expect(await jobs.runMore(20)).toBe('done');
    const withFault = stackWithManualFault(editor.document.stack, { x1: -20, z1: -10, x2: 25, z2: 12, displacement: 2 })!;
    expect(await jobs.applyStack(withFault, 'Manual fault')).toBe('done');
    expect(await jobs.runStep({ kind: 'smooth', k: 0.3 })).toBe('done');
    expect(await jobs.runStep(HYDRAULIC)).toBe('done');
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'manualFaults', 'smooth', 'hydraulic']);
    // Run more continued the faults layer below the thermal layer: 100 iterations, the first run's end kept.
    const faults = editor.document.stack[0];
    expect(faults.kind === 'faults' && [faults.params.iterations, faults.params.runs]).toEqual([100, [80]]);
    expect(editor.history.undoDepth).toBe(6);
    expect(sameBits(editor.document.field.heights, evaluated(editor))).toBe(true);
    for (let k = 0; k < 5; k++) editor.undo();
    expect(sameBits(editor.document.field.heights, generated)).toBe(true);
    expect(kinds(editor)).toEqual(['faults']);
    expect(documentRecipe(editor.document)?.iterations).toBe(80);
  });

  it('a new seed keeps every layer above the generator, and their effect', async () => {
    const { editor, jobs } = setup();
    await jobs.generate({ width: 49, depth: 33, cellSize: 2, recipe: RECIPE, finishing: [THERMAL] });
    const withFault = stackWithManualFault(editor.document.stack, { x1: -30, z1: 0, x2: 30, z2: 1, displacement: 20 })!;
    await jobs.applyStack(withFault, 'Manual fault');
    expect(await jobs.generate({ width: 49, depth: 33, cellSize: 2, recipe: { ...RECIPE, seed: 9 }, finishing: [THERMAL] })).toBe('done');
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'manualFaults']);
    expect(documentRecipe(editor.document)?.seed).toBe(9);
    expect(sameBits(editor.document.field.heights, evaluated(editor))).toBe(true);
    // The 20 m fault still splits the map: north of it is far higher than south.
    const { heights, width, depth } = editor.document.field;
    const rowMean = (j: number) => heights.subarray(j * width, (j + 1) * width).reduce((a, b) => a + b, 0) / width;
    expect(Math.abs(rowMean(2) - rowMean(depth - 3))).toBeGreaterThan(20);
  });

  it('a saved project carries the stack, and it evaluates to its heights', async () => {
    const { editor, jobs } = setup();
    await jobs.generate({ width: 49, depth: 33, cellSize: 2, recipe: RECIPE, finishing: [HYDRAULIC] });
    await jobs.runStep(THERMAL);
    const loaded = documentFromPayload(payloadOf(editor.document, DEFAULT_VIEW_SETTINGS), 'steps.faultline').document;
    expect(loaded.stack.map((layer) => layer.kind)).toEqual(['faults', 'hydraulic', 'thermal']);
    expect(documentRecipe(loaded)).toEqual(RECIPE);
    expect(sameBits(evaluated(new Editor(loaded)), loaded.field.heights)).toBe(true);
  });

  it('a step with bad values fails the job and leaves the document as it was', async () => {
    const { editor, jobs } = setup();
    const bad: TerrainStep = { ...THERMAL, talusDeg: 95 };
    expect(await jobs.runStep(bad)).toBe('failed');
    expect(jobs.store.getState().lastMessage).toMatch(/talus/);
    expect(editor.history.undoDepth).toBe(0);
  });
});

describe('readStep', () => {
  it('reads every kind back and refuses unknown kinds, missing and non-finite values', () => {
    const steps: TerrainStep[] = [
      THERMAL,
      HYDRAULIC,
      { kind: 'smooth', k: 0.2 },
      { kind: 'normalise', min: -3, max: 9 },
      { kind: 'run', start: 4, end: 9 },
      { kind: 'manualFault', x1: 0, z1: 1, x2: 2, z2: 3, displacement: 1 },
    ];
    for (const step of steps) {
      expect(readStep(JSON.parse(JSON.stringify(step)) as JsonObject)).toEqual(step);
    }
    expect(readStep({ kind: 'pipe' })).toMatch(/unknown step kind/);
    expect(readStep({ kind: 'toString' })).toMatch(/unknown step kind/);
    expect(readStep({ kind: 'smooth' })).toMatch(/k must be a number/);
    expect(readStep({ ...HYDRAULIC, droplets: 'many' })).toMatch(/droplets must be a number/);
    expect(readStep({ ...THERMAL, strength: 0 })).toMatch(/strength/);
    expect(readStep({ kind: 'run', start: 9, end: 4 })).toMatch(/start ≤ end/);
  });
});
