import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { applyStep, hydraulicStep, thermalStep, type TerrainStep } from '../../shared/recipe/steps';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from './inProcessTransport';
import { TerrainJobs } from './terrainJobs';

const RECIPE: FaultRecipe = { seed: 3, iterations: 150, lineMethod: 'normal', decay: { disp0: 4, dispN: 0.5, n: 100 } };

const bits = (values: Float32Array): Uint32Array => new Uint32Array(values.slice().buffer);

function setup(size: number) {
  const field = createHeightfield(size, size, 1);
  runFaultFormation(field, RECIPE);
  const editor = new Editor(createDocument(field));
  return { editor, jobs: new TerrainJobs(editor, createInProcessTransport()) };
}

describe('erosion jobs in the editor (hydraulic version 2)', () => {
  it('records the step with version 2 and applies exactly its bytes', async () => {
    const { editor, jobs } = setup(129);
    const expected = createHeightfield(129, 129, 1, editor.document.field.heights.slice());
    const step = hydraulicStep({ droplets: 5000, seed: 2 });
    applyStep(expected, step, null);
    expect(await jobs.runStep(step)).toBe('done');
    expect(bits(editor.document.field.heights)).toEqual(bits(expected.heights));
    expect(editor.document.stack.at(-1)).toMatchObject({ kind: 'hydraulic', params: { version: 2 } });
  });

  const cases: Array<[string, TerrainStep]> = [
    ['hydraulic', hydraulicStep({ droplets: 2_000_000 })],
    ['thermal', thermalStep({ iterations: 2000 })],
  ];
  it.each(cases)('a %s erosion cancelled mid-run leaves the terrain, its masks and the history as they were', async (_name, step) => {
    const { editor, jobs } = setup(257);
    const before = editor.document.field.heights.slice();
    const masksBefore = editor.document.erosionMasks;
    const versionBefore = editor.store.getState().version;
    const seen: Array<[number, number]> = [];
    const unsubscribe = jobs.store.subscribe((s) => {
      if (s.running && s.done > 0) {
        seen.push([s.done, s.total]);
        jobs.cancel();
      }
    });
    const result = await jobs.runStep(step);
    unsubscribe();
    expect(result).toBe('cancelled');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0][0]).toBeLessThan(seen[0][1]);
    expect(bits(editor.document.field.heights)).toEqual(bits(before));
    expect(editor.document.erosionMasks).toBe(masksBefore);
    expect(editor.document.stack.map((layer) => layer.kind)).toEqual(['heights']);
    expect(editor.history.undoDepth).toBe(0);
    expect(editor.store.getState().version).toBe(versionBefore);
  });
});
