/**
 * The flood's queue as it was before session 12's tuning, kept for referencePriorityFlood.ts.
 *
 * The flood's priority queue: vertices by height, smallest first, exactly. Heights are split into
 * buckets by value (a monotone bucket queue: the flood never asks for a height below the last it
 * took); a bucket waits as a linked list of vertices, one Int32 each, and only the current bucket is
 * ordered, in a small binary heap. So a push is O(1) and the heap stays small and in cache, however
 * many vertices wait (on rough ground half the map can).
 */
import { HeightHeap } from '../minHeap';

export class ReferenceHeightQueue {
  private readonly first: Int32Array;
  private readonly next: Int32Array;
  private readonly current = new HeightHeap();
  private readonly low: number;
  private readonly scale: number;
  private bucket = -1;
  private waiting = 0;

  /** For vertices 0 … count − 1 whose heights lie in [low, high]. */
  constructor(count: number, low: number, high: number) {
    const buckets = Math.max(64, Math.min(1 << 18, count));
    this.first = new Int32Array(buckets).fill(-1);
    this.next = new Int32Array(count);
    this.low = low;
    // Monotone in the height, so the buckets' order is the heights' order.
    this.scale = high > low ? (buckets - 1) / (high - low) : 0;
  }

  get size(): number {
    return this.waiting;
  }

  push(v: number, height: number): void {
    this.waiting++;
    const b = Math.floor((height - this.low) * this.scale);
    if (b <= this.bucket) {
      this.current.push(v, height);
    } else {
      this.next[v] = this.first[b];
      this.first[b] = v;
    }
  }

  /** The vertex with the smallest height (the queue must not be empty). */
  pop(heights: Float32Array): number {
    while (this.current.size === 0) {
      const b = ++this.bucket;
      for (let v = this.first[b]; v >= 0; v = this.next[v]) this.current.push(v, heights[v]);
      this.first[b] = -1;
    }
    this.waiting--;
    return this.current.pop();
  }
}
