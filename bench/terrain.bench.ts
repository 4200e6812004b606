import type { Benchmark } from './harness';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { heightAt, heightsAt } from '../shared/terrain/surface';
import { buildTerrainMesh } from '../shared/terrain/mesh';
import { createRandom } from '../shared/random';

const SIZE = 1025;
const QUERIES = 2_000_000;

function bumpyField(size: number): Heightfield {
  const field = createHeightfield(size, size, 1);
  const random = createRandom(7);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = random.next() * 50;
  return field;
}

interface QueryState {
  field: Heightfield;
  xs: Float64Array;
  zs: Float64Array;
  out: Float64Array;
  sink: number;
}

/** Uniformly random points over the whole map: the cache-unfriendly case. */
function randomQueries(): QueryState {
  const field = bumpyField(SIZE);
  const random = createRandom(11);
  const half = (SIZE - 1) / 2;
  const xs = new Float64Array(QUERIES);
  const zs = new Float64Array(QUERIES);
  for (let k = 0; k < QUERIES; k++) {
    xs[k] = (random.next() * 2 - 1) * half;
    zs[k] = (random.next() * 2 - 1) * half;
  }
  return { field, xs, zs, out: new Float64Array(QUERIES), sink: 0 };
}

/** The query loop reads everything into locals first, so the loop itself costs almost nothing. */
function sumHeights(field: Heightfield, xs: Float64Array, zs: Float64Array): number {
  let sum = 0;
  for (let k = 0; k < xs.length; k++) sum += heightAt(field, xs[k], zs[k]);
  return sum;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'heightAt',
    size: SIZE,
    opsPerRun: QUERIES,
    params: { queries: QUERIES },
    samples: 9,
    warmup: 3,
    setup: randomQueries,
    run: (state) => {
      const s = state as QueryState;
      s.sink = sumHeights(s.field, s.xs, s.zs);
    },
  },
  {
    name: 'heightAt-batch',
    size: SIZE,
    opsPerRun: QUERIES,
    params: { queries: QUERIES },
    samples: 9,
    warmup: 3,
    baseline: 'heightAt',
    setup: randomQueries,
    run: (state) => {
      const s = state as QueryState;
      heightsAt(s.field, s.xs, s.zs, s.out);
    },
  },
  {
    name: 'mesh-build',
    size: SIZE,
    samples: 5,
    setup: () => bumpyField(SIZE),
    run: (field) => {
      buildTerrainMesh(field as Heightfield);
    },
  },
];
