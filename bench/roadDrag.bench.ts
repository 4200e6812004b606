/**
 * The editor's road drag at 4097² (issue 19: ≤ 50 ms to both views for a 500 m road): a control
 * point of a 573 m road moved through the app — the live step of a drag (app/roads/roadDrag.ts:
 * the road layer evaluated by the LocalEvaluator over the union of its old and new footprint, written
 * into the document's heights, the views told) and the release (RoadsModel.commitRoad: the limits
 * checked, TerrainJobs.applyStack's local path, one undo entry) — each followed by what both views'
 * update hooks do headless: the viewport's LOD errors, levels and touched blocks, the 2D panel's
 * tile pixels (no putImageData: no canvas in Node), and the props re-snapped in the rectangle.
 */
import { median, type Benchmark } from './harness';
import { createEditorViews, type EditorViews } from './editorViews';
import type { DirtyRegion } from '../app/document/region';
import { createDocument } from '../app/document/document';
import { Editor } from '../app/document/editor';
import { createInProcessTransport } from '../app/jobs/inProcessTransport';
import { createTerrainDesign, type TerrainDesign } from '../app/terrainDesign';
import { createToolStore } from '../app/tools/toolStore';
import { createRoadsModel, type RoadsModel } from '../app/roads/roadsModel';
import { RoadDrag } from '../app/roads/roadDrag';
import { stackWithNewRoad } from '../app/roads/roadEdits';
import { resnapInRegion } from '../shared/props/prop';
import { splineLength } from '../shared/roads/centreline';
import type { RoadLayer } from '../shared/layers/types';
import { createHeightfield } from '../shared/terrain/heightfield';
import { fillRollingHeights, ROAD_BENCH_POINTS } from './roadFixture';

const SIZE = 4097;
const PROPS = 100_000;
const WARMUP = 3;
const POINTS = ROAD_BENCH_POINTS;

export type Part = 'edit' | 'lod_update' | 'map_tiles' | 'props_resnap';
export const PARTS: Part[] = ['edit', 'lod_update', 'map_tiles', 'props_resnap'];

interface DragState {
  editor: Editor;
  design: TerrainDesign;
  roads: RoadsModel;
  views: EditorViews;
  times: Record<Part, number[]>;
  runs: number;
  rectVertices: number;
}

/** Rolling hills, gentle enough for the road's 10 % grade (slopes up to about 8 % each way). */
function hills(): Editor {
  const field = createHeightfield(SIZE, SIZE, 1);
  fillRollingHeights(field.heights, SIZE, SIZE, [8, 6]);
  return new Editor(createDocument(field));
}

/** The hills with a new road on them (level shoulders, as the tool makes one, unless `levelShoulders` says otherwise). */
function setup(levelShoulders = true): DragState {
  const editor = hills();
  const design = createTerrainDesign(editor, createToolStore(), createInProcessTransport());
  const roads = createRoadsModel(editor, design.jobs, design.layers);
  const made = stackWithNewRoad(editor.document.stack, POINTS, { bank: 'auto', levelShoulders });
  // The local path applies at once (the promise only reports it).
  void design.jobs.applyStack(made.stack, 'New road');
  if (!editor.document.stack.some((layer) => layer.kind === 'road')) throw new Error(`the road was not made: ${design.jobs.store.getState().lastMessage}`);
  const views = createEditorViews(editor.document.field, PROPS);
  const times = Object.fromEntries(PARTS.map((p) => [p, [] as number[]])) as Record<Part, number[]>;
  return { editor, design, roads, views, times, runs: 0, rectVertices: 0 };
}

/** The road with its middle control point moved `by` metres along x. */
function moved(road: RoadLayer, by: number): RoadLayer {
  const points = road.params.points.map((p, n) => (n === 2 ? { ...p, x: p.x + by } : p));
  return { ...road, params: { ...road.params, points } };
}

/** What the views do for a change of the document's heights (renderer hooks, minus the GPU and canvas). */
export function updateViews(state: Pick<DragState, 'editor' | 'views' | 'times' | 'rectVertices'>, region: DirtyRegion, t: number): void {
  const field = state.editor.document.field;
  const { lod, camera, mapTiles, props } = state.views;
  lod.syncDocument(field, region);
  lod.update(camera);
  const t2 = performance.now();
  mapTiles.update(field, region, 'hypsometric');
  const t3 = performance.now();
  resnapInRegion(field, props, region);
  const t4 = performance.now();
  state.times.lod_update.push(t2 - t);
  state.times.map_tiles.push(t3 - t2);
  state.times.props_resnap.push(t4 - t3);
  if (region.kind === 'rect') state.rectVertices = (region.i1 - region.i0) * (region.j1 - region.j0);
}

export function figures(state: Pick<DragState, 'times' | 'rectVertices'> | undefined): Record<string, number> {
  if (!state) return {};
  const out: Record<string, number> = {};
  for (const part of PARTS) out[`${part}_ms`] = median(state.times[part].slice(WARMUP));
  out.rect_vertices = state.rectVertices;
  return out;
}

const roadOf = (state: DragState) => state.editor.document.stack.find((layer): layer is RoadLayer => layer.kind === 'road')!;

const LIVE_STEP = 'road-drag: live step of a 500 m road’s point, both views, 4097²';
const LIVE_STEP_FLUSH = 'road-drag: the same live step without level shoulders, 4097²';

/** A drag's live step; `levelShoulders` false: the road blends from its edge (the baseline of the default). */
export function liveStep(name = LIVE_STEP, levelShoulders = true, baseline?: string): Benchmark {
  let state: DragState | undefined;
  let drag: RoadDrag | undefined;
  return {
    name,
    size: SIZE,
    baseline,
    params: {
      lengthM: Math.round(splineLength(POINTS)),
      props: PROPS,
      target_ms: 50,
      map_tiles_excludes: 'putImageData (no canvas in Node)',
      levelShoulders: String(levelShoulders),
    },
    samples: 15,
    warmup: WARMUP,
    setup: () => {
      state = setup(levelShoulders);
      drag = new RoadDrag(state.editor, state.design.jobs, 'road-1');
      if (!drag.local) throw new Error('the drag is not evaluated on the local path');
      return state;
    },
    run: (s) => {
      const st = s as DragState;
      const t0 = performance.now();
      // Back and forth by 5 m: each step moves the point from where the last one left it.
      if (!drag!.show(moved(drag!.original, st.runs++ % 2 === 0 ? 5 : 0))) throw new Error('the moved road was refused');
      const t1 = performance.now();
      st.times.edit.push(t1 - t0);
      updateViews(st, st.editor.store.getState().lastChange, t1);
    },
    measure: () => figures(state),
  };
}

function release(): Benchmark {
  let state: DragState | undefined;
  return {
    name: 'road-drag: one step and release, one undo entry through applyStack, both views, 4097²',
    size: SIZE,
    params: { lengthM: Math.round(splineLength(POINTS)), props: PROPS, target_ms: 50 },
    samples: 15,
    warmup: WARMUP,
    setup: () => (state = setup()),
    run: async (s) => {
      const st = s as DragState;
      const t0 = performance.now();
      // A drag of one step, then the release: what the tool does on pointer up.
      const drag = new RoadDrag(st.editor, st.design.jobs, 'road-1');
      drag.show(moved(roadOf(st), st.runs++ % 2 === 0 ? 5 : -5));
      const { stack, options } = drag.finish();
      const result = await st.roads.commitRoad('Move point 3', 'road-1', stack, options);
      if (result !== 'done') throw new Error(`the move was not recorded: ${st.roads.store.getState().message}`);
      const t1 = performance.now();
      st.times.edit.push(t1 - t0);
      updateViews(st, st.editor.store.getState().lastChange, t1);
    },
    measure: () => figures(state),
  };
}

export const benchmarks: Benchmark[] = [liveStep(LIVE_STEP_FLUSH, false), liveStep(LIVE_STEP, true, LIVE_STEP_FLUSH), release()];
