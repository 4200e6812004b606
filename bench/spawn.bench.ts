import type { Benchmark } from './harness';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { runFaultFormation } from '../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../shared/fault/recipe';
import { DEFAULT_CAR_SETTINGS } from '../shared/vehicle/drive';
import { findSpawn } from '../shared/vehicle/spawn';

/**
 * Finding drivable ground for the test car (shared/vehicle/spawn.ts): once per G or R press, so the
 * figure that matters is the worst case, when the search spends its whole evaluation budget.
 */

const car = DEFAULT_CAR_SETTINGS;
const START_POINTS = [
  { x: 0, z: 0 },
  { x: 100, z: -150 },
  { x: -180, z: 60 },
  { x: 40, z: 200 },
];

function faultField(size: number, cellSize: number, iterations: number): Heightfield {
  const field = createHeightfield(size, size, cellSize);
  runFaultFormation(field, { ...DEFAULT_RECIPE, iterations, decay: { ...DEFAULT_RECIPE.decay, n: iterations } });
  return field;
}

let defaultMap: Heightfield | undefined;
let rougher: Heightfield | undefined;

/** Searches from each start point; reports the mean per search. */
function searches(field: () => Heightfield): Pick<Benchmark, 'run' | 'opsPerRun' | 'measure'> {
  return {
    opsPerRun: START_POINTS.length,
    run: () => {
      for (const from of START_POINTS) findSpawn(field(), from, { car, preferredHeading: 0.3 });
    },
    measure: () => {
      const results = START_POINTS.map((from) => findSpawn(field(), from, { car, preferredHeading: 0.3 }));
      return {
        mean_evaluations: Math.round(results.reduce((s, r) => s + r.evaluations, 0) / results.length),
        mean_distance_m: Math.round((results.reduce((s, r) => s + r.distance, 0) / results.length) * 10) / 10,
        clear_or_rough: results.filter((r) => r.quality === 'clear' || r.quality === 'rough').length,
      };
    },
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'spawn: default terrain (4 searches)',
    size: 257,
    params: { cell: 2, iterations: 400 },
    samples: 5,
    warmup: 1,
    ...searches(() => (defaultMap ??= faultField(257, 2, 400))),
  },
  {
    name: 'spawn: rough 1 m map (4 searches)',
    size: 1025,
    params: { cell: 1, iterations: 1000 },
    samples: 5,
    warmup: 1,
    ...searches(() => (rougher ??= faultField(1025, 1, 1000))),
  },
  {
    name: 'spawn: nothing drivable, 8 km extent',
    size: 2049,
    params: { cell: 4 },
    samples: 5,
    warmup: 1,
    setup: () => {
      // 63° ridges: many points pass the planar pre-check, none is a spot — the whole budget is spent.
      const field = createHeightfield(2049, 2049, 4);
      for (let j = 0; j < 2049; j++) for (let i = 0; i < 2049; i++) field.heights[j * 2049 + i] = (i % 2) * 8;
      return field;
    },
    run: (field) => {
      findSpawn(field as Heightfield, { x: 0, z: 0 }, { car });
    },
  },
];
