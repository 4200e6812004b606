/**
 * Sets of vertices, one bit each, 8 a byte (2 MB at 4097²): small enough to stay in cache, where a
 * byte per vertex (16 MB) did not. The flood's most frequent question is whether a neighbour is in
 * the set of reached vertices.
 */

/** All 8 neighbours' bits. */
const ALL_NEIGHBOURS = 0xff;

/** An empty set for `count` vertices. Two spare bytes at the end let a row of three be read at once. */
export function vertexBits(count: number): Uint8Array {
  return new Uint8Array((count >>> 3) + 2);
}

export function has(bits: Uint8Array, v: number): boolean {
  return ((bits[v >>> 3] >>> (v & 7)) & 1) !== 0;
}

export function add(bits: Uint8Array, v: number): void {
  bits[v >>> 3] |= 1 << (v & 7);
}

/** The three bits of vertices x, x + 1, x + 2 (bit 0 is x's). */
function rowOfThree(words: DataView, x: number): number {
  return (words.getUint16(x >>> 3, true) >>> (x & 7)) & 7;
}

/**
 * Bit k set: interior vertex v's neighbour k (grid.ts's order: +i, −i, +j, −j, then the diagonals
 * +i+j, −i−j, +i−j, −i+j) is not in the set (`words` views its bytes) of a grid `width` vertices wide.
 * Three reads of a row of three bits instead of eight reads.
 */
export function unreachedAround(words: DataView, v: number, width: number): number {
  const above = rowOfThree(words, v - width - 1);
  const side = rowOfThree(words, v - 1);
  const below = rowOfThree(words, v + width - 1);
  if ((above & below) === 7 && (side & 5) === 5) return 0;
  const reached =
    ((side >>> 2) & 1) |
    ((side & 1) << 1) |
    (((below >>> 1) & 1) << 2) |
    (((above >>> 1) & 1) << 3) |
    (((below >>> 2) & 1) << 4) |
    ((above & 1) << 5) |
    (((above >>> 2) & 1) << 6) |
    ((below & 1) << 7);
  return ~reached & ALL_NEIGHBOURS;
}
