import type { Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { accumulateFlow } from '../shared/hydrology/accumulation';
import { flowDirections } from '../shared/hydrology/direction';
import { findLakes } from '../shared/hydrology/lakes';
import type { FloodVersion } from '../shared/hydrology/floodVersions';
import { lazyPriorityFlood } from '../shared/hydrology/lazyFlood';
import { priorityFlood, type FilledSurface } from '../shared/hydrology/priorityFlood';
import { referenceAccumulateFlow } from '../shared/hydrology/testing/referenceAccumulation';
import { referencePriorityFlood } from '../shared/hydrology/testing/referencePriorityFlood';
import { threadedPriorityFlood } from '../shared/hydrology/threadedFlood';
import { floodPlan, tiledPriorityFlood } from '../shared/hydrology/tiledFlood';
import { evaluateWater } from '../shared/hydrology/water';
import { createFloodPool, type FloodPool } from '../main/services/floodThreads';
import { DEFAULT_WATER_PARAMS, type WaterParams } from '../shared/hydrology/waterParams';
import type { Heightfield } from '../shared/terrain/heightfield';

/**
 * The hydrology core (shared/hydrology/) on the LOD benches' synthetic hills (many closed basins):
 * `priority-flood` fills every depression (spill levels and the ε-resolved drainage surface) by the
 * flood new water layers run, against the flood of saved layers in the same run;
 * `flow-accumulation` is MFD from that surface (the drainage order and the contributing areas, one pass).
 * Directions and lakes are separate rows; `water-layer` is the automatic water layer's evaluation.
 * The `… (before tuning)` rows run the implementations kept in shared/hydrology/testing/ as they were
 * before the session 12 speed work, so before and after are measured in the same run.
 */
interface State {
  field: Heightfield;
  filled: FilledSurface;
}

const states = new Map<number, State>();
function state(size: number): State {
  let s = states.get(size);
  if (!s) {
    const field = syntheticTerrain(size, 1);
    s = { field, filled: priorityFlood(field, field.heights) };
    states.set(size, s);
  }
  return s;
}

/**
 * The CPU time (user + system) of one more run: on a machine shared with other work, wall time
 * counts the time the process waited for a core; this does not.
 */
function cpuOf(run: () => unknown): () => Record<string, number> {
  return () => {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    return { cpu_ms: (used.user + used.system) / 1000 };
  };
}

/**
 * `priority-flood` is what new water layers run (flood 2, shared/hydrology/lazyFlood.ts); this row,
 * flood 1 (priorityFlood.ts, what layers saved without a `floodVersion` run), is its baseline.
 */
const FLOOD_1 = 'priority-flood (flood 1: layers saved before floodVersion)';

const sampling = (size: number): Pick<Benchmark, 'samples' | 'warmup'> => (size > 2000 ? { samples: 3, warmup: 1 } : { samples: 7, warmup: 2 });

/**
 * The floor any of these passes stands on: one read of every vertex's 8 neighbours, nothing else.
 * Its name holds every row's filter word, so `--filter priority-flood` (…) measures it in the same run.
 */
const BASELINE = 'hydrology baseline for priority-flood, flow-accumulation, water-layer: one 8-neighbour scan';
function neighbourScan(field: Heightfield): number {
  const { width, depth, heights } = field;
  let higher = 0;
  for (let j = 1; j < depth - 1; j++) {
    for (let i = 1; i < width - 1; i++) {
      const v = j * width + i;
      const h = heights[v];
      if (heights[v + 1] > h) higher++;
      if (heights[v - 1] > h) higher++;
      if (heights[v + width] > h) higher++;
      if (heights[v - width] > h) higher++;
      if (heights[v + width + 1] > h) higher++;
      if (heights[v - width - 1] > h) higher++;
      if (heights[v - width + 1] > h) higher++;
      if (heights[v + width - 1] > h) higher++;
    }
  }
  return higher;
}

/**
 * The floor any flood that visits vertices one by one stands on: a graph search over the whole grid
 * from its centre, each vertex taken once from a stack and its 8 neighbours' flags read, unreached ones
 * pushed — no heights, no queue by height, no outputs. Its name holds the flood's filter word.
 */
const SEARCH_FLOOR = 'hydrology floor for priority-flood: one graph search over every vertex (stack, 8 neighbour flags)';
function graphSearch(size: number): number {
  const count = size * size;
  const reached = new Uint8Array(count);
  const stack = new Int32Array(count);
  const offsets = Int32Array.from([1, -1, size, -size, size + 1, -size - 1, -size + 1, size - 1]);
  // The edge counts as reached, so interior vertices need no bounds checks.
  reached.fill(1, 0, size);
  reached.fill(1, count - size);
  for (let j = 1; j < size - 1; j++) reached[j * size] = reached[j * size + size - 1] = 1;
  let top = count;
  const seed = (size >> 1) * size + (size >> 1);
  reached[seed] = 1;
  stack[--top] = seed;
  let taken = 0;
  while (top < count) {
    const c = stack[top++];
    taken++;
    for (let q = 0; q < 8; q++) {
      const m = c + offsets[q];
      if (reached[m] === 0) {
        reached[m] = 1;
        stack[--top] = m;
      }
    }
  }
  return taken;
}

function rows(size: number): Benchmark[] {
  const baseline = `${BASELINE}@${size}`;
  return [
    {
      name: BASELINE,
      size,
      ...sampling(size),
      setup: () => state(size),
      run: (s) => neighbourScan((s as State).field),
      measure: cpuOf(() => neighbourScan(state(size).field)),
    },
    {
      name: SEARCH_FLOOR,
      size,
      baseline,
      ...sampling(size),
      run: () => graphSearch(size),
      measure: cpuOf(() => graphSearch(size)),
    },
    {
      name: FLOOD_1,
      size,
      baseline,
      params: { floodVersion: 1 },
      ...sampling(size),
      setup: () => state(size),
      run: (s) => priorityFlood((s as State).field, (s as State).field.heights),
      measure: cpuOf(() => priorityFlood(state(size).field, state(size).field.heights)),
    },
    {
      name: 'priority-flood',
      size,
      baseline: `${FLOOD_1}@${size}`,
      params: { floodVersion: 2 },
      ...sampling(size),
      setup: () => state(size),
      run: (s) => lazyPriorityFlood((s as State).field, (s as State).field.heights),
      measure: cpuOf(() => lazyPriorityFlood(state(size).field, state(size).field.heights)),
    },
    {
      name: 'priority-flood (before tuning)',
      size,
      baseline,
      ...sampling(size),
      setup: () => state(size),
      run: (s) => referencePriorityFlood((s as State).field, (s as State).field.heights),
      measure: cpuOf(() => referencePriorityFlood(state(size).field, state(size).field.heights)),
    },
    bandedFlood(size, 1),
    bandedFlood(size, 2),
    threadedFlood(size, 2, 1),
    threadedFlood(size, 2, 2),
    {
      name: 'flow-accumulation',
      size,
      baseline,
      ...sampling(size),
      setup: () => state(size),
      run: (s) => {
        const { field, filled } = s as State;
        return accumulateFlow(field, filled.drainage);
      },
      measure: cpuOf(() => accumulateFlow(state(size).field, state(size).filled.drainage)),
    },
    {
      name: 'flow-accumulation (before tuning)',
      size,
      baseline,
      ...sampling(size),
      setup: () => state(size),
      run: (s) => {
        const { field, filled } = s as State;
        return referenceAccumulateFlow(field, filled.drainage);
      },
      measure: cpuOf(() => referenceAccumulateFlow(state(size).field, state(size).filled.drainage)),
    },
    {
      name: 'hydrology: flow directions',
      size,
      baseline,
      ...sampling(size),
      setup: () => state(size),
      run: (s) => flowDirections((s as State).field, (s as State).filled.drainage),
    },
    {
      name: 'hydrology: lakes',
      size,
      baseline,
      ...sampling(size),
      setup: () => state(size),
      run: (s) => findLakes((s as State).field, (s as State).field.heights, (s as State).filled),
    },
  ];
}

/** Row names of the bands' floods: flood 2 (new layers) bare, flood 1 labelled as the baseline. */
const bandsName = (what: string, version: FloodVersion) => `priority-flood (${what}${version === 1 ? ', flood 1' : ''})`;

/** The banded flood (shared/hydrology/tiledFlood.ts) on the bench's thread, its bands flooded by flood `version`. */
function bandedFlood(size: number, version: FloodVersion): Benchmark {
  const plan = floodPlan(size, size, undefined, version);
  return {
    name: bandsName('bands, 1 thread', version),
    size,
    baseline: `${version === 1 ? FLOOD_1 : 'priority-flood'}@${size}`,
    params: { threads: 1, bands: plan.bands.length, floodVersion: version },
    ...sampling(size),
    setup: () => state(size),
    run: (s) => tiledPriorityFlood((s as State).field, (s as State).field.heights, plan),
    measure: cpuOf(() => tiledPriorityFlood(state(size).field, state(size).field.heights, plan)),
  };
}

/**
 * The banded flood (shared/hydrology/tiledFlood.ts) on `threads` Node workers started once in setup,
 * heights copied to shared memory in each run, its bands flooded by flood `version`. `cpu_ms` is the
 * process's CPU time (every thread) of the last timed run.
 */
function threadedFlood(size: number, threads: number, version: FloodVersion): Benchmark {
  let cpu = 0;
  return {
    name: bandsName(`${threads} threads`, version),
    size,
    baseline: `${version === 1 ? FLOOD_1 : 'priority-flood'}@${size}`,
    params: { threads, bands: floodPlan(size, size).bands.length, floodVersion: version },
    ...sampling(size),
    setup: () => ({ ...state(size), pool: createFloodPool(threads) }),
    run: async (s) => {
      const { field, pool } = s as State & { pool: FloodPool };
      const start = process.cpuUsage();
      await threadedPriorityFlood(field, field.heights, pool, version);
      const used = process.cpuUsage(start);
      cpu = (used.user + used.system) / 1000;
    },
    measure: () => ({ cpu_ms: cpu }),
  };
}

/**
 * The automatic water layer's whole evaluation (flood, MFD, lakes, carving), default parameters; and
 * with `continueRivers` off (the rule of layers saved before it), to see what running rivers on to
 * their mouth costs; without `channelsAlongLines`, to see what carving along the lines costs; and
 * without `blendBanks`, to see what running the banks on ring by ring until they meet the ground costs;
 * with `blendBanks` but without `followWalls`, to see what easing the banks on the grid costs.
 */
function waterLayer(size: number, overrides: Partial<WaterParams> = {}, name = 'water-layer'): Benchmark {
  const params = { ...DEFAULT_WATER_PARAMS, ...overrides };
  return {
    name,
    size,
    ...sampling(size),
    baseline: `${BASELINE}@${size}`,
    setup: () => ({ ...state(size), out: new Float32Array(size * size) }),
    run: (s) => {
      const { field, out } = s as State & { out: Float32Array };
      return evaluateWater(field, field.heights, out, params);
    },
    measure: cpuOf(() => evaluateWater(state(size).field, state(size).field.heights, new Float32Array(size * size), params)),
  };
}

export const benchmarks: Benchmark[] = [
  ...rows(1025),
  waterLayer(1025),
  waterLayer(1025, { continueRivers: false }, 'water-layer (rivers stop where the area dips)'),
  waterLayer(1025, { channelsAlongLines: undefined }, 'water-layer (channels by cones at the vertices)'),
  waterLayer(1025, { blendBanks: true, followWalls: undefined }, 'water-layer (banks of blendBanks, not eased on the grid)'),
  waterLayer(1025, { blendBanks: undefined, followWalls: undefined }, 'water-layer (banks stop a cell past the V)'),
  ...rows(4097),
];
