import { describe, expect, it } from 'vitest';
import { createUploadStore } from './uploads';

describe('upload store', () => {
  it('assembles the pieces in order and hands the bytes over once', () => {
    const store = createUploadStore();
    const id = store.begin(5);
    expect(store.append(id, 0, new Uint8Array([1, 2]))).toBe(2);
    expect(store.append(id, 2, new Uint8Array([3, 4, 5]))).toBe(5);
    expect([...store.take(id)]).toEqual([1, 2, 3, 4, 5]);
    expect(() => store.take(id)).toThrow(/unknown/);
    expect(store.open).toBe(0);
  });

  it('refuses more bytes than announced, and an incomplete upload', () => {
    const store = createUploadStore();
    const over = store.begin(2);
    expect(() => store.append(over, 0, new Uint8Array(3))).toThrow(/more than the 2 bytes/);
    expect(() => store.append(over, 0, new Uint8Array(1))).toThrow(/unknown/);
    const short = store.begin(4);
    store.append(short, 0, new Uint8Array(3));
    expect(() => store.take(short)).toThrow(/incomplete: 3 of 4 bytes/);
    expect(() => store.begin(-1)).toThrow(/whole number/);
    expect(() => store.begin(1.5)).toThrow(/whole number/);
  });

  it('keeps at most the newest uploads, so abandoned ones do not hold memory', () => {
    const store = createUploadStore(2);
    const first = store.begin(1);
    const second = store.begin(1);
    const third = store.begin(1);
    expect(store.open).toBe(2);
    expect(() => store.append(first, 0, new Uint8Array(1))).toThrow(/unknown or was replaced/);
    store.append(second, 0, new Uint8Array([7]));
    store.append(third, 0, new Uint8Array([9]));
    expect([...store.take(third)]).toEqual([9]);
    expect([...store.take(second)]).toEqual([7]);
  });

  it('drops the upload fed least recently, so one still being sent outlives an abandoned one', () => {
    const store = createUploadStore(2);
    const saving = store.begin(3);
    const abandoned = store.begin(3);
    store.append(abandoned, 0, new Uint8Array(1));
    store.append(saving, 0, new Uint8Array(1));
    store.begin(3);
    expect(() => store.append(abandoned, 1, new Uint8Array(1))).toThrow(/unknown or was replaced/);
    store.append(saving, 1, new Uint8Array(2));
    expect(store.take(saving)).toHaveLength(3);
  });

  it('refuses a piece that does not start where the previous one ended, and drops that upload', () => {
    const store = createUploadStore();
    const id = store.begin(6);
    store.append(id, 0, new Uint8Array([1, 2]));
    // Out of order (the third piece before the second), repeated, or overlapping: all refused.
    expect(() => store.append(id, 4, new Uint8Array([5, 6]))).toThrow(/piece for byte 4, but the next piece starts at byte 2; the upload was dropped/);
    expect(() => store.take(id)).toThrow(/unknown/);
    const again = store.begin(4);
    store.append(again, 0, new Uint8Array([1, 2]));
    expect(() => store.append(again, 0, new Uint8Array([1, 2]))).toThrow(/byte 0, but the next piece starts at byte 2/);
    const overlap = store.begin(4);
    store.append(overlap, 0, new Uint8Array([1, 2, 3]));
    expect(() => store.append(overlap, 2, new Uint8Array([3, 4]))).toThrow(/byte 2, but the next piece starts at byte 3/);
  });
});
