import { describe, expect, it } from 'vitest';
import type { BufferAttribute, BufferGeometry } from 'three';
import { chunkCount, chunkMaxLevel, createChunkLayout, type ChunkLayout } from '../../../shared/lod/chunkLayout';
import { chunkTriangleCount, writeChunkTriangles } from '../../../shared/lod/chunkTriangles';
import { createRandom } from '../../../shared/random';
import { buildBlockGeometry, GRID_ATTRIBUTE, releaseArraysOnUpload, type BlockRange } from './lodBlockGeometry';

const WIDTH = 529;
const DEPTH = 401;
const field = { width: WIDTH, depth: DEPTH, cellSize: 1.5 };
const layout = createChunkLayout(WIDTH, DEPTH, field.cellSize, 32);

/** Levels per chunk: each chunk's level drawn at random within what it has. */
function randomLevels(seed: number, finest = false): Uint8Array {
  const random = createRandom(seed);
  const levels = new Uint8Array(chunkCount(layout));
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) levels[cz * layout.chunksX + cx] = finest ? 0 : Math.floor(random.next() * (chunkMaxLevel(layout, cx, cz) + 1));
  }
  return levels;
}

/** The block's triangles as global vertex ids, straight from the chunk triangulation. */
function expectedIds(l: ChunkLayout, levels: Uint8Array, block: BlockRange): number[] {
  let count = 0;
  for (let cz = block.cz0; cz < block.cz1; cz++) for (let cx = block.cx0; cx < block.cx1; cx++) count += chunkTriangleCount(l, levels, cx, cz);
  const ids = new Uint32Array(count * 3);
  let offset = 0;
  for (let cz = block.cz0; cz < block.cz1; cz++) for (let cx = block.cx0; cx < block.cx1; cx++) offset = writeChunkTriangles(l, levels, cx, cz, ids, offset);
  return [...ids];
}

/** The geometry's triangles as global vertex ids, through its grid attribute; checks vertices are used and unique. */
function drawnIds(geometry: BufferGeometry): number[] {
  const grid = geometry.getAttribute(GRID_ATTRIBUTE) as BufferAttribute;
  const index = geometry.getIndex();
  if (!index) throw new Error('no index');
  const used = new Set<number>();
  const ids: number[] = [];
  for (let n = 0; n < index.count; n++) {
    const v = index.getX(n);
    used.add(v);
    ids.push(grid.getY(v) * WIDTH + grid.getX(v));
  }
  expect(used.size).toBe(grid.count);
  const distinct = new Set(Array.from({ length: grid.count }, (_, v) => grid.getY(v) * WIDTH + grid.getX(v)));
  expect(distinct.size).toBe(grid.count);
  return ids;
}

describe('buildBlockGeometry', () => {
  const blocks: BlockRange[] = [
    { cx0: 0, cz0: 0, cx1: 8, cz1: 8 },
    // The last column and row of chunks are narrower than the others.
    { cx0: 8, cz0: 8, cx1: layout.chunksX, cz1: layout.chunksZ },
  ];

  it('draws the chunk triangulation through block-local vertices, the same on every rebuild', () => {
    const sequence = [randomLevels(1), randomLevels(0, true), randomLevels(2), randomLevels(1)];
    for (const block of blocks) {
      const builds = sequence.map((levels) => {
        const ids = drawnIds(buildBlockGeometry(field, layout, levels, block));
        expect(ids).toEqual(expectedIds(layout, levels, block));
        return ids;
      });
      // The vertex table shared by builds leaves nothing behind: the same levels build the same block.
      expect(builds[3]).toEqual(builds[0]);
    }
  });

  it('sets each vertex at its grid position with the step of its chunk’s level', () => {
    const levels = randomLevels(3);
    const geometry = buildBlockGeometry(field, layout, levels, blocks[1]);
    const position = geometry.getAttribute('position') as BufferAttribute;
    const grid = geometry.getAttribute(GRID_ATTRIBUTE) as BufferAttribute;
    for (let v = 0; v < grid.count; v++) {
      const i = grid.getX(v);
      const j = grid.getY(v);
      expect(position.getX(v)).toBe(Math.fround((i - (WIDTH - 1) / 2) * field.cellSize));
      expect(position.getZ(v)).toBe(Math.fround((j - (DEPTH - 1) / 2) * field.cellSize));
      const cx = Math.min(layout.chunksX - 1, Math.floor(i / layout.chunkCells));
      const cz = Math.min(layout.chunksZ - 1, Math.floor(j / layout.chunkCells));
      expect(grid.getZ(v)).toBe(2 ** levels[cz * layout.chunksX + cx]);
    }
  });

  it('indexes with 16 bits when the block has at most 65,536 vertices, 32 bits above, the same triangles', () => {
    // Block 0 at full detail: 8 × 8 chunks of 32 cells, 257² = 66,049 vertices.
    const full = buildBlockGeometry(field, layout, randomLevels(0, true), blocks[0]);
    expect(full.getAttribute(GRID_ATTRIBUTE).count).toBeGreaterThan(0x10000);
    expect(full.getIndex()?.array).toBeInstanceOf(Uint32Array);
    const levels = randomLevels(4);
    const coarse = buildBlockGeometry(field, layout, levels, blocks[0]);
    expect(coarse.getAttribute(GRID_ATTRIBUTE).count).toBeLessThanOrEqual(0x10000);
    expect(coarse.getIndex()?.array).toBeInstanceOf(Uint16Array);
    expect(drawnIds(coarse)).toEqual(expectedIds(layout, levels, blocks[0]));
  });
});

describe('releaseArraysOnUpload', () => {
  it('empties every attribute and the index once uploaded, keeping counts and types', () => {
    const geometry = buildBlockGeometry(field, layout, randomLevels(5), { cx0: 0, cz0: 0, cx1: 4, cz1: 4 });
    const attributes = [geometry.getAttribute('position'), geometry.getAttribute(GRID_ATTRIBUTE), geometry.getIndex()] as BufferAttribute[];
    const before = attributes.map((a) => ({ count: a.count, type: a.array.constructor, length: a.array.length }));
    releaseArraysOnUpload(geometry);
    // Nothing is let go before three.js uploads.
    expect(attributes.map((a) => a.array.length)).toEqual(before.map((b) => b.length));
    // three.js calls each attribute's callback right after its bufferData (WebGLAttributes.createBuffer).
    for (const attribute of attributes) attribute.onUploadCallback();
    attributes.forEach((attribute, n) => {
      expect(attribute.array.length).toBe(0);
      expect(attribute.array.constructor).toBe(before[n].type);
      expect(attribute.count).toBe(before[n].count);
    });
    // The normal shares the position's buffer (see buildBlockGeometry): released with it.
    expect(geometry.getAttribute('normal').array.length).toBe(0);
  });
});
