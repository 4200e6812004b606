/**
 * The Water section's model: the automatic water layer it edits (the topmost `water` layer), adding
 * one, setting its parameters — each one undo entry through TerrainJobs.applyStack, as the Layers
 * panel's edits — and the rivers and lakes of the document's water (found by a WaterFeaturesRunner:
 * a worker in the window), one of which may be selected to be shown in both views.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { setLayerParam } from '../../shared/layers/edit';
import type { Layer, WaterLayer } from '../../shared/layers/types';
import { DEFAULT_WATER_PARAMS, waterProblem, type WaterParams } from '../../shared/hydrology/waterParams';
import type { FeatureIds, WaterFeature } from '../../shared/hydrology/waterFeatures';
import type { Editor } from '../document/editor';
import type { JobResult, TerrainJobs } from '../jobs/terrainJobs';
import { inProcessFeaturesRunner, type FeaturesRun, type WaterFeaturesRunner } from './featuresRunner';
import { featureFocus, type FeatureFocus } from './featureFocus';
import { FEATURE_SAMPLES } from '../view/featureCamera';

export interface WaterState {
  /** The selected river or lake (its feature id in the current water), or null. */
  selectedId: number | null;
  /** The last operation's problem, for the section; null when it went through. */
  message: string | null;
  /**
   * Where the views look when a river or lake is selected (world metres), counted by `focusVersion`: set
   * once its feature ids are known (its samples are points on its water, which the 3D camera must see).
   */
  focus: FeatureFocus | null;
  focusVersion: number;
  /** Whether the rivers and lakes of the current water are being found, and how far (0…1). */
  finding: boolean;
  findingProgress: number;
  /** Counts each time features were found (the lists and the selection tints follow it). */
  featuresVersion: number;
}

/** The parameters the section edits (the bank slope is the CLI's and the project's only). */
export type EditableWaterParam = 'riverArea' | 'widthScale' | 'depthScale' | 'lakes' | 'minLakeArea' | 'minLakeDepth';

export interface WaterModel {
  readonly store: StoreApi<WaterState>;
  /** The water layer the section edits: the topmost one, or null. */
  layer(): WaterLayer | null;
  /** Adds an automatic water layer on top of the stack (default parameters). */
  add(): Promise<JobResult>;
  setParam<K extends EditableWaterParam>(key: K, value: NonNullable<WaterParams[K]>): Promise<JobResult>;
  /**
   * The rivers and lakes of the document's water when found for it (once per change of the document),
   * else null: then they are being found (`finding`), and `featuresVersion` moves when they are.
   */
  features(): WaterFeatureList | null;
  /** The rivers and lakes of the document's water, found if need be (null: the water changed meanwhile). */
  findFeatures(): Promise<WaterFeatureList | null>;
  /**
   * The feature id of every vertex (the selection tints), only while a river or lake is selected: a
   * map-sized array (32 MB at 4097²) is not kept for a list nobody has clicked. Null while nothing is
   * selected, or while they are being found again for a selection (`featuresVersion` moves then).
   */
  featureIds(): FeatureIds | null;
  select(id: number | null): void;
  selected(): WaterFeature | null;
  dispose(): void;
}

/** The rivers and lakes the list shows (their per-vertex ids are `featureIds`). */
export interface WaterFeatureList {
  readonly features: readonly WaterFeature[];
}

const PARAM_LABELS: Record<EditableWaterParam, string> = {
  riverArea: 'river area',
  widthScale: 'river width scale',
  depthScale: 'river depth scale',
  lakes: 'lakes',
  minLakeArea: 'minimum lake area',
  minLakeDepth: 'minimum lake depth',
};

/** The next free water id, `water-1`, `water-2`, … (as `faultline water` names them). */
export function nextWaterId(stack: readonly Layer[]): string {
  let highest = 0;
  for (const { id } of stack) {
    const match = /^water-(\d+)$/.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `water-${highest + 1}`;
}

/** The topmost `water` layer of a stack, or null. */
function topWaterLayer(stack: readonly Layer[]): WaterLayer | null {
  for (let k = stack.length - 1; k >= 0; k--) {
    const candidate = stack[k];
    if (candidate.kind === 'water') return candidate;
  }
  return null;
}

/** Applies the stack `build` gives as one undo entry; its problem (or none) goes to the section's message. */
async function applyStackEdit(jobs: TerrainJobs, store: StoreApi<WaterState>, label: string, build: () => Layer[]): Promise<JobResult> {
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
}

export function createWaterModel(editor: Editor, jobs: TerrainJobs, runner: WaterFeaturesRunner = inProcessFeaturesRunner): WaterModel {
  const store = createStore<WaterState>(() => ({
    selectedId: null,
    message: null,
    focus: null,
    focusVersion: 0,
    finding: false,
    findingProgress: 0,
    featuresVersion: 0,
  }));
  type Key = { water: unknown; version: number; resultsVersion: number };
  // The ids are kept only while something is selected (dropped on deselecting and with the water).
  let cached: (Key & { features: WaterFeatureList | null; featureOf: FeatureIds | null }) | null = null;
  let running: (Key & { run: FeaturesRun; found: Promise<WaterFeatureList | null> }) | null = null;
  const keyNow = (): Key => {
    const { version, resultsVersion } = editor.store.getState();
    return { water: editor.document.water, version, resultsVersion };
  };
  const same = (a: Key | null, b: Key) => a !== null && a.water === b.water && a.version === b.version && a.resultsVersion === b.resultsVersion;

  const apply = (label: string, build: () => Layer[]) => applyStackEdit(jobs, store, label, build);
  const layer = (): WaterLayer | null => topWaterLayer(editor.document.stack);

  /**
   * Finds the features of the current water (one run at a time: a run for older water is cancelled);
   * `withIds` runs again when the list is known but its ids were let go.
   */
  const find = (withIds: boolean): Promise<WaterFeatureList | null> => {
    const key = keyNow();
    if (same(cached, key) && (!withIds || cached!.featureOf !== null || cached!.features === null)) return Promise.resolve(cached!.features);
    if (running && same(running, key)) return running.found;
    running?.run.cancel();
    const { water, field } = editor.document;
    if (!water) {
      running = null;
      cached = { ...key, features: null, featureOf: null };
      store.setState({ finding: false });
      return Promise.resolve(null);
    }
    store.setState({ finding: true, findingProgress: 0 });
    const run = runner(
      { width: field.width, depth: field.depth, cellSize: field.cellSize, surface: water.surface, kind: water.kind, heights: field.heights },
      (fraction) => store.setState({ findingProgress: fraction }),
    );
    const found = run.result.then((features) => {
      if (running?.run !== run) return null;
      running = null;
      if (!features || !same(key, keyNow())) {
        store.setState({ finding: false });
        return null;
      }
      const list: WaterFeatureList = { features: features.features };
      cached = { ...key, features: list, featureOf: store.getState().selectedId !== null ? features.featureOf : null };
      store.setState((s) => ({ finding: false, featuresVersion: s.featuresVersion + 1 }));
      return list;
    });
    running = { ...key, run, found };
    return found;
  };

  const findFeatures = (): Promise<WaterFeatureList | null> => find(false);

  const features = (): WaterFeatureList | null => {
    if (same(cached, keyNow())) return cached!.features;
    void find(false);
    return null;
  };

  const featureIds = (): FeatureIds | null => {
    if (store.getState().selectedId === null) return null;
    if (same(cached, keyNow()) && cached!.featureOf !== null) return cached!.featureOf;
    void find(true);
    return null;
  };

  const dropIds = () => {
    if (cached) cached = { ...cached, featureOf: null };
  };

  // Another water (an edit, undo, another document) numbers its features anew: the selection goes.
  let shownWater = editor.document.water;
  const unsubscribe = editor.store.subscribe(() => {
    if (editor.document.water === shownWater) return;
    shownWater = editor.document.water;
    dropIds();
    if (store.getState().selectedId !== null) store.setState({ selectedId: null });
  });

  return {
    store,
    layer,
    add() {
      const stack = editor.document.stack;
      const id = nextWaterId(stack);
      const added: WaterLayer = {
        id,
        kind: 'water',
        name: `Water ${id.slice('water-'.length)}`,
        enabled: true,
        opacity: 1,
        params: { ...DEFAULT_WATER_PARAMS },
      };
      return apply('Add automatic water', () => [...stack, added]);
    },
    setParam(key, value) {
      const target = layer();
      if (!target) {
        store.setState({ message: 'There is no water layer: add automatic water first' });
        return Promise.resolve('failed');
      }
      return apply(`Set ${target.name} ${PARAM_LABELS[key]}`, () => {
        const problem = waterProblem({ ...target.params, [key]: value });
        if (problem) throw new RangeError(problem);
        return setLayerParam(editor.document.stack, target.id, key, value);
      });
    },
    features,
    findFeatures,
    featureIds,
    select(selectedId) {
      const feature = selectedId === null ? null : (features()?.features[selectedId - 1] ?? null);
      if (!feature || selectedId === null) {
        dropIds();
        store.setState({ selectedId: null });
        return;
      }
      store.setState({ selectedId });
      // The ids were let go while nothing was selected: found again (the views tint and frame when they come).
      const focus = () => {
        const [ids, now, { field, water }] = [featureIds(), features()?.features[selectedId - 1], editor.document];
        if (!ids || !water || !now || store.getState().selectedId !== selectedId) return false;
        const at = featureFocus(field, water, ids, now, FEATURE_SAMPLES);
        store.setState((s) => ({ focus: at, focusVersion: s.focusVersion + 1 }));
        return true;
      };
      if (!focus()) void find(true).then(focus);
    },
    selected() {
      const { selectedId } = store.getState();
      if (selectedId === null) return null;
      return features()?.features[selectedId - 1] ?? null;
    },
    dispose() {
      unsubscribe();
      running?.run.cancel();
      running = null;
    },
  };
}
