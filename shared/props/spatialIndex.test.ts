import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createHeightfield } from '../terrain/heightfield';
import { buildPropSpatialIndex, forEachPropInWorldRect } from './spatialIndex';

describe('prop spatial index', () => {
  it('finds exactly the props inside a world rectangle, as brute force does', () => {
    const field = createHeightfield(150, 90, 0.75);
    const random = createRandom(4);
    const count = 5000;
    const x = new Float64Array(count);
    const z = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      // Some props beyond the border too: they belong to the edge cells.
      x[k] = (random.next() * 2.2 - 1.1) * 56;
      z[k] = (random.next() * 2.2 - 1.1) * 33;
    }
    const index = buildPropSpatialIndex(field, x, z, count, 8);
    const rects = [
      { x0: -10, z0: -5, x1: 12.3, z1: 7.7 },
      { x0: -100, z0: -100, x1: 100, z1: 100 },
      { x0: 50, z0: 20, x1: 70, z1: 40 },
      { x0: -62, z0: -40, x1: -55, z1: -30 },
      { x0: 3, z0: 3, x1: 3, z1: 3 },
      { x0: 57, z0: 20, x1: 70, z1: 40 },
      { x0: -70, z0: -40, x1: -57, z1: -34 },
    ];
    for (const rect of rects) {
      const found: number[] = [];
      forEachPropInWorldRect(field, index, x, z, rect, (k) => found.push(k));
      const expected: number[] = [];
      for (let k = 0; k < count; k++) if (x[k] >= rect.x0 && x[k] <= rect.x1 && z[k] >= rect.z0 && z[k] <= rect.z1) expected.push(k);
      expect(found.sort((a, b) => a - b)).toEqual(expected);
    }
  });
});
