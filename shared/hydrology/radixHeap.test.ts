import { describe, expect, it } from 'vitest';
import { fromOrderedBits, orderedBits, RadixHeap } from './radixHeap';
import { add, vertexBits } from './vertexBits';

/** Pops every entry that is not stale: [vertex, key] in the order they come out. */
function drain(heap: RadixHeap): [number, number][] {
  const out: [number, number][] = [];
  for (let key = heap.nextKey(); key >= 0; key = heap.nextKey()) out.push([heap.pop(), fromOrderedBits(key)]);
  return out;
}

describe('the radix heap', () => {
  it('orders float32 keys as numbers do, −0 just below +0, and maps them back exactly', () => {
    const values = [-3.5e38, -2, -1, -Math.fround(1e-40), -0, 0, Math.fround(1e-40), 1, Math.fround(1.1), 2, 3.4e38].map(Math.fround);
    const keys = values.map(orderedBits);
    for (let k = 1; k < keys.length; k++) expect(keys[k]).toBeGreaterThan(keys[k - 1]);
    for (let k = 0; k < values.length; k++) expect(Object.is(fromOrderedBits(keys[k]), values[k])).toBe(true);
  });

  it('hands out keys smallest first, pushes between pops never below the last popped', () => {
    const heap = new RadixHeap(vertexBits(4000));
    const pushed: number[] = [];
    let seed = 7;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 200 - 100;
    for (let v = 0; v < 2000; v++) {
      const key = Math.fround(next());
      pushed.push(key);
      heap.push(v, orderedBits(key));
    }
    const out: number[] = [];
    for (let round = 0; round < 1000; round++) {
      const key = fromOrderedBits(heap.nextKey());
      const v = heap.pop();
      expect(pushed[v]).toBe(key);
      out.push(key);
      // A new key at or above the last popped.
      const later = Math.fround(key + Math.abs(next()) / 10);
      pushed.push(later);
      heap.push(2000 + round, orderedBits(later));
    }
    out.push(...drain(heap).map(([, key]) => key));
    expect(out).toEqual([...pushed].sort((a, b) => a - b));
  });

  it('drops the entries of vertices that are done, and is empty when only those are left', () => {
    const done = vertexBits(10);
    const heap = new RadixHeap(done);
    for (let v = 0; v < 10; v++) heap.push(v, orderedBits(10 - v));
    for (const v of [9, 8, 5, 2]) add(done, v);
    expect(drain(heap).map(([v]) => v)).toEqual([7, 6, 4, 3, 1, 0]);
    expect(heap.nextKey()).toBe(-1);
    expect(heap.size).toBe(0);
  });
});
