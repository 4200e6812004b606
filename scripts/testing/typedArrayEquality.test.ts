import { describe, expect, it } from 'vitest';
import { typedArraysEqual } from './typedArrayEquality';

describe("toEqual on typed arrays (the set-up file's tester)", () => {
  it('is installed by the set-up file, once per worker', () => {
    expect((globalThis as { [key: symbol]: unknown })[Symbol.for('faultline.typedArraysEqual')]).toBe(true);
    const a = new Float32Array(257 * 257).map((_, i) => Math.sin(i));
    expect(a.slice()).toEqual(a);
  });

  it("keeps vitest's rule: same type, same length, each element Object.is", () => {
    expect(typedArraysEqual(new Float32Array([1, 2]), new Float32Array([1, 2]))).toBe(true);
    expect(typedArraysEqual(new Float32Array([1, 2]), new Float32Array([1, 3]))).toBe(false);
    expect(typedArraysEqual(new Float32Array([1, 2]), new Float32Array([1]))).toBe(false);
    expect(typedArraysEqual(new Float32Array([0]), new Float32Array([-0]))).toBe(false);
    expect(typedArraysEqual(new Float64Array([NaN]), new Float64Array([NaN]))).toBe(true);
    expect(typedArraysEqual(new BigInt64Array([1n]), new BigInt64Array([1n]))).toBe(true);
    // Another type, a DataView, or not a typed array: vitest decides.
    expect(typedArraysEqual(new Float32Array([1]), new Float64Array([1]))).toBeUndefined();
    expect(typedArraysEqual(new DataView(new ArrayBuffer(4)), new DataView(new ArrayBuffer(4)))).toBeUndefined();
    expect(typedArraysEqual([1], [1])).toBeUndefined();
    expect(new Float32Array([1, 2])).not.toEqual(new Float32Array([1, 3]));
    expect(new Float32Array([1])).not.toEqual(new Float64Array([1]));
    expect({ heights: new Uint8Array([1, 2]) }).toEqual({ heights: new Uint8Array([1, 2]) });
    expect({ heights: new Uint8Array([1, 2]) }).not.toEqual({ heights: new Uint8Array([2, 1]) });
  });
});
