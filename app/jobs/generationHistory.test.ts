import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { evaluateStack } from '../../shared/layers/evaluate';
import { presetStack } from '../../shared/layers/migrate';
import { DEFAULT_VIEW_SETTINGS } from '../../shared/ipc/contract';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { applyManualFault, normaliseTerrain, resetTerrain, smoothTerrain } from '../generate/terrainStepEdits';
import { createImportEdit } from '../exchange/importEdit';
import { documentFromPayload, payloadOf } from '../project/mapping';

function generatedEditor(): Editor {
  const stack = presetStack({ ...DEFAULT_RECIPE, iterations: 50 }, []);
  const size = { width: 33, depth: 17, cellSize: 2 };
  const heights = evaluateStack(stack, size)!;
  return new Editor(createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights), stack));
}

const kinds = (editor: Editor) => editor.document.stack.map((layer) => layer.kind);
const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

describe('the layer stack of the document', () => {
  it('manual faults and filters become layers in order; undo and redo take the layers with the heights', () => {
    const editor = generatedEditor();
    expect(applyManualFault(editor, -10, -5, 12, 6, 3)).toBe(true);
    expect(applyManualFault(editor, 4, -8, -3, 7, 1)).toBe(true);
    smoothTerrain(editor, 0.4);
    normaliseTerrain(editor, 0, 50);
    expect(kinds(editor)).toEqual(['faults', 'manualFaults', 'smooth', 'normalise']);
    // Both manual faults went into one layer.
    const faults = editor.document.stack[1];
    expect(faults.kind === 'manualFaults' && faults.params.faults).toEqual([
      { x1: -10, z1: -5, x2: 12, z2: 6, displacement: 3 },
      { x1: 4, z1: -8, x2: -3, z2: 7, displacement: 1 },
    ]);
    editor.undo();
    editor.undo();
    expect(kinds(editor)).toEqual(['faults', 'manualFaults']);
    editor.redo();
    expect(kinds(editor)).toEqual(['faults', 'manualFaults', 'smooth']);
  });

  it('the heights are always the stack evaluated from scratch, bit for bit, also after undo', () => {
    const editor = generatedEditor();
    applyManualFault(editor, 20, -8, -14, 10, 2.5);
    smoothTerrain(editor, 0.3);
    const { field, stack } = editor.document;
    const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
    expect(bits(evaluateStack(stack, size)!).equals(bits(field.heights))).toBe(true);
    editor.undo();
    expect(bits(evaluateStack(editor.document.stack, size)!).equals(bits(editor.document.field.heights))).toBe(true);
  });

  it('reset and import replace the stack, and undo brings it back', () => {
    const editor = generatedEditor();
    applyManualFault(editor, -10, -5, 12, 6, 3);
    resetTerrain(editor);
    expect(editor.document.stack).toEqual([]);
    expect(editor.document.field.heights.every((h) => h === 0)).toBe(true);
    editor.undo();
    expect(kinds(editor)).toEqual(['faults', 'manualFaults']);
    const doc = editor.document;
    const imported = createHeightfield(5, 5, 1, new Float32Array(25).fill(3));
    editor.apply(createImportEdit('a.png', doc.field, doc.stack, imported));
    expect(kinds(editor)).toEqual(['heights']);
    // The layer holds its own copy: the field's heights are the evaluated result, edited in place.
    const layer = editor.document.stack[0];
    expect(layer.kind === 'heights' && layer.heights !== editor.document.field.heights && Array.from(layer.heights)).toEqual(Array(25).fill(3));
    editor.undo();
    expect(kinds(editor)).toEqual(['faults', 'manualFaults']);
  });

  it('the project keeps the stack', () => {
    const editor = generatedEditor();
    applyManualFault(editor, -10, -5, 12, 6, 3);
    smoothTerrain(editor, 0.5);
    const loaded = documentFromPayload(payloadOf(editor.document, DEFAULT_VIEW_SETTINGS), 'h.faultline');
    expect(loaded.layers).toEqual({ origin: 'saved', problem: null });
    expect(loaded.document.stack).toEqual(editor.document.stack);
  });
});
