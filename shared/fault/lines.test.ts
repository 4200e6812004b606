import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { nextFaultLine, risesAt } from './lines';
import { LINE_METHODS } from './recipe';

const size = { sizeX: 200, sizeZ: 120 };

describe('line methods', () => {
  it('normal: unit normal and c within [−d/2, d/2], d the terrain diagonal', () => {
    const random = createRandom(5);
    const halfDiagonal = Math.hypot(200, 120) / 2;
    let negative = 0;
    for (let n = 0; n < 500; n++) {
      const line = nextFaultLine(random, 'normal', size);
      expect(Math.hypot(line.a, line.b)).toBeCloseTo(1, 12);
      expect(Math.abs(line.c)).toBeLessThanOrEqual(halfDiagonal);
      if (line.c < 0) negative++;
    }
    expect(negative).toBeGreaterThan(150);
    expect(negative).toBeLessThan(350);
  });

  for (const method of ['two-point', 'cross'] as const) {
    it(`${method}: both points on the terrain, and (a, b, c) describes the same line`, () => {
      const random = createRandom(6);
      for (let n = 0; n < 300; n++) {
        const line = nextFaultLine(random, method, size);
        for (const [x, z] of [
          [line.x1, line.z1],
          [line.x2, line.z2],
        ]) {
          expect(Math.abs(x)).toBeLessThanOrEqual(100);
          expect(Math.abs(z)).toBeLessThanOrEqual(60);
          expect(line.a * x + line.b * z - line.c).toBeCloseTo(0, 9);
        }
        // Well away from the line, the normal form and the cross product agree on the side.
        const x = (random.next() - 0.5) * 200;
        const z = (random.next() - 0.5) * 120;
        const distance = line.a * x + line.b * z - line.c;
        const cross = (line.x2 - line.x1) * (z - line.z1) - (line.z2 - line.z1) * (x - line.x1);
        if (Math.abs(distance) > 1e-6) {
          expect(risesAt(line, x, z)).toBe(distance > 0);
          expect(cross > 0).toBe(distance > 0);
        }
      }
    });
  }

  it('each method draws its own sequence, reproducibly', () => {
    for (const method of LINE_METHODS) {
      const a = createRandom(9);
      const b = createRandom(9);
      for (let n = 0; n < 20; n++) expect(nextFaultLine(a, method, size)).toEqual(nextFaultLine(b, method, size));
    }
  });
});
