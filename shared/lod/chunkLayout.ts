/**
 * How a heightfield is cut into LOD chunks: square blocks of `chunkCells` cells (the last column
 * and row may be narrower). Chunk (cx, cz) covers vertices [i0, i1] × [j0, j1] inclusive, so
 * neighbouring chunks share their edge vertices. Level L draws every 2^L-th vertex; a chunk only
 * has the levels whose step divides both of its extents.
 */
export const DEFAULT_CHUNK_CELLS = 64;

export interface ChunkLayout {
  /** Map vertices along x and z. */
  readonly width: number;
  readonly depth: number;
  readonly cellSize: number;
  readonly chunkCells: number;
  readonly chunksX: number;
  readonly chunksZ: number;
  /** Levels 0..levelCount−1 exist for full chunks (step 1 .. chunkCells). */
  readonly levelCount: number;
}

export interface ChunkBounds {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

export function createChunkLayout(width: number, depth: number, cellSize: number, chunkCells = DEFAULT_CHUNK_CELLS): ChunkLayout {
  if (!Number.isInteger(Math.log2(chunkCells)) || chunkCells < 1) throw new RangeError(`chunk size must be a power of two, got ${chunkCells}`);
  return {
    width,
    depth,
    cellSize,
    chunkCells,
    chunksX: Math.ceil((width - 1) / chunkCells),
    chunksZ: Math.ceil((depth - 1) / chunkCells),
    levelCount: Math.log2(chunkCells) + 1,
  };
}

export function chunkCount(layout: ChunkLayout): number {
  return layout.chunksX * layout.chunksZ;
}

export function chunkBounds(layout: ChunkLayout, cx: number, cz: number): ChunkBounds {
  const i0 = cx * layout.chunkCells;
  const j0 = cz * layout.chunkCells;
  return { i0, j0, i1: Math.min(i0 + layout.chunkCells, layout.width - 1), j1: Math.min(j0 + layout.chunkCells, layout.depth - 1) };
}

/** Coarsest level whose step divides both extents of the chunk. */
export function chunkMaxLevel(layout: ChunkLayout, cx: number, cz: number): number {
  const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
  let level = 0;
  while (level + 1 < layout.levelCount) {
    const step = 2 ** (level + 1);
    if ((i1 - i0) % step !== 0 || (j1 - j0) % step !== 0) break;
    level++;
  }
  return level;
}
