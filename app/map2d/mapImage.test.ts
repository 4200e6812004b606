import { describe, expect, it } from 'vitest';
import { createRandom } from '../../shared/random';
import { createHeightfield, heightRange, type Heightfield, type HeightRange } from '../../shared/terrain/heightfield';
import { randomField } from '../../shared/terrain/testing/surfaceReference';
import { HILLSHADE_REACH, shadeOf, writeMapImageRect, writeMapImageRows, type MapImageRect, type MapMode } from './mapImage';
import { writeMapImageRectReference } from './testing/mapImageReference';

function rampField() {
  const field = createHeightfield(9, 5, 1);
  for (let j = 0; j < 5; j++) for (let i = 0; i < 9; i++) field.heights[j * 9 + i] = i * 10 + j;
  return field;
}

describe('heightmap image', () => {
  it('grayscale puts row j at image row j, black lowest and white highest', () => {
    const field = rampField();
    const pixels = new Uint8ClampedArray(9 * 5 * 4);
    writeMapImageRows(field, pixels, 'grayscale', heightRange(field.heights));
    expect(pixels[0]).toBe(0);
    expect(pixels[(4 * 9 + 8) * 4]).toBe(255);
    // Image row 1 starts with vertex (0, 1): one step above the minimum.
    expect(pixels[9 * 4]).toBe(Math.round((1 / 84) * 255));
    expect(pixels[3]).toBe(255);
  });

  it('only writes the requested rows', () => {
    const field = rampField();
    const pixels = new Uint8ClampedArray(9 * 5 * 4);
    writeMapImageRows(field, pixels, 'hypsometric', heightRange(field.heights), 2, 3);
    expect(pixels.subarray(0, 2 * 9 * 4).every((v) => v === 0)).toBe(true);
    expect(pixels.subarray(3 * 9 * 4).every((v) => v === 0)).toBe(true);
    expect(pixels.subarray(2 * 9 * 4, 3 * 9 * 4).some((v) => v !== 0)).toBe(true);
  });

  it('hillshades: slopes facing the north-west light are brighter than those facing away', () => {
    const field = createHeightfield(5, 5, 1);
    const facingLight = new Uint8ClampedArray(100);
    // Heights rise toward +x: the slope faces −x, toward the light.
    for (let k = 0; k < 25; k++) field.heights[k] = (k % 5) * 0.5;
    writeMapImageRows(field, facingLight, 'hypsometric', { min: 0, max: 100 });
    const away = new Uint8ClampedArray(100);
    for (let k = 0; k < 25; k++) field.heights[k] = (4 - (k % 5)) * 0.5;
    writeMapImageRows(field, away, 'hypsometric', { min: 0, max: 100 });
    // Both centres are 1.0 m high, so they share a ramp colour and differ only by shade.
    expect(facingLight[12 * 4 + 1]).toBeGreaterThan(away[12 * 4 + 1]);
  });
});

describe('heightmap image equals the plain per-pixel formula byte for byte', () => {
  const modes = ['hypsometric', 'grayscale'] as const;
  const reference = (field: Heightfield, mode: MapMode, range: HeightRange, rect: MapImageRect) => {
    const pixels = new Uint8ClampedArray((rect.i1 - rect.i0) * (rect.j1 - rect.j0) * 4);
    writeMapImageRectReference(field, pixels, mode, range, rect);
    return pixels;
  };
  const fast = (field: Heightfield, mode: MapMode, range: HeightRange, rect: MapImageRect) => {
    const pixels = new Uint8ClampedArray((rect.i1 - rect.i0) * (rect.j1 - rect.j0) * 4);
    writeMapImageRect(field, pixels, mode, range, rect);
    return pixels;
  };
  const whole = (field: Heightfield): MapImageRect => ({ i0: 0, j0: 0, i1: field.width, j1: field.depth });
  const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

  it.each([
    [2, 2, 1],
    [3, 2, 1],
    [2, 7, 0.5],
    [17, 13, 1],
    [64, 33, 1.5],
    [129, 129, 2],
    [257, 200, 0.3],
    [300, 97, 4],
  ])('whole map %i × %i at %f m, both modes, own range and a range the heights exceed', (width, depth, cellSize) => {
    const field = randomField(width, depth, cellSize, width * 31 + depth, 60);
    for (const mode of modes)
      for (const range of [heightRange(field.heights), { min: -5, max: 7.25 }]) {
        expect(same(fast(field, mode, range, whole(field)), reference(field, mode, range, whole(field))), `${mode} ${range.min}..${range.max}`).toBe(true);
      }
  });

  it('on a flat map, a flat range and an inverted range', () => {
    const field = createHeightfield(23, 19, 1);
    field.heights.fill(12.5);
    for (const mode of modes)
      for (const range of [heightRange(field.heights), { min: 3, max: 3 }, { min: 9, max: 2 }]) {
        expect(same(fast(field, mode, range, whole(field)), reference(field, mode, range, whole(field)))).toBe(true);
      }
  });

  it('on steep, smooth, huge and tiny height differences, where shading and rounding ties are likeliest', () => {
    const random = createRandom(3);
    for (const [scale, cellSize] of [
      [1e-6, 1],
      [0.25, 1],
      [1000, 1],
      [1e7, 0.5],
      [1, 0.1],
    ] as const) {
      const field = createHeightfield(41, 37, cellSize);
      // Quantised heights make equal neighbours, exact halves and zero slopes common.
      for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.round(random.next() * 16) * scale;
      for (const mode of modes) {
        const range = heightRange(field.heights);
        expect(same(fast(field, mode, range, whole(field)), reference(field, mode, range, whole(field))), `scale ${scale}`).toBe(true);
      }
    }
  });

  it('for rectangles anywhere, on the map border or not, including one-pixel ones', () => {
    const random = createRandom(5);
    const field = randomField(70, 45, 1, 8, 30);
    const range = heightRange(field.heights);
    const pick = (n: number) => Math.floor(random.next() * n);
    for (let n = 0; n < 200; n++) {
      const i0 = n % 4 === 0 ? 0 : pick(field.width);
      const j0 = n % 5 === 0 ? 0 : pick(field.depth);
      const i1 = n % 3 === 0 ? field.width : i0 + 1 + pick(field.width - i0);
      const j1 = n % 7 === 0 ? field.depth : j0 + 1 + pick(field.depth - j0);
      const rect = { i0, j0, i1, j1 };
      for (const mode of modes) expect(same(fast(field, mode, range, rect), reference(field, mode, range, rect)), JSON.stringify(rect)).toBe(true);
    }
  });

  it('into a pixel view that does not start on a 4-byte boundary', () => {
    const field = randomField(19, 11, 1, 2, 10);
    const range = heightRange(field.heights);
    for (const mode of modes) {
      const backing = new Uint8ClampedArray(19 * 11 * 4 + 1);
      const pixels = backing.subarray(1);
      writeMapImageRect(field, pixels, mode, range, whole(field));
      expect(same(pixels, reference(field, mode, range, whole(field)))).toBe(true);
      expect(backing[0]).toBe(0);
    }
  });
});

describe('hillshade', () => {
  it('draws a single fault step as a soft band a few pixels wide, not a one-pixel scratch', () => {
    // A flat 1 m grid with a 1 m step between columns 15 and 16 (a late, small fault).
    const field = createHeightfield(32, 8, 1);
    for (let j = 0; j < 8; j++) for (let i = 16; i < 32; i++) field.heights[j * 32 + i] = 1;
    const flat = shadeOf(0, 0);
    const shades = Array.from({ length: 32 }, (_, i) => {
      const dhdx =
        0.25 * ((i === 15 || i === 16 ? 1 : 0) / 2) + 0.75 * ((i >= 16 - HILLSHADE_REACH && i < 16 + HILLSHADE_REACH ? 1 : 0) / (2 * HILLSHADE_REACH));
      return shadeOf(dhdx, 0);
    });
    const changed = shades.map((s, i) => [i, s] as const).filter(([, s]) => Math.abs(s - flat) > 1e-9);
    // The band spans the hillshade's reach on both sides of the step…
    expect(changed.map(([i]) => i)).toEqual(Array.from({ length: 2 * HILLSHADE_REACH }, (_, k) => 16 - HILLSHADE_REACH + k));
    // …and no pixel of it goes more than a tenth darker than flat ground.
    expect(Math.min(...changed.map(([, s]) => s))).toBeGreaterThan(0.9 * flat);
    // The pixels drawn are those shades over the ramp colour of each height.
    const pixels = new Uint8ClampedArray(32 * 8 * 4);
    writeMapImageRows(field, pixels, 'hypsometric', { min: 0, max: 1 });
    const row = 4 * 32 * 4;
    // Both columns are at height 0 (one ramp colour): their green differs by the ratio of their shades.
    expect(Math.abs(pixels[row + 14 * 4 + 1] / pixels[row + 2 * 4 + 1] - shades[14] / flat)).toBeLessThan(0.02);
    expect(shades[14]).not.toBeCloseTo(flat, 3);
  });
});
