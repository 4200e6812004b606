import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { normaliseTerrain, resetTerrain, smoothTerrain } from './terrainStepEdits';

function spikyEditor() {
  const field = createHeightfield(40, 30, 1);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = k % 7 === 0 ? 10 : 0;
  return new Editor(createDocument(field));
}

describe('filter edits', () => {
  it('smoothing lowers the spread and is one undoable entry', () => {
    const editor = spikyEditor();
    const before = editor.document.field.heights.slice();
    expect(smoothTerrain(editor, 0.6)).toBe(true);
    const range = heightRange(editor.document.field.heights);
    expect(range.max - range.min).toBeLessThan(10);
    expect(editor.history.undoDepth).toBe(1);
    editor.undo();
    expect(editor.document.field.heights).toEqual(before);
  });

  it('normalise maps the heights exactly onto the range', () => {
    const editor = spikyEditor();
    normaliseTerrain(editor, -5, 45);
    expect(heightRange(editor.document.field.heights)).toEqual({ min: -5, max: 45 });
  });

  it('reset flattens and empties the stack; undo brings both back', () => {
    const editor = spikyEditor();
    resetTerrain(editor);
    expect(editor.document.field.heights.every((h) => h === 0)).toBe(true);
    expect(editor.document.stack).toEqual([]);
    editor.undo();
    expect(editor.document.stack.map((layer) => layer.kind)).toEqual(['heights']);
    expect(heightRange(editor.document.field.heights).max).toBe(10);
  });
});
