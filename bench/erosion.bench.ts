import { buildSync } from 'esbuild';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Benchmark } from './harness';
import { BENCH_HYDRAULIC, faultMap } from './erosionMaps';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import type { ErosionMasks } from '../shared/erosion/hydraulic';
import { hydraulicErosionTiled } from '../shared/erosion/hydraulicTiled';
import { talusHeight, thermalBlockRows, thermalErosion } from '../shared/erosion/thermal';
import type { ThermalParams } from '../shared/erosion/params';

/**
 * Erosion on a realistic map: fault formation with the default recipe at the bench size (1 m cells).
 * Every timed run first copies the untouched map back (a 4 MB / 67 MB copy, also timed by the
 * `erosion-sweep` baseline, which adds one plain pass over all neighbour pairs).
 */
const THERMAL: ThermalParams = { iterations: 50, talusDeg: 35, strength: 0.5 };
const HYDRAULIC = BENCH_HYDRAULIC;
const repoRoot = path.resolve(__dirname, '..');

interface State {
  original: Float32Array;
  field: Heightfield;
  sink: number;
}

function state(size: number, shared = false): State {
  const original = faultMap(size);
  const heights = shared ? new Float32Array(new SharedArrayBuffer(original.byteLength)) : new Float32Array(original.length);
  return { original, field: createHeightfield(size, size, 1, heights), sink: 0 };
}

/** Steepest neighbour difference: one read of every pair, the least a thermal pass can cost. */
function steepest({ width, heights }: Heightfield): number {
  let max = 0;
  for (let k = 0; k + width < heights.length; k++) {
    const h = heights[k];
    max = Math.max(max, Math.abs(h - heights[k + 1]), Math.abs(h - heights[k + width]));
  }
  return max;
}

const sampling = (size: number): Pick<Benchmark, 'samples' | 'warmup'> => (size > 2000 ? { samples: 3, warmup: 1 } : { samples: 7, warmup: 2 });

function sweep(size: number): Benchmark {
  return {
    name: 'erosion-sweep',
    size,
    params: { what: 'copy + 1 pass over pairs' },
    ...sampling(size),
    setup: () => state(size),
    run: (s) => {
      const { original, field } = s as State;
      field.heights.set(original);
      (s as State).sink += steepest(field);
    },
  };
}

function thermal(size: number): Benchmark {
  return {
    name: 'erosion-thermal',
    size,
    params: { iterations: THERMAL.iterations, talusDeg: THERMAL.talusDeg, threads: 1 },
    baseline: `erosion-sweep@${size}`,
    ...sampling(size),
    setup: () => state(size),
    run: (s) => {
      const { original, field } = s as State;
      field.heights.set(original);
      thermalErosion(field, THERMAL);
    },
  };
}

/** The same passes with the talus from strata (Canyons' beds: 10 m of hardness 1, 4 m of hardness 3). */
function thermalStrata(size: number): Benchmark {
  const params: ThermalParams = {
    ...THERMAL,
    strata: {
      beds: [
        { thickness: 10, hardness: 1 },
        { thickness: 4, hardness: 3 },
      ],
      base: 0,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    },
  };
  return {
    name: 'erosion-thermal-strata',
    size,
    params: { iterations: THERMAL.iterations, talusDeg: THERMAL.talusDeg, threads: 1 },
    baseline: `erosion-thermal@${size}`,
    ...sampling(size),
    setup: () => state(size),
    run: (s) => {
      const { original, field } = s as State;
      field.heights.set(original);
      thermalErosion(field, params);
    },
  };
}

/** Version 2 (the tiled kernel new steps record) with masks; without: erosionThreads.bench.ts. */
function hydraulic(size: number, withMasks: boolean): Benchmark {
  return {
    name: withMasks ? 'erosion-hydraulic-masks' : 'erosion-hydraulic',
    size,
    params: { droplets: HYDRAULIC.droplets, lifetime: HYDRAULIC.lifetime, radius: HYDRAULIC.radius },
    baseline: `erosion-sweep@${size}`,
    ...sampling(size),
    setup: () => {
      const s = state(size);
      const count = size * size;
      const masks: ErosionMasks = { flow: new Float32Array(count), deposition: new Float32Array(count) };
      return { ...s, masks };
    },
    run: (s) => {
      const { original, field, masks } = s as State & { masks: ErosionMasks };
      field.heights.set(original);
      if (withMasks) {
        masks.flow.fill(0);
        masks.deposition.fill(0);
      }
      hydraulicErosionTiled(field, HYDRAULIC, withMasks ? { masks } : {});
    },
  };
}

// Two threads: this one and a worker each take half of the block rows of every half pass and meet
// at a barrier (spin, then Atomics.wait) before the next (thermal.ts: blocks of one half pass share no vertex, so the bytes
// are those of one thread; setup checks it). Control words: [job, done, pass, half].
const WORKER_SOURCE = `
import { workerData } from 'node:worker_threads';
import { thermalBlockRows } from './shared/erosion/thermal';
const { buffer, control, size, split, talus, strength } = workerData;
const heights = new Float32Array(buffer);
const words = new Int32Array(control);
let seen = 0;
for (;;) {
  // Spin briefly first: sleeping in Atomics.wait and being woken costs about 1 ms per half pass here;
  // spinning longer wastes the core when another process wants it.
  for (let spin = 0; spin < 20_000 && Atomics.load(words, 0) === seen; spin++);
  Atomics.wait(words, 0, seen);
  seen = Atomics.load(words, 0);
  thermalBlockRows(heights, size, size, Atomics.load(words, 2), Atomics.load(words, 3), -1, split, talus, strength);
  Atomics.store(words, 1, seen);
  Atomics.notify(words, 1);
}
`;

interface TwoThreads extends State {
  run(): void;
}

function twoThreads(size: number): TwoThreads {
  const s = state(size, true);
  const { field } = s;
  const talus = talusHeight(THERMAL, field.cellSize);
  const split = 2 * Math.floor(size / 4); // even: both halves start on a block boundary
  const control = new SharedArrayBuffer(16);
  const words = new Int32Array(control);
  const bundle = buildSync({
    stdin: { contents: WORKER_SOURCE, resolveDir: repoRoot, loader: 'ts', sourcefile: 'erosionWorker.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0].text;
  const worker = new Worker(bundle, { eval: true, workerData: { buffer: field.heights.buffer, control, size, split, talus, strength: THERMAL.strength } });
  worker.unref();
  let job = 0;
  const run = (): void => {
    field.heights.set(s.original);
    for (let pass = 0; pass < THERMAL.iterations; pass++) {
      for (let half = 0; half < 2; half++) {
        Atomics.store(words, 2, pass);
        Atomics.store(words, 3, half);
        Atomics.store(words, 0, ++job);
        Atomics.notify(words, 0);
        thermalBlockRows(field.heights, size, size, pass, half, split, size, talus, THERMAL.strength);
        for (let spin = 0; spin < 20_000 && Atomics.load(words, 1) !== job; spin++);
        while (Atomics.load(words, 1) !== job) Atomics.wait(words, 1, job - 1);
      }
    }
  };
  run();
  const one = state(size);
  one.field.heights.set(one.original);
  thermalErosion(one.field, THERMAL);
  if (Buffer.compare(Buffer.from(one.field.heights.buffer), Buffer.from(field.heights.buffer as SharedArrayBuffer)) !== 0) {
    throw new Error('two-thread thermal erosion differs from one thread');
  }
  return { ...s, run };
}

function thermalTwoThreads(size: number): Benchmark {
  return {
    name: 'erosion-thermal-2threads',
    size,
    params: { iterations: THERMAL.iterations, talusDeg: THERMAL.talusDeg, threads: 2 },
    baseline: `erosion-thermal@${size}`,
    ...sampling(size),
    setup: () => twoThreads(size),
    run: (s) => (s as TwoThreads).run(),
  };
}

export const benchmarks: Benchmark[] = [
  sweep(1025),
  thermal(1025),
  thermalStrata(1025),
  thermalTwoThreads(1025),
  // erosion-hydraulic (1 and 2 threads, version 1 and 2) and the presets' Run: erosionThreads.bench.ts.
  hydraulic(1025, true),
  sweep(4097),
  thermal(4097),
  thermalTwoThreads(4097),
];
