import type { Heightfield } from '../../shared/terrain/heightfield';
import { findPropType, maxTiltRadians, type PropType } from '../../shared/props/library';
import { createSnappedPropLayer, propColumnsFromProps, resnapInRegion, snapProp, type SnappedPropLayer } from '../../shared/props/prop';
import { buildPropSpatialIndex } from '../../shared/props/spatialIndex';
import type { Prop, TerrainDocument } from '../document/document';
import type { DirtyRegion } from '../document/region';

/** What a sync changed, for the views: everything (new layout), some props by index, or nothing. */
export type PlacementChange = { kind: 'rebuild' } | { kind: 'update'; indices: Int32Array } | { kind: 'none' };

/** Stand-in for a type id this build does not know (e.g. from a newer project file): a marker post. */
function unknownType(id: string): PropType {
  return {
    id,
    label: `Unknown (${id})`,
    footprintRadius: 0.5,
    defaultSpacing: 1,
    alignToNormal: false,
    maxTiltDeg: 0,
    shape: [{ kind: 'box', width: 0.5, height: 2, depth: 0.5, center: [0, 1, 0], colour: '#ff00ff' }],
  };
}

export function lookupPropType(id: string): PropType {
  return findPropType(id) ?? unknownType(id);
}

/**
 * The props of the open document snapped to its terrain, as columns for bulk rendering. Derived
 * state only: the document's `props` list stays the source of truth. `sync` follows one editor
 * change: a new prop list (an edit, its undo) updates the props that changed; a terrain change
 * re-snaps only the props standing in the changed region.
 */
export class PropPlacementLayer {
  private doc: TerrainDocument | null = null;
  private field: Heightfield | null = null;
  private props: readonly Prop[] = [];
  private current: SnappedPropLayer | null = null;
  private indexOfId = new Map<string, number>();

  get layer(): SnappedPropLayer {
    if (!this.current) throw new Error('the prop layer has not been synced to a document yet');
    return this.current;
  }

  get count(): number {
    return this.props.length;
  }

  /** The document's props in layer order (index k is column k). */
  get list(): readonly Prop[] {
    return this.props;
  }

  indexOf(id: string): number | undefined {
    return this.indexOfId.get(id);
  }

  sync(doc: TerrainDocument, region: DirtyRegion): PlacementChange {
    const field = doc.field;
    if (!this.current || doc !== this.doc || field !== this.field) return this.rebuild(doc);
    if (doc.props !== this.props) return this.propsChanged(doc);
    const result = resnapInRegion(field, this.current, region);
    return result.changed.length > 0 ? { kind: 'update', indices: result.changed } : { kind: 'none' };
  }

  private rebuild(doc: TerrainDocument): PlacementChange {
    this.doc = doc;
    this.field = doc.field;
    this.props = doc.props;
    this.current = createSnappedPropLayer(doc.field, propColumnsFromProps(doc.props, lookupPropType));
    this.indexOfId = new Map(doc.props.map((p, k) => [p.id, k]));
    return { kind: 'rebuild' };
  }

  /** Same count and types in the same order (a move, rotate, scale or their undo): update in place. */
  private propsChanged(doc: TerrainDocument): PlacementChange {
    const before = this.props;
    const after = doc.props;
    if (before.length !== after.length) return this.rebuild(doc);
    const changed: number[] = [];
    for (let k = 0; k < after.length; k++) {
      if (after[k] === before[k]) continue;
      if (after[k].type !== before[k].type || after[k].id !== before[k].id) return this.rebuild(doc);
      changed.push(k);
    }
    this.props = after;
    const field = doc.field;
    const { props: columns, placements } = this.layer;
    for (const k of changed) {
      const prop = after[k];
      const type = columns.types[columns.typeIndex[k]];
      columns.x[k] = prop.x;
      columns.z[k] = prop.z;
      columns.yaw[k] = prop.yaw;
      columns.scale[k] = prop.scale;
      columns.offsetY[k] = prop.offsetY ?? 0;
      columns.maxTilt[k] = maxTiltRadians(type);
      const placed = snapProp(field, prop, type);
      placements.y[k] = placed.y;
      placements.pitch[k] = placed.pitch;
      placements.roll[k] = placed.roll;
    }
    // Moved props may stand in other cells now: the index is one counting sort over the columns.
    this.current = { props: columns, placements, index: buildPropSpatialIndex(field, columns.x, columns.z, columns.count) };
    return changed.length > 0 ? { kind: 'update', indices: Int32Array.from(changed) } : { kind: 'none' };
  }
}
