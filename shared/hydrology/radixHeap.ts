/**
 * A monotone priority queue of vertices by float32 key (a radix heap, Ahuja, Mehlhorn, Orlin & Tarjan
 * 1990): a key is never pushed below the last one popped, as in a flood. Keys are float32s mapped to
 * uint32s in the same order; an entry waits in the bucket of the highest bit in which its key differs
 * from the last popped, so a push is an append, and an entry moves to a lower bucket at most 32 times.
 * Entries whose vertex is already in a `done` set are dropped when their bucket is split, without
 * being moved again: in the flood almost every entry is such a stale one.
 * Equal keys come out in an order fixed by the sequence of pushes and pops, so a flood is deterministic.
 */

const float = new Float32Array(1);
const word = new Uint32Array(float.buffer);

/** An unsigned 32-bit key in the order of float32 `h` (finite; −0 just below +0). */
export function orderedBits(h: number): number {
  float[0] = h;
  const b = word[0];
  return (b & 0x80000000) !== 0 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
}

/** The float32 whose ordered bits are `key`. */
export function fromOrderedBits(key: number): number {
  word[0] = (key & 0x80000000) !== 0 ? key & 0x7fffffff : ~key;
  return float[0];
}

/** Bucket 0 holds keys equal to the last popped; bucket b, keys whose highest bit differing from it is b − 1. */
const BUCKETS = 33;

export class RadixHeap {
  private readonly ids: Int32Array[] = [];
  private readonly keys: Uint32Array[] = [];
  private readonly fill = new Int32Array(BUCKETS);
  /** Ordered bits of the last key popped (or of the least key once a bucket is split). */
  private last = 0;
  private waiting = 0;
  private readonly done: Uint8Array;

  /** `done`: a vertex bit set (vertexBits.ts); an entry for a vertex in it is stale. */
  constructor(done: Uint8Array) {
    this.done = done;
    for (let b = 0; b < BUCKETS; b++) {
      this.ids.push(new Int32Array(64));
      this.keys.push(new Uint32Array(64));
    }
  }

  /** Entries waiting, stale ones included until their bucket is split. */
  get size(): number {
    return this.waiting;
  }

  /** Vertex `v` with the ordered bits `key` of its key, never below the last popped. */
  push(v: number, key: number): void {
    const x = key ^ this.last;
    this.append(x === 0 ? 0 : 32 - Math.clz32(x), v, key);
    this.waiting++;
  }

  /**
   * The ordered bits of the least key waiting, or −1 when nothing does. The vertex `pop` returns next
   * has it; it may be done already (an entry is checked when its bucket is split, not after).
   */
  nextKey(): number {
    while (this.fill[0] === 0) {
      if (this.waiting === 0) return -1;
      this.split();
    }
    return this.last;
  }

  /** A vertex with the least key (call `nextKey` first: it must not have answered −1). */
  pop(): number {
    this.waiting--;
    return this.ids[0][--this.fill[0]];
  }

  private append(b: number, v: number, key: number): void {
    const at = this.fill[b]++;
    if (at === this.ids[b].length) {
      const ids = new Int32Array(at * 2);
      ids.set(this.ids[b]);
      this.ids[b] = ids;
      const keys = new Uint32Array(at * 2);
      keys.set(this.keys[b]);
      this.keys[b] = keys;
    }
    this.ids[b][at] = v;
    this.keys[b][at] = key;
  }

  /** Empties the lowest non-empty bucket into lower ones, from its least key, dropping stale entries. */
  private split(): void {
    let b = 1;
    while (this.fill[b] === 0) b++;
    const ids = this.ids[b];
    const keys = this.keys[b];
    const n = this.fill[b];
    let low = keys[0];
    for (let e = 1; e < n; e++) if (keys[e] < low) low = keys[e];
    this.last = low;
    this.fill[b] = 0;
    const done = this.done;
    for (let e = 0; e < n; e++) {
      const v = ids[e];
      if (((done[v >>> 3] >>> (v & 7)) & 1) !== 0) {
        this.waiting--;
        continue;
      }
      const x = keys[e] ^ low;
      this.append(x === 0 ? 0 : 32 - Math.clz32(x), v, keys[e]);
    }
  }
}
