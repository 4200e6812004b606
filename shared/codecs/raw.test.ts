import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { compileR16, compileR32, parseR16, parseR32 } from './raw';
import { decodedToHeightfield } from './heightmap';

function field(width: number, depth: number, f: (i: number, j: number) => number) {
  const result = createHeightfield(width, depth, 1);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) result.heights[j * width + i] = f(i, j);
  return result;
}

describe('RAW R16', () => {
  it('stores little-endian by default and big-endian on request', () => {
    // Heights 0 and 1 over the auto range 0..1 are samples 0 and 65535; 1/3 is 21845 = 0x5555.
    const map = field(2, 2, (i, j) => [0, 1, 1 / 3, 0.5][j * 2 + i]);
    const le = compileR16(map);
    const be = compileR16(map, { byteOrder: 'be' });
    const half = Math.round(0.5 * 65535); // 32768 = 0x8000
    expect(Array.from(le)).toEqual([0, 0, 0xff, 0xff, 0x55, 0x55, half & 255, half >> 8]);
    expect(Array.from(be)).toEqual([0, 0, 0xff, 0xff, 0x55, 0x55, half >> 8, half & 255]);
    expect(Array.from(parseR16(new Uint8Array([0x34, 0x12, 0, 0, 0, 0, 0, 0]), 'x.r16').samples.subarray(0, 1))).toEqual([0x1234]);
    expect(Array.from(parseR16(new Uint8Array([0x34, 0x12, 0, 0, 0, 0, 0, 0]), 'x.r16', { byteOrder: 'be' }).samples.subarray(0, 1))).toEqual([0x3412]);
  });

  for (const byteOrder of ['le', 'be'] as const) {
    for (const flip of [false, true]) {
      it(`round-trips (${byteOrder}${flip ? ', flipped' : ''}) within one step of the range`, () => {
        const map = field(17, 17, (i, j) => Math.sin(i) * 30 + j * 2);
        const bytes = compileR16(map, { byteOrder, flip });
        expect(bytes.length).toBe(17 * 17 * 2);
        const decoded = parseR16(bytes, 'map.r16', { byteOrder, flip });
        expect([decoded.width, decoded.depth]).toEqual([17, 17]);
        let min = Infinity;
        let max = -Infinity;
        map.heights.forEach((h) => ((min = Math.min(min, h)), (max = Math.max(max, h))));
        const back = decodedToHeightfield(decoded, 'map.r16', { min, max, cellSize: 1 });
        const step = (max - min) / 65535;
        map.heights.forEach((h, k) => expect(Math.abs(back.heights[k] - h)).toBeLessThanOrEqual(step));
      });
    }
  }

  it('flips rows: the file’s first row is the last row of heights', () => {
    const map = field(3, 3, (_i, j) => j);
    const plain = parseR16(compileR16(map), 'a.r16').samples;
    const flipped = parseR16(compileR16(map, { flip: true }), 'a.r16').samples;
    expect(Array.from(flipped.subarray(0, 3))).toEqual(Array.from(plain.subarray(6, 9)));
    expect(Array.from(flipped.subarray(6, 9))).toEqual(Array.from(plain.subarray(0, 3)));
  });

  it('reads a non-square map when width and depth are given', () => {
    const map = field(5, 3, (i, j) => i + j * 5);
    const decoded = parseR16(compileR16(map), 'wide.r16', { width: 5, depth: 3 });
    expect([decoded.width, decoded.depth]).toEqual([5, 3]);
    expect(Array.from(decoded.samples)).toEqual(Array.from(map.heights, (h) => Math.round((h / 14) * 65535)));
  });
});

describe('RAW r32', () => {
  it('round-trips bit-exact, including -0, subnormals and extremes, with and without flip', () => {
    const special = [-0, 0, 1e-45, -1e-45, 1.1754942e-38, 3.4028234663852886e38, -3.4028234663852886e38, 0.1, -12345.678];
    const map = field(3, 3, (i, j) => special[j * 3 + i]);
    for (const flip of [false, true]) {
      const back = parseR32(compileR32(map, { flip }), 'exact.r32', { flip });
      const asField = decodedToHeightfield(back, 'exact.r32');
      map.heights.forEach((h, k) => expect(Object.is(asField.heights[k], h)).toBe(true));
    }
  });

  it('writes float32 little-endian', () => {
    const bytes = compileR32(field(2, 2, () => 1));
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0, 0, 0x80, 0x3f]);
  });
});
