import { BufferAttribute, BufferGeometry } from 'three';
import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import type { ChunkLayout } from '../../shared/lod/chunkLayout';
import { chunkTriangleCount, writeChunkTriangles, type ChunkLevels } from '../../shared/lod/chunkTriangles';
import { HYPSOMETRIC_RAMP, SLOPE_RAMP, linearRamp, normalisedHeight, rampIndex } from '../../app/colorRamp';
import type { ColorMode } from '../../app/terrainColors';

const HYPSOMETRIC_LINEAR = linearRamp(HYPSOMETRIC_RAMP);
const SLOPE_LINEAR = linearRamp(SLOPE_RAMP);

/** A block: chunks [cx0, cx1) × [cz0, cz1), drawn as one mesh. */
export interface BlockRange {
  cx0: number;
  cz0: number;
  cx1: number;
  cz1: number;
}

/**
 * Builds the geometry of one block of chunks at the selected levels: only the vertices the
 * triangles use, with shading normals from central differences over the drawn step (at level 0
 * exactly those of the exact mesh) and vertex colours.
 */
export function buildBlockGeometry(field: Heightfield, layout: ChunkLayout, levels: ChunkLevels, block: BlockRange, mode: ColorMode, range: HeightRange): BufferGeometry {
  let triangles = 0;
  for (let cz = block.cz0; cz < block.cz1; cz++) for (let cx = block.cx0; cx < block.cx1; cx++) triangles += chunkTriangleCount(layout, levels, cx, cz);
  const ids = new Uint32Array(triangles * 3);
  let offset = 0;
  for (let cz = block.cz0; cz < block.cz1; cz++) for (let cx = block.cx0; cx < block.cx1; cx++) offset = writeChunkTriangles(layout, levels, cx, cz, ids, offset);

  // Compact the global vertex ids to this block's own vertex list.
  const local = new Map<number, number>();
  const order: number[] = [];
  const index = new Uint32Array(ids.length);
  for (let n = 0; n < ids.length; n++) {
    let v = local.get(ids[n]);
    if (v === undefined) {
      v = order.length;
      local.set(ids[n], v);
      order.push(ids[n]);
    }
    index[n] = v;
  }
  const { width: w, depth: d, cellSize: s, heights: h } = field;
  const positions = new Float32Array(order.length * 3);
  const normals = new Float32Array(order.length * 3);
  const colors = new Float32Array(order.length * 3);
  const centreX = (w - 1) / 2;
  const centreZ = (d - 1) / 2;
  for (let n = 0; n < order.length; n++) {
    const k = order[n];
    const i = k % w;
    const j = (k - i) / w;
    const p = n * 3;
    // Same expressions as writePositions, so vertices sit exactly where the exact mesh has them.
    positions[p] = (i - centreX) * s;
    positions[p + 1] = h[k];
    positions[p + 2] = (j - centreZ) * s;
    // Differences over the drawn level's step: single-cell slopes (fault steps) spread over a
    // coarse triangle would show as dark blotches. The step is that of the chunk holding the
    // vertex, so a vertex shared by two blocks gets the same normal in both.
    const cx = Math.min(layout.chunksX - 1, Math.floor(i / layout.chunkCells));
    const cz = Math.min(layout.chunksZ - 1, Math.floor(j / layout.chunkCells));
    const step = 2 ** levels[cz * layout.chunksX + cx];
    const im = Math.max(0, i - step);
    const ip = Math.min(w - 1, i + step);
    const jm = Math.max(0, j - step);
    const jp = Math.min(d - 1, j + step);
    const dhdx = (h[j * w + ip] - h[j * w + im]) / ((ip - im) * s);
    const dhdz = (h[jp * w + i] - h[jm * w + i]) / ((jp - jm) * s);
    const inv = 1 / Math.sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
    normals[p] = -dhdx * inv;
    normals[p + 1] = inv;
    normals[p + 2] = -dhdz * inv;
    const lut = mode === 'slope' ? SLOPE_LINEAR : HYPSOMETRIC_LINEAR;
    const t = mode === 'slope' ? Math.acos(Math.min(1, inv)) / (Math.PI / 2) : normalisedHeight(h[k], range.min, range.max);
    const r = rampIndex(t) * 3;
    colors[p] = lut[r];
    colors[p + 1] = lut[r + 1];
    colors[p + 2] = lut[r + 2];
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(normals, 3));
  geometry.setAttribute('color', new BufferAttribute(colors, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}
