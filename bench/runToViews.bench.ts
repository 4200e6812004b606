import { median, type Benchmark } from './harness';
import { createEditorViews } from './editorViews';
import { createDocument } from '../app/document/document';
import { Editor } from '../app/document/editor';
import { diffTileEdit } from '../app/document/tileEdit';
import { runTerrainJob } from '../app/jobs/runTerrainJob';
import type { MapTilePixels } from '../app/map2d/mapTilePixels';
import { DEFAULT_RECIPE, type FaultRecipe } from '../shared/fault/recipe';
import { createHeightfield } from '../shared/terrain/heightfield';
import { presetStack } from '../shared/layers/migrate';
import { resnapInRegion, type SnappedPropLayer } from '../shared/props/prop';
import { ChunkErrorsAssembler, ERRORS_PIECE_HEIGHTS } from '../app/lod/chunkErrorsJob';
import type { LodCamera } from '../shared/lod/selectLod';
import type { LodTerrainMeshes } from '../renderer/viewport/lod/lodTerrainMeshes';

const SIZE = 4097;
const ITERATIONS = 1000;
const PROPS = 100_000;
/** The slices the app runs between frames: LOD error refinement and the 2D panel's redraw. */
const LOD_SLICE_MS = 4;
const MAP_SLICE_MS = 8;
const WARMUP = 1;

type Part = 'fault_job' | 'history_edit' | 'lod' | 'lod_errors_worker' | 'map_2d' | 'props';
const PARTS: Part[] = ['fault_job', 'history_edit', 'lod', 'lod_errors_worker', 'map_2d', 'props'];
/** Work the app does in workers, not on the main thread. */
const OFF_MAIN_THREAD: Part[] = ['fault_job', 'lod_errors_worker'];

interface RunState {
  editor: Editor;
  lod: LodTerrainMeshes;
  camera: LodCamera;
  mapTiles: MapTilePixels;
  props: SnappedPropLayer;
  runs: number;
  times: Record<Part, number[]>;
  longestSliceMs: number;
  slices: number;
}

function recipeFor(run: number): FaultRecipe {
  // Another seed each run, so every run changes every tile as a fresh generation does.
  return { ...DEFAULT_RECIPE, seed: 4242 + run, iterations: ITERATIONS, decay: { ...DEFAULT_RECIPE.decay, n: ITERATIONS } };
}

/** Runs `slice` until `done`, timing each call; returns the longest. */
function inSlices(done: () => boolean, slice: () => void, state: RunState): void {
  while (!done()) {
    const t0 = performance.now();
    slice();
    const ms = performance.now() - t0;
    state.longestSliceMs = Math.max(state.longestSliceMs, ms);
    state.slices++;
  }
}

/**
 * "Run 1000 iterations" on a 4097² map, to every view brought up to date, as the app does it: the
 * fault job (in the app it runs in a worker), the history edit that writes the result (one copy of
 * the changed map kept for undo), the viewport's level of detail (bounds at once; exact chunk errors
 * by a worker from pieces of the heights — timed apart, off the main thread — or, with
 * `offThreadErrors` false, in 4 ms slices here; level selection and block geometry; the heights'
 * upload to the GPU is not run in Node), the 2D panel's pixels in 8 ms slices (putImageData excluded: no canvas in Node) and the
 * re-snap of 100,000 props. The e2e performance report times the same path in the browser to the
 * drawn frame.
 */
function runToViews(name: string, withViews: boolean, offThreadErrors = true): Benchmark {
  let state: RunState | undefined;
  return {
    name,
    size: SIZE,
    params: { iterations: ITERATIONS, props: withViews ? PROPS : 0 },
    ...(withViews ? { baseline: 'run-1000 fault job alone' } : {}),
    samples: 5,
    warmup: WARMUP,
    setup: () => {
      const field = createHeightfield(SIZE, SIZE, 1);
      const editor = new Editor(createDocument(field));
      const { lod, camera, mapTiles, props } = createEditorViews(field, PROPS);
      const times = Object.fromEntries(PARTS.map((p) => [p, [] as number[]])) as Record<Part, number[]>;
      state = { editor, lod, camera, mapTiles, props, runs: 0, times, longestSliceMs: 0, slices: 0 };
      return state;
    },
    run: (s) => {
      const st = s as RunState;
      const run = st.runs++;
      const t0 = performance.now();
      const request = { width: SIZE, depth: SIZE, cellSize: 1, heights: new Float32Array(0), stack: presetStack(recipeFor(run), []) };
      const heights = runTerrainJob(request, () => undefined)?.heights;
      if (!heights) throw new Error('the fault job was cancelled');
      const t1 = performance.now();
      st.times.fault_job.push(t1 - t0);
      if (!withViews) return;
      const field = st.editor.document.field;
      const edit = diffTileEdit(`Generate ${ITERATIONS} iterations`, SIZE, SIZE, field.heights, heights);
      st.editor.apply(edit);
      const region = st.editor.store.getState().lastChange;
      const t2 = performance.now();
      st.slices = 0;
      st.longestSliceMs = 0;
      st.lod.syncDocument(field, region);
      let lodWorkerMs = 0;
      if (offThreadErrors) {
        // As the app: pieces of the heights copied for the worker (its own code, run here and timed
        // apart), its exact errors installed.
        const { generation } = st.lod.pendingErrorsOf;
        const pieces: Float32Array[] = [];
        for (let start = 0; start < field.heights.length; start += ERRORS_PIECE_HEIGHTS) pieces.push(field.heights.slice(start, start + ERRORS_PIECE_HEIGHTS));
        const w0 = performance.now();
        const worker = new ChunkErrorsAssembler();
        worker.receive({ type: 'begin', generation, width: SIZE, depth: SIZE, cellSize: 1 });
        let answer = null;
        for (let n = 0; n < pieces.length; n++) answer = worker.receive({ type: 'piece', generation, start: n * ERRORS_PIECE_HEIGHTS, heights: pieces[n] });
        if (answer?.type !== 'errors') throw new Error('the chunk-errors job gave no errors');
        lodWorkerMs = performance.now() - w0;
        st.lod.installErrors(generation, answer.errors);
      } else {
        inSlices(
          () => st.lod.pendingChunks === 0,
          () => st.lod.refineErrors(LOD_SLICE_MS),
          st,
        );
      }
      st.lod.update(st.camera);
      const lodEnd = performance.now();
      const t3 = lodEnd - lodWorkerMs;
      st.mapTiles.update(field, region, 'hypsometric');
      inSlices(
        () => st.mapTiles.upToDate,
        () => st.mapTiles.redrawSlice(field, MAP_SLICE_MS),
        st,
      );
      const t4 = performance.now();
      resnapInRegion(field, st.props, region);
      const t5 = performance.now();
      st.times.history_edit.push(t2 - t1);
      st.times.lod.push(t3 - t2);
      st.times.lod_errors_worker.push(lodWorkerMs);
      st.times.map_2d.push(t4 - lodEnd);
      st.times.props.push(t5 - t4);
    },
    measure: (): Record<string, number> => {
      if (!state || !withViews) return {};
      const figures: Record<string, number> = {};
      for (const part of PARTS) figures[`${part}_ms`] = median(state.times[part].slice(WARMUP));
      const mainThread = PARTS.filter((p) => !OFF_MAIN_THREAD.includes(p)).reduce((sum, p) => sum + figures[`${p}_ms`], 0);
      return {
        ...figures,
        main_thread_ms: mainThread,
        slices: state.slices,
        longest_slice_ms: state.longestSliceMs,
        history_mb: state.editor.history.byteSize / 2 ** 20,
        triangles: state.lod.triangles,
      };
    },
  };
}

export const benchmarks: Benchmark[] = [
  runToViews('run-1000 fault job alone', false),
  runToViews('run-1000 to every view', true),
  // Where no worker can run: the exact chunk errors in 4 ms slices on the main thread.
  runToViews('run-1000 to every view, errors on the main thread', true, false),
];
