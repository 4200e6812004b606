/**
 * The rivers of the document as the river tool edits them: the selected river and point (the river
 * is the Layers selection), the draft of one not yet made (its source), and every change — a point
 * added, moved, inserted or deleted, a river made — each one undo entry through
 * TerrainJobs.applyStack, refused with a message when the river is not valid or its bed would lie
 * deeper than its limit below the ground.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { nextRiverId } from '../../shared/layers/kinds/river';
import type { Layer, RiverLayer } from '../../shared/layers/types';
import { fitRiver, riverTerrainProblem } from '../../shared/rivers/fittedRiver';
import { riverParams, riverValuesProblem } from '../../shared/rivers/params';
import type { Editor } from '../document/editor';
import type { ApplyStackOptions, JobResult, TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { appendSplinePoint, deleteSplinePoint, insertSplinePoint } from '../roads/splineEdits';
import type { SplineToolModel } from '../roads/splineKind';
import { isRiver, RIVER_EDITS, RIVER_SPLINE } from './riverTool';

export interface RiversState {
  selectedPoint: number | null;
  /** The source of a river not yet made (the tool's first click with no river selected). */
  draft: { x: number; z: number } | null;
  /** The last operation's outcome for the user (a refusal), or null. */
  message: string | null;
}

export interface RiversModel extends SplineToolModel<RiverLayer> {
  readonly store: StoreApi<RiversState>;
  dispose(): void;
}

export function createRiversModel(editor: Editor, jobs: TerrainJobs, layers: LayersModel): RiversModel {
  const store = createStore<RiversState>(() => ({ selectedPoint: null, draft: null, message: null }));
  const stack = () => editor.document.stack;
  const sizeOf = () => {
    const { width, depth, cellSize } = editor.document.field;
    return { width, depth, cellSize };
  };
  // The river tool shows the Layers tab: its refusals are said there too.
  const say = (message: string | null) => {
    store.setState({ message });
    layers.store.setState({ message });
  };
  const fail = (message: string): JobResult => {
    say(message);
    return 'failed';
  };
  const nameOf = (id: string) => stack().find((layer) => layer.id === id)?.name ?? id;

  const commit = async (label: string, id: string, next: Layer[], options: ApplyStackOptions = {}): Promise<JobResult> => {
    const river = next.find((layer): layer is RiverLayer => layer.id === id && isRiver(layer));
    const problem = river ? riverValuesProblem(river.params) : `there is no river "${id}"`;
    if (problem) {
      options.beforeApply?.(false);
      return fail(`${label}: ${problem}`);
    }
    const size = sizeOf();
    const index = next.indexOf(river!);
    // The heights the river receives, when the engine keeps them: its bed must stay within its limit.
    const input = jobs.prepareLocal(next, index) ? jobs.evaluator.peekInput(next, size, index) : null;
    if (input && river!.enabled && !RIVER_SPLINE.cannotPreview(river!, size)) {
      const cannot = riverTerrainProblem(fitRiver(river!.params, input, size));
      if (cannot) {
        options.beforeApply?.(false);
        return fail(`${label}: ${cannot}`);
      }
    }
    const result = await jobs.applyStack(next, label, options);
    say(result === 'done' ? null : (jobs.store.getState().lastMessage ?? `${label}: another job is running`));
    return result;
  };

  const change = (label: string, id: string, build: () => Layer[]): Promise<JobResult> => {
    let next: Layer[];
    try {
      next = build();
    } catch (error) {
      return Promise.resolve(fail(`${label}: ${error instanceof Error ? error.message : String(error)}`));
    }
    return commit(label, id, next);
  };

  const selected = (): RiverLayer | null => {
    const layer = stack().find((l) => l.id === layers.store.getState().selectedId);
    return isRiver(layer) ? layer : null;
  };

  // A point of a river that changed (undo, another layer selected) may no longer exist.
  const unsubscribe = [
    editor.store.subscribe(() => {
      const river = selected();
      const { selectedPoint } = store.getState();
      if (selectedPoint !== null && (!river || selectedPoint >= river.params.points.length)) store.setState({ selectedPoint: null });
    }),
    layers.store.subscribe((state, previous) => {
      if (state.selectedId !== previous.selectedId) store.setState({ selectedPoint: null });
    }),
  ];

  return {
    store,
    selectedPoint: () => store.getState().selectedPoint,
    draft: () => store.getState().draft,
    say,
    list: () => stack().filter(isRiver),
    selected,
    select: (id) => layers.select(id),
    selectPoint: (n) => store.setState({ selectedPoint: n }),
    setDraft: (draft) => store.setState({ draft, message: null }),
    async createFromDraft(x, z) {
      const draft = store.getState().draft;
      if (!draft) return 'failed';
      const id = nextRiverId(stack());
      const river: RiverLayer = { id, kind: 'river', name: `River ${id.slice(6)}`, enabled: true, opacity: 1, params: riverParams([{ ...draft }, { x, z }]) };
      const result = await commit(`New river "${river.name}"`, id, [...stack(), river]);
      if (result === 'done') {
        store.setState({ draft: null });
        layers.select(id);
        store.setState({ selectedPoint: 1 });
      }
      return result;
    },
    async appendPoint(id, x, z) {
      const result = await change(`Add point to "${nameOf(id)}"`, id, () => appendSplinePoint(RIVER_EDITS, stack(), id, { x, z }));
      if (result === 'done') store.setState({ selectedPoint: (selected()?.params.points.length ?? 1) - 1 });
      return result;
    },
    async insertPoint(id, n, x, z) {
      const result = await change(`Insert point in "${nameOf(id)}"`, id, () => insertSplinePoint(RIVER_EDITS, stack(), id, n, x, z));
      if (result === 'done') store.setState({ selectedPoint: n });
      return result;
    },
    async deletePoint(id, n) {
      const result = await change(`Delete point ${n + 1} of "${nameOf(id)}"`, id, () => deleteSplinePoint(RIVER_EDITS, stack(), id, n));
      if (result === 'done') store.setState({ selectedPoint: null });
      return result;
    },
    commit,
    end() {
      layers.select(null);
      store.setState({ draft: null, selectedPoint: null, message: 'Click on the terrain twice to start a new river: its source, then downstream' });
    },
    dispose: () => unsubscribe.forEach((off) => off()),
  };
}
