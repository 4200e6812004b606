import { cpuTimed, median, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { accumulateFlow } from '../shared/hydrology/accumulation';
import { fluvialState, fluvialStep, runFluvial, type FluvialState } from '../shared/erosion/fluvial';
import { DEFAULT_FLUVIAL, type FluvialParams } from '../shared/erosion/fluvialParams';
import type { Heightfield } from '../shared/terrain/heightfield';
import { donorCountsAndPits } from '../shared/hydrology/drainage';
import { diffuseHeights } from '../shared/erosion/hillslopeDiffusion';
import { fillListedPits } from '../shared/erosion/pitFill';

/**
 * The fluvial layer (shared/erosion/fluvial.ts) on the LOD benches' synthetic hills, one thread:
 * `fluvial-step` is one time step (MFD routing by accumulateFlow, the implicit stream-power solve,
 * diffusion at a diffusion number κ·dt/Δx² of 1); `fluvial-step-diffusion-8` the same with River
 * valleys' κ and time step (a diffusion number of 8); `fluvial-200-steps` a whole layer of 200 steps
 * (its initial fill included); `fluvial-pit-fills` the pit fills of one step (against the pass that finds
 * the pits; `, compiled` both in the kernel); `… phases` a step's CPU time by phase (`KERNEL_PHASES`). Each reports the CPU time of its
 * timed runs too (median and least): the machine's other work stretches the wall time. The
 * baseline is the routing alone (`accumulateFlow` on the same surface): the part of a step the
 * hydrology core does. A step runs compiled (fluvialWasm.ts) where WebAssembly runs; the rows named
 * `… (JavaScript reference)` run the same step with `compiled: false`, for the ratio in the same run.
 */
const PARAMS: FluvialParams = { ...DEFAULT_FLUVIAL, k: 1e-4, channelArea: 0, uplift: 1e-3, diffusion: 1e-3, timeStep: 1000, time: 1000 };
/** The layer's optional `routeEvery`: the water routed every this many steps, the steps between solving on it. */
const ROUTE_EVERY = [4, 8] as const;
const PRESET_DIFFUSION: FluvialParams = { ...PARAMS, diffusion: 0.0002, timeStep: 40_000, time: 40_000 };
const BASELINE = 'fluvial baseline: flow-accumulation of the same surface';
const PIT_SCAN = 'fluvial pit scan: the donor counts and the pits of a step';

/**
 * A step's pit fills alone (about a thousand at 1025²): the surface after 6 steps, diffused as the 7th
 * step diffuses it; each run copies it, counts donors and lists the pits (`PIT_SCAN`, the baseline)
 * and fills them.
 */
interface PitSurface {
  state: FluvialState;
  diffused: Float64Array;
  heights: Float64Array;
}
function pitSurface(size: number): PitSurface {
  const state = fluvialState(field(size), field(size).heights, PARAMS);
  for (let step = 0; step < 6; step++) fluvialStep(state, PARAMS, PARAMS.timeStep);
  const diffused = diffuseHeights(state.grid, state.heights.slice(), new Float64Array(state.heights.length), PARAMS.diffusion * PARAMS.timeStep);
  return { state, diffused, heights: new Float64Array(diffused.length) };
}
/** `scanPits` in the state's kernel: its heights, donor counts and pit list, as a compiled step has them. */
function scanPitsCompiled(s: PitSurface): Float64Array {
  const { kernel, pitFill } = s.state;
  if (!kernel || !pitFill) throw new Error('fluvial pit fills: no WebAssembly here');
  kernel.heights.set(s.diffused);
  kernel.countDonors(kernel.heights, pitFill.pits);
  return kernel.heights;
}
function scanPits(s: PitSurface): void {
  s.heights.set(s.diffused);
  if (s.state.pitFill) donorCountsAndPits(s.state.grid, s.heights, s.state.routing.pending, s.state.pitFill.pits);
}

/**
 * Where a compiled step's CPU time goes: each call the step makes into the compiled kernel, timed
 * alone; `javascript_ms` is the rest of the step (the pit fills, the mouths, the edge: JavaScript).
 */
const KERNEL_PHASES = {
  diffuseAndCount: 'diffusion_and_donors_ms',
  diffuse: 'diffusion_ms',
  countDonors: 'donors_ms',
  route: 'routing_ms',
  routeFactored: 'routing_ms',
  prepareSolve: 'solve_ms',
  solve: 'solve_ms',
  solveFactored: 'solve_ms',
  fillPits: 'pit_fills_ms',
} as const;
type KernelPhase = keyof typeof KERNEL_PHASES;
interface PhasedState {
  readonly state: FluvialState;
  readonly params: FluvialParams;
  /** CPU ms per phase in the step running now. */
  readonly now: Map<string, number>;
  /** CPU ms per phase, a list entry per step. */
  readonly steps: Map<string, number[]>;
}
function phasedState(size: number, params: FluvialParams): PhasedState {
  const state = fluvialState(field(size), field(size).heights, params);
  if (!state.kernel) throw new Error('fluvial phases: no WebAssembly here, and the phases are those of the compiled step');
  const now = new Map<string, number>();
  const calls = state.kernel as unknown as Record<KernelPhase, (...args: unknown[]) => unknown>;
  for (const name of Object.keys(KERNEL_PHASES) as KernelPhase[]) {
    const inner = calls[name];
    calls[name] = (...args: unknown[]) => {
      const start = process.cpuUsage();
      const result = inner(...args);
      const used = process.cpuUsage(start);
      const phase = KERNEL_PHASES[name];
      now.set(phase, (now.get(phase) ?? 0) + (used.user + used.system) / 1000);
      return result;
    };
  }
  return { state, params, now, steps: new Map() };
}
function phasedStep(phased: PhasedState): void {
  const { state, params, now, steps } = phased;
  now.clear();
  const start = process.cpuUsage();
  fluvialStep(state, params, params.timeStep);
  const used = process.cpuUsage(start);
  let kernel = 0;
  for (const ms of now.values()) kernel += ms;
  now.set('javascript_ms', (used.user + used.system) / 1000 - kernel);
  now.set('cpu_ms', (used.user + used.system) / 1000);
  for (const [phase, ms] of now) steps.set(phase, [...(steps.get(phase) ?? []), ms]);
}
function phaseMedians(phased: PhasedState | null, samples: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [phase, list] of phased?.steps ?? []) out[phase] = median(list.slice(-samples));
  return out;
}

const fields = new Map<number, Heightfield>();
const field = (size: number): Heightfield => {
  let f = fields.get(size);
  if (!f) {
    f = syntheticTerrain(size, 1);
    fields.set(size, f);
  }
  return f;
};

/** `cpuTimed` over runs of `steps` steps, with the CPU time per step as well. */
function cpuTimedPerStep(samples: number, steps: number, run: (state: unknown) => unknown): ReturnType<typeof cpuTimed> {
  const timed = cpuTimed(samples, run);
  return {
    run: timed.run,
    measure: () => {
      const { cpu_median_ms, cpu_min_ms } = timed.measure();
      return { cpu_median_ms, cpu_min_ms, cpu_median_per_step_ms: cpu_median_ms / steps, cpu_min_per_step_ms: cpu_min_ms / steps };
    },
  };
}

/** Rows of steps on a routing reused for `every` steps, each run a whole cycle (one routed step and the rest). */
function reusedRoutingRows(size: number): Benchmark[] {
  return ROUTE_EVERY.flatMap((every): Benchmark[] => {
    const params: FluvialParams = { ...PARAMS, routeEvery: every };
    let state: FluvialState | null = null;
    let phased: PhasedState | null = null;
    return [
      {
        // Medians over two cycles: the steps on a reused routing (routing_ms: the routed steps' alone).
        name: `fluvial-step phases, routeEvery ${every}`,
        size,
        samples: 2 * every,
        warmup: every,
        setup: () => (phased ??= phasedState(size, params)),
        run: (s) => phasedStep(s as PhasedState),
        measure: () => phaseMedians(phased, 2 * every),
      },
      {
        name: `fluvial-step, routeEvery ${every} (${every} steps a run)`,
        size,
        params: { stepsPerRun: every },
        samples: 5,
        warmup: 1,
        setup: () => (state ??= fluvialState(field(size), field(size).heights, params)),
        ...cpuTimedPerStep(5, every, (s) => {
          for (let step = 0; step < every; step++) fluvialStep(s as FluvialState, params, params.timeStep);
        }),
      },
      {
        name: `fluvial-200-steps, routeEvery ${every}`,
        size,
        baseline: `fluvial-200-steps@${size}`,
        params: { steps: 200 },
        samples: 1,
        warmup: 0,
        setup: () => new Float32Array(size * size),
        ...cpuTimed(1, (out) => runFluvial(field(size), field(size).heights, out as Float32Array, { ...params, time: 200 * params.timeStep })),
      },
    ];
  });
}

function rows(size: number): Benchmark[] {
  let state: FluvialState | null = null;
  const prepared = (): FluvialState => (state ??= fluvialState(field(size), field(size).heights, PARAMS));
  let reference: FluvialState | null = null;
  const preparedReference = (): FluvialState => (reference ??= fluvialState(field(size), field(size).heights, PARAMS, false, false));
  // The presets' diffusion: River valleys' κ·dt at 1 m cells is a diffusion number of 8 a step.
  let diffusive: FluvialState | null = null;
  const preparedDiffusive = (): FluvialState => (diffusive ??= fluvialState(field(size), field(size).heights, PRESET_DIFFUSION));
  let diffusiveReference: FluvialState | null = null;
  const preparedDiffusiveReference = (): FluvialState =>
    (diffusiveReference ??= fluvialState(field(size), field(size).heights, PRESET_DIFFUSION, false, false));
  let pits: PitSurface | null = null;
  const preparedPits = (): PitSurface => (pits ??= pitSurface(size));
  let phased: PhasedState | null = null;
  let phasedDiffusive: PhasedState | null = null;
  return [
    {
      name: 'fluvial-step phases',
      size,
      baseline: `${BASELINE}@${size}`,
      samples: 7,
      warmup: 2,
      setup: () => (phased ??= phasedState(size, PARAMS)),
      run: (s) => phasedStep(s as PhasedState),
      measure: () => phaseMedians(phased, 7),
    },
    {
      name: 'fluvial-step-diffusion-8 phases',
      size,
      baseline: `${BASELINE}@${size}`,
      samples: 7,
      warmup: 2,
      setup: () => (phasedDiffusive ??= phasedState(size, PRESET_DIFFUSION)),
      run: (s) => phasedStep(s as PhasedState),
      measure: () => phaseMedians(phasedDiffusive, 7),
    },
    {
      name: PIT_SCAN,
      size,
      samples: 9,
      warmup: 2,
      setup: preparedPits,
      ...cpuTimed(9, (s) => scanPits(s as PitSurface)),
    },
    {
      name: 'fluvial-pit-fills',
      size,
      baseline: `${PIT_SCAN}@${size}`,
      samples: 9,
      warmup: 2,
      setup: preparedPits,
      ...cpuTimed(9, (s) => {
        const surface = s as PitSurface;
        scanPits(surface);
        const { state } = surface;
        if (state.pitFill) fillListedPits(state.grid, surface.heights, state.pitFill, state.routing.pending);
      }),
    },
    {
      name: `${PIT_SCAN}, compiled`,
      size,
      samples: 9,
      warmup: 2,
      setup: preparedPits,
      ...cpuTimed(9, (s) => scanPitsCompiled(s as PitSurface)),
    },
    {
      name: 'fluvial-pit-fills, compiled',
      size,
      baseline: `${PIT_SCAN}, compiled@${size}`,
      samples: 9,
      warmup: 2,
      setup: preparedPits,
      ...cpuTimed(9, (s) => {
        const surface = s as PitSurface;
        const heights = scanPitsCompiled(surface);
        const { state } = surface;
        if (state.kernel && state.pitFill) state.kernel.fillPits(heights, state.pitFill);
      }),
    },
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
      ...cpuTimed(7, (s) => fluvialStep(s as FluvialState, PARAMS, PARAMS.timeStep)),
    },
    {
      name: 'fluvial-step (JavaScript reference)',
      size,
      baseline: `${BASELINE}@${size}`,
      samples: 7,
      warmup: 2,
      setup: preparedReference,
      ...cpuTimed(7, (s) => fluvialStep(s as FluvialState, PARAMS, PARAMS.timeStep)),
    },
    {
      name: 'fluvial-step-diffusion-8',
      size,
      params: { diffusionNumber: (PRESET_DIFFUSION.diffusion * PRESET_DIFFUSION.timeStep) / field(size).cellSize ** 2 },
      baseline: `${BASELINE}@${size}`,
      samples: 7,
      warmup: 2,
      setup: preparedDiffusive,
      ...cpuTimed(7, (s) => fluvialStep(s as FluvialState, PRESET_DIFFUSION, PRESET_DIFFUSION.timeStep)),
    },
    {
      name: 'fluvial-step-diffusion-8 (JavaScript reference)',
      size,
      params: { diffusionNumber: (PRESET_DIFFUSION.diffusion * PRESET_DIFFUSION.timeStep) / field(size).cellSize ** 2 },
      baseline: `${BASELINE}@${size}`,
      samples: 7,
      warmup: 2,
      setup: preparedDiffusiveReference,
      ...cpuTimed(7, (s) => fluvialStep(s as FluvialState, PRESET_DIFFUSION, PRESET_DIFFUSION.timeStep)),
    },
    {
      name: 'fluvial-200-steps',
      size,
      baseline: `${BASELINE}@${size}`,
      params: { steps: 200 },
      samples: 1,
      warmup: 0,
      setup: () => new Float32Array(size * size),
      ...cpuTimed(1, (out) => runFluvial(field(size), field(size).heights, out as Float32Array, { ...PARAMS, time: 200 * PARAMS.timeStep })),
    },
    {
      name: 'fluvial-200-steps (JavaScript reference)',
      size,
      baseline: `${BASELINE}@${size}`,
      params: { steps: 200 },
      samples: 1,
      warmup: 0,
      setup: () => new Float32Array(size * size),
      ...cpuTimed(1, (out) =>
        runFluvial(field(size), field(size).heights, out as Float32Array, { ...PARAMS, time: 200 * PARAMS.timeStep }, { compiled: false }),
      ),
    },
  ];
}

/** The layer's `scheme: 'factored'` (fluvialFactored.ts): the same rows as the reference's sums, for the ratio in the same run. */
function factoredRows(size: number): Benchmark[] {
  const params: FluvialParams = { ...PARAMS, scheme: 'factored' };
  let state: FluvialState | null = null;
  let phased: PhasedState | null = null;
  return [
    {
      name: 'fluvial-step phases, factored',
      size,
      samples: 7,
      warmup: 2,
      setup: () => (phased ??= phasedState(size, params)),
      run: (s) => phasedStep(s as PhasedState),
      measure: () => phaseMedians(phased, 7),
    },
    {
      name: 'fluvial-step, factored',
      size,
      baseline: `fluvial-step@${size}`,
      samples: 7,
      warmup: 2,
      setup: () => (state ??= fluvialState(field(size), field(size).heights, params)),
      ...cpuTimed(7, (s) => fluvialStep(s as FluvialState, params, params.timeStep)),
    },
    {
      name: 'fluvial-200-steps, factored',
      size,
      baseline: `fluvial-200-steps@${size}`,
      params: { steps: 200 },
      samples: 1,
      warmup: 0,
      setup: () => new Float32Array(size * size),
      ...cpuTimed(1, (out) => runFluvial(field(size), field(size).heights, out as Float32Array, { ...params, time: 200 * params.timeStep })),
    },
  ];
}

export const benchmarks: Benchmark[] = [...rows(1025), ...reusedRoutingRows(1025), ...factoredRows(1025)];
