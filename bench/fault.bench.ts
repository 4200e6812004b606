import type { Benchmark } from './harness';
import { runFaultFormation } from '../shared/fault/engine';
import { referenceFaultFormation } from '../shared/fault/reference';
import { DEFAULT_RECIPE, type FaultRecipe } from '../shared/fault/recipe';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';

const ITERATIONS = 1000;
const recipe: FaultRecipe = { ...DEFAULT_RECIPE, seed: 2024, iterations: ITERATIONS };

// The plain loop takes seconds per run at these sizes (about 2·10⁸ and 10⁹ side tests): one sample. Entries named `name@size` are
// what bench/run.ts matches `baseline` against, so each fast entry is compared at its own size.
function reference(size: number): Benchmark {
  return {
    name: 'fault-formation-reference',
    size,
    params: { iterations: ITERATIONS },
    samples: 1,
    warmup: 0,
    setup: () => createHeightfield(size, size, 1),
    run: (field) => referenceFaultFormation(field as Heightfield, recipe),
  };
}

function fast(size: number, baseline?: string): Benchmark {
  return {
    name: 'fault-formation',
    size,
    params: { iterations: ITERATIONS },
    samples: size > 2000 ? 7 : 15,
    warmup: 2,
    ...(baseline ? { baseline } : {}),
    setup: () => createHeightfield(size, size, 1),
    run: (field) => runFaultFormation(field as Heightfield, recipe),
  };
}

export const benchmarks: Benchmark[] = [
  reference(513),
  reference(1025),
  fast(513, 'fault-formation-reference@513'),
  fast(1025, 'fault-formation-reference@1025'),
  fast(4097),
];
