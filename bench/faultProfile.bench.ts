import type { Benchmark } from './harness';
import { runFaultFormation } from '../shared/fault/fastFormation';
import { DEFAULT_RECIPE, type FaultProfile, type FaultRecipe } from '../shared/fault/recipe';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';

/**
 * The smooth fault profile against the step engine on the same recipe (bench/fault.bench.ts's), in
 * the same process: `--filter "fault-formation s"` runs exactly these. Entries named `name@size` are
 * what the baselines refer to.
 */
const ITERATIONS = 1000;
const WIDTH = 8;

function entry(name: string, size: number, profile: FaultProfile, baseline?: string): Benchmark {
  const recipe: FaultRecipe = { ...DEFAULT_RECIPE, seed: 2024, iterations: ITERATIONS, profile };
  return {
    name,
    size,
    params: { iterations: ITERATIONS, ...(profile.kind === 'smooth' ? { width_m: profile.width } : {}) },
    samples: size > 2000 ? 7 : 15,
    warmup: 2,
    ...(baseline ? { baseline } : {}),
    setup: () => createHeightfield(size, size, 1),
    run: (field) => runFaultFormation(field as Heightfield, recipe),
  };
}

export const benchmarks: Benchmark[] = [1025, 4097].flatMap((size) => [
  entry('fault-formation step', size, { kind: 'step' }),
  entry(`fault-formation smooth w=${WIDTH}`, size, { kind: 'smooth', width: WIDTH }, `fault-formation step@${size}`),
]);
