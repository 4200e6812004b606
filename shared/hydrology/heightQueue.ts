/**
 * The flood's priority queue: vertices by height, smallest first, exactly. Heights are split into
 * buckets by value (a monotone bucket queue: the flood never asks for a height below the last it
 * took); a bucket waits as a linked list of blocks of vertices with their heights (a cache line each, so
 * draining it is not a chain of random reads), and only the current bucket is ordered, in a small
 * binary heap. So a push is O(1) and the heap stays small and in cache, however many vertices wait
 * (on rough ground half the map can).
 */
import { HeightHeap } from './minHeap';

/**
 * A block is one 64-byte cache line of 16 words: the block pushed to the same bucket before it (or
 * −1; on the free list, the next free block), how many entries it holds, then ENTRIES vertices and
 * their heights (float32 bits), so a push or a drain touches one line, not one in each of four arrays.
 */
const WORDS = 16;
const NEXT = 0;
const FILL = 1;
const IDS = 2;
const ENTRIES = 7;
const KEYS = IDS + ENTRIES;

/** The most buckets a queue has. */
export const HEIGHT_QUEUE_MAX_BUCKETS = 1 << 18;
/** How many buckets a queue for `count` vertices has. */
export const heightQueueBuckets = (count: number): number => Math.max(64, Math.min(HEIGHT_QUEUE_MAX_BUCKETS, count));

export class HeightQueue {
  /** Per bucket, its newest block, or −1. */
  private readonly newest: Int32Array;
  private words = new Int32Array(WORDS << 10);
  /** The same memory: the entries' heights (the heap's keys, so draining reads no heights). */
  private keys = new Float32Array(this.words.buffer);
  private blocks = 0;
  private free = -1;
  private readonly current = new HeightHeap();
  private readonly low: number;
  private readonly scale: number;
  private bucket = -1;
  private waiting = 0;

  /** For vertices 0 … count − 1 whose heights lie in [low, high]. */
  constructor(count: number, low: number, high: number) {
    const buckets = heightQueueBuckets(count);
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
    if (block < 0 || this.words[block * WORDS + FILL] === ENTRIES) {
      const older = block;
      block = this.allocate();
      this.words[block * WORDS + NEXT] = older;
      this.words[block * WORDS + FILL] = 0;
      this.newest[b] = block;
    }
    const base = block * WORDS;
    const fill = this.words[base + FILL]++;
    this.words[base + IDS + fill] = v;
    this.keys[base + KEYS + fill] = height;
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
    const { words, keys } = this;
    while (this.current.size === 0) {
      const b = ++this.bucket;
      // Newest first, as a bucket was always drained: the heap's order among equal heights (and so
      // the flood's ε steps) depends on the order its entries arrive in. (So does not the size of a block.)
      for (let block = this.newest[b]; block >= 0;) {
        const base = block * WORDS;
        for (let e = words[base + FILL] - 1; e >= 0; e--) this.current.push(words[base + IDS + e], keys[base + KEYS + e]);
        const older = words[base + NEXT];
        words[base + NEXT] = this.free;
        this.free = block;
        block = older;
      }
      this.newest[b] = -1;
    }
  }

  private allocate(): number {
    if (this.free >= 0) {
      const block = this.free;
      this.free = this.words[block * WORDS + NEXT];
      return block;
    }
    if (this.blocks * WORDS === this.words.length) {
      const grown = new Int32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
      this.keys = new Float32Array(grown.buffer);
    }
    return this.blocks++;
  }
}
