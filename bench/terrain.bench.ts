import type { Benchmark } from './harness';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { heightAt } from '../shared/terrain/surface';
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
  sink: number;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'heightAt',
    size: SIZE,
    opsPerRun: QUERIES,
    setup: (): QueryState => {
      const field = bumpyField(SIZE);
      const random = createRandom(11);
      const half = (SIZE - 1) / 2;
      const xs = new Float64Array(QUERIES);
      const zs = new Float64Array(QUERIES);
      for (let k = 0; k < QUERIES; k++) {
        xs[k] = (random.next() * 2 - 1) * half;
        zs[k] = (random.next() * 2 - 1) * half;
      }
      return { field, xs, zs, sink: 0 };
    },
    run: (state) => {
      const s = state as QueryState;
      let sum = 0;
      for (let k = 0; k < QUERIES; k++) sum += heightAt(s.field, s.xs[k], s.zs[k]);
      s.sink = sum;
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
