import { describe, expect, it } from 'vitest';
import { float32FromLittleEndianBytes, float32LittleEndianBytes } from './bytes';

describe('float32 heights as little-endian bytes', () => {
  const values = new Float32Array([1.5, -0, -273.25, 3.4028234663852886e38]);
  const bytes = new Uint8Array(new Uint32Array([0x3fc00000, 0x80000000, 0xc388a000, 0x7f7fffff]).buffer);

  it('writes each value as its four bytes, least significant first', () => {
    expect(Array.from(float32LittleEndianBytes(values))).toEqual(Array.from(bytes));
    expect(Array.from(float32LittleEndianBytes(values.subarray(1, 3)))).toEqual(Array.from(bytes.subarray(4, 12)));
  });

  it('reads aligned bytes in place and bytes at an odd offset through a copy, the same values either way', () => {
    const aligned = float32FromLittleEndianBytes(bytes);
    expect(aligned.buffer).toBe(bytes.buffer);
    expect(Array.from(aligned)).toEqual(Array.from(values));
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const odd = shifted.subarray(1);
    const copied = float32FromLittleEndianBytes(odd);
    expect(copied.buffer).not.toBe(shifted.buffer);
    expect(Object.is(copied[1], -0)).toBe(true);
    expect(Array.from(copied)).toEqual(Array.from(values));
  });
});
