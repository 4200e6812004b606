import { describe, expect, it } from 'vitest';
import { createRandom } from '../../shared/random';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from './document';
import { createHeightRectEdit, readHeightRect } from './heightEdit';

function randomDocument(width: number, depth: number) {
  const field = createHeightfield(width, depth, 1);
  const random = createRandom(width * 31 + depth);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = random.next() * 100 - 50;
  return createDocument(field);
}

describe('height rectangle edits', () => {
  it('readHeightRect copies exactly the rectangle, row by row', () => {
    const doc = randomDocument(9, 6);
    const rect = { i0: 2, j0: 1, i1: 6, j1: 4 };
    const block = readHeightRect(doc, rect);
    expect(block.length).toBe(12);
    for (let j = rect.j0; j < rect.j1; j++) {
      for (let i = rect.i0; i < rect.i1; i++) expect(block[(j - rect.j0) * 4 + (i - rect.i0)]).toBe(doc.field.heights[j * 9 + i]);
    }
  });

  it('apply writes only the rectangle and revert restores the original bit for bit', () => {
    const doc = randomDocument(11, 7);
    const original = doc.field.heights.slice();
    const rect = { i0: 3, j0: 2, i1: 8, j1: 6 };
    const before = readHeightRect(doc, rect);
    const after = before.map((h) => h * 0.37 + 1);
    const edit = createHeightRectEdit('Raise', doc, rect, before, after);
    expect(edit.byteSize).toBe(before.byteLength + after.byteLength);
    expect(edit.apply(doc)).toEqual({ kind: 'rect', ...rect });
    for (let j = 0; j < 7; j++) {
      for (let i = 0; i < 11; i++) {
        const inside = i >= rect.i0 && i < rect.i1 && j >= rect.j0 && j < rect.j1;
        const expected = inside ? after[(j - rect.j0) * 5 + (i - rect.i0)] : original[j * 11 + i];
        expect(doc.field.heights[j * 11 + i]).toBe(expected);
      }
    }
    edit.revert(doc);
    expect(doc.field.heights).toEqual(original);
    // Round trip again: apply/revert are repeatable.
    edit.apply(doc);
    edit.revert(doc);
    expect(doc.field.heights).toEqual(original);
  });

  it('reports a whole-map rectangle as the whole map', () => {
    const doc = randomDocument(4, 3);
    const rect = { i0: 0, j0: 0, i1: 4, j1: 3 };
    const before = readHeightRect(doc, rect);
    expect(createHeightRectEdit('All', doc, rect, before, before.slice()).apply(doc)).toEqual({ kind: 'all' });
  });

  it('rejects data of the wrong length', () => {
    const doc = randomDocument(4, 3);
    expect(() => createHeightRectEdit('Bad', doc, { i0: 0, j0: 0, i1: 2, j1: 2 }, new Float32Array(4), new Float32Array(3))).toThrow(/Bad: .*wrong length/);
  });
});
