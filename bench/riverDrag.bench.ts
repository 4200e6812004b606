/**
 * The River tool's drag at 4097² (issue 31 item 7: a river point's live drag ≤ 50 ms with both views,
 * as roads): a control point of a 573 m river (the road benches' five points) moved through the app —
 * the live step of app/roads/roadDrag.ts's SplineDrag on a river layer (the layer evaluated by the
 * LocalEvaluator over the union of its old and new footprint, written into the document's heights, the
 * views told) — followed by what both views' update hooks do headless (bench/roadDrag.bench.ts
 * updateViews). Baseline in the same run: the road's live step (the road drag bench's own setup).
 */
import { median, type Benchmark } from './harness';
import { createEditorViews, type EditorViews } from './editorViews';
import { createDocument } from '../app/document/document';
import { Editor } from '../app/document/editor';
import { createInProcessTransport } from '../app/jobs/inProcessTransport';
import { createTerrainDesign, type TerrainDesign } from '../app/terrainDesign';
import { createToolStore } from '../app/tools/toolStore';
import { SplineDrag } from '../app/roads/roadDrag';
import { RIVER_SPLINE } from '../app/rivers/riverTool';
import { nextRiverId } from '../shared/layers/kinds/river';
import type { RiverLayer } from '../shared/layers/types';
import { fitRiver, deepestCut } from '../shared/rivers/fittedRiver';
import { riverParams } from '../shared/rivers/params';
import { splineLength } from '../shared/roads/centreline';
import { createHeightfield } from '../shared/terrain/heightfield';
import { fillRollingHeights, ROAD_BENCH_POINTS } from './roadFixture';
import { figures, liveStep, PARTS, updateViews, type Part } from './roadDrag.bench';

const SIZE = 4097;
const PROPS = 100_000;
const WARMUP = 3;
const BASELINE = 'river-drag: baseline, the road’s live step, both views, 4097²';

interface DragState {
  editor: Editor;
  design: TerrainDesign;
  views: EditorViews;
  times: Record<Part, number[]>;
  runs: number;
  rectVertices: number;
  deepestCutM: number;
}

/** The road benches' rolling hills tilted to fall 0.1 m a metre towards +x, down which the river runs. */
function valley(): Editor {
  const field = createHeightfield(SIZE, SIZE, 1);
  fillRollingHeights(field.heights, SIZE, SIZE, [8, 6]);
  for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) field.heights[j * SIZE + i] -= 0.1 * (i - (SIZE - 1) / 2);
  return new Editor(createDocument(field));
}

/** `grade`: the river's gradeTributaries (new rivers true; false the rule before it, to compare in the same run). */
function setup(grade: boolean): DragState {
  const editor = valley();
  const design = createTerrainDesign(editor, createToolStore(), createInProcessTransport());
  const id = nextRiverId(editor.document.stack);
  const river: RiverLayer = {
    id,
    kind: 'river',
    name: 'River 1',
    enabled: true,
    opacity: 1,
    params: riverParams(
      ROAD_BENCH_POINTS.map((p) => ({ ...p })),
      { width: 8, depth: 2, gradeTributaries: grade },
    ),
  };
  void design.jobs.applyStack([...editor.document.stack, river], 'New river');
  if (!editor.document.stack.some((layer) => layer.kind === 'river')) throw new Error(`the river was not made: ${design.jobs.store.getState().lastMessage}`);
  const { field } = editor.document;
  const deepestCutM = deepestCut(fitRiver(river.params, field.heights, field)).metres;
  const views = createEditorViews(field, PROPS);
  const times = Object.fromEntries(PARTS.map((p) => [p, [] as number[]])) as Record<Part, number[]>;
  return { editor, design, views, times, runs: 0, rectVertices: 0, deepestCutM };
}

/** The river with its middle point moved `by` metres along z. */
function moved(river: RiverLayer, by: number): RiverLayer {
  const points = river.params.points.map((p, n) => (n === 2 ? { ...p, z: p.z + by } : p));
  return { ...river, params: { ...river.params, points } };
}

function riverLiveStep(grade: boolean): Benchmark {
  let state: DragState | undefined;
  let drag: SplineDrag<RiverLayer> | undefined;
  return {
    name: grade
      ? 'river-drag: live step of a 573 m river’s point, both views, 4097²'
      : 'river-drag: the same without gradeTributaries (the bank cuts tributaries), 4097²',
    size: SIZE,
    baseline: BASELINE,
    params: { lengthM: Math.round(splineLength(ROAD_BENCH_POINTS)), props: PROPS, target_ms: 50, map_tiles_excludes: 'putImageData (no canvas in Node)' },
    samples: 15,
    warmup: WARMUP,
    setup: () => {
      state = setup(grade);
      drag = new SplineDrag(state.editor, state.design.jobs, 'river-1', RIVER_SPLINE);
      if (!drag.local) throw new Error('the drag is not evaluated on the local path');
      return state;
    },
    run: (s) => {
      const st = s as DragState;
      const t0 = performance.now();
      if (!drag!.show(moved(drag!.original, st.runs++ % 2 === 0 ? 5 : 0))) throw new Error('the moved river was refused');
      const t1 = performance.now();
      st.times.edit.push(t1 - t0);
      updateViews(st, st.editor.store.getState().lastChange, t1);
    },
    measure: () => ({
      ...figures(state),
      deepest_cut_m: state?.deepestCutM ?? NaN,
      total_ms_median: state
        ? median(
            state.times.edit
              .slice(WARMUP)
              .map((t, k) => t + state!.times.lod_update[k + WARMUP] + state!.times.map_tiles[k + WARMUP] + state!.times.props_resnap[k + WARMUP]),
          )
        : NaN,
    }),
  };
}

export const benchmarks: Benchmark[] = [liveStep(BASELINE), riverLiveStep(false), riverLiveStep(true)];
