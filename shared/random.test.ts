import { describe, expect, it } from 'vitest';
import { createRandom, seedFromNumber } from './random';

function take(random: { next(): number }, count: number): number[] {
  return Array.from({ length: count }, () => random.next());
}

describe('createRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    expect(take(createRandom(1234), 100)).toEqual(take(createRandom(1234), 100));
  });

  it('gives different sequences for different seeds', () => {
    const a = take(createRandom(1), 20);
    const b = take(createRandom(2), 20);
    expect(a).not.toEqual(b);
    // Seeds are 32-bit: only the low 32 bits matter.
    expect(take(createRandom(2 ** 32 + 5), 5)).toEqual(take(createRandom(5), 5));
  });

  it('resumes from state() with exactly the rest of the sequence', () => {
    const whole = take(createRandom(99), 50);
    const first = createRandom(99);
    take(first, 20);
    const resumed = createRandom(0, first.state());
    expect(take(resumed, 30)).toEqual(whole.slice(20));
    // state() is a snapshot: advancing the original afterwards does not change it.
    const snapshot = first.state();
    first.next();
    expect(createRandom(0, snapshot).next()).toBe(whole[20]);
  });

  it('yields values in [0, 1) spread over the interval', () => {
    const values = take(createRandom(7), 20000);
    expect(values.every((x) => x >= 0 && x < 1)).toBe(true);
    const buckets = new Array<number>(10).fill(0);
    for (const x of values) buckets[Math.floor(x * 10)]++;
    for (const count of buckets) expect(Math.abs(count - 2000)).toBeLessThan(200);
    const mean = values.reduce((s, x) => s + x, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
  });

  it('uses 32 bits per value', () => {
    for (const x of take(createRandom(5), 1000)) expect(Number.isInteger(x * 2 ** 32)).toBe(true);
  });
});

describe('seedFromNumber', () => {
  it('maps numbers to unsigned 32-bit seeds', () => {
    for (const value of [0, 0.5, 0.999, -3.2]) {
      const seed = seedFromNumber(value);
      expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
    }
    expect(seedFromNumber(0.25)).not.toBe(seedFromNumber(0.75));
  });
});
