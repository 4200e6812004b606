/**
 * A kept layer result held mostly by another array of the map's size (the target: the editor's
 * document heights), where the two are equal. The local layers above the layer engine's anchor
 * change a few blocks of the map; elsewhere the anchor's result and the document's heights are the
 * same bits, so holding both costs a whole map (64 MiB at 4097²) for nothing. The blocks that differ
 * are kept packed, one small array each; the result's own array (what readers index) is allocated
 * fresh and untouched, so its pages become resident only where blocks are taken into it (`take`)
 * before they are read or the target is written there. Each block left in the target keeps a hash
 * of its bits, checked when it is taken: a write nobody told about loses the result instead of
 * corrupting it.
 */
import type { LayerSize, Rect } from './types';

/** Side of the blocks a result is split into. */
export const BACKED_BLOCK = 64;

export class TargetBackedResult {
  private readonly columns: number;
  /** Per block: 1 while its bits are the target's (not copied into `own`). */
  private readonly inTarget: Uint8Array;
  private readonly hashes: Uint32Array;
  /** Blocks that differ from the target, packed row by row, until taken into `own`. */
  private readonly packed = new Map<number, Float32Array>();
  private left: number;

  private constructor(
    /** The result's own array: right in every block not left in the target. */
    readonly own: Float32Array,
    readonly target: Float32Array,
    private readonly size: LayerSize,
  ) {
    this.columns = Math.ceil(size.width / BACKED_BLOCK);
    const blocks = this.columns * Math.ceil(size.depth / BACKED_BLOCK);
    this.inTarget = new Uint8Array(blocks);
    this.hashes = new Uint32Array(blocks);
    this.left = 0;
  }

  /** `result` (not kept after this) split against `target`: the blocks that differ are copied into a new array. */
  static split(result: Float32Array, target: Float32Array, size: LayerSize): TargetBackedResult {
    const count = size.width * size.depth;
    if (result.length !== count || target.length !== count) throw new RangeError(`a backed result needs two maps of ${count} heights`);
    if (result === target) throw new RangeError('a result cannot be backed by itself');
    const backed = new TargetBackedResult(new Float32Array(count), target, size);
    const a = bitsOf(result);
    const b = bitsOf(target);
    backed.forBlocks(wholeOf(size), (block, rect) => {
      if (sameBits(a, b, size.width, rect)) {
        backed.inTarget[block] = 1;
        backed.hashes[block] = hashBits(b, size.width, rect);
        backed.left++;
      } else backed.packed.set(block, packRect(result, size.width, rect));
    });
    return backed;
  }

  /** Blocks whose bits are still the target's. */
  get blocksInTarget(): number {
    return this.left;
  }

  /** Blocks still packed (not yet in `own`). */
  get blocksPacked(): number {
    return this.packed.size;
  }

  /** Blocks the result holds in its own array. */
  get blocksHeld(): number {
    return this.inTarget.length - this.left;
  }

  /** Whether every block left in the target still holds the bits it left there. */
  intact(): boolean {
    if (this.left === 0) return true;
    const target = bitsOf(this.target);
    let intact = true;
    this.forBlocks(wholeOf(this.size), (block, blockRect) => {
      if (intact && this.inTarget[block] === 1 && hashBits(target, this.size.width, blockRect) !== this.hashes[block]) intact = false;
    });
    return intact;
  }

  /** The whole result in a new array (the backing unchanged); null when a block left in the target changed there. */
  whole(): Float32Array | null {
    const whole = this.target.slice();
    const target = bitsOf(this.target);
    let intact = true;
    this.forBlocks(wholeOf(this.size), (block, blockRect) => {
      if (!intact) return;
      const packed = this.packed.get(block);
      if (packed) unpackRect(packed, whole, this.size.width, blockRect);
      else if (this.inTarget[block] === 0) copyRect(this.own, whole, this.size.width, blockRect);
      else if (hashBits(target, this.size.width, blockRect) !== this.hashes[block]) intact = false;
    });
    return intact ? whole : null;
  }

  /**
   * Copies into `own` every block over `rect` still packed or left in the target, so that `own` is the result
   * there and the target may be written. False when a block's bits are no longer the ones it left
   * (the target was written without telling): the result is then not known there.
   */
  take(rect: Rect): boolean {
    const target = bitsOf(this.target);
    let intact = true;
    this.forBlocks(rect, (block, blockRect) => {
      const packed = this.packed.get(block);
      if (packed) {
        unpackRect(packed, this.own, this.size.width, blockRect);
        this.packed.delete(block);
      }
      if (!intact || this.inTarget[block] === 0) return;
      if (hashBits(target, this.size.width, blockRect) !== this.hashes[block]) {
        intact = false;
        return;
      }
      copyRect(this.target, this.own, this.size.width, blockRect);
      this.inTarget[block] = 0;
      this.left--;
    });
    return intact;
  }

  /** Calls `visit` with each block meeting `rect` (its index and its rectangle, clipped to the map). */
  private forBlocks(rect: Rect, visit: (block: number, blockRect: Rect) => void): void {
    const { width, depth } = this.size;
    if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) return;
    const bj1 = Math.ceil(Math.min(rect.j1, depth) / BACKED_BLOCK);
    const bi1 = Math.ceil(Math.min(rect.i1, width) / BACKED_BLOCK);
    for (let bj = Math.floor(Math.max(rect.j0, 0) / BACKED_BLOCK); bj < bj1; bj++) {
      for (let bi = Math.floor(Math.max(rect.i0, 0) / BACKED_BLOCK); bi < bi1; bi++) {
        const i0 = bi * BACKED_BLOCK;
        const j0 = bj * BACKED_BLOCK;
        visit(bj * this.columns + bi, { i0, j0, i1: Math.min(i0 + BACKED_BLOCK, width), j1: Math.min(j0 + BACKED_BLOCK, depth) });
      }
    }
  }
}

function wholeOf(size: LayerSize): Rect {
  return { i0: 0, j0: 0, i1: size.width, j1: size.depth };
}

function bitsOf(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

function sameBits(a: Uint32Array, b: Uint32Array, width: number, rect: Rect): boolean {
  for (let j = rect.j0; j < rect.j1; j++) {
    const row = j * width;
    for (let v = row + rect.i0; v < row + rect.i1; v++) if (a[v] !== b[v]) return false;
  }
  return true;
}

function packRect(from: Float32Array, width: number, rect: Rect): Float32Array {
  const cols = rect.i1 - rect.i0;
  const packed = new Float32Array(cols * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) packed.set(from.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * cols);
  return packed;
}

function unpackRect(packed: Float32Array, into: Float32Array, width: number, rect: Rect): void {
  const cols = rect.i1 - rect.i0;
  for (let j = rect.j0; j < rect.j1; j++) into.set(packed.subarray((j - rect.j0) * cols, (j - rect.j0 + 1) * cols), j * width + rect.i0);
}

function copyRect(from: Float32Array, into: Float32Array, width: number, rect: Rect): void {
  for (let j = rect.j0; j < rect.j1; j++) into.set(from.subarray(j * width + rect.i0, j * width + rect.i1), j * width + rect.i0);
}

/** FNV-1a over the block's 32-bit words (a check against writes nobody told about, not against an adversary). */
function hashBits(bits: Uint32Array, width: number, rect: Rect): number {
  let hash = 0x811c9dc5;
  for (let j = rect.j0; j < rect.j1; j++) {
    const row = j * width;
    for (let v = row + rect.i0; v < row + rect.i1; v++) hash = Math.imul(hash ^ bits[v], 0x01000193);
  }
  return hash >>> 0;
}
