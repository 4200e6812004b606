/**
 * The layer engine's anchor backed by the document's heights (shared/layers/targetBackedResult.ts)
 * at 4097²: what the UI thread pays for holding the map once. The split runs when the document's
 * heights become the composite (after the opened check, after a whole re-composite); the check of
 * the blocks left in the heights runs at an adoption after another stack was written (an undo). The
 * baseline is a plain copy of the map (what keeping the anchor whole costs to make).
 */
import type { Benchmark } from './harness';
import { TargetBackedResult } from '../shared/layers/targetBackedResult';
import type { LayerSize } from '../shared/layers/types';

const SIZE: LayerSize = { width: 4097, depth: 4097, cellSize: 1 };
/** 12 dabs of radius 64 across the map, as one of the 10-layer test's sculpt layers. */
const DABS = 12;

interface State {
  anchor: Float32Array;
  heights: Float32Array;
  backed: TargetBackedResult | null;
}

function setup(): State {
  const { width, depth } = SIZE;
  const anchor = new Float32Array(width * depth);
  for (let v = 0; v < anchor.length; v++) anchor[v] = Math.sin(v * 1e-3) * 40 + (v % width) * 0.01;
  const heights = anchor.slice();
  for (let d = 0; d < DABS; d++) {
    const ci = Math.round(width * (0.2 + 0.05 * d));
    const cj = Math.round(depth * (0.5 + 0.01 * d));
    for (let j = cj - 64; j <= cj + 64; j++)
      for (let i = ci - 64; i <= ci + 64; i++) heights[j * width + i] += Math.max(0, 1 - Math.hypot(i - ci, j - cj) / 64) * 8;
  }
  return { anchor, heights, backed: TargetBackedResult.split(anchor, heights, SIZE) };
}

const copy: Benchmark = {
  name: 'anchor backing: copy of the map (baseline), 4097²',
  size: 4097,
  samples: 7,
  setup,
  run: (s) => (s as State).anchor.slice(),
};

const split: Benchmark = {
  name: 'anchor backing: split against the heights, 4097²',
  size: 4097,
  baseline: copy.name,
  samples: 7,
  setup,
  run: (s) => {
    const state = s as State;
    state.backed = TargetBackedResult.split(state.anchor, state.heights, SIZE);
  },
  measure: () => {
    const state = setup();
    return { blocks_held: state.backed?.blocksHeld ?? 0, blocks_in_heights: state.backed?.blocksInTarget ?? 0 };
  },
};

const check: Benchmark = {
  name: 'anchor backing: check of the blocks left in the heights (an adoption after undo), 4097²',
  size: 4097,
  baseline: copy.name,
  samples: 7,
  setup,
  run: (s) => {
    if (!(s as State).backed?.intact()) throw new Error('the heights were not written, yet a block changed');
  },
};

export const benchmarks: Benchmark[] = [copy, split, check];
