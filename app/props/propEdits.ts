import type { Prop, TerrainDocument } from '../document/document';
import type { DocumentEdit } from '../document/history';
import type { DirtyRegion } from '../document/region';

/** Prop edits change no heights: an empty rectangle tells the terrain views there is nothing to redraw. */
export const NO_HEIGHT_CHANGE: DirtyRegion = { kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 };

/** Rough memory of one prop object kept alive by the history (fields, object header, id string). */
const PROP_BYTES = 120;
const REFERENCE_BYTES = 8;

/**
 * Replaces the document's prop list with `after`; undo puts `before` back. Both lists share the
 * unchanged Prop objects, so an edit costs one reference per prop plus the props it created.
 * The list is replaced, never mutated, so views can tell a prop change by the array's identity.
 */
export function createPropsEdit(label: string, before: readonly Prop[], after: readonly Prop[]): DocumentEdit {
  const previous = new Set(before);
  let created = 0;
  for (const prop of after) if (!previous.has(prop)) created++;
  return {
    label,
    byteSize: (before.length + after.length) * REFERENCE_BYTES + created * PROP_BYTES,
    apply(doc: TerrainDocument) {
      doc.props = after.slice();
      return NO_HEIGHT_CHANGE;
    },
    revert(doc: TerrainDocument) {
      doc.props = before.slice();
      return NO_HEIGHT_CHANGE;
    },
  };
}

/** The list with the props whose id is in `ids` replaced by `update(prop)` (same order). */
export function mapProps(props: readonly Prop[], ids: ReadonlySet<string>, update: (prop: Prop) => Prop): Prop[] {
  return props.map((prop) => (ids.has(prop.id) ? update(prop) : prop));
}

const ID_PATTERN = /^p([0-9a-z]+)$/;

/**
 * `count` fresh prop ids ("p" + base-36 counter) that no prop in `existing` uses: counting on from the
 * largest id of that form, so one pass over the list serves a whole scatter.
 */
export function allocatePropIds(existing: readonly Prop[], count: number): string[] {
  let largest = 0;
  for (const prop of existing) {
    const match = ID_PATTERN.exec(prop.id);
    if (match) largest = Math.max(largest, parseInt(match[1], 36));
  }
  const ids = new Array<string>(count);
  for (let k = 0; k < count; k++) ids[k] = `p${(largest + 1 + k).toString(36)}`;
  return ids;
}
