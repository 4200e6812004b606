import { cpuTimed, median, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { evaluateWater } from '../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import type { WaterSurface } from '../shared/hydrology/waterSurface';
import type { Heightfield } from '../shared/terrain/heightfield';
import { wetGroundBytes } from '../app/water/wetGround';
import { GpuWet, wetTexels } from '../renderer/viewport/lod/gpuWet';
import { heightTextureShape, type HeightTextureShape } from '../renderer/viewport/lod/heightUploads';

/**
 * The wet margin along the water for the LOD surface (renderer/viewport/lod/gpuWet.ts) at 4097² on the LOD
 * benches' synthetic hills with the default water layer plus smaller rivers (riverArea 20,000 m²), as
 * waterDraw.bench.ts:
 * - `wet-margin whole map`: the bytes of every vertex in the texture's layout after a whole-map change (another
 *   water: a water layer's edit, undo of one, open, Show Water on, the view waking from rest).
 * - `wet-margin local edit`: after an edit in a 128² rectangle at the map's middle (a stroke, a river drag step):
 *   the rectangle grown by the margin's reach.
 * - `wet-margin whole map in steps`: the same change as the window makes it now (gpuWet.ts GpuWet.advance, one slice
 *   of WET_SWEEP_ROWS rows a step, each step a task of its own between frames): `step_cpu_max_ms` is the longest
 *   the window's thread is held at once, `steps` how many, the median the sum.
 * - `wet-margin full mesh's`: wetGroundBytes over the whole map, what the full mesh does (maps ≤ 1025²), for the ratio.
 * `texture_mb` is what the texture holds on the GPU; `wet_share` the vertices it darkens. The baseline reads each
 * vertex's surface and height once. Ratios are to it; CPU time alongside (the machine is shared).
 */
interface State {
  field: Heightfield;
  water: WaterSurface;
  shape: HeightTextureShape;
}

const SIZE = 4097;
let cached: State | null = null;

function state(): State {
  if (cached) return cached;
  const ground = syntheticTerrain(SIZE, 1);
  const heights = new Float32Array(ground.heights.length);
  const result = evaluateWater(ground, ground.heights, heights, { ...DEFAULT_WATER_PARAMS, riverArea: 20_000 });
  if (!result) throw new Error('water was cancelled');
  const field: Heightfield = { ...ground, heights };
  cached = { field, water: { surface: result.surface, kind: result.kind }, shape: heightTextureShape(SIZE * SIZE) };
  return cached;
}

const BASELINE = 'wet-margin baseline: one read of every vertex';
const LOCAL = { kind: 'rect' as const, i0: 1984, j0: 1984, i1: 2112, j1: 2112 };

const whole = cpuTimed(5, (s) => {
  const { field, water, shape } = s as State;
  wetTexels(field, water, { kind: 'all' }, shape);
});
const local = cpuTimed(20, (s) => {
  const { field, water, shape } = s as State;
  wetTexels(field, water, LOCAL, shape);
});
/** CPU of each step of the last sweeps (ms). */
const stepCpu: number[] = [];
let lastSteps = 0;
const stepped = cpuTimed(5, (s) => {
  const { field, water, shape } = s as State;
  const gpu = new GpuWet(shape);
  gpu.set(field, water, { kind: 'all' });
  let steps = 0;
  let more = true;
  while (more) {
    const start = process.cpuUsage();
    // A budget of 0: one slice a step.
    more = gpu.advance(0);
    const spent = process.cpuUsage(start);
    stepCpu.push((spent.user + spent.system) / 1000);
    steps++;
  }
  lastSteps = steps;
  gpu.dispose();
});
const fullMesh = cpuTimed(5, (s) => {
  const { field, water } = s as State;
  wetGroundBytes(field, water, field.heights);
});

export const benchmarks: Benchmark[] = [
  {
    name: BASELINE,
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: state,
    run: (s) => {
      const { field, water } = s as State;
      let wet = 0;
      for (let v = 0; v < field.heights.length; v++) if (water.surface[v] > field.heights[v]) wet++;
      return wet;
    },
  },
  {
    name: 'wet-margin whole map',
    size: SIZE,
    samples: 5,
    warmup: 1,
    baseline: BASELINE,
    setup: state,
    run: whole.run,
    measure: () => {
      const { field, water, shape } = state();
      const texels = wetTexels(field, water, { kind: 'all' }, shape);
      let wet = 0;
      for (let k = 0; k < SIZE * SIZE; k++) if (texels.bytes[k] > 0) wet++;
      return { ...whole.measure(), texture_mb: (shape.rowLength * shape.layerRows * shape.layers) / 1e6, wet_share: wet / (SIZE * SIZE) };
    },
  },
  {
    name: 'wet-margin local edit',
    size: SIZE,
    params: { rect: '128²' },
    samples: 20,
    warmup: 2,
    baseline: BASELINE,
    setup: state,
    run: local.run,
    measure: () => {
      const { field, water, shape } = state();
      return { ...local.measure(), texels_sent: wetTexels(field, water, LOCAL, shape).uploads.reduce((n, u) => n + u.width * u.height, 0) };
    },
  },
  {
    name: 'wet-margin whole map in steps',
    size: SIZE,
    samples: 5,
    warmup: 1,
    baseline: BASELINE,
    setup: state,
    run: stepped.run,
    measure: () => {
      const timed = stepCpu.slice(-5 * lastSteps);
      return { ...stepped.measure(), steps: lastSteps, step_cpu_max_ms: Math.max(...timed), step_cpu_median_ms: median(timed) };
    },
  },
  {
    name: "wet-margin full mesh's",
    size: SIZE,
    samples: 5,
    warmup: 1,
    baseline: BASELINE,
    setup: state,
    run: fullMesh.run,
    measure: fullMesh.measure,
  },
];
