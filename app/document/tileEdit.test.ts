import { describe, expect, it } from 'vitest';
import { createDocument, type TerrainDocument } from './document';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createRandom } from '../../shared/random';
import { Editor } from './editor';
import { TILE_SIZE, TileRecorder, diffTileEdit } from './tileEdit';

function randomDocument(width: number, depth: number, seed: number): TerrainDocument {
  const field = createHeightfield(width, depth, 1);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() - 0.5) * 100;
  return createDocument(field);
}

function bits(heights: Float32Array): Uint32Array {
  return new Uint32Array(heights.slice().buffer);
}

/** Index of the first differing bit pattern, or −1 (cheaper to report than a deep array diff). */
function firstDifference(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) return 0;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return k;
  return -1;
}

/** Raises every vertex within `radius` vertices of (ci, cj), recording tiles first as a brush would. */
function paintDab(doc: TerrainDocument, recorder: TileRecorder, ci: number, cj: number, radius: number, amount: number): void {
  const { width, depth, heights } = doc.field;
  const i0 = Math.max(0, ci - radius);
  const j0 = Math.max(0, cj - radius);
  const i1 = Math.min(width, ci + radius + 1);
  const j1 = Math.min(depth, cj + radius + 1);
  recorder.touch(i0, j0, i1, j1);
  for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) heights[j * width + i] += amount;
}

describe('diffTileEdit', () => {
  it('keeps one copy of only the tiles that changed and restores them bit for bit', () => {
    const doc = randomDocument(200, 150, 3);
    const before = doc.field.heights.slice();
    const after = before.slice();
    after[5 * 200 + 7] = Math.fround(after[5 * 200 + 7] + 1); // tile 0
    after[140 * 200 + 199] = -0; // last tile (partial in both directions)
    const edit = diffTileEdit('change', 200, 150, before, after);
    expect(edit.tileCount).toBe(2);
    const firstTile = TILE_SIZE * TILE_SIZE;
    const lastTile = (200 - 3 * TILE_SIZE) * (150 - 2 * TILE_SIZE);
    expect(edit.byteSize).toBe(4 * (firstTile + lastTile));
    const expectedAfter = after.slice();
    for (let round = 0; round < 3; round++) {
      edit.apply(doc);
      expect(firstDifference(bits(doc.field.heights), bits(expectedAfter))).toBe(-1);
      edit.revert(doc);
      expect(firstDifference(bits(doc.field.heights), bits(before))).toBe(-1);
    }
  });

  it('takes the computed map itself as its one copy when every tile changed, undo and redo bit-exact', () => {
    const doc = randomDocument(150, 130, 9);
    const before = doc.field.heights.slice();
    const after = before.map((h, k) => h + (k % 7) - 3.5);
    const expectedAfter = after.slice();
    const edit = diffTileEdit('everything', 150, 130, doc.field.heights, after);
    expect(edit.region).toEqual({ kind: 'all' });
    expect(edit.byteSize).toBe(after.byteLength);
    const editor = new Editor(doc);
    editor.apply(edit);
    expect(firstDifference(bits(doc.field.heights), bits(expectedAfter))).toBe(-1);
    // The document's own array is edited in place; the edit's copy now holds the heights before it.
    expect(firstDifference(bits(after), bits(before))).toBe(-1);
    for (let round = 0; round < 3; round++) {
      editor.undo();
      expect(firstDifference(bits(doc.field.heights), bits(before))).toBe(-1);
      editor.redo();
      expect(firstDifference(bits(doc.field.heights), bits(expectedAfter))).toBe(-1);
    }
  });

  it('treats −0 versus 0 as a change so undo is bit-exact', () => {
    const doc = createDocument(createHeightfield(10, 10, 1));
    const after = doc.field.heights.slice();
    after[3] = -0;
    expect(diffTileEdit('sign', 10, 10, doc.field.heights, after).tileCount).toBe(1);
  });

  it('stores nothing and reports an empty region when nothing changed', () => {
    const doc = randomDocument(100, 100, 4);
    const edit = diffTileEdit('none', 100, 100, doc.field.heights, doc.field.heights.slice());
    expect(edit.byteSize).toBe(0);
    expect(edit.region).toEqual({ kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 });
  });

  it('reports the union of changed tiles, or the whole map', () => {
    const before = new Float32Array(300 * 300);
    const local = before.slice();
    local[70 * 300 + 70] = 1;
    local[130 * 300 + 200] = 1;
    expect(diffTileEdit('local', 300, 300, before, local).region).toEqual({ kind: 'rect', i0: 64, j0: 64, i1: 256, j1: 192 });
    const everywhere = before.map(() => 2);
    expect(diffTileEdit('all', 300, 300, before, everywhere).region).toEqual({ kind: 'all' });
  });
});

describe('TileRecorder', () => {
  it('turns a live stroke into one edit holding only touched tiles, undo and redo bit-exact', () => {
    const doc = randomDocument(257, 257, 5);
    const original = doc.field.heights.slice();
    const editor = new Editor(doc);
    const recorder = new TileRecorder(doc.field.heights, 257, 257);
    for (let step = 0; step < 10; step++) paintDab(doc, recorder, 20 + step * 3, 30, 8, 0.5);
    const painted = doc.field.heights.slice();
    const edit = recorder.finish('Brush');
    expect(edit).not.toBeNull();
    if (!edit) return;
    // Dabs span i ∈ [12, 56), j ∈ [22, 39): all inside tile (0, 0).
    expect(edit.tileCount).toBe(1);
    expect(edit.byteSize).toBe(4 * TILE_SIZE * TILE_SIZE);
    editor.apply(edit);
    expect(firstDifference(bits(doc.field.heights), bits(painted))).toBe(-1);
    expect(editor.history.undoDepth).toBe(1);
    editor.undo();
    expect(firstDifference(bits(doc.field.heights), bits(original))).toBe(-1);
    editor.redo();
    expect(firstDifference(bits(doc.field.heights), bits(painted))).toBe(-1);
    // Another stroke on top, then both undone and redone: each edit swaps back exactly its own state.
    const second = new TileRecorder(doc.field.heights, 257, 257);
    paintDab(doc, second, 40, 40, 12, -2);
    const twice = doc.field.heights.slice();
    const secondEdit = second.finish('Brush 2');
    expect(secondEdit).not.toBeNull();
    if (secondEdit) editor.apply(secondEdit);
    editor.undo();
    editor.undo();
    expect(firstDifference(bits(doc.field.heights), bits(original))).toBe(-1);
    editor.redo();
    expect(firstDifference(bits(doc.field.heights), bits(painted))).toBe(-1);
    editor.redo();
    expect(firstDifference(bits(doc.field.heights), bits(twice))).toBe(-1);
  });

  it('restores touched tiles on cancel', () => {
    const doc = randomDocument(130, 70, 6);
    const original = doc.field.heights.slice();
    const recorder = new TileRecorder(doc.field.heights, 130, 70);
    paintDab(doc, recorder, 64, 64, 10, 3);
    expect(recorder.touchedTiles).toBe(4);
    const region = recorder.restore();
    expect(firstDifference(bits(doc.field.heights), bits(original))).toBe(-1);
    expect(region).toEqual({ kind: 'rect', i0: 0, j0: 0, i1: 2 * TILE_SIZE, j1: 70 });
  });

  it('drops touched tiles that ended unchanged', () => {
    const doc = randomDocument(200, 200, 7);
    const recorder = new TileRecorder(doc.field.heights, 200, 200);
    recorder.touch(0, 0, 200, 200);
    doc.field.heights[150 * 200 + 150] += 1;
    const edit = recorder.finish('one vertex');
    expect(edit?.tileCount).toBe(1);
    expect(recorder.finish('again')).toBeNull();
  });
});

describe('tile edits in the editor history', () => {
  it('evicts the oldest strokes when the byte budget is exceeded and keeps the rest undoable', () => {
    const doc = randomDocument(257, 257, 8);
    const tileBytes = 4 * TILE_SIZE * TILE_SIZE;
    const editor = new Editor(doc, 3 * tileBytes);
    const states: Uint32Array[] = [bits(doc.field.heights)];
    for (let stroke = 0; stroke < 5; stroke++) {
      const recorder = new TileRecorder(doc.field.heights, 257, 257);
      paintDab(doc, recorder, 32 + (stroke % 4) * 64, 32 + Math.floor(stroke / 4) * 64, 4, 1);
      const edit = recorder.finish(`stroke ${stroke}`);
      if (edit) editor.apply(edit);
      states.push(bits(doc.field.heights));
    }
    expect(editor.history.undoDepth).toBe(3);
    expect(editor.history.byteSize).toBe(3 * tileBytes);
    for (let back = 1; back <= 3; back++) {
      expect(editor.undo()).toBe(true);
      expect(firstDifference(bits(doc.field.heights), states[5 - back])).toBe(-1);
    }
    expect(editor.undo()).toBe(false);
  });
});
