import type { Benchmark } from './harness';
import { defaultCameraPose } from '../app/view/cameraPose';
import { createChunkLayout } from '../shared/lod/chunkLayout';
import { computeChunkErrors, updateChunkErrors, type ChunkErrors } from '../shared/lod/chunkErrors';
import { LodTerrainModel } from '../app/lod/lodTerrainModel';
import { perspectiveFrustum } from '../shared/lod/frustum';
import { selectLod, type LodCamera, type LodOptions, type LodSelection } from '../shared/lod/selectLod';
import { referenceSelectLod } from '../shared/lod/testing/selectLodReference';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import type { Heightfield } from '../shared/terrain/heightfield';

const FOV = 50;
const VIEWPORT = { width: 1600, height: 1000 };
const SIZES = [1025, 4097, 8193];

/** The app's default view with its frustum (the renderer always passes one). */
function defaultCamera(field: Heightfield): LodCamera {
  const aspect = VIEWPORT.width / VIEWPORT.height;
  const pose = defaultCameraPose(field, FOV, aspect);
  const { position, target } = pose;
  const forward = { x: target.x - position.x, y: target.y - position.y, z: target.z - position.z };
  const frustum = perspectiveFrustum(position, forward, { x: 0, y: 1, z: 0 }, FOV, aspect, 0.1, 1e6);
  return { position, fovYDegrees: FOV, viewportHeight: VIEWPORT.height, frustum };
}

/** Low over rough ground with a tight error bound: the triangle budget binds and bisection runs. */
function lowCamera(field: Heightfield): LodCamera {
  const half = ((field.width - 1) * field.cellSize) / 2;
  const position = { x: 0, y: 150, z: half * 0.9 };
  const frustum = perspectiveFrustum(position, { x: 0, y: -0.3, z: -1 }, { x: 0, y: 1, z: 0 }, FOV, VIEWPORT.width / VIEWPORT.height, 0.1, 1e6);
  return { position, fovYDegrees: FOV, viewportHeight: VIEWPORT.height, frustum };
}

interface SelectState {
  errors: ChunkErrors;
  camera: LodCamera;
}

const errorsCache = new Map<string, ChunkErrors>();
function errorsFor(size: number, roughness: number): { field: Heightfield; errors: ChunkErrors } {
  const field = syntheticTerrain(size, 1, roughness);
  const key = `${size}/${roughness}`;
  let errors = errorsCache.get(key);
  if (!errors) {
    errors = computeChunkErrors(field, createChunkLayout(size, size, 1));
    // Keep one map at a time: an 8193² field and its tables are large.
    errorsCache.clear();
    errorsCache.set(key, errors);
  }
  return { field, errors };
}

type Select = (errors: ChunkErrors, camera: LodCamera, options?: LodOptions) => LodSelection;

function selectBench(label: string, select: Select, size: number, view: 'default' | 'budget'): Benchmark {
  let state: SelectState | undefined;
  const options: LodOptions = view === 'budget' ? { maxPixelError: 0.05, triangleBudget: 200_000 } : {};
  const reference = `lod select ${view} reference ${size}`;
  return {
    name: `lod select ${view} ${label} ${size}`,
    size,
    baseline: label === 'reference' ? undefined : reference,
    params: view === 'budget' ? { max_pixel_error: 0.05, triangle_budget: 200_000 } : {},
    samples: label === 'reference' ? 5 : 25,
    warmup: 3,
    setup: () => {
      const { field, errors } = errorsFor(size, view === 'budget' ? 1 : 0.05);
      state = { errors, camera: view === 'budget' ? lowCamera(field) : defaultCamera(field) };
      return state;
    },
    run: (s) => {
      const { errors, camera } = s as SelectState;
      select(errors, camera, options);
    },
    measure: (): Record<string, number> => {
      if (!state) return {};
      const selection = select(state.errors, state.camera, options);
      return { triangles: selection.triangles, pixel_error: selection.pixelError };
    },
  };
}

const DAB_SIDE = 64;

interface DabState {
  field: Heightfield;
  camera: LodCamera;
  sink: number;
  /** One dab and the selection after it. */
  dab: () => LodSelection;
}

/**
 * A 64 m dab at the map centre, then the chunk errors of the touched chunks and the level selection
 * for the unchanged camera: the old way (whole-map selection) against the model (cached scales).
 */
function dabSelectBench(label: 'old' | 'model', size: number): Benchmark {
  let state: DabState | undefined;
  return {
    name: `lod dab reselect ${label} ${size}`,
    size,
    baseline: label === 'model' ? `lod dab reselect old ${size}` : undefined,
    params: { dab_m: DAB_SIDE },
    samples: 15,
    warmup: 3,
    setup: () => {
      const field = syntheticTerrain(size, 1);
      const camera = defaultCamera(field);
      const i0 = (size - DAB_SIDE) >> 1;
      const region = { kind: 'rect' as const, i0, j0: i0, i1: i0 + DAB_SIDE, j1: i0 + DAB_SIDE };
      const raise = () => {
        for (let j = region.j0; j < region.j1; j++) for (let i = region.i0; i < region.i1; i++) field.heights[j * size + i] += 0.001;
      };
      let dab: () => LodSelection;
      if (label === 'model') {
        const model = new LodTerrainModel(field);
        model.select(camera);
        dab = () => {
          raise();
          model.applyChange(field, region);
          return model.select(camera);
        };
      } else {
        const errors = computeChunkErrors(field, createChunkLayout(size, size, 1));
        dab = () => {
          raise();
          updateChunkErrors(field, errors, region.i0, region.j0, region.i1, region.j1);
          return referenceSelectLod(errors, camera);
        };
      }
      state = { field, camera, sink: 0, dab };
      return state;
    },
    run: (s) => {
      const st = s as DabState;
      st.sink += st.dab().triangles;
    },
  };
}

interface WholeMapState {
  field: Heightfield;
  model: LodTerrainModel;
  refineMs: number;
}

/**
 * A whole-map change (a new terrain of the same size): the old full exact error computation against
 * the model's synchronous part (height ranges and bounds); the time to refine everything afterwards
 * in 4 ms slices is reported alongside.
 */
function wholeMapBench(label: 'exact' | 'bounds', size: number): Benchmark {
  let state: WholeMapState | undefined;
  return {
    name: `lod whole-map change ${label} ${size}`,
    size,
    baseline: label === 'bounds' ? `lod whole-map change exact ${size}` : undefined,
    samples: label === 'exact' ? 3 : 7,
    warmup: 1,
    setup: () => {
      const field = syntheticTerrain(size, 1);
      state = { field, model: new LodTerrainModel(field, { deferExactErrors: true }), refineMs: 0 };
      return state;
    },
    run: (s) => {
      const { field, model } = s as WholeMapState;
      if (label === 'exact') computeChunkErrors(field, model.layout);
      else model.applyChange(field, { kind: 'all' });
    },
    measure: (): Record<string, number> => {
      if (!state || label === 'exact') return {};
      const { model } = state;
      let slices = 0;
      const start = performance.now();
      while (model.pendingChunks > 0) {
        model.refineErrors(4);
        slices++;
      }
      return { refine_total_ms: performance.now() - start, refine_4ms_slices: slices };
    },
  };
}

export const benchmarks: Benchmark[] = [
  ...SIZES.flatMap((size) => [selectBench('reference', referenceSelectLod, size, 'default'), selectBench('fast', selectLod, size, 'default')]),
  ...[4097, 8193].flatMap((size) => [selectBench('reference', referenceSelectLod, size, 'budget'), selectBench('fast', selectLod, size, 'budget')]),
  ...[4097, 8193].flatMap((size) => [dabSelectBench('old', size), dabSelectBench('model', size)]),
  ...[4097, 8193].flatMap((size) => [wholeMapBench('exact', size), wholeMapBench('bounds', size)]),
];
