import { describe, expect, it } from 'vitest';
import { createRandom } from '../../shared/random';
import { alignToBlocks, downsampleLevels, downsampleRect, mipFactorForScale, mipLevelSize } from './mapMipLevels';

/** Random RGBA bytes of a width × height image. */
function randomImage(width: number, height: number, seed: number): Uint8ClampedArray {
  const random = createRandom(seed);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let k = 0; k < pixels.length; k++) pixels[k] = Math.floor(random.next() * 256);
  return pixels;
}

describe('map mip levels', () => {
  it('average each block of factor² pixels, fewer at the image end, rounding halves up', () => {
    const width = 10;
    const height = 7;
    const pixels = randomImage(width, height, 1);
    const rect = { i0: 0, j0: 0, i1: width, j1: height };
    // From a view that does not start on a 4-byte boundary too.
    const offset = new Uint8ClampedArray(pixels.length + 1);
    offset.set(pixels, 1);
    const levels = [
      ...[2, 4, 16].map((factor) => downsampleRect(pixels, rect, factor)),
      ...downsampleLevels(pixels, rect, [2, 4, 8]),
      ...downsampleLevels(offset.subarray(1), rect, [4, 16]),
    ];
    for (const level of levels) {
      const factor = level.factor;
      expect([level.width, level.height]).toEqual([Math.ceil(width / factor), Math.ceil(height / factor)]);
      for (let J = 0; J < level.height; J++)
        for (let I = 0; I < level.width; I++)
          for (let c = 0; c < 4; c++) {
            const values: number[] = [];
            for (let y = J * factor; y < Math.min(height, (J + 1) * factor); y++)
              for (let x = I * factor; x < Math.min(width, (I + 1) * factor); x++) values.push(pixels[(y * width + x) * 4 + c]);
            const mean = values.reduce((a, b) => a + b, 0) / values.length;
            expect(level.pixels[(J * level.width + I) * 4 + c], `factor ${factor} (${I}, ${J})`).toBe(Math.round(mean));
          }
    }
  });

  it("of an aligned rectangle equal the same part of the whole image's level", () => {
    const width = 70;
    const height = 45;
    const pixels = randomImage(width, height, 2);
    const whole = downsampleRect(pixels, { i0: 0, j0: 0, i1: width, j1: height }, 4);
    const rect = alignToBlocks({ i0: 21, j0: 9, i1: 67, j1: 45 }, 4, { i0: 0, j0: 0, i1: width, j1: height });
    expect(rect).toEqual({ i0: 20, j0: 8, i1: 68, j1: 45 });
    const part = new Uint8ClampedArray((rect.i1 - rect.i0) * (rect.j1 - rect.j0) * 4);
    for (let y = rect.j0; y < rect.j1; y++)
      part.set(pixels.subarray((y * width + rect.i0) * 4, (y * width + rect.i1) * 4), (y - rect.j0) * (rect.i1 - rect.i0) * 4);
    const level = downsampleRect(part, rect, 4);
    expect([level.i0, level.j0]).toEqual([5, 2]);
    for (let J = 0; J < level.height; J++)
      for (let I = 0; I < level.width; I++) {
        const at = ((level.j0 + J) * whole.width + level.i0 + I) * 4;
        expect(Array.from(level.pixels.subarray((J * level.width + I) * 4, (J * level.width + I) * 4 + 4))).toEqual(
          Array.from(whole.pixels.subarray(at, at + 4)),
        );
      }
    expect(() => downsampleRect(part, { i0: 2, j0: 0, i1: 10, j1: 4 }, 4)).toThrow(/multiple of 4/);
  });

  it('grow rectangles to whole blocks inside their tile', () => {
    const tile = { i0: 512, j0: 0, i1: 1024, j1: 512 };
    expect(alignToBlocks({ i0: 512, j0: 99, i1: 513, j1: 201 }, 16, tile)).toEqual({ i0: 512, j0: 96, i1: 528, j1: 208 });
    expect(alignToBlocks({ i0: 1000, j0: 500, i1: 1024, j1: 512 }, 16, tile)).toEqual({ i0: 992, j0: 496, i1: 1024, j1: 512 });
    expect(mipLevelSize(8193, 4097, 16)).toEqual({ width: 513, depth: 257 });
  });

  it('draw from the coarsest level with at least one level pixel per device pixel', () => {
    expect(mipFactorForScale(2.3)).toBe(1);
    expect(mipFactorForScale(1)).toBe(1);
    expect(mipFactorForScale(0.5)).toBe(1);
    expect(mipFactorForScale(0.25)).toBe(4);
    expect(mipFactorForScale(0.1)).toBe(4);
    // The whole 8193² map in a 700 px panel.
    expect(mipFactorForScale(684 / 8193)).toBe(4);
    expect(mipFactorForScale(1 / 16)).toBe(16);
    expect(mipFactorForScale(1 / 64)).toBe(16);
  });
});
