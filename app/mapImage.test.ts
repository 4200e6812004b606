import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange } from '../shared/terrain/heightfield';
import { writeMapImageRows } from './mapImage';

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
