import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { readStep } from '../recipe/replay';
import { terraceHeights, terraceProblem } from './terrace';

describe('terrace filter', () => {
  it('flattens the lower part of each band to its level and rises smoothly and monotonically to the next', () => {
    // A ramp from −10 to 50 m over 601 vertices (one row of a 601 × 2 map).
    const field = createHeightfield(601, 2, 1);
    field.heights.forEach((_, k) => (field.heights[k] = -10 + (k % 601) / 10));
    const before = field.heights.slice();
    terraceHeights(field, { step: 20, riser: 0.25, base: 5 });
    for (let k = 0; k < 601; k++) {
      const t = (before[k] - 5) / 20;
      const level = 5 + 20 * Math.floor(t);
      if (t - Math.floor(t) <= 0.75) expect(field.heights[k]).toBeCloseTo(level, 4);
      else expect(field.heights[k]).toBeGreaterThan(level);
      if (k > 0) expect(field.heights[k]).toBeGreaterThanOrEqual(field.heights[k - 1]);
    }
    // Levels stay levels: heights on one already stay there.
    expect(field.heights[150]).toBeCloseTo(5, 5);
    expect(() => terraceHeights(field, { step: 0, riser: 0.5, base: 0 })).toThrow(/step/);
    expect(() => terraceHeights(field, { step: 1, riser: 0, base: 0 })).toThrow(/riser/);
  });

  it('is a recorded step that reads back from a project, with its values checked', () => {
    expect(readStep({ kind: 'terrace', step: 25, riser: 0.2, base: 0 })).toEqual({ kind: 'terrace', step: 25, riser: 0.2, base: 0 });
    expect(readStep({ kind: 'terrace', step: 25, riser: 2, base: 0 })).toMatch(/riser/);
    expect(readStep({ kind: 'terrace', step: 25, base: 0 })).toMatch(/riser must be a number/);
  });

  it('with `wander`, a tread’s edge across a straight ramp wanders off its straight contour, within the levels; absent or 0: the old bytes', () => {
    // A plane rising 0.3 m a metre along x (one fault's ramp), 257 × 257 at 2 m: without wander each tread's edge is
    // the contour 0.3 x = level + 0.7 step, one column in every row (a straight lip).
    const ramp = () => {
      const field = createHeightfield(257, 257, 2);
      field.heights.forEach((_, k) => (field.heights[k] = 0.3 * 2 * (k % 257)));
      return field;
    };
    const params = { step: 40, riser: 0.3, base: 0 };
    const plain = ramp();
    terraceHeights(plain, params);
    for (const same of [
      { ...params, wander: 0 },
      { ...params, wander: 0, wanderSpacing: 50 },
    ]) {
      const field = ramp();
      terraceHeights(field, same);
      expect(field.heights).toEqual(plain.heights);
    }
    const wander = 4;
    const moved = ramp();
    terraceHeights(moved, { ...params, wander, wanderSpacing: 96 });
    // The edge of the 40 m tread in each row: its last vertex at the level before the riser above it.
    const edges = (field: ReturnType<typeof ramp>) =>
      Array.from({ length: 257 }, (_, j) => {
        let last = -1;
        for (let i = 0; i < 257; i++) if (Math.abs(field.heights[j * 257 + i] - 40) < 1e-4) last = i;
        return last;
      });
    const straight = edges(plain);
    const wandering = edges(moved);
    // Closed form without wander: 0.6 i ≤ 40 + 28 → i = 113 in every row.
    expect(new Set(straight)).toEqual(new Set([113]));
    // With it, the edge moves by up to wander / 0.3 m (6.7 cells) either way, and does move.
    expect(Math.max(...wandering) - Math.min(...wandering)).toBeGreaterThanOrEqual(3);
    for (const i of wandering) expect(Math.abs(i - 113)).toBeLessThanOrEqual(Math.ceil(wander / 0.3 / 2) + 1);
    // Every vertex lies within the levels of its height moved by at most the wander either way.
    for (let k = 0; k < moved.heights.length; k++) {
      const h = 0.6 * (k % 257);
      expect(moved.heights[k]).toBeGreaterThanOrEqual(40 * Math.floor((h - wander) / 40) - 1e-3);
      expect(moved.heights[k]).toBeLessThanOrEqual(40 * Math.ceil((h + wander) / 40) + 1e-3);
    }
    expect(terraceProblem({ ...params, wander: -1 })).toMatch(/wander/);
    expect(terraceProblem({ ...params, wander: 41 })).toMatch(/wander/);
    expect(terraceProblem({ ...params, wander: 4, wanderSpacing: 0 })).toMatch(/wanderSpacing/);
    expect(terraceProblem({ ...params, wander: 4, wanderSpacing: 96 })).toBeNull();
  });
});
