import { BufferAttribute, BufferGeometry, IntType, Sphere, Vector3 } from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import type { ChunkLayout } from '../../../shared/lod/chunkLayout';
import { chunkTriangleCount, writeChunkTriangles, type ChunkLevels } from '../../../shared/lod/chunkTriangles';

/** A block: chunks [cx0, cx1) × [cz0, cz1), drawn as one mesh. */
export interface BlockRange {
  cx0: number;
  cz0: number;
  cx1: number;
  cz1: number;
}

/** Name of the per-vertex (i, j, step) attribute the LOD material reads. */
export const GRID_ATTRIBUTE = 'terrainGrid';

/** Block-local vertex numbers by slot, −1 where unused; every slot is −1 again after each build. */
let slotTable = new Int32Array(0);

function vertexSlotTable(slots: number): Int32Array {
  if (slotTable.length < slots) slotTable = new Int32Array(slots).fill(-1);
  return slotTable;
}

/**
 * Builds the geometry of one block of chunks at the selected levels: only the vertices the
 * triangles use, each with its x and z (y comes from the GPU height texture) and its grid
 * coordinates plus the step of the level of the chunk holding it (the shader's normal differences
 * use that step, so a vertex shared by two blocks gets the same normal in both). Heights are not
 * read: a height edit does not rebuild this geometry, only a change of levels does.
 */
export function buildBlockGeometry(
  field: Pick<Heightfield, 'width' | 'depth' | 'cellSize'>,
  layout: ChunkLayout,
  levels: ChunkLevels,
  block: BlockRange,
): BufferGeometry {
  let triangles = 0;
  for (let cz = block.cz0; cz < block.cz1; cz++) for (let cx = block.cx0; cx < block.cx1; cx++) triangles += chunkTriangleCount(layout, levels, cx, cz);
  const ids = new Uint32Array(triangles * 3);
  let offset = 0;
  for (let cz = block.cz0; cz < block.cz1; cz++)
    for (let cx = block.cx0; cx < block.cx1; cx++) offset = writeChunkTriangles(layout, levels, cx, cz, ids, offset);

  // Compact the global vertex ids to this block's own vertex list, through a table over the block's
  // vertex rectangle (a Map here cost tens of milliseconds for a full-detail block). The table is
  // shared by all builds and only the slots used are reset, so a coarse block costs its vertices,
  // not its area (8193²: 256 blocks of 513² slots each time every level changes).
  const { width: w, depth: d, cellSize: s } = field;
  const i0 = block.cx0 * layout.chunkCells;
  const j0 = block.cz0 * layout.chunkCells;
  const spanX = Math.min(block.cx1 * layout.chunkCells, w - 1) - i0 + 1;
  const spanZ = Math.min(block.cz1 * layout.chunkCells, d - 1) - j0 + 1;
  const local = vertexSlotTable(spanX * spanZ);
  const order = new Uint32Array(Math.min(ids.length, spanX * spanZ));
  let vertices = 0;
  const index = new Uint32Array(ids.length);
  for (let n = 0; n < ids.length; n++) {
    const id = ids[n];
    const i = id % w;
    const slot = ((id - i) / w - j0) * spanX + (i - i0);
    let v = local[slot];
    if (v < 0) {
      v = vertices++;
      local[slot] = v;
      order[v] = id;
    }
    index[n] = v;
  }
  const positions = new Float32Array(vertices * 3);
  const grid = new Int32Array(vertices * 3);
  const centreX = (w - 1) / 2;
  const centreZ = (d - 1) / 2;
  for (let n = 0; n < vertices; n++) {
    const k = order[n];
    const i = k % w;
    const j = (k - i) / w;
    local[(j - j0) * spanX + (i - i0)] = -1;
    const p = n * 3;
    // Same expressions as writePositions, so vertices sit exactly where the exact mesh has them.
    positions[p] = (i - centreX) * s;
    positions[p + 2] = (j - centreZ) * s;
    const cx = Math.min(layout.chunksX - 1, Math.floor(i / layout.chunkCells));
    const cz = Math.min(layout.chunksZ - 1, Math.floor(j / layout.chunkCells));
    grid[p] = i;
    grid[p + 1] = j;
    grid[p + 2] = 2 ** levels[cz * layout.chunksX + cx];
  }
  const geometry = new BufferGeometry();
  const position = new BufferAttribute(positions, 3);
  // 16-bit indices where the block's vertices allow (most blocks below full detail): half the index
  // memory on the GPU, the same triangles.
  const indices = vertices <= 0x10000 ? new Uint16Array(index) : index;
  geometry.setAttribute('position', position);
  // three.js shades a Lambert mesh without a normal attribute flat; the shader computes the normal,
  // so the position buffer stands in (no extra memory, never read as a normal).
  geometry.setAttribute('normal', position);
  const gridAttribute = new BufferAttribute(grid, 3);
  gridAttribute.gpuType = IntType;
  geometry.setAttribute(GRID_ATTRIBUTE, gridAttribute);
  geometry.setIndex(new BufferAttribute(indices, 1));
  return geometry;
}

/**
 * Lets the geometry's CPU arrays go once three.js has uploaded them: the GPU buffers are all a drawn
 * block needs (nothing re-reads them: heights come from the texture, picking walks the exact
 * heightfield, bounds are set from the chunk tables). Each attribute keeps its count and type; its
 * array becomes empty. Not for geometries drawn as wireframe, which three.js derives from the index
 * array when it first draws them (LodTerrainMeshes rebuilds its blocks when wireframe is switched).
 */
export function releaseArraysOnUpload(geometry: BufferGeometry): void {
  const attributes = [...Object.values(geometry.attributes), geometry.index];
  for (const attribute of attributes) {
    if (!(attribute instanceof BufferAttribute)) continue;
    attribute.onUpload(function release(this: BufferAttribute) {
      this.array = this.array.slice(0, 0);
    });
  }
}

/** The block's bounding sphere for frustum culling: its extent with the height range of its chunks. */
export function blockBoundingSphere(
  field: Pick<Heightfield, 'width' | 'depth' | 'cellSize'>,
  layout: ChunkLayout,
  block: BlockRange,
  minHeight: Float32Array,
  maxHeight: Float32Array,
  out = new Sphere(),
): Sphere {
  let min = Infinity;
  let max = -Infinity;
  for (let cz = block.cz0; cz < block.cz1; cz++) {
    for (let cx = block.cx0; cx < block.cx1; cx++) {
      const c = cz * layout.chunksX + cx;
      min = Math.min(min, minHeight[c]);
      max = Math.max(max, maxHeight[c]);
    }
  }
  const s = field.cellSize;
  const x0 = (block.cx0 * layout.chunkCells - (field.width - 1) / 2) * s;
  const x1 = (Math.min(block.cx1 * layout.chunkCells, field.width - 1) - (field.width - 1) / 2) * s;
  const z0 = (block.cz0 * layout.chunkCells - (field.depth - 1) / 2) * s;
  const z1 = (Math.min(block.cz1 * layout.chunkCells, field.depth - 1) - (field.depth - 1) / 2) * s;
  out.center.set((x0 + x1) / 2, (min + max) / 2, (z0 + z1) / 2);
  out.radius = new Vector3(x1 - x0, max - min, z1 - z0).length() / 2;
  return out;
}
