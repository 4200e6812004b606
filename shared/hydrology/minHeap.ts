/**
 * A binary min-heap of vertex indices keyed by float32 heights, in two typed arrays that grow by
 * doubling: no object per entry. Equal keys come out in an order fixed by the sequence of pushes
 * and pops, so a flood is deterministic.
 */
export class HeightHeap {
  private keys: Float32Array;
  private ids: Int32Array;
  private count = 0;

  constructor(capacity = 1 << 12) {
    this.keys = new Float32Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** The smallest key (the heap must not be empty). */
  peekKey(): number {
    return this.keys[0];
  }

  push(id: number, key: number): void {
    if (this.count === this.keys.length) this.grow();
    const keys = this.keys;
    const ids = this.ids;
    let at = this.count++;
    const k = Math.fround(key);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (keys[parent] <= k) break;
      keys[at] = keys[parent];
      ids[at] = ids[parent];
      at = parent;
    }
    keys[at] = k;
    ids[at] = id;
  }

  /** Removes and returns the index with the smallest key (the heap must not be empty). */
  pop(): number {
    const keys = this.keys;
    const ids = this.ids;
    const top = ids[0];
    const last = --this.count;
    const k = keys[last];
    const id = ids[last];
    let at = 0;
    const half = last >> 1;
    while (at < half) {
      let child = 2 * at + 1;
      if (child + 1 < last && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= k) break;
      keys[at] = keys[child];
      ids[at] = ids[child];
      at = child;
    }
    keys[at] = k;
    ids[at] = id;
    return top;
  }

  private grow(): void {
    const keys = new Float32Array(this.keys.length * 2);
    keys.set(this.keys);
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    this.keys = keys;
    this.ids = ids;
  }
}
