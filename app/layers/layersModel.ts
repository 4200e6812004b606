import { createStore, type StoreApi } from 'zustand/vanilla';
import { contribution, duplicateLayer, moveLayer, removeLayer, renameLayer, setLayerEnabled, setLayerOpacity, setLayerParam } from '../../shared/layers/edit';
import { maskWeightAt } from '../../shared/layers/mask';
import { switchGroup } from '../../shared/layers/switchableGroups';
import type { Layer, SculptLayer } from '../../shared/layers/types';
import type { Editor } from '../document/editor';
import type { JobResult, TerrainJobs } from '../jobs/terrainJobs';

export interface LayersState {
  /** The layer whose parameters the panel shows and that brushes paint into (when it is a sculpt layer). */
  selectedId: string | null;
  /** The last layer operation's problem, for the panel; null when it went through. */
  message: string | null;
  /** Solo: what one layer adds (its result minus what it receives), and its mask's weights if it has one; null when off. */
  solo: LayerPreview | null;
  /**
   * What the 2D panel shows: the heights, or the selected layer's contribution or mask (the Solo
   * computation, following the selection and the document).
   */
  map2dView: Map2dLayerView;
}

export type Map2dLayerView = 'heights' | 'contribution' | 'mask';
export const MAP2D_LAYER_VIEWS: readonly Map2dLayerView[] = ['heights', 'contribution', 'mask'];

/** What one layer adds, per vertex, at the document's version it was computed for. */
export interface LayerPreview {
  id: string;
  name: string;
  width: number;
  depth: number;
  /** Result − input, metres. */
  contribution: Float32Array;
  /** The mask's weights 0…1 (null: the layer has no mask). */
  mask: Float32Array | null;
  /** The editor's documentVersion it shows (stale once the document changed; a preview does not change it). */
  version: number;
}

/** A number or text a layer parameter is set to from the panel. */
/** null removes an optional param (shared/layers/edit.ts). */
export type LayerParamValue = number | string | boolean | null;

/**
 * The Layers panel's model: which layer is selected, and every operation on the stack — visibility,
 * opacity, order, name, duplicate, delete, a parameter — each one undo entry through
 * TerrainJobs.applyStack (evaluated here when only local layers are affected, else in a worker).
 */
export interface LayersModel {
  readonly store: StoreApi<LayersState>;
  stack(): readonly Layer[];
  select(id: string | null): void;
  setEnabled(id: string, enabled: boolean): Promise<JobResult>;
  setOpacity(id: string, opacity: number): Promise<JobResult>;
  rename(id: string, name: string): Promise<JobResult>;
  /** Moves a layer to position `to` (0 = the bottom). */
  move(id: string, to: number): Promise<JobResult>;
  duplicate(id: string): Promise<JobResult>;
  remove(id: string): Promise<JobResult>;
  /** Sets a parameter by its dot path (`droplets`, `decay.disp0`). */
  setParam(id: string, path: string, value: LayerParamValue): Promise<JobResult>;
  /** Turns a group of params on from its start value, or off (shared/layers/switchableGroups.ts: a fluvial layer's strata). */
  switchGroup(id: string, key: string, on: boolean): Promise<JobResult>;
  /**
   * The sculpt layer a brush stroke paints into: the selected one, else the topmost, else a new
   * one at the top (then `created`). `stack` is the stack with it.
   */
  sculptTarget(): { stack: Layer[]; index: number; created: boolean };
  /** Solo on a layer: computes what it adds (in a worker) for the panel; `null` turns solo off. */
  solo(id: string | null): Promise<void>;
  /** The 2D panel's view; other than 'heights', it keeps the selected layer's Solo computed. */
  setMap2dView(view: Map2dLayerView): void;
  dispose(): void;
}

export function createLayersModel(editor: Editor, jobs: TerrainJobs): LayersModel {
  const store = createStore<LayersState>(() => ({ selectedId: null, message: null, solo: null, map2dView: 'heights' }));
  const stack = () => editor.document.stack;
  const nameOf = (id: string) => stack().find((layer) => layer.id === id)?.name ?? id;

  /** Builds the next stack (its RangeErrors become the panel's message) and applies it. */
  const change = async (label: string, build: () => Layer[]): Promise<JobResult> => {
    let next: Layer[];
    try {
      next = build();
    } catch (error) {
      store.setState({ message: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
    const result = await jobs.applyStack(next, label);
    store.setState({ message: result === 'failed' || result === 'busy' ? (jobs.store.getState().lastMessage ?? `${label}: another job is running`) : null });
    return result;
  };

  // A selection that no longer exists (undo, another document) is dropped.
  const unsubscribe = editor.store.subscribe((state) => {
    // A gesture's preview is not an edit: the selection and Solo stay.
    if (state.preview) return;
    const { selectedId } = store.getState();
    if (selectedId !== null && !stack().some((layer) => layer.id === selectedId)) store.setState({ selectedId: null });
    // A solo view of an older terrain would mislead.
    const { solo } = store.getState();
    if (solo && solo.version !== editor.store.getState().documentVersion) store.setState({ solo: null });
    follow();
  });

  /**
   * While the 2D panel shows a layer, its Solo is kept for the selected layer at the document's
   * version: computed again after a selection or an edit, once no job runs (a running job is
   * waited for, not interrupted).
   */
  let following: Promise<void> | null = null;
  const follow = (): void => {
    const { map2dView, selectedId, solo } = store.getState();
    if (map2dView === 'heights' || selectedId === null || following || jobs.isRunning) return;
    if (solo && solo.id === selectedId && solo.version === editor.store.getState().documentVersion) return;
    if (!stack().some((layer) => layer.id === selectedId)) return;
    const version = editor.store.getState().documentVersion;
    following = model.solo(selectedId).finally(() => {
      following = null;
      // An edit or a selection meanwhile: follow it (not a failure at the same version: no retry loop).
      const now = store.getState();
      if (now.selectedId !== selectedId || editor.store.getState().documentVersion !== version) follow();
    });
  };
  const unsubscribeSelection = store.subscribe((s, prev) => {
    if (s.selectedId !== prev.selectedId || s.map2dView !== prev.map2dView) follow();
  });
  const unsubscribeJobs = jobs.store.subscribe((s, prev) => {
    if (prev.running && !s.running) follow();
  });

  const model: LayersModel = {
    store,
    stack,
    dispose() {
      unsubscribe();
      unsubscribeSelection();
      unsubscribeJobs();
    },
    setMap2dView: (map2dView) => store.setState({ map2dView }),
    async solo(id) {
      if (id === null) {
        store.setState({ solo: null });
        return;
      }
      const current = stack();
      const index = current.findIndex((layer) => layer.id === id);
      if (index < 0) return;
      const layer = current[index];
      const version = editor.store.getState().documentVersion;
      // The heights the layer receives and what it makes of them, both from scratch in the worker.
      const below = await jobs.evaluateOnly(current.slice(0, index), `Solo "${layer.name}": below it`);
      const withLayer = below && (await jobs.evaluateOnly([...current.slice(0, index), { ...layer, enabled: true }], `Solo "${layer.name}"`));
      if (!below || !withLayer || editor.store.getState().documentVersion !== version) return;
      const { width, depth, cellSize } = editor.document.field;
      let mask: Float32Array | null = null;
      if (layer.mask) {
        mask = new Float32Array(width * depth);
        for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) mask[j * width + i] = maskWeightAt(layer.mask, below, { width, depth, cellSize }, i, j);
      }
      store.setState({ solo: { id, name: layer.name, width, depth, contribution: contribution(below, withLayer), mask, version } });
    },
    select: (id) => store.setState({ selectedId: id, message: null }),
    setEnabled: (id, enabled) => change(`${enabled ? 'Show' : 'Hide'} layer "${nameOf(id)}"`, () => setLayerEnabled(stack(), id, enabled)),
    setOpacity: (id, opacity) =>
      change(`Opacity of "${nameOf(id)}"`, () => {
        if (!Number.isFinite(opacity) || opacity < 0 || opacity > 1) throw new RangeError('Opacity must be from 0 to 1');
        return setLayerOpacity(stack(), id, opacity);
      }),
    rename: (id, name) =>
      change(`Rename layer "${nameOf(id)}"`, () => {
        const trimmed = name.trim();
        if (trimmed.length === 0) throw new RangeError('A layer needs a name');
        return renameLayer(stack(), id, trimmed);
      }),
    move: (id, to) => change(`Move layer "${nameOf(id)}"`, () => moveLayer(stack(), id, to)),
    duplicate: async (id) => {
      const before = new Set(stack().map((layer) => layer.id));
      const result = await change(`Duplicate layer "${nameOf(id)}"`, () => duplicateLayer(stack(), id));
      const copy = stack().find((layer) => !before.has(layer.id));
      if (result === 'done' && copy) store.setState({ selectedId: copy.id });
      return result;
    },
    remove: (id) => change(`Delete layer "${nameOf(id)}"`, () => removeLayer(stack(), id)),
    setParam: (id, path, value) => change(`Set ${nameOf(id)} ${path}`, () => setLayerParam(stack(), id, path, value)),
    switchGroup: (id, key, on) => change(`Turn ${nameOf(id)} ${key} ${on ? 'on' : 'off'}`, () => switchGroup(stack(), id, key, on)),
    sculptTarget() {
      const current = stack();
      const isSculpt = (layer: Layer | undefined): layer is SculptLayer => layer?.kind === 'sculpt';
      const selected = current.findIndex((layer) => layer.id === store.getState().selectedId);
      if (isSculpt(current[selected])) return { stack: current.slice(), index: selected, created: false };
      for (let k = current.length - 1; k >= 0; k--) if (isSculpt(current[k])) return { stack: current.slice(), index: k, created: false };
      const ids = new Set(current.map((layer) => layer.id));
      let id = 'sculpt';
      for (let n = 2; ids.has(id); n++) id = `sculpt-${n}`;
      const layer: SculptLayer = { id, kind: 'sculpt', name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] };
      return { stack: [...current, layer], index: current.length, created: true };
    },
  };
  return model;
}
