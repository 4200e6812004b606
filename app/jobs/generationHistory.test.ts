import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runFaultFormation, applyFaults, lineThroughPoints } from '../../shared/fault/engine';
import { erosionFilter } from '../../shared/filters/erosion';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { DEFAULT_VIEW_SETTINGS } from '../../shared/ipc/contract';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { applyManualFault } from '../tools/faultTool';
import { normaliseTerrain, resetTerrain, smoothTerrain } from '../generate/terrainStepEdits';
import { createImportEdit } from '../exchange/importEdit';
import { documentFromPayload, payloadOf } from '../project/mapping';

function generatedEditor(): Editor {
  const field = createHeightfield(33, 17, 2);
  const recipe = { ...DEFAULT_RECIPE, iterations: 50 };
  runFaultFormation(field, recipe);
  return new Editor(createDocument(field, { recipe }));
}

describe('generation history', () => {
  it('records manual faults and filters in order; undo and redo take the steps with the heights', () => {
    const editor = generatedEditor();
    expect(applyManualFault(editor, -10, -5, 12, 6, 3)).toBe(true);
    smoothTerrain(editor, 0.4);
    normaliseTerrain(editor, 0, 50);
    expect(editor.document.history).toEqual([
      { kind: 'manualFault', x1: -10, z1: -5, x2: 12, z2: 6, displacement: 3 },
      { kind: 'smooth', k: 0.4 },
      { kind: 'normalise', min: 0, max: 50 },
    ]);
    editor.undo();
    editor.undo();
    expect(editor.document.history).toEqual([{ kind: 'manualFault', x1: -10, z1: -5, x2: 12, z2: 6, displacement: 3 }]);
    editor.redo();
    expect(editor.document.history.map((step) => step.kind)).toEqual(['manualFault', 'smooth']);
  });

  it('replaying the recipe and the recorded steps reproduces the heights bit for bit', () => {
    const editor = generatedEditor();
    applyManualFault(editor, 20, -8, -14, 10, 2.5);
    smoothTerrain(editor, 0.3);
    const replay = createHeightfield(33, 17, 2);
    runFaultFormation(replay, editor.document.generation!.recipe);
    for (const step of editor.document.history) {
      if (step.kind === 'manualFault') {
        const { x1, z1, x2, z2, displacement } = step as { x1: number; z1: number; x2: number; z2: number; displacement: number };
        applyFaults(replay, [{ line: lineThroughPoints(x1, z1, x2, z2), displacement }]);
      } else if (step.kind === 'smooth') erosionFilter(replay, step.k as number);
    }
    expect(Buffer.from(replay.heights.buffer).equals(Buffer.from(editor.document.field.heights.buffer))).toBe(true);
  });

  it('reset and import start the history afresh, and undo brings it back', () => {
    const editor = generatedEditor();
    applyManualFault(editor, -10, -5, 12, 6, 3);
    resetTerrain(editor);
    expect(editor.document.history).toEqual([]);
    editor.undo();
    expect(editor.document.history).toHaveLength(1);
    const doc = editor.document;
    editor.apply(createImportEdit('a.png', doc.field, doc.generation, createHeightfield(5, 5, 1), doc.history));
    expect(editor.document.history).toEqual([]);
    editor.undo();
    expect(editor.document.history).toHaveLength(1);
  });

  it('the project file keeps the history', () => {
    const editor = generatedEditor();
    applyManualFault(editor, -10, -5, 12, 6, 3);
    smoothTerrain(editor, 0.5);
    const loaded = documentFromPayload(payloadOf(editor.document, DEFAULT_VIEW_SETTINGS), 'h.faultline');
    expect(loaded.document.history).toEqual(editor.document.history);
  });
});
