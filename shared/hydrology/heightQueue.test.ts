import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { HeightQueue } from './heightQueue';
import { ReferenceHeightQueue } from './testing/referenceHeightQueue';

/** Float32 heights for vertices 0 … count − 1: few distinct values, so many ties, with 0 and −0 among them. */
function tiedHeights(count: number, seed: number): Float32Array {
  const random = createRandom(seed);
  const values = [-0, 0, -2.5, 1 / 3, 7, 7.25, -1e-3, 1e-3, 120];
  const heights = new Float32Array(count);
  for (let v = 0; v < count; v++) heights[v] = values[Math.floor(random.next() * values.length)];
  return heights;
}

/** Pushes every vertex in a seeded random order, popping now and then as the flood does; returns the pops. */
function drain(queue: { push(v: number, h: number): void; readonly size: number }, pop: () => number, heights: Float32Array, seed: number): number[] {
  const random = createRandom(seed);
  const order = Array.from(heights.keys());
  for (let k = order.length - 1; k > 0; k--) {
    const r = Math.floor(random.next() * (k + 1));
    [order[k], order[r]] = [order[r], order[k]];
  }
  const popped: number[] = [];
  for (const v of order) {
    queue.push(v, heights[v]);
    if (random.next() < 0.3) popped.push(pop());
  }
  while (queue.size > 0) popped.push(pop());
  return popped;
}

describe('the flood’s height queue', () => {
  it('hands out every vertex once, lowest height first while nothing lower is pushed, −0 and 0 as equals', () => {
    const count = 20_000;
    const random = createRandom(7);
    const heights = new Float32Array(count);
    for (let v = 0; v < count; v++) heights[v] = Math.fround((random.next() - 0.3) * 500);
    heights[3] = -0;
    heights[4] = 0;
    const queue = new HeightQueue(count, Math.min(...heights), Math.max(...heights));
    for (let v = 0; v < count; v++) queue.push(v, heights[v]);
    const popped: number[] = [];
    while (queue.size > 0) popped.push(queue.pop());
    // The heights sorted: a closed form for the order (ties aside; + 0 makes −0 and 0 one value).
    expect(popped.map((v) => heights[v] + 0)).toEqual([...heights].sort((a, b) => a - b).map((h) => h + 0));
    expect(new Set(popped).size).toBe(count);
  });

  it('tells the height of the vertex it hands out next', () => {
    const heights = tiedHeights(5000, 3);
    const queue = new HeightQueue(heights.length, -2.5, 120);
    for (let v = 0; v < heights.length; v++) queue.push(v, heights[v]);
    while (queue.size > 0) {
      const key = queue.nextKey();
      expect(Object.is(key, heights[queue.pop()])).toBe(true);
    }
  });

  it('takes a vertex lower than the last it handed out (a traced slope below the flood’s level) at once', () => {
    const heights = Float32Array.from([5, 1, 9, 3, 2]);
    const queue = new HeightQueue(heights.length, 1, 9);
    queue.push(0, heights[0]);
    queue.push(2, heights[2]);
    expect(queue.pop()).toBe(0);
    queue.push(1, heights[1]);
    queue.push(4, heights[4]);
    queue.push(3, heights[3]);
    expect([queue.pop(), queue.pop(), queue.pop(), queue.pop()]).toEqual([1, 4, 3, 2]);
  });

  it('orders a map of one height (no spread to bucket by)', () => {
    const queue = new HeightQueue(100, 4, 4);
    for (let v = 0; v < 100; v++) queue.push(v, 4);
    const popped: number[] = [];
    while (queue.size > 0) popped.push(queue.pop());
    expect([...popped].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, v) => v));
  });

  // The flood's ε drainage depends on the order of equal heights: it must stay the order the flood has
  // always had (the queue it replaced, kept in testing/), across block growth and the reuse of freed blocks.
  for (const [count, seed] of [
    [300, 1],
    [40_000, 2],
    [200_000, 3],
  ]) {
    it(`hands out equal heights in the order the queue it replaced did (${count} vertices, seed ${seed})`, () => {
      const heights = tiedHeights(count, seed);
      const tuned = new HeightQueue(count, -2.5, 120);
      const reference = new ReferenceHeightQueue(count, -2.5, 120);
      const got = drain(tuned, () => tuned.pop(), heights, seed + 10);
      const expected = drain(reference, () => reference.pop(heights), heights, seed + 10);
      expect(got).toEqual(expected);
    });
  }
});
