import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from './document';
import { Editor } from './editor';
import { createHeightRectEdit, readHeightRect } from './heightEdit';

function setup(width = 6, depth = 5) {
  const editor = new Editor(createDocument(createHeightfield(width, depth, 2)));
  const raise = (label: string, rect: { i0: number; j0: number; i1: number; j1: number }, by: number) => {
    const before = readHeightRect(editor.document, rect);
    return createHeightRectEdit(
      label,
      editor.document,
      rect,
      before,
      before.map((h) => h + by),
    );
  };
  return { editor, raise };
}

describe('Editor', () => {
  it('starts clean at version 0 with the document dimensions', () => {
    const { editor } = setup();
    expect(editor.store.getState()).toMatchObject({ version: 0, canUndo: false, canRedo: false, width: 6, depth: 5, cellSize: 2 });
    expect(editor.isDirty).toBe(false);
  });

  it('apply changes the document, bumps the version and records the change', () => {
    const { editor, raise } = setup();
    const rect = { i0: 1, j0: 1, i1: 3, j1: 2 };
    editor.apply(raise('Raise', rect, 5));
    const state = editor.store.getState();
    expect(state.version).toBe(1);
    expect(state.lastChange).toEqual({ kind: 'rect', ...rect });
    expect(state).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'Raise' });
    expect(editor.document.field.heights[1 * 6 + 2]).toBe(5);
    expect(editor.isDirty).toBe(true);
  });

  it('undo and redo restore and reapply, each as a new version', () => {
    const { editor, raise } = setup();
    editor.apply(raise('A', { i0: 0, j0: 0, i1: 2, j1: 2 }, 1));
    editor.apply(raise('B', { i0: 1, j0: 1, i1: 4, j1: 3 }, 10));
    const afterBoth = editor.document.field.heights.slice();
    expect(editor.undo()).toBe(true);
    expect(editor.store.getState()).toMatchObject({ version: 3, canRedo: true, redoLabel: 'B', undoLabel: 'A' });
    expect(editor.document.field.heights[1 * 6 + 1]).toBe(1);
    expect(editor.undo()).toBe(true);
    expect([...editor.document.field.heights].every((h) => h === 0)).toBe(true);
    expect(editor.undo()).toBe(false);
    expect(editor.store.getState().version).toBe(4);
    expect(editor.redo()).toBe(true);
    expect(editor.redo()).toBe(true);
    expect(editor.redo()).toBe(false);
    expect(editor.document.field.heights).toEqual(afterBoth);
    expect(editor.store.getState()).toMatchObject({ version: 6, canRedo: false, lastChange: { kind: 'rect', i0: 1, j0: 1, i1: 4, j1: 3 } });
  });

  it('is dirty until saved, and dirty again after a change or an undo past the save', () => {
    const { editor, raise } = setup();
    editor.apply(raise('A', { i0: 0, j0: 0, i1: 1, j1: 1 }, 1));
    editor.markSaved('map.faultline');
    expect(editor.isDirty).toBe(false);
    expect(editor.store.getState().fileName).toBe('map.faultline');
    editor.undo();
    expect(editor.isDirty).toBe(true);
    editor.redo();
    // Same content as saved, but the version moved on: still reported dirty (conservative).
    expect(editor.isDirty).toBe(true);
  });

  it('notifies subscribers on every change', () => {
    const { editor, raise } = setup();
    const versions: number[] = [];
    const unsubscribe = editor.store.subscribe((s) => versions.push(s.version));
    editor.apply(raise('A', { i0: 0, j0: 0, i1: 1, j1: 1 }, 1));
    editor.undo();
    editor.redo();
    unsubscribe();
    expect(versions).toEqual([1, 2, 3]);
  });

  it('replaceDocument swaps the document, clears history and starts clean', () => {
    const { editor, raise } = setup();
    editor.apply(raise('A', { i0: 0, j0: 0, i1: 1, j1: 1 }, 1));
    editor.undo();
    const next = createDocument(createHeightfield(9, 3, 0.5));
    editor.replaceDocument(next, 'other.faultline');
    expect(editor.document).toBe(next);
    expect(editor.history.canUndo || editor.history.canRedo).toBe(false);
    expect(editor.store.getState()).toMatchObject({
      version: 3,
      canUndo: false,
      canRedo: false,
      lastChange: { kind: 'all' },
      fileName: 'other.faultline',
      width: 9,
      depth: 3,
      cellSize: 0.5,
    });
    expect(editor.isDirty).toBe(false);
    expect(editor.undo()).toBe(false);
  });

  it('a preview that changed heights makes it previewing until an edit, or until the gesture says it put them back', () => {
    const { editor, raise } = setup();
    editor.preview({ kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 });
    expect(editor.previewing).toBe(false);
    editor.preview({ kind: 'rect', i0: 1, j0: 1, i1: 3, j1: 2 });
    expect(editor.previewing).toBe(true);
    const version = editor.store.getState().version;
    editor.endPreview(null);
    expect(editor.previewing).toBe(false);
    expect(editor.store.getState().version).toBe(version);
    editor.preview({ kind: 'rect', i0: 1, j0: 1, i1: 3, j1: 2 });
    editor.endPreview({ kind: 'rect', i0: 1, j0: 1, i1: 3, j1: 2 });
    expect(editor.previewing).toBe(false);
    expect(editor.store.getState()).toMatchObject({ version: version + 2, lastChange: { kind: 'rect', i0: 1, j0: 1, i1: 3, j1: 2 } });
    editor.preview({ kind: 'rect', i0: 0, j0: 0, i1: 2, j1: 2 });
    editor.apply(raise('Raise', { i0: 0, j0: 0, i1: 2, j1: 2 }, 1));
    expect(editor.previewing).toBe(false);
  });
});
