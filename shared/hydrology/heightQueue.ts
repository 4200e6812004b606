/**
 * The flood's priority queue: vertices by height, smallest first, exactly. Heights are split into
 * buckets by value (a monotone bucket queue: the flood never asks for a height below the last it
 * took); a bucket waits as a linked list of blocks of vertices with their heights (contiguous, so
 * draining it is not a chain of random reads), and only the current bucket is ordered, in a small
 * binary heap. So a push is O(1) and the heap stays small and in cache, however many vertices wait
 * (on rough ground half the map can).
 */
import { HeightHeap } from './minHeap';

/** Entries per block of a bucket: a bucket is drained a block of contiguous entries at a time. */
const BLOCK = 8;

export class HeightQueue {
  /** Per bucket, its newest block, or −1. */
  private readonly newest: Int32Array;
  /** Per block, the block pushed to the same bucket before it, or −1; on the free list, the next free block. */
  private blockNext = new Int32Array(1 << 10);
  private blockFill = new Int32Array(1 << 10);
  /** Each block's entries: vertex and its height (the heap's key, so draining reads no heights). */
  private ids = new Int32Array(BLOCK << 10);
  private keys = new Float32Array(BLOCK << 10);
  private blocks = 0;
  private free = -1;
  private readonly current = new HeightHeap();
  private readonly low: number;
  private readonly scale: number;
  private bucket = -1;
  private waiting = 0;

  /** For vertices 0 … count − 1 whose heights lie in [low, high]. */
  constructor(count: number, low: number, high: number) {
    const buckets = Math.max(64, Math.min(1 << 18, count));
    this.newest = new Int32Array(buckets).fill(-1);
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
      return;
    }
    let block = this.newest[b];
    if (block < 0 || this.blockFill[block] === BLOCK) {
      const older = block;
      block = this.allocate();
      this.blockNext[block] = older;
      this.blockFill[block] = 0;
      this.newest[b] = block;
    }
    const at = block * BLOCK + this.blockFill[block]++;
    this.ids[at] = v;
    this.keys[at] = height;
  }

  /** The smallest height waiting (the queue must not be empty): the key of the vertex `pop` returns next. */
  nextKey(): number {
    this.fill();
    return this.current.peekKey();
  }

  /** The vertex with the smallest height (the queue must not be empty). */
  pop(): number {
    this.fill();
    this.waiting--;
    return this.current.pop();
  }

  /** Moves the next bucket into the heap while it is empty. */
  private fill(): void {
    while (this.current.size === 0) {
      const b = ++this.bucket;
      // Newest first, as a bucket was always drained: the heap's order among equal heights (and so
      // the flood's ε steps) depends on the order its entries arrive in.
      for (let block = this.newest[b]; block >= 0;) {
        const start = block * BLOCK;
        for (let at = start + this.blockFill[block] - 1; at >= start; at--) this.current.push(this.ids[at], this.keys[at]);
        const older = this.blockNext[block];
        this.blockNext[block] = this.free;
        this.free = block;
        block = older;
      }
      this.newest[b] = -1;
    }
  }

  private allocate(): number {
    if (this.free >= 0) {
      const block = this.free;
      this.free = this.blockNext[block];
      return block;
    }
    if (this.blocks === this.blockNext.length) {
      const grow = <T extends Int32Array | Float32Array>(a: T, make: (n: number) => T) => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.blockNext = grow(this.blockNext, (n) => new Int32Array(n));
      this.blockFill = grow(this.blockFill, (n) => new Int32Array(n));
      this.ids = grow(this.ids, (n) => new Int32Array(n));
      this.keys = grow(this.keys, (n) => new Float32Array(n));
    }
    return this.blocks++;
  }
}
