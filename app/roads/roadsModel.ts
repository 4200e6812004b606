/**
 * The roads of the document as the road tool and the Roads tab use them: which road and point are
 * selected (the road is the Layers selection), the draft of a road not yet made, and every change —
 * a point added, moved, inserted or deleted, a value set, a road made or deleted, props placed along
 * one — each one undo entry through TerrainJobs.applyStack. A road made or moved clears the props on
 * it (surface + clearance) in the same entry, unless "Keep props" is on.
 */
import type { CrossingKind } from '../../shared/roads/crossings';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Layer, RoadLayer } from '../../shared/layers/types';
import { fitRoad, terrainProblem, type FittedRoad } from '../../shared/roads/fittedRoad';
import { roadValuesProblem, type RoadParams, type RoadPoint, type RoadSurface } from '../../shared/roads/params';
import { placeAlongRoad, propsOnRoads, type AlongRoadOptions } from '../../shared/roads/props';
import type { RoadClass } from '../../shared/roads/standard';
import type { Prop } from '../../shared/props/prop';
import type { Editor } from '../document/editor';
import type { DocumentEdit } from '../document/history';
import type { ApplyStackOptions, JobResult, TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { allocatePropIds, createPropsEdit } from '../props/propEdits';
import * as edits from './roadEdits';
import { documentFittedRoads } from '../document/documentRoads';
import { cannotPreview } from './roadDrag';

export interface RoadsState {
  /** The selected road's highlighted control point, or null. */
  selectedPoint: number | null;
  /** The first point of a road not yet made (the tool's first click with no road selected). */
  draft: { x: number; z: number } | null;
  /** The last road operation's outcome for the user ("3 props removed under Road 1", a refusal), or null. */
  message: string | null;
  /** Props on a road made or moved stay (else they are removed in the same undo entry). */
  keepProps: boolean;
  /** "Place along road" settings. */
  along: Pick<AlongRoadOptions, 'type' | 'spacing' | 'offset' | 'side'>;
}

export interface RoadsModel {
  readonly store: StoreApi<RoadsState>;
  roads(): RoadLayer[];
  /** The selected layer when it is a road. */
  selected(): RoadLayer | null;
  selectRoad(id: string | null): void;
  selectPoint(n: number | null): void;
  /** Sets the draft's first point (null clears it). */
  setDraft(point: { x: number; z: number } | null): void;
  /** A road from the draft to (x, z) at the top of the stack, selected. */
  createFromDraft(x: number, z: number): Promise<JobResult>;
  /** A road through `points` (a route found by the router) at the top of the stack, selected: one entry. */
  createFromPoints(label: string, points: RoadPoint[], overrides?: Partial<Omit<RoadParams, 'points'>>): Promise<JobResult>;
  appendPoint(id: string, x: number, z: number): Promise<JobResult>;
  insertPoint(id: string, n: number, x: number, z: number): Promise<JobResult>;
  deletePoint(id: string, n: number): Promise<JobResult>;
  /** Records a finished drag (or any change of one road) as one entry. */
  commitRoad(label: string, roadId: string, next: Layer[], options?: ApplyStackOptions): Promise<JobResult>;
  setValue(id: string, key: edits.RoadWideKey, value: number | 'auto'): Promise<JobResult>;
  setPointValue(id: string, n: number, key: 'width' | 'bank', value: number | undefined): Promise<JobResult>;
  /** The road's class (null: none), which sets its maximum grade from the design standard. */
  setClass(id: string, roadClass: RoadClass | null): Promise<JobResult>;
  /** What the views draw the road's surface in. */
  setSurface(id: string, surface: RoadSurface): Promise<JobResult>;
  /** Turns an option (ends on the ground, level shoulders) on or off: one entry. */
  setOption(id: string, key: edits.RoadOption, on: boolean): Promise<JobResult>;
  /** Ford or bridge for a crossing of water (its wet stretch, metres along the road; a bridge's water surface there): one entry. */
  setCrossing(id: string, from: number, to: number, kind: CrossingKind, surface?: number | null): Promise<JobResult>;
  rename(id: string, name: string): Promise<JobResult>;
  deleteRoad(id: string): Promise<JobResult>;
  /** Ends the current road: the next click starts a new one. */
  newRoad(): void;
  /** Props along the selected road by the `along` settings: one undo entry. */
  placeAlong(id: string): JobResult;
  /** The roads' models on the document's heights (for props and scatter rules). */
  fittedRoads(): FittedRoad[];
  /** Stops following the editor and the layer selection. */
  dispose(): void;
}

/** The options' names in undo labels and the Roads tab. */
export const OPTION_LABELS: Record<edits.RoadOption, string> = { endsOnGround: 'ends on the ground', levelShoulders: 'level shoulders' };

export const DEFAULT_ALONG: RoadsState['along'] = { type: 'rock', spacing: 10, offset: 1.5, side: 'both' };

/** An edit that also sets the document's props (the same undo entry, under the first's label). */
function withProps(edit: DocumentEdit, before: readonly Prop[], after: readonly Prop[], label: string): DocumentEdit {
  const props = createPropsEdit(label, before, after);
  return {
    label,
    byteSize: edit.byteSize + props.byteSize,
    apply: (doc) => {
      props.apply(doc);
      return edit.apply(doc);
    },
    revert: (doc) => {
      props.revert(doc);
      return edit.revert(doc);
    },
  };
}

const roadOf = (next: readonly Layer[], id: string) => next.find((layer): layer is RoadLayer => layer.id === id && layer.kind === 'road') ?? null;

/**
 * Applies `next` (road `roadId` changed or made) as one entry: refused with the message when the
 * road is not valid or the terrain cannot carry it; the props on it removed in the same entry.
 */
async function commitRoadChange(
  ctx: { editor: Editor; jobs: TerrainJobs; store: StoreApi<RoadsState> },
  label: string,
  roadId: string,
  next: Layer[],
  options: ApplyStackOptions,
): Promise<JobResult> {
  const { editor, jobs, store } = ctx;
  const fail = (message: string): JobResult => {
    store.setState({ message });
    return 'failed';
  };
  const road = roadOf(next, roadId);
  const { width, depth, cellSize } = editor.document.field;
  const size = { width, depth, cellSize };
  // The road's own problems (values, geometry) are applyStack's to report (stackProblem); these are the values alone, for the model below.
  const problem = road ? roadValuesProblem(road.params) : `there is no road "${roadId}"`;
  // A refusal puts a drag's preview back.
  const refuse = (message: string): JobResult => {
    options.beforeApply?.(false);
    options.preview?.cancel();
    return fail(message);
  };
  if (problem) return refuse(`${label}: ${problem}`);
  const index = next.indexOf(road!);
  // The heights the road receives, when the engine keeps them (else the worker evaluates and the limits are not checked here).
  const input = jobs.localInput(next, index, options.preview);
  if (input && road!.enabled && !cannotPreview(road!, size)) {
    const cannot = terrainProblem(fitRoad(road!.params, input, size));
    if (cannot) return refuse(`${label}: ${cannot}`);
  }
  let removed = 0;
  const keep = store.getState().keepProps || !road!.enabled;
  const wrap = keep
    ? undefined
    : (edit: DocumentEdit): DocumentEdit => {
        const before = editor.document.props;
        if (before.length === 0) return edit;
        const { kept, removed: gone } = propsOnRoads(before, [fitRoad(road!.params, editor.document.field.heights, size)]);
        removed = gone.length;
        return removed > 0 ? withProps(edit, before, kept, `${label} (${removed} prop${removed === 1 ? '' : 's'} removed)`) : edit;
      };
  const result = await jobs.applyStack(next, label, { ...options, ...(wrap ? { wrap } : {}) });
  if (result === 'done') store.setState({ message: removed > 0 ? `${removed} prop${removed === 1 ? '' : 's'} removed under ${road!.name}` : null });
  else store.setState({ message: jobs.store.getState().lastMessage ?? `${label}: another job is running` });
  return result;
}

/** Props placed along `road` at the options' spacing, as one undo entry; what to tell the user. */
function placeAlongRoadEdit(
  editor: Editor,
  road: RoadLayer,
  along: AlongRoadOptions,
  size: { width: number; depth: number; cellSize: number },
): { ok: boolean; message: string } {
  const before = editor.document.props;
  try {
    const fitted = fitRoad(road.params, editor.document.field.heights, size);
    const probe = placeAlongRoad(fitted, along, () => '');
    const ids = allocatePropIds(before, probe.length);
    const placed = probe.map((prop, k) => ({ ...prop, id: ids[k] }));
    const hx = ((size.width - 1) / 2) * size.cellSize;
    const hz = ((size.depth - 1) / 2) * size.cellSize;
    const inside = placed.filter((p) => Math.abs(p.x) <= hx && Math.abs(p.z) <= hz);
    if (inside.length === 0)
      return { ok: false, message: `Place along "${road.name}": no prop fits (the road is shorter than the spacing, or beside the map's edge)` };
    editor.apply(createPropsEdit(`Place ${inside.length} ${along.type} along "${road.name}"`, before, [...before, ...inside]));
    return { ok: true, message: `${inside.length} props placed along ${road.name}` };
  } catch (error) {
    return { ok: false, message: `Place along "${road.name}": ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function createRoadsModel(editor: Editor, jobs: TerrainJobs, layers: LayersModel): RoadsModel {
  const store = createStore<RoadsState>(() => ({ selectedPoint: null, draft: null, message: null, keepProps: false, along: { ...DEFAULT_ALONG } }));
  const stack = () => editor.document.stack;
  const sizeOf = () => {
    const { width, depth, cellSize } = editor.document.field;
    return { width, depth, cellSize };
  };
  const fail = (message: string): JobResult => {
    store.setState({ message });
    return 'failed';
  };

  const commitRoad = (label: string, roadId: string, next: Layer[], options: ApplyStackOptions = {}): Promise<JobResult> =>
    commitRoadChange({ editor, jobs, store }, label, roadId, next, options);

  /** Builds the next stack (a RangeError becomes the message) and commits it. */
  const change = (label: string, roadId: string, build: () => Layer[]): Promise<JobResult> => {
    let next: Layer[];
    try {
      next = build();
    } catch (error) {
      return Promise.resolve(fail(`${label}: ${error instanceof Error ? error.message : String(error)}`));
    }
    return commitRoad(label, roadId, next);
  };
  const nameOf = (id: string) => roadOf(stack(), id)?.name ?? id;

  // A point of a road that changed (undo, another road selected) may no longer exist.
  const unsubscribe = [
    editor.store.subscribe(() => {
      const road = model.selected();
      const { selectedPoint } = store.getState();
      if (selectedPoint !== null && (!road || selectedPoint >= road.params.points.length)) store.setState({ selectedPoint: null });
    }),
    layers.store.subscribe((state, previous) => {
      if (state.selectedId !== previous.selectedId) store.setState({ selectedPoint: null });
    }),
  ];

  const model: RoadsModel = {
    store,
    roads: () => edits.roadsOf(stack()),
    selected() {
      const layer = stack().find((l) => l.id === layers.store.getState().selectedId);
      return edits.isRoad(layer) ? layer : null;
    },
    selectRoad: (id) => layers.select(id),
    selectPoint: (n) => store.setState({ selectedPoint: n }),
    setDraft: (draft) => store.setState({ draft, message: null }),
    async createFromDraft(x, z) {
      const draft = store.getState().draft;
      if (!draft) return 'failed';
      let made: { stack: Layer[]; road: RoadLayer };
      try {
        made = edits.stackWithNewRoad(stack(), [draft, { x, z }]);
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      const result = await commitRoad(`New road "${made.road.name}"`, made.road.id, made.stack);
      if (result === 'done') {
        store.setState({ draft: null });
        layers.select(made.road.id);
        store.setState({ selectedPoint: 1 });
      }
      return result;
    },
    async createFromPoints(label, points, overrides = {}) {
      let made: { stack: Layer[]; road: RoadLayer };
      try {
        made = edits.stackWithNewRoad(stack(), points, overrides);
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      const result = await commitRoad(`${label} "${made.road.name}"`, made.road.id, made.stack);
      if (result === 'done') {
        layers.select(made.road.id);
        store.setState({ selectedPoint: null, draft: null });
      }
      return result;
    },
    async appendPoint(id, x, z) {
      const result = await change(`Add point to "${nameOf(id)}"`, id, () => edits.appendPoint(stack(), id, { x, z }));
      if (result === 'done') store.setState({ selectedPoint: (roadOf(stack(), id)?.params.points.length ?? 1) - 1 });
      return result;
    },
    async insertPoint(id, n, x, z) {
      const result = await change(`Insert point in "${nameOf(id)}"`, id, () => edits.insertPoint(stack(), id, n, x, z));
      if (result === 'done') store.setState({ selectedPoint: n });
      return result;
    },
    async deletePoint(id, n) {
      const result = await change(`Delete point ${n + 1} of "${nameOf(id)}"`, id, () => edits.deletePoint(stack(), id, n));
      if (result === 'done') store.setState({ selectedPoint: null });
      return result;
    },
    commitRoad,
    setValue: (id, key, value) => change(`Set ${key} of "${nameOf(id)}"`, id, () => edits.setRoadValue(stack(), id, key, value)),
    setClass: (id, roadClass) => change(`Set class of "${nameOf(id)}"`, id, () => edits.setRoadClass(stack(), id, roadClass)),
    setSurface: (id, surface) => change(`Set surface of "${nameOf(id)}"`, id, () => edits.setRoadSurface(stack(), id, surface)),
    setOption: (id, key, on) =>
      change(`${on ? 'Turn on' : 'Turn off'} ${OPTION_LABELS[key]} of "${nameOf(id)}"`, id, () => edits.setRoadOption(stack(), id, key, on)),
    setPointValue: (id, n, key, value) => change(`Set point ${n + 1} ${key} of "${nameOf(id)}"`, id, () => edits.setPointValue(stack(), id, n, key, value)),
    setCrossing: (id, from, to, kind, surface) =>
      change(`Make crossing at ${Math.round(from)}–${Math.round(to)} m of "${nameOf(id)}" a ${kind}`, id, () =>
        edits.setCrossing(stack(), id, from, to, kind, surface),
      ),
    async rename(id, name) {
      const result = await layers.rename(id, name);
      if (result !== 'done') store.setState({ message: layers.store.getState().message });
      return result;
    },
    async deleteRoad(id) {
      const result = await layers.remove(id);
      store.setState({ message: result === 'done' ? null : layers.store.getState().message });
      return result;
    },
    newRoad() {
      layers.select(null);
      store.setState({ draft: null, selectedPoint: null, message: 'Click on the terrain twice to start a new road' });
    },
    placeAlong(id) {
      const road = roadOf(stack(), id);
      if (!road) return fail(`there is no road "${id}"`);
      const placed = placeAlongRoadEdit(editor, road, store.getState().along, sizeOf());
      if (!placed.ok) return fail(placed.message);
      store.setState({ message: placed.message });
      return 'done';
    },
    fittedRoads: () => documentFittedRoads(editor.document),
    dispose: () => unsubscribe.forEach((off) => off()),
  };
  return model;
}
