import { describe, expect, it } from 'vitest';
import { OVERLAY_ACTIVE } from '../palette/overlayPalette';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { waterTintImage } from './waterTint';

const SIDE = 9;
const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** A 5 × 5 lake (vertices 2…6) 0.5 m deep at its rim and 4 m deep in its middle, feature 1. */
function lake() {
  const heights = new Float32Array(SIDE * SIDE).fill(10);
  const water = createWaterSurface(SIDE * SIDE);
  const featureOf = new Int32Array(SIDE * SIDE);
  for (let j = 2; j <= 6; j++) {
    for (let i = 2; i <= 6; i++) {
      const v = j * SIDE + i;
      water.surface[v] = 10;
      heights[v] = i === 4 && j === 4 ? 6 : i === 2 || i === 6 || j === 2 || j === 6 ? 9.5 : 8;
      featureOf[v] = 1;
    }
  }
  return { heights, water, featureOf };
}

const pixel = (rgba: Uint8ClampedArray, i: number, j: number) => Array.from(rgba.subarray(4 * (j * SIDE + i), 4 * (j * SIDE + i) + 4));

describe('the selected river or lake in the 2D tint', () => {
  const { heights, water, featureOf } = lake();
  const plain = waterTintImage({ width: SIDE, depth: SIDE }, water, heights, featureOf, null).rgba;
  const selected = waterTintImage({ width: SIDE, depth: SIDE }, water, heights, featureOf, 1).rgba;

  it('outlines it in the colour every tool selects with, opaque', () => {
    for (const [i, j] of [
      [2, 2],
      [4, 2],
      [6, 5],
      [3, 6],
    ]) {
      const [r, g, b, a] = pixel(selected, i, j);
      expect(hex(r, g, b)).toBe(OVERLAY_ACTIVE);
      expect(a).toBe(255);
    }
  });

  it('keeps its inside water-coloured: still blue, deeper still darker, lighter than unselected', () => {
    const shallow = pixel(selected, 3, 3);
    const deep = pixel(selected, 4, 4);
    for (const [r, , b] of [shallow, deep]) expect(b).toBeGreaterThan(r);
    const luminance = ([r, g, b]: number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    expect(luminance(deep)).toBeLessThan(luminance(shallow));
    expect(luminance(shallow)).toBeGreaterThan(luminance(pixel(plain, 3, 3)));
    expect(luminance(deep)).toBeGreaterThan(luminance(pixel(plain, 4, 4)));
  });

  it('leaves the dry ground and other water as they were', () => {
    expect(pixel(selected, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(selected, 1, 4)[3]).toBe(0);
  });
});
