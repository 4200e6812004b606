import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { writeMapImageRows } from './mapImage';
import { MapTilePixels } from './mapTilePixels';
import { applySeaTint } from './seaTint';

/** Two rows of vertices at the given heights (the tests read the first). */
function row(heights: number[]) {
  const field = createHeightfield(heights.length, 2, 1);
  field.heights.set([...heights, ...heights]);
  return field;
}

const rectOf = (width: number) => ({ i0: 0, j0: 0, i1: width, j1: 1 });

describe('the sea in the 2D panel', () => {
  it('leaves the land above the sea level as it was, bit for bit', () => {
    const field = row([0, 0.5, 3, 40]);
    const pixels = new Uint8ClampedArray([10, 200, 30, 255, 90, 90, 90, 255, 0, 0, 0, 255, 255, 255, 255, 255]);
    const before = pixels.slice();
    applySeaTint(field, pixels, rectOf(4), 0);
    expect(pixels).toEqual(before);
  });

  it('shows deep water as the deep colour under the plane (#0d3a4f under 55 % of #2a6d8c), whatever the ground', () => {
    const field = row([-500, -500]);
    const pixels = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]);
    applySeaTint(field, pixels, rectOf(2), 0);
    // 0.45 · (13, 58, 79) + 0.55 · (42, 109, 140) = (28.95, 86.05, 112.55)
    const expected = [29, 86, 113];
    expect([...pixels.slice(0, 3)]).toEqual(expected);
    expect([...pixels.slice(4, 7)]).toEqual(expected);
    expect(pixels[3]).toBe(255);
  });

  it('lets the ground show through shallow water by e^(−depth / 6 m) of the 45 % the plane leaves', () => {
    // White and black ground 6 m down: their difference through the water is 255 · e^(−1) · 0.45 = 42.2.
    const field = row([-6, -6, -0.01, -0.01]);
    const pixels = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255]);
    applySeaTint(field, pixels, rectOf(4), 0);
    for (let c = 0; c < 3; c++) expect(Math.abs(pixels[c] - pixels[4 + c] - 255 * Math.exp(-1) * 0.45)).toBeLessThanOrEqual(1);
    // A centimetre down: 45 % of the ground (255 · 0.45 = 114.75 apart).
    for (let c = 0; c < 3; c++) expect(Math.abs(pixels[8 + c] - pixels[12 + c] - 255 * 0.45)).toBeLessThanOrEqual(1);
  });

  it('the image shows the sea in the natural and hypsometric modes, not in the plain heights, and only with a sea level', () => {
    const field = row([-10, -2, 2, 10]);
    const range = heightRange(field.heights);
    for (const mode of ['natural', 'hypsometric', 'grayscale'] as const) {
      const dry = new Uint8ClampedArray(16);
      const wet = new Uint8ClampedArray(16);
      writeMapImageRows(field, dry, mode, range, 0, 1);
      writeMapImageRows(field, wet, mode, range, 0, 1, null, undefined, 0);
      expect([...wet.slice(8)], mode).toEqual([...dry.slice(8)]);
      if (mode === 'grayscale') expect([...wet.slice(0, 8)]).toEqual([...dry.slice(0, 8)]);
      else expect([...wet.slice(0, 8)], mode).not.toEqual([...dry.slice(0, 8)]);
    }
  });

  it('a new sea level recolours the tiles, as a new mode does', () => {
    const field = row([-10, -2, 2, 10]);
    const tiles = new MapTilePixels({ now: () => 0, settleMs: 0 });
    tiles.update(field, { kind: 'all' }, 'natural');
    while (!tiles.upToDate) tiles.redrawSlice(field, 1e9);
    tiles.setSeaLevel(0);
    expect(tiles.upToDate).toBe(false);
  });
});
