import { createStore, type StoreApi } from 'zustand/vanilla';
import { duplicateLayer, moveLayer, removeLayer, renameLayer, setLayerEnabled, setLayerOpacity, setLayerParam } from '../../shared/layers/edit';
import type { Layer, SculptLayer } from '../../shared/layers/types';
import type { Editor } from '../document/editor';
import type { JobResult, TerrainJobs } from '../jobs/terrainJobs';

export interface LayersState {
  /** The layer whose parameters the panel shows and that brushes paint into (when it is a sculpt layer). */
  selectedId: string | null;
  /** The last layer operation's problem, for the panel; null when it went through. */
  message: string | null;
}

/** A number or text a layer parameter is set to from the panel. */
export type LayerParamValue = number | string | boolean;

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
  /**
   * The sculpt layer a brush stroke paints into: the selected one, else the topmost, else a new
   * one at the top (then `created`). `stack` is the stack with it.
   */
  sculptTarget(): { stack: Layer[]; index: number; created: boolean };
  dispose(): void;
}

export function createLayersModel(editor: Editor, jobs: TerrainJobs): LayersModel {
  const store = createStore<LayersState>(() => ({ selectedId: null, message: null }));
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
  const unsubscribe = editor.store.subscribe(() => {
    const { selectedId } = store.getState();
    if (selectedId !== null && !stack().some((layer) => layer.id === selectedId)) store.setState({ selectedId: null });
  });

  return {
    store,
    stack,
    dispose: unsubscribe,
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
}
