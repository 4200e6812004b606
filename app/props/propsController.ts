import { exportPropsJson } from '../../shared/props/exportJson';
import { stackHasWater, stackWaterDepth } from '../../shared/layers/stackWaterDepth';
import { excludeAny, waterExclusion } from '../../shared/props/scatterWater';
import { waterField } from '../../shared/vehicle/water';
import { propsFromColumns, scatterProps, type ScatterArea, type ScatterOptions } from '../../shared/props/scatter';
import { roadExclusion } from '../../shared/roads/props';
import { documentFittedRoads } from '../document/documentRoads';
import { forEachPropInWorldRect } from '../../shared/props/spatialIndex';
import type { FaultlineApi } from '../../shared/ipc/api';
import type { Prop } from '../document/document';
import type { Editor } from '../document/editor';
import { allocatePropIds, createPropsEdit, mapProps, NO_HEIGHT_CHANGE } from './propEdits';
import { lookupPropType, PropPlacementLayer, type PlacementChange } from './placementLayer';
import {
  createPropSelectionStore,
  createPropsStatusStore,
  createPropToolSettingsStore,
  createSelectionBoxStore,
  type PropSelectionStore,
  type PropsStatusStore,
  type PropToolSettings,
  type PropToolSettingsStore,
  type SelectionBoxStore,
} from './propsStores';

export type PlacementListener = (change: PlacementChange) => void;

/** A transform the side panel can set on the selected props. */
export type PropTransformPatch = Partial<Pick<Prop, 'x' | 'z' | 'yaw' | 'scale' | 'offsetY'>>;

/** How far the duplicate lands from its original, in cells, so both stay visible. */
const DUPLICATE_OFFSET_CELLS = 2;

/**
 * The props feature of one editor: the derived placement layer kept in step with every editor
 * change, the selection, the tool settings, and the prop edits (each one undoable entry).
 */
export class PropsController {
  readonly layer = new PropPlacementLayer();
  readonly selection: PropSelectionStore = createPropSelectionStore();
  readonly box: SelectionBoxStore = createSelectionBoxStore();
  readonly settings: PropToolSettingsStore = createPropToolSettingsStore();
  readonly status: PropsStatusStore = createPropsStatusStore();
  private readonly listeners = new Set<PlacementListener>();
  private readonly unsubscribe: () => void;

  constructor(
    readonly editor: Editor,
    private readonly api?: Pick<FaultlineApi, 'saveBytesAs'>,
  ) {
    this.layer.sync(editor.document, { kind: 'all' });
    this.status.setState({ count: this.layer.count });
    this.unsubscribe = editor.store.subscribe((state, previous) => {
      if (state.version !== previous.version) this.sync();
    });
  }

  dispose(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  /** Called after every placement change (views update their instances in place). */
  onPlacementChange(listener: PlacementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private sync(): void {
    const change = this.layer.sync(this.editor.document, this.editor.store.getState().lastChange);
    if (change.kind === 'none') return;
    if (change.kind === 'rebuild') this.pruneSelection();
    this.status.setState((s) => ({ count: this.layer.count, tick: s.tick + 1 }));
    for (const listener of this.listeners) listener(change);
  }

  private pruneSelection(): void {
    const ids = this.selection.getState().ids;
    const kept = [...ids].filter((id) => this.layer.indexOf(id) !== undefined);
    if (kept.length !== ids.size) this.selection.setState({ ids: new Set(kept) });
  }

  private get props(): readonly Prop[] {
    return this.editor.document.props;
  }

  select(ids: Iterable<string>): void {
    this.selection.setState({ ids: new Set(ids) });
  }

  /** The prop nearest to (x, z) within its footprint (at least `tolerance` metres), if any. */
  pickAt(x: number, z: number, tolerance: number): Prop | undefined {
    const { layer } = this;
    if (layer.count === 0) return undefined;
    const { props: columns, index } = layer.layer;
    let reach = tolerance;
    for (const type of columns.types) reach = Math.max(reach, type.footprintRadius * 4);
    let best: number | undefined;
    let bestDistance = Infinity;
    const field = this.editor.document.field;
    forEachPropInWorldRect(field, index, columns.x, columns.z, { x0: x - reach, z0: z - reach, x1: x + reach, z1: z + reach }, (k) => {
      const distance = Math.hypot(columns.x[k] - x, columns.z[k] - z);
      const radius = Math.max(tolerance, columns.types[columns.typeIndex[k]].footprintRadius * columns.scale[k]);
      if (distance <= radius && distance < bestDistance) {
        best = k;
        bestDistance = distance;
      }
    });
    return best === undefined ? undefined : layer.list[best];
  }

  /** Ids of the props inside a world rectangle (corners in any order). */
  idsInRect(ax: number, az: number, bx: number, bz: number): string[] {
    if (this.layer.count === 0) return [];
    const { props: columns, index } = this.layer.layer;
    const ids: string[] = [];
    const rect = { x0: Math.min(ax, bx), z0: Math.min(az, bz), x1: Math.max(ax, bx), z1: Math.max(az, bz) };
    forEachPropInWorldRect(this.editor.document.field, index, columns.x, columns.z, rect, (k) => ids.push(this.layer.list[k].id));
    return ids;
  }

  /** Places one prop at (x, z); one history entry. Returns it. */
  place(type: string, x: number, z: number, yaw = 0, scale = 1): Prop {
    lookupPropType(type);
    const [id] = allocatePropIds(this.props, 1);
    const prop: Prop = { id, type, x, z, yaw, scale, offsetY: 0 };
    const before = this.props;
    this.editor.apply(createPropsEdit(`Place ${type}`, before, [...before, prop]));
    this.select([id]);
    return prop;
  }

  deleteSelection(): number {
    const ids = this.selection.getState().ids;
    const before = this.props;
    const after = before.filter((p) => !ids.has(p.id));
    const removed = before.length - after.length;
    if (removed === 0) return 0;
    this.editor.apply(createPropsEdit(removed === 1 ? 'Delete prop' : `Delete ${removed} props`, before, after));
    this.select([]);
    return removed;
  }

  duplicateSelection(): number {
    const ids = this.selection.getState().ids;
    const before = this.props;
    const originals = before.filter((p) => ids.has(p.id));
    if (originals.length === 0) return 0;
    const fresh = allocatePropIds(before, originals.length);
    const step = DUPLICATE_OFFSET_CELLS * this.editor.document.field.cellSize;
    const copies = originals.map((p, k) => ({ ...p, id: fresh[k], x: p.x + step, z: p.z + step }));
    this.editor.apply(createPropsEdit(copies.length === 1 ? 'Duplicate prop' : `Duplicate ${copies.length} props`, before, [...before, ...copies]));
    this.select(fresh);
    return copies.length;
  }

  /** Sets fields of every selected prop; one history entry. */
  updateSelection(patch: PropTransformPatch, label = 'Edit prop'): void {
    const ids = this.selection.getState().ids;
    if (ids.size === 0) return;
    const clean = Object.fromEntries(Object.entries(patch).filter(([, value]) => typeof value === 'number' && Number.isFinite(value))) as PropTransformPatch;
    if (clean.scale !== undefined && !(clean.scale > 0)) return;
    const before = this.props;
    this.editor.apply(
      createPropsEdit(
        label,
        before,
        mapProps(before, ids, (p) => ({ ...p, ...clean })),
      ),
    );
  }

  /**
   * Moves the given props by (dx, dz) as a live preview (no history entry): the document holds the
   * moved list until `commitMove` records it or `cancelMove` puts the original back.
   */
  previewMove(original: readonly Prop[], ids: ReadonlySet<string>, dx: number, dz: number): void {
    this.editor.document.props = mapProps(original, ids, (p) => ({ ...p, x: p.x + dx, z: p.z + dz }));
    this.editor.preview(NO_HEIGHT_CHANGE);
  }

  commitMove(original: readonly Prop[]): void {
    const moved = this.editor.document.props;
    if (moved === original) return;
    this.editor.document.props = original.slice();
    const count = this.selection.getState().ids.size;
    this.editor.apply(createPropsEdit(count === 1 ? 'Move prop' : `Move ${count} props`, original, moved));
  }

  cancelMove(original: readonly Prop[]): void {
    if (this.editor.document.props === original) return;
    this.editor.document.props = original.slice();
    this.editor.preview(NO_HEIGHT_CHANGE);
  }

  /** Scatters by the current settings over the map or inside a circle; one history entry. */
  scatter(area: ScatterArea = { kind: 'map' }): { placed: number; requested: number } {
    const settings = this.settings.getState().scatter;
    const roads = settings.avoidRoads ? documentFittedRoads(this.editor.document) : [];
    const { stack, field } = this.editor.document;
    const water = settings.avoidWater && stackHasWater(stack) ? waterExclusion(waterField(field, stackWaterDepth(stack, field))) : null;
    const exclude = excludeAny([...(roads.length > 0 ? [roadExclusion(roads)] : []), ...(water ? [water] : [])]);
    const options = { ...scatterOptionsFrom(settings, area, this.props), ...(exclude ? { exclude } : {}) };
    const result = scatterProps(this.editor.document.field, options);
    const before = this.props;
    const ids = allocatePropIds(before, result.props.count);
    const added = propsFromColumns(result.props, (k) => ids[k]);
    const message = `Scattered ${added.length} of ${result.requested}`;
    this.status.setState({ message });
    if (added.length > 0) this.editor.apply(createPropsEdit(`Scatter ${added.length} props`, before, [...before, ...added]));
    return { placed: added.length, requested: result.requested };
  }

  /** The documented props JSON of the current document. */
  exportJson(): string {
    return exportPropsJson(this.editor.document.field, this.props, lookupPropType);
  }

  /** Asks main to save the props JSON where the user chooses; resolves to the file name or null. */
  async saveJson(): Promise<string | null> {
    if (!this.api) throw new Error('saving needs the platform API');
    const bytes = new TextEncoder().encode(this.exportJson());
    const result = await this.api.saveBytesAs({
      title: 'Export Props JSON',
      defaultName: 'props.json',
      filters: [{ name: 'Props JSON', extensions: ['json'] }],
      bytes,
    });
    return result.saved ? (result.fileName ?? '') : null;
  }
}

export function scatterOptionsFrom(settings: PropToolSettings['scatter'], area: ScatterArea, existing: readonly Prop[]): ScatterOptions {
  return {
    seed: settings.seed,
    types: settings.types,
    ...(settings.mode === 'count' ? { count: settings.count } : { densityPerHectare: settings.densityPerHectare }),
    slopeDeg: settings.slopeDeg.enabled ? { min: settings.slopeDeg.min, max: settings.slopeDeg.max } : undefined,
    height: settings.height.enabled ? { min: settings.height.min, max: settings.height.max } : undefined,
    spacing: settings.spacing ?? undefined,
    area,
    existing,
    lookup: lookupPropType,
  };
}
