import type { Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { accumulateFlow } from '../shared/hydrology/accumulation';
import { fluvialState, fluvialStep, runFluvial, type FluvialState } from '../shared/erosion/fluvial';
import { DEFAULT_FLUVIAL, type FluvialParams } from '../shared/erosion/fluvialParams';
import type { Heightfield } from '../shared/terrain/heightfield';

/**
 * The fluvial layer (shared/erosion/fluvial.ts) on the LOD benches' synthetic hills, one thread:
 * `fluvial-step` is one time step (MFD routing by accumulateFlow, the implicit stream-power solve,
 * diffusion); `fluvial-200-steps` a whole layer of 200 steps (its initial fill included). The
 * baseline is the routing alone (`accumulateFlow` on the same surface): the part of a step the
 * hydrology core does.
 */
const PARAMS: FluvialParams = { ...DEFAULT_FLUVIAL, k: 1e-4, channelArea: 0, uplift: 1e-3, diffusion: 1e-3, timeStep: 1000, time: 1000 };
const BASELINE = 'fluvial baseline: flow-accumulation of the same surface';

const fields = new Map<number, Heightfield>();
const field = (size: number): Heightfield => {
  let f = fields.get(size);
  if (!f) {
    f = syntheticTerrain(size, 1);
    fields.set(size, f);
  }
  return f;
};

function cpuOf(run: () => unknown): () => Record<string, number> {
  return () => {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    return { cpu_ms: (used.user + used.system) / 1000 };
  };
}

function rows(size: number): Benchmark[] {
  let state: FluvialState | null = null;
  const prepared = (): FluvialState => (state ??= fluvialState(field(size), field(size).heights, PARAMS));
  return [
    {
      name: BASELINE,
      size,
      samples: 7,
      warmup: 2,
      setup: prepared,
      run: (s) => accumulateFlow(field(size), (s as FluvialState).heights),
    },
    {
      name: 'fluvial-step',
      size,
      baseline: `${BASELINE}@${size}`,
      samples: 7,
      warmup: 2,
      setup: prepared,
      run: (s) => fluvialStep(s as FluvialState, PARAMS, PARAMS.timeStep),
      measure: cpuOf(() => fluvialStep(prepared(), PARAMS, PARAMS.timeStep)),
    },
    {
      name: 'fluvial-200-steps',
      size,
      baseline: `${BASELINE}@${size}`,
      params: { steps: 200 },
      samples: 1,
      warmup: 0,
      setup: () => new Float32Array(size * size),
      run: (out) => runFluvial(field(size), field(size).heights, out as Float32Array, { ...PARAMS, time: 200 * PARAMS.timeStep }),
    },
  ];
}

export const benchmarks: Benchmark[] = [...rows(1025)];
