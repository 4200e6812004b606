import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { heightAt } from '../terrain/surface';
import { climbableFraction, steepestRise } from './profile';
import { fieldFrom } from './testFields';

describe('steepest rise along a path', () => {
  it('is the directional slope on a plane', () => {
    const plane = fieldFrom(33, 33, 1, (x, z) => 0.25 * x - 0.5 * z);
    const d = { x: Math.cos(0.4), z: Math.sin(0.4) };
    expect(steepestRise(plane, -5, -3, -5 + 10 * d.x, -3 + 10 * d.z)).toBeCloseTo(0.25 * d.x - 0.5 * d.z, 5);
    expect(steepestRise(plane, 0, 0, 0, 0)).toBe(-Infinity);
  });

  it('bounds the rise over any stretch of the path, and dense sampling comes up to it', () => {
    const random = createRandom(81);
    const rough = fieldFrom(33, 33, 0.7, () => random.next() * 2);
    for (let k = 0; k < 30; k++) {
      const x0 = (random.next() - 0.5) * 8;
      const z0 = (random.next() - 0.5) * 8;
      const a = random.next() * 2 * Math.PI;
      const len = 1 + random.next() * 6;
      const x1 = x0 + len * Math.cos(a);
      const z1 = z0 + len * Math.sin(a);
      const steepest = steepestRise(rough, x0, z0, x1, z1);
      let sampled = -Infinity;
      const n = 4000;
      let previous = heightAt(rough, x0, z0);
      for (let s = 1; s <= n; s++) {
        const h = heightAt(rough, x0 + ((x1 - x0) * s) / n, z0 + ((z1 - z0) * s) / n);
        sampled = Math.max(sampled, (h - previous) / (len / n));
        previous = h;
      }
      expect(sampled).toBeLessThanOrEqual(steepest + 1e-6);
      // A sample step straddling a break averages two pieces, so dense sampling gets close but not always exact.
      expect(sampled).toBeGreaterThan(steepest - 0.05 * Math.abs(steepest) - 1e-3);
    }
  });

  it('climbable fraction: where the first piece at least as steep as the limit starts', () => {
    // Flat, then a 1:1 ramp from the vertex column x = 4 on.
    const ramp = fieldFrom(33, 33, 1, (x) => Math.max(0, x - 4));
    expect(climbableFraction(ramp, 0, 0.25, 10, 0.25, 0.7)).toBeCloseTo(0.4, 9);
    // Along a diagonal path the pieces change at the cell diagonals too; the ramp still starts at x = 4.
    expect(climbableFraction(ramp, 0, 0, 8, 4, 0.5)).toBeCloseTo(0.5, 9);
    expect(climbableFraction(ramp, 0, 0.25, 10, 0.25, 1.5)).toBe(1);
    // Going down the ramp never climbs.
    expect(climbableFraction(ramp, 10, 0.25, 0, 0.25, 0.1)).toBe(1);
  });
});
