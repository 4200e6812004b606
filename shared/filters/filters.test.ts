import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { erosionFilter } from './erosion';
import { normalizeToRange } from './normalize';

function noisy(width: number, depth: number, seed: number): Heightfield {
  const field = createHeightfield(width, depth, 1);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() - 0.5) * 40;
  return field;
}

/** The classic formulation, one line at a time along each direction (columns walked column-wise). */
function classicErosion(field: Heightfield, k: number): void {
  const { width: w, depth: d, heights: h } = field;
  const at = (i: number, j: number): number => j * w + i;
  for (let j = 0; j < d; j++) for (let i = 1; i < w; i++) h[at(i, j)] = k * h[at(i - 1, j)] + (1 - k) * h[at(i, j)];
  for (let j = 0; j < d; j++) for (let i = w - 2; i >= 0; i--) h[at(i, j)] = k * h[at(i + 1, j)] + (1 - k) * h[at(i, j)];
  for (let i = 0; i < w; i++) for (let j = 1; j < d; j++) h[at(i, j)] = k * h[at(i, j - 1)] + (1 - k) * h[at(i, j)];
  for (let i = 0; i < w; i++) for (let j = d - 2; j >= 0; j--) h[at(i, j)] = k * h[at(i, j + 1)] + (1 - k) * h[at(i, j)];
}

function roughness(field: Heightfield): number {
  const { width: w, depth: d, heights: h } = field;
  let sum = 0;
  for (let j = 0; j < d; j++) for (let i = 1; i < w; i++) sum += (h[j * w + i] - h[j * w + i - 1]) ** 2;
  for (let j = 1; j < d; j++) for (let i = 0; i < w; i++) sum += (h[j * w + i] - h[(j - 1) * w + i]) ** 2;
  return sum;
}

describe('erosionFilter', () => {
  it('equals the classic four-pass filter', () => {
    for (const [w, d, k] of [
      [2, 2, 0.5],
      [7, 13, 0.3],
      [40, 25, 0.85],
    ] as const) {
      const field = noisy(w, d, w * d);
      const classic = { ...field, heights: field.heights.slice() };
      erosionFilter(field, k);
      classicErosion(classic, k);
      expect(field.heights).toEqual(classic.heights);
    }
  });

  it('smooths more with a larger strength, and k = 0 changes nothing', () => {
    const original = noisy(50, 40, 3);
    const results = [0, 0.3, 0.6, 0.9].map((k) => {
      const field = { ...original, heights: original.heights.slice() };
      erosionFilter(field, k);
      return field;
    });
    expect(results[0].heights).toEqual(original.heights);
    for (let n = 1; n < results.length; n++) expect(roughness(results[n])).toBeLessThan(roughness(results[n - 1]));
  });

  it('keeps a flat map flat and spreads a spike to every direction', () => {
    const flat = createHeightfield(9, 9, 1);
    flat.heights.fill(3);
    erosionFilter(flat, 0.4);
    for (const h of flat.heights) expect(h).toBeCloseTo(3, 5);
    const spike = createHeightfield(9, 9, 1);
    spike.heights[4 * 9 + 4] = 10;
    erosionFilter(spike, 0.5);
    for (const [i, j] of [
      [3, 4],
      [5, 4],
      [4, 3],
      [4, 5],
    ])
      expect(spike.heights[j * 9 + i]).toBeGreaterThan(0);
    expect(spike.heights[4 * 9 + 4]).toBeLessThan(10);
  });

  it('rejects strengths outside [0, 1)', () => {
    const field = noisy(4, 4, 1);
    for (const k of [-0.1, 1, 2, NaN]) expect(() => erosionFilter(field, k)).toThrow(RangeError);
  });
});

describe('normalizeToRange', () => {
  it('maps the lowest and highest heights exactly onto the range, keeping the order', () => {
    const field = noisy(30, 20, 8);
    const before = Array.from(field.heights);
    normalizeToRange(field, -5, 120);
    expect(heightRange(field.heights)).toEqual({ min: -5, max: 120 });
    const order = (values: ArrayLike<number>): number[] => [...before.keys()].sort((a, b) => values[a] - values[b]);
    expect(order(field.heights)).toEqual(order(before));
    // Linear: the middle of the old range lands in the middle of the new one.
    const { min, max } = heightRange(Float32Array.from(before));
    const k = before.findIndex((h) => h > min && h < max);
    expect(field.heights[k]).toBeCloseTo(-5 + ((before[k] - min) / (max - min)) * 125, 3);
  });

  it('sets a flat map to the middle of the range and rejects bad ranges', () => {
    const field = createHeightfield(5, 5, 1);
    field.heights.fill(7);
    normalizeToRange(field, 0, 10);
    expect(new Set(field.heights)).toEqual(new Set([5]));
    expect(() => normalizeToRange(field, 3, 1)).toThrow(RangeError);
    expect(() => normalizeToRange(field, 0, Infinity)).toThrow(RangeError);
  });
});
