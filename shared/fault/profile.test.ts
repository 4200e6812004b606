import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { faultSide, nextFaultLine, risesAt } from './lines';
import { faultProfileProblem, MAX_FAULT_WIDTH, rampedDisplacement, ROUNDER, smoothDisplacementAt, smoothScale } from './profile';
import { DISPLACEMENT_QUANTUM, LINE_METHODS, quantizeDisplacement } from './recipe';

const isQuantised = (v: number): boolean => Number.isInteger(v / DISPLACEMENT_QUANTUM);

describe('the ramp', () => {
  const d = quantizeDisplacement(2.7);

  it('is exactly ±d at and beyond the band edges, and −d for NaN (which the step sinks too)', () => {
    for (const t of [1, 1 + 1e-16, 2, 1e300, Infinity]) expect(rampedDisplacement(d, t)).toBe(d);
    for (const t of [-1, -1 - 1e-16, -2, -1e300, -Infinity, NaN]) expect(rampedDisplacement(d, t)).toBe(-d);
  });

  it('is d·t(3 − t²)/2 rounded to the nearest quantum, odd, bounded by d and rising with t', () => {
    const problems: string[] = [];
    let previous = -d;
    for (let n = -100_000; n <= 100_000; n++) {
      const t = n / 100_000;
      const v = rampedDisplacement(d, t);
      if (!isQuantised(v)) problems.push(`${t}: not quantised`);
      if (Math.abs(v - (d * t * (3 - t * t)) / 2) > DISPLACEMENT_QUANTUM / 2 + 1e-15) problems.push(`${t}: not the nearest quantum`);
      if (Math.abs(v) > d) problems.push(`${t}: beyond d`);
      if (v < previous) problems.push(`${t}: falls`);
      if (rampedDisplacement(d, -t) !== -v) problems.push(`${t}: not odd`);
      previous = v;
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(rampedDisplacement(d, 0)).toBe(0);
    // Flat at the edges, steepest (3/2 · d per half-width) at the line.
    const slope = (t: number): number => (rampedDisplacement(d, t + 1e-3) - rampedDisplacement(d, t - 1e-3)) / 2e-3;
    expect(slope(0)).toBeCloseTo(1.5 * d, 3);
    expect(Math.abs(slope(0.999))).toBeLessThan(0.01 * d);
  });

  it('rounds with the 1.5·2⁵² trick to the nearest integer, ties to even, throughout ±2⁵¹', () => {
    const random = createRandom(3);
    const round = (x: number): number => x + ROUNDER - ROUNDER;
    for (let n = 0; n < 2000; n++) {
      const x = (random.next() - 0.5) * 2 ** (1 + Math.floor(random.next() * 51));
      const nearest = Math.round(x);
      const tie = nearest - x === 0.5;
      expect(round(x) === (tie && nearest % 2 !== 0 ? nearest - 1 : nearest)).toBe(true);
    }
    expect([0.5, 1.5, 2.5, -0.5, -1.5, -2.5].map(round)).toEqual([0, 2, 2, 0, -2, -2]);
  });
});

describe('distance and side', () => {
  const size = { sizeX: 300, sizeZ: 200 };

  it('t is the signed distance to the line in half-widths, normalising each line by its length', () => {
    const random = createRandom(11);
    for (const method of LINE_METHODS) {
      for (let n = 0; n < 200; n++) {
        const line = nextFaultLine(random, method, size);
        const width = 0.5 + random.next() * 40;
        const x = (random.next() - 0.5) * 300;
        const z = (random.next() - 0.5) * 200;
        // (a, b) is a unit normal for every method, so this is the distance in metres.
        const distance = line.a * x + line.b * z - line.c;
        expect(faultSide(line, x, z) * smoothScale(line, width)).toBeCloseTo(distance / (width / 2), 6);
      }
    }
  });

  it('agrees with risesAt outside the band: +d on the rising side, −d on the other', () => {
    const random = createRandom(12);
    const d = 1.25;
    for (const method of LINE_METHODS) {
      let far = 0;
      for (let n = 0; n < 400; n++) {
        const line = nextFaultLine(random, method, size);
        const width = 1 + random.next() * 30;
        const scale = smoothScale(line, width);
        const x = (random.next() - 0.5) * 300;
        const z = (random.next() - 0.5) * 200;
        const value = smoothDisplacementAt(line, scale, d, x, z);
        if (Math.abs(line.a * x + line.b * z - line.c) > width / 2 + 1e-9) {
          far++;
          expect(value).toBe(risesAt(line, x, z) ? d : -d);
        } else {
          expect(Math.abs(value)).toBeLessThanOrEqual(d);
        }
      }
      expect(far).toBeGreaterThan(300);
    }
  });
});

describe('faultProfileProblem', () => {
  it('accepts a step and a smooth profile of a sensible width', () => {
    for (const profile of [{ kind: 'step' }, { kind: 'smooth', width: 8 }, { kind: 'smooth', width: 0.001 }, { kind: 'smooth', width: MAX_FAULT_WIDTH }]) {
      expect(faultProfileProblem(profile)).toBeNull();
    }
  });

  it('names what is wrong with anything else', () => {
    const cases: [unknown, RegExp][] = [
      [null, /not an object/],
      ['smooth', /not an object/],
      [[], /not an object/],
      [{ kind: 'ramp', width: 8 }, /kind "ramp" is unknown/],
      [{ width: 8 }, /kind undefined is unknown/],
      [{ kind: 'smooth' }, /width must be .* got undefined/],
      [{ kind: 'smooth', width: 0 }, /got 0/],
      [{ kind: 'smooth', width: -3 }, /got -3/],
      [{ kind: 'smooth', width: NaN }, /got NaN/],
      [{ kind: 'smooth', width: Infinity }, /got Infinity/],
      [{ kind: 'smooth', width: '8' }, /got "8"/],
      [{ kind: 'smooth', width: MAX_FAULT_WIDTH * 10 }, /width must be/],
      [{ kind: 'smooth', width: 8, extra: 1 }, /only kind and width/],
      [{ kind: 'step', width: 8 }, /no other fields/],
    ];
    for (const [value, problem] of cases) expect(faultProfileProblem(value)).toMatch(problem);
  });
});
