import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { readStep } from '../recipe/replay';
import { terraceHeights } from './terrace';

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
});
