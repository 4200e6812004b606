import type { DocumentEdit } from './history';
import type { TerrainDocument } from './document';
import type { DirtyRegion } from './region';

/**
 * An edit of the heights inside a rectangle of vertices, stored as the rectangle's values before and
 * after. Whole-map changes are the rectangle that covers the map.
 */
export function createHeightRectEdit(
  label: string,
  doc: TerrainDocument,
  rect: { i0: number; j0: number; i1: number; j1: number },
  before: Float32Array,
  after: Float32Array,
): DocumentEdit {
  const { width, depth } = doc.field;
  const cols = rect.i1 - rect.i0;
  const rows = rect.j1 - rect.j0;
  if (before.length !== cols * rows || after.length !== cols * rows) throw new Error(`${label}: rectangle data has the wrong length`);
  const whole = rect.i0 === 0 && rect.j0 === 0 && rect.i1 === width && rect.j1 === depth;
  const region: DirtyRegion = whole ? { kind: 'all' } : { kind: 'rect', ...rect };
  const write = (target: TerrainDocument, values: Float32Array): DirtyRegion => {
    const heights = target.field.heights;
    for (let r = 0; r < rows; r++) {
      heights.set(values.subarray(r * cols, (r + 1) * cols), (rect.j0 + r) * width + rect.i0);
    }
    return region;
  };
  return {
    label,
    byteSize: before.byteLength + after.byteLength,
    apply: (target) => write(target, after),
    revert: (target) => write(target, before),
  };
}

/** Copies a rectangle of heights out of the document. */
export function readHeightRect(doc: TerrainDocument, rect: { i0: number; j0: number; i1: number; j1: number }): Float32Array {
  const { width, heights } = doc.field;
  const cols = rect.i1 - rect.i0;
  const out = new Float32Array(cols * (rect.j1 - rect.j0));
  for (let r = 0; r < rect.j1 - rect.j0; r++) {
    out.set(heights.subarray((rect.j0 + r) * width + rect.i0, (rect.j0 + r) * width + rect.i1), r * cols);
  }
  return out;
}
