import { describe, expect, it } from 'vitest';
import { UndoHistory, type DocumentEdit } from './history';
import { ALL } from './region';

function edit(label: string, byteSize = 10): DocumentEdit {
  return { label, byteSize, apply: () => ALL, revert: () => ALL };
}

describe('UndoHistory', () => {
  it('undoes and redoes in stack order', () => {
    const history = new UndoHistory();
    expect(history.canUndo).toBe(false);
    expect(history.popUndo()).toBeUndefined();
    history.push(edit('a'));
    history.push(edit('b'));
    expect(history.undoLabel).toBe('b');
    expect(history.popUndo()?.label).toBe('b');
    expect(history.redoLabel).toBe('b');
    expect(history.undoLabel).toBe('a');
    expect(history.popUndo()?.label).toBe('a');
    expect(history.canUndo).toBe(false);
    expect(history.popRedo()?.label).toBe('a');
    expect(history.popRedo()?.label).toBe('b');
    expect(history.canRedo).toBe(false);
    expect(history.popRedo()).toBeUndefined();
    expect(history.undoDepth).toBe(2);
  });

  it('clears the redo stack on push and releases its bytes', () => {
    const history = new UndoHistory();
    history.push(edit('a', 100));
    history.push(edit('b', 50));
    history.popUndo();
    expect(history.canRedo).toBe(true);
    history.push(edit('c', 7));
    expect(history.canRedo).toBe(false);
    expect(history.byteSize).toBe(107);
    expect(history.popUndo()?.label).toBe('c');
    expect(history.popUndo()?.label).toBe('a');
  });

  it('evicts the oldest entries beyond the byte budget', () => {
    const history = new UndoHistory(100);
    for (const label of ['a', 'b', 'c', 'd']) history.push(edit(label, 40));
    expect(history.byteSize).toBeLessThanOrEqual(100);
    expect(history.undoDepth).toBe(2);
    expect(history.popUndo()?.label).toBe('d');
    expect(history.popUndo()?.label).toBe('c');
    expect(history.popUndo()).toBeUndefined();
  });

  it('keeps the newest edit even when it alone exceeds the budget', () => {
    const history = new UndoHistory(100);
    history.push(edit('small', 10));
    history.push(edit('huge', 1000));
    expect(history.undoDepth).toBe(1);
    expect(history.undoLabel).toBe('huge');
    expect(history.byteSize).toBe(1000);
  });

  it('clear empties both stacks and the byte count', () => {
    const history = new UndoHistory();
    history.push(edit('a'));
    history.push(edit('b'));
    history.popUndo();
    history.clear();
    expect([history.canUndo, history.canRedo, history.byteSize]).toEqual([false, false, 0]);
  });
});
