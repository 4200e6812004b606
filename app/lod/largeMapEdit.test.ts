import { describe, expect, it } from 'vitest';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { BrushStroke } from '../tools/brushStroke';
import { DEFAULT_BRUSH } from '../tools/brush';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';

const SIDE = 8193;

interface Rect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** Bit patterns of the heights in a vertex rect, row by row (a float compare would hide −0 and NaN payloads). */
function rectBits(field: Heightfield, rect: Rect): Uint32Array {
  const cols = rect.i1 - rect.i0;
  const out = new Float32Array(cols * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) out.set(field.heights.subarray(j * field.width + rect.i0, j * field.width + rect.i1), (j - rect.j0) * cols);
  return new Uint32Array(out.buffer);
}

function countDifferences(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) n++;
  return n;
}

/** Vertex rect around world (x, z) with `margin` metres each way, clamped to the map (1 m cells). */
function rectAround(field: Heightfield, x: number, z: number, margin: number): Rect {
  const ci = Math.round(x + (field.width - 1) / 2);
  const cj = Math.round(z + (field.depth - 1) / 2);
  return {
    i0: Math.max(0, ci - margin),
    j0: Math.max(0, cj - margin),
    i1: Math.min(field.width, ci + margin + 1),
    j1: Math.min(field.depth, cj + margin + 1),
  };
}

describe('an 8193² map is editable', () => {
  it('brushes through the Editor with tile undo and restores the touched region bit for bit', () => {
    const field = createHeightfield(SIDE, SIDE, 1);
    // Varied, non-round heights so that a restore from the wrong tile or a rounding step would show.
    for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) field.heights[j * SIDE + i] = ((i * 7 + j * 13) % 1000) * 0.0137 - 3.1;
    const editor = new Editor(createDocument(field));
    const half = (SIDE - 1) / 2;
    // One stroke in the middle and one running off the far corner (clamping at the map's edge).
    const strokes = [
      { x: 0.4, z: -0.3, toX: 60, toZ: 25 },
      { x: half - 20, z: half - 10, toX: half + 30, toZ: half + 30 },
    ];
    const brush = { ...DEFAULT_BRUSH, mode: 'raise' as const, radius: 32 };
    const regions = strokes.map((s) => {
      const a = rectAround(field, s.x, s.z, 40);
      const b = rectAround(field, s.toX, s.toZ, 40);
      return { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };
    });
    const before = regions.map((r) => rectBits(field, r));

    for (const s of strokes) {
      const stroke = new BrushStroke(editor.document.field, brush, s.x, s.z, 0);
      stroke.begin();
      stroke.moveTo(s.toX, s.toZ);
      const edit = stroke.finish('Brush');
      expect(edit).not.toBeNull();
      if (edit) editor.apply(edit);
    }
    const after = regions.map((r) => rectBits(editor.document.field, r));
    for (let k = 0; k < regions.length; k++) expect(countDifferences(before[k], after[k])).toBeGreaterThan(0);
    // Tile undo keeps only the touched tiles, far below one copy of the 256 MB map.
    expect(editor.history.byteSize).toBeLessThan(field.heights.byteLength / 100);

    // Undo the corner stroke: its region is back bit for bit, the middle stroke stays.
    expect(editor.undo()).toBe(true);
    expect(countDifferences(rectBits(editor.document.field, regions[1]), before[1])).toBe(0);
    expect(countDifferences(rectBits(editor.document.field, regions[0]), after[0])).toBe(0);
    expect(editor.undo()).toBe(true);
    expect(countDifferences(rectBits(editor.document.field, regions[0]), before[0])).toBe(0);

    // Redo brings both strokes back exactly.
    expect(editor.redo()).toBe(true);
    expect(editor.redo()).toBe(true);
    for (let k = 0; k < regions.length; k++) expect(countDifferences(rectBits(editor.document.field, regions[k]), after[k])).toBe(0);
  }, 20_000);
});
