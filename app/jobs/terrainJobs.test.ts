import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { referenceFaultFormation } from '../../shared/fault/reference';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { createDocument, documentRecipe } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from './inProcessTransport';
import { TerrainJobs } from './terrainJobs';
import { applyFaults, generateFaults } from '../../shared/fault/fastFormation';

const RECIPE: FaultRecipe = { seed: 9, iterations: 60, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 40 } };

function sameBits(a: Float32Array, b: Float32Array): boolean {
  const ua = new Uint32Array(a.slice().buffer);
  const ub = new Uint32Array(b.slice().buffer);
  return ua.length === ub.length && ua.every((v, k) => v === ub[k]);
}

function setup(width = 65, depth = 33, cellSize = 2) {
  const field = createHeightfield(width, depth, cellSize);
  field.heights.fill(1.5);
  const editor = new Editor(createDocument(field));
  const jobs = new TerrainJobs(editor, createInProcessTransport());
  return { editor, jobs };
}

function referenceHeights(width: number, depth: number, cellSize: number, recipe: FaultRecipe): Float32Array {
  const field = createHeightfield(width, depth, cellSize);
  referenceFaultFormation(field, recipe);
  return field.heights;
}

describe('TerrainJobs', () => {
  it('generates the reference terrain as one undoable history entry', async () => {
    const { editor, jobs } = setup();
    const original = editor.document.field.heights.slice();
    expect(await jobs.generate({ width: 65, depth: 33, cellSize: 2, recipe: RECIPE })).toBe('done');
    expect(sameBits(editor.document.field.heights, referenceHeights(65, 33, 2, RECIPE))).toBe(true);
    expect(editor.history.undoDepth).toBe(1);
    expect(editor.store.getState().undoLabel).toBe('Generate 60 iterations');
    expect(documentRecipe(editor.document)).toEqual(RECIPE);
    editor.undo();
    expect(sameBits(editor.document.field.heights, original)).toBe(true);
    expect(documentRecipe(editor.document)).toBeNull();
    editor.redo();
    expect(sameBits(editor.document.field.heights, referenceHeights(65, 33, 2, RECIPE))).toBe(true);
  });

  it('continues the same sequence: "run more" adds exactly the later iterations', async () => {
    const { editor, jobs } = setup();
    await jobs.generate({ width: 65, depth: 33, cellSize: 2, recipe: RECIPE });
    const afterFirst = editor.document.field.heights.slice();
    expect(await jobs.runMore(25)).toBe('done');
    expect(documentRecipe(editor.document)?.iterations).toBe(85);
    expect(editor.store.getState().undoLabel).toBe('Run 25 more');
    // Engine output for iterations 60…84 added to the first result, bit for bit.
    const expected = createHeightfield(65, 33, 2, afterFirst.slice());
    applyFaults(expected, generateFaults(RECIPE, { sizeX: 128, sizeZ: 64 }, 60, 85));
    expect(sameBits(editor.document.field.heights, expected.heights)).toBe(true);
    // And continuing differs from starting over with the same count.
    expect(sameBits(editor.document.field.heights, referenceHeights(65, 33, 2, { ...RECIPE, iterations: 25 }))).toBe(false);
    expect(editor.history.undoDepth).toBe(2);
    editor.undo();
    expect(sameBits(editor.document.field.heights, afterFirst)).toBe(true);
    expect(documentRecipe(editor.document)?.iterations).toBe(60);
  });

  it('replaces the map when generating at another size, and undo brings the old map back', async () => {
    const { editor, jobs } = setup();
    const oldField = editor.document.field;
    await jobs.generate({ width: 17, depth: 9, cellSize: 4, recipe: RECIPE });
    expect(editor.store.getState()).toMatchObject({ width: 17, depth: 9, cellSize: 4 });
    expect(sameBits(editor.document.field.heights, referenceHeights(17, 9, 4, RECIPE))).toBe(true);
    editor.undo();
    expect(editor.document.field).toBe(oldField);
    expect(editor.store.getState()).toMatchObject({ width: 65, depth: 33, cellSize: 2 });
  });

  it('a job cancelled mid-run (after progress) leaves the document and history untouched', async () => {
    // 600 rows: the engine reports progress and checks for cancel between blocks of rows.
    const { editor, jobs } = setup(300, 600, 1);
    const original = editor.document.field.heights.slice();
    const versionBefore = editor.store.getState().version;
    const seen: Array<[number, number]> = [];
    const unsubscribe = jobs.store.subscribe((s) => {
      if (s.running && s.done > 0) {
        seen.push([s.done, s.total]);
        jobs.cancel();
      }
    });
    const result = await jobs.generate({ width: 300, depth: 600, cellSize: 1, recipe: { ...RECIPE, iterations: 500 } });
    unsubscribe();
    expect(result).toBe('cancelled');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0][0]).toBeLessThan(seen[0][1]);
    expect(sameBits(editor.document.field.heights, original)).toBe(true);
    expect(editor.history.undoDepth).toBe(0);
    expect(editor.store.getState().version).toBe(versionBefore);
    expect(jobs.store.getState()).toMatchObject({ running: false, lastOutcome: 'cancelled' });
  });

  it('a job cancelled before it starts does nothing', async () => {
    const { editor, jobs } = setup();
    const original = editor.document.field.heights.slice();
    const pending = jobs.generate({ width: 65, depth: 33, cellSize: 2, recipe: RECIPE });
    jobs.cancel();
    expect(await pending).toBe('cancelled');
    expect(sameBits(editor.document.field.heights, original)).toBe(true);
    expect(editor.history.undoDepth).toBe(0);
  });

  it('runs one job at a time', async () => {
    const { jobs } = setup();
    const first = jobs.generate({ width: 65, depth: 33, cellSize: 2, recipe: RECIPE });
    expect(await jobs.generate({ width: 65, depth: 33, cellSize: 2, recipe: RECIPE })).toBe('busy');
    expect(await jobs.runMore(5)).toBe('busy');
    expect(await first).toBe('done');
  });

  it('discards a result computed from heights that changed while it ran', async () => {
    const { editor, jobs } = setup();
    const pending = jobs.generate({ width: 65, depth: 33, cellSize: 2, recipe: RECIPE });
    editor.apply({ label: 'other', byteSize: 0, apply: () => ({ kind: 'all' }), revert: () => ({ kind: 'all' }) });
    expect(await pending).toBe('failed');
    expect(editor.history.undoDepth).toBe(1);
  });
});
