import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { erosionCoverBytes, type ErosionCoverBytes } from '../../shared/erosion/cover';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { evaluateStack } from '../../shared/layers/evaluate';
import { heightsStack, stepLayers } from '../../shared/layers/migrate';
import { applyStep, hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from './inProcessTransport';
import { runTerrainJob } from './runTerrainJob';
import { TerrainJobs } from './terrainJobs';

const RECIPE: FaultRecipe = { seed: 7, iterations: 60, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 40 } };
const SIZE = { width: 41, depth: 29, cellSize: 2 };
const n = SIZE.width * SIZE.depth;

/** The bytes a float evaluation of the document's layers from `from` up gives (on `below`, the heights under them). */
function expectedBytes(editor: Editor, from = 0, below?: Float32Array): ErosionCoverBytes {
  const masks: ErosionMasks = { flow: new Float32Array(n), deposition: new Float32Array(n) };
  evaluateStack(editor.document.stack.slice(from), SIZE, { masks }, below?.slice());
  return erosionCoverBytes(masks);
}

function expectSame(actual: ErosionCoverBytes | null, expected: ErosionCoverBytes): void {
  expect(actual?.flow).toBeInstanceOf(Uint8Array);
  expect(actual?.deposition).toBeInstanceOf(Uint8Array);
  expect(Array.from(actual!.flow)).toEqual(Array.from(expected.flow));
  expect(Array.from(actual!.deposition)).toEqual(Array.from(expected.deposition));
}

describe('erosion results kept as bytes', () => {
  it('a stack job returns its masks as bytes: coverBytes of the float masks the erosion filled', () => {
    const heights = new Float32Array(n);
    for (let k = 0; k < n; k++) heights[k] = Math.sin(k * 0.05) * 6 + (k % SIZE.width) * 0.2;
    const step = hydraulicStep({ droplets: 1500, seed: 9 });
    const field = createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, heights.slice());
    const masks: ErosionMasks = { flow: new Float32Array(n), deposition: new Float32Array(n) };
    applyStep(field, step, null, { masks });
    const result = runTerrainJob({ ...SIZE, heights, stack: [...heightsStack(heights.slice()), ...stepLayers([step])!] }, () => undefined)!;
    expectSame(result.masks, erosionCoverBytes(masks));
    expect(result.masks!.flow.byteLength).toBe(n);
    // No hydraulic step, no masks.
    expect(
      runTerrainJob(
        { ...SIZE, heights: new Float32Array(n), stack: [...heightsStack(new Float32Array(n)), ...stepLayers([thermalStep({ iterations: 2 })])!] },
        () => undefined,
      )!.masks,
    ).toBeNull();
  });

  it('an erosion in the editor keeps the bytes of its stack; undo and redo bring back each result, a layer above keeps them', async () => {
    const editor = new Editor(createDocument(createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize)));
    const jobs = new TerrainJobs(editor, createInProcessTransport());
    expect(await jobs.generate({ ...SIZE, recipe: RECIPE, finishing: [hydraulicStep({ droplets: 2000, seed: 1 })] })).toBe('done');
    const first = editor.document.erosionMasks;
    expectSame(first, expectedBytes(editor));

    const generated = editor.document.field.heights.slice();
    // A hydraulic layer added on top runs alone (on the heights below it): its run's results.
    expect(await jobs.runStep(hydraulicStep({ droplets: 2000, seed: 2 }))).toBe('done');
    const second = editor.document.erosionMasks;
    expectSame(second, expectedBytes(editor, 2, generated));
    expect(Array.from(second!.flow)).not.toEqual(Array.from(first!.flow));

    // A thermal layer on top does not run the droplets again: the results stay.
    expect(await jobs.runStep(thermalStep({ iterations: 3 }))).toBe('done');
    expect(editor.document.erosionMasks).toBe(second);

    editor.undo();
    editor.undo();
    expect(editor.document.erosionMasks).toBe(first);
    expectSame(editor.document.erosionMasks, expectedBytes(editor));
    editor.redo();
    expect(editor.document.erosionMasks).toBe(second);
    editor.undo();
    editor.undo();
    expect(editor.document.erosionMasks).toBeNull();
    jobs.dispose();
  });
});
