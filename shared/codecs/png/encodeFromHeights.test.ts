import { describe, expect, it } from 'vitest';
import { quantiseHeights, quantiseScale } from '../heightmap';
import { encodeGrayPng, filterUp16FromHeights, filterUp16RowsFromHeights } from './encode';
import { createRandom } from '../../random';

/** The filtered rows encodeGrayPng hands to deflate for samples quantised the general way. */
function referenceRows(heights: Float32Array, width: number, height: number, min: number, max: number): Uint8Array {
  const samples = new Uint16Array(heights.length);
  quantiseHeights(heights, min, max, 65535, samples);
  let rows: Uint8Array | undefined;
  encodeGrayPng({ width, height, bitDepth: 16, samples }, { deflate: (data) => ((rows = data.slice()), new Uint8Array(0)) });
  return rows!;
}

describe('16-bit Up rows straight from heights', () => {
  it('are byte for byte the rows of quantiseHeights + the Up filter, at many sizes and ranges', () => {
    const random = createRandom(7);
    for (const [width, height] of [
      [1, 1],
      [2, 3],
      [17, 9],
      [129, 65],
      [257, 257],
    ]) {
      for (const [min, max] of [
        [-300, 500],
        [0, 1],
        [10, 10],
        [-1e-3, 2e-3],
      ]) {
        const heights = new Float32Array(width * height);
        for (let k = 0; k < heights.length; k++) heights[k] = min + (max - min) * (random.next() * 1.2 - 0.1);
        const fast = filterUp16FromHeights(heights, width, height, min, quantiseScale(min, max, 65535));
        expect(fast).toEqual(referenceRows(heights, width, height, min, max));
      }
    }
  });

  it('rounds exactly where x + 0.5 is not exact, and clamps out-of-range heights', () => {
    // x = 1 · 0.49999999999999994: x + 0.5 rounds up to exactly 1 in float64, Math.round(x) is 0.
    const justUnderHalf = 0.5 - 2 ** -54;
    expect(Math.round(justUnderHalf)).toBe(0);
    expect(filterUp16FromHeights(Float32Array.from([1, 3]), 2, 1, 0, justUnderHalf)).toEqual(Uint8Array.from([2, 0, 0, 0, 1]));
    const heights = Float32Array.from([0.5 - 2 ** -25, 0.5, 1.5, 65535.4, 70000, -3, 2.5]);
    const scale = 65535 / 65535;
    const fast = filterUp16FromHeights(heights, heights.length, 1, 0, scale);
    expect(fast).toEqual(referenceRows(heights, heights.length, 1, 0, 65535));
    const samples = Array.from({ length: heights.length }, (_, k) => (fast[1 + 2 * k] << 8) | fast[2 + 2 * k]);
    expect(samples).toEqual([0, 1, 2, 65535, 65535, 0, 3]);
  });
});

describe('16-bit Up rows in blocks', () => {
  it('are the whole-image rows, block by block, whatever the block boundaries', () => {
    const random = createRandom(11);
    for (const [width, height] of [
      [1, 1],
      [3, 5],
      [33, 17],
    ]) {
      const heights = new Float32Array(width * height);
      for (let k = 0; k < heights.length; k++) heights[k] = random.next() * 100 - 20;
      const scale = quantiseScale(-20, 80, 65535);
      const whole = filterUp16FromHeights(heights, width, height, -20, scale);
      const stride = 2 * width + 1;
      for (const rows of [1, 2, 4, height]) {
        const joined = new Uint8Array(whole.length);
        const block = new Uint8Array(rows * stride).fill(0xaa); // stale bytes from a reused buffer
        for (let y0 = 0; y0 < height; y0 += rows) {
          const y1 = Math.min(height, y0 + rows);
          filterUp16RowsFromHeights(heights, width, y0, y1, -20, scale, block, new Uint16Array(width).fill(7), new Uint16Array(width).fill(9));
          joined.set(block.subarray(0, (y1 - y0) * stride), y0 * stride);
        }
        expect(joined).toEqual(whole);
      }
    }
  });
});
