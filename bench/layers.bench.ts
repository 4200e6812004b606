/**
 * The layer stack (shared/layers): local edits re-composited over their dirty rectangle at 4097²,
 * and a whole re-evaluation of the default preset's stack after a seed change at 1025² against a
 * fresh Run of the same recipe and steps (CLI generate's path). The composite, written into the
 * document's heights (the evaluator's synced target) with undo's tiles recorded: what the views then
 * do for the changed rectangle is measured by bench/dab.bench.ts.
 */
import type { Benchmark } from './harness';
import { applyFaults, generateFaults } from '../shared/fault/fastFormation';
import { TileRecorder } from '../app/document/tileEdit';
import { StackEvaluator } from '../shared/layers/incremental';
import { addSculptDeltas, unionRect } from '../shared/layers/kinds/sculpt';
import { stampKind } from '../shared/layers/kinds/stamp';
import { presetStack } from '../shared/layers/migrate';
import type { Layer, LayerSize, SculptLayer, StampLayer } from '../shared/layers/types';
import { buildPreset, DEFAULT_PRESET_ID } from '../shared/presets/terrainPresets';
import { applyStep } from '../shared/recipe/steps';
import { createHeightfield, terrainExtent } from '../shared/terrain/heightfield';

const BIG: LayerSize = { width: 4097, depth: 4097, cellSize: 1 };

function baseHeights(size: LayerSize): Float32Array {
  const heights = new Float32Array(size.width * size.depth);
  for (let j = 0; j < size.depth; j++) for (let i = 0; i < size.width; i++) heights[j * size.width + i] = Math.sin(i * 0.01) * 40 + Math.cos(j * 0.013) * 30;
  return heights;
}

/** heights → sculpt → stamp (500 m) → flatten pad: the edited layer with two local layers above it. */
function localStack(): Layer[] {
  const side = 257;
  const values = new Float32Array(side * side);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) values[j * side + i] = Math.max(0, 1 - Math.hypot(i - 128, j - 128) / 128);
  const base = { enabled: true, opacity: 1 };
  return [
    { ...base, id: 'base', name: 'Base', kind: 'heights', params: {}, heights: baseHeights(BIG) },
    { ...base, id: 'sculpt', name: 'Sculpt', kind: 'sculpt', params: {}, tiles: [] },
    {
      ...base,
      id: 'stamp',
      name: 'Crater',
      kind: 'stamp',
      params: { x: 300, z: -200, rotationDeg: 20, size: 500, height: 60, blend: 'add', falloff: 0.3 },
      image: { width: side, depth: side, values },
    },
    {
      ...base,
      id: 'pad',
      name: 'Pad',
      kind: 'flatten',
      params: {
        points: [
          [-400, -400],
          [-200, -420],
          [-180, -250],
          [-390, -260],
        ],
        height: 20,
        falloff: 30,
      },
      mask: { kind: 'height', min: -100, max: 100, softness: 10 },
    },
  ];
}

interface LocalState {
  stack: Layer[];
  evaluator: StackEvaluator;
  /** The document's heights: the evaluator's composite (synced), written in place. */
  heights: Float32Array;
  runs: number;
}

/** As the editor holds it: the stack evaluated, the document's heights synced as the composite. */
function localSetup(): LocalState {
  const stack = localStack();
  const evaluator = new StackEvaluator(BIG);
  const heights = evaluator.evaluate(stack)!.slice();
  evaluator.adopt(stack, heights);
  return { stack, evaluator, heights, runs: 0 };
}

/**
 * A 64 m dab (radius 32 vertices at 1 m) into the sculpt layer, alternately raising and lowering,
 * written into the document's heights with the tiles it writes recorded for undo (TileRecorder, as
 * a stroke does).
 */
function dabOnce(state: LocalState): void {
  const sign = state.runs++ % 2 === 0 ? 1 : -1;
  const ci = 2048 + 100;
  const cj = 2048 - 50;
  const rect = { i0: ci - 32, j0: cj - 32, i1: ci + 33, j1: cj + 33 };
  addSculptDeltas(state.stack[1] as SculptLayer, BIG, rect, (i, j) => sign * Math.max(0, 1 - Math.hypot(i - ci, j - cj) / 32) * 0.5);
  const recorder = new TileRecorder(state.heights, BIG.width, BIG.depth);
  const out = state.evaluator.evaluateRect(state.stack, 1, rect, { beforeWrite: (r) => recorder.touch(r.i0, r.j0, r.i1, r.j1) });
  if (out !== state.heights) throw new Error("the dab was not written into the document's heights");
  if (state.evaluator.stats.wholeLayers !== 0) throw new Error('a dab re-ran a whole layer');
}

const dab: Benchmark = {
  name: 'layers: 64 m dab into a sculpt layer under 2 local layers, 4097²',
  size: 4097,
  samples: 15,
  warmup: 3,
  setup: localSetup,
  run: (s) => dabOnce(s as LocalState),
};

/**
 * The first dab of a stroke: the engine synced to the document's heights first (TerrainJobs.
 * prepareLocal; until session 10 a composite let go at rest was copied back here, 64 MiB), then the dab.
 */
const firstDab: Benchmark = {
  name: "layers: first dab of a stroke (engine synced to the document's heights + dab), 4097²",
  size: 4097,
  baseline: dab.name,
  samples: 15,
  warmup: 3,
  setup: localSetup,
  run: (s) => {
    const state = s as LocalState;
    state.evaluator.adopt(state.stack, state.heights);
    dabOnce(state);
  },
};

/** The 500 m stamp moved by 10 m back and forth: both positions' union re-composited. */
const stampMove: Benchmark = {
  name: 'layers: move a 500 m stamp, 4097²',
  size: 4097,
  samples: 15,
  warmup: 3,
  setup: localSetup,
  run: (s) => {
    const state = s as LocalState;
    const old = state.stack[2] as StampLayer;
    const moved: StampLayer = { ...old, params: { ...old.params, x: old.params.x + (state.runs++ % 2 === 0 ? 10 : -10) } };
    state.stack[2] = moved;
    const rect = unionRect(stampKind.bounds!(old, BIG), stampKind.bounds!(moved, BIG))!;
    const recorder = new TileRecorder(state.heights, BIG.width, BIG.depth);
    state.evaluator.evaluateRect(state.stack, 2, rect, { beforeWrite: (r) => recorder.touch(r.i0, r.j0, r.i1, r.j1) });
  },
};

const SMALL: LayerSize = { width: 1025, depth: 1025, cellSize: 1 };

/** A fresh Run: the preset's recipe and steps on flat ground, as `faultline generate` does. */
const freshRun: Benchmark = {
  name: 'layers: fresh Run of the default preset, 1025²',
  size: 1025,
  samples: 3,
  warmup: 1,
  run: () => {
    const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, { ...SMALL, seed: 2 });
    const field = createHeightfield(SMALL.width, SMALL.depth, SMALL.cellSize);
    applyFaults(field, generateFaults(recipe, terrainExtent(field), 0, recipe.iterations));
    for (const step of finishing) applyStep(field, step, recipe);
  },
};

/** The same preset as a stack, re-evaluated after its seed changes (each run a new seed). */
const reevaluate: Benchmark = {
  name: 'layers: re-evaluate the default preset stack after a seed change, 1025²',
  size: 1025,
  baseline: freshRun.name,
  samples: 3,
  warmup: 1,
  setup: () => {
    const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, { ...SMALL, seed: 2 });
    const evaluator = new StackEvaluator(SMALL);
    const stack = presetStack(recipe, finishing);
    evaluator.evaluate(stack);
    return { evaluator, stack, seed: 2 };
  },
  run: (s) => {
    const state = s as { evaluator: StackEvaluator; stack: Layer[]; seed: number };
    const faults = state.stack[0];
    if (faults.kind !== 'faults') throw new Error('the preset stack starts with its faults');
    state.seed = state.seed === 2 ? 3 : 2;
    state.stack = [{ ...faults, params: { ...faults.params, seed: state.seed } }, ...state.stack.slice(1)];
    state.evaluator.evaluate(state.stack);
  },
};

export const benchmarks: Benchmark[] = [dab, firstDab, stampMove, freshRun, reevaluate];
