import { describe, expect, it } from 'vitest';
import { displacementAt, DISPLACEMENT_QUANTUM, quantizeDisplacement } from './recipe';

describe('decay schedule', () => {
  const decay = { disp0: 4, dispN: 0.25, n: 400 };

  it('falls linearly from disp0 over n iterations, then stays at dispN', () => {
    expect(displacementAt(decay, 0)).toBe(4);
    expect(displacementAt(decay, 200)).toBeCloseTo((4 + 0.25) / 2, 6);
    expect(displacementAt(decay, 100)).toBeCloseTo(4 - 3.75 / 4, 6);
    for (const i of [400, 401, 5000]) expect(displacementAt(decay, i)).toBe(0.25);
    for (let i = 1; i < 400; i++) expect(displacementAt(decay, i)).toBeLessThan(displacementAt(decay, i - 1));
  });

  it('is constant dispN when n is 0, and constant when disp0 = dispN', () => {
    for (const i of [0, 1, 99]) expect(displacementAt({ disp0: 9, dispN: 2, n: 0 }, i)).toBe(2);
    for (const i of [0, 50, 99]) expect(displacementAt({ disp0: 1.5, dispN: 1.5, n: 100 }, i)).toBe(1.5);
  });

  it('quantises to multiples of 2^-24 so sums are exact in any order', () => {
    for (let i = 0; i < 400; i += 37) {
      const d = displacementAt(decay, i);
      expect(Number.isInteger(d / DISPLACEMENT_QUANTUM)).toBe(true);
    }
    expect(quantizeDisplacement(0.1)).not.toBe(0.1);
    expect(Math.abs(quantizeDisplacement(0.1) - 0.1)).toBeLessThanOrEqual(DISPLACEMENT_QUANTUM / 2);
  });
});
