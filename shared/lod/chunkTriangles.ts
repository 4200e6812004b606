import { chunkBounds, type ChunkLayout } from './chunkLayout';

/**
 * Triangles of one chunk at its level, stitched to coarser neighbours without T-junctions.
 * Cells away from a coarser neighbour are split exactly like shared/terrain/mesh.ts (diagonal
 * (x0, z1)–(x1, z0), same winding), so level 0 with no coarser neighbour is the exact mesh. Along a
 * side whose neighbour is coarser, the boundary row of cells becomes a strip zipped between the
 * neighbour's edge vertices and this chunk's next inner row: both chunks then use the same edge
 * vertices, and the whole selection is one watertight triangle set.
 * Vertex ids are global heightfield indices j · width + i.
 */

/** Level per chunk, row-major cz · chunksX + cx. */
export type ChunkLevels = Uint8Array;

interface Sides {
  step: number;
  /** Step used along each side: the coarser of this chunk's and the neighbour's. */
  south: number;
  north: number;
  west: number;
  east: number;
}

function sideSteps(layout: ChunkLayout, levels: ChunkLevels, cx: number, cz: number): Sides {
  const { chunksX, chunksZ } = layout;
  const step = 2 ** levels[cz * chunksX + cx];
  const neighbour = (x: number, z: number) => (x < 0 || z < 0 || x >= chunksX || z >= chunksZ ? step : Math.max(step, 2 ** levels[z * chunksX + x]));
  return { step, south: neighbour(cx, cz - 1), north: neighbour(cx, cz + 1), west: neighbour(cx - 1, cz), east: neighbour(cx + 1, cz) };
}

/** Number of triangles `writeChunkTriangles` emits, without building them. */
export function chunkTriangleCount(layout: ChunkLayout, levels: ChunkLevels, cx: number, cz: number): number {
  const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
  const sides = sideSteps(layout, levels, cx, cz);
  const s = sides.step;
  const nx = (i1 - i0) / s;
  const nz = (j1 - j0) / s;
  const cS = sides.south > s ? 1 : 0;
  const cN = sides.north > s ? 1 : 0;
  const cW = sides.west > s ? 1 : 0;
  const cE = sides.east > s ? 1 : 0;
  let count = 2 * (nx - cW - cE) * (nz - cS - cN);
  if (cS) count += (i1 - i0) / sides.south + nx - cW - cE;
  if (cN) count += (i1 - i0) / sides.north + nx - cW - cE;
  if (cW) count += (j1 - j0) / sides.west + nz - cS - cN;
  if (cE) count += (j1 - j0) / sides.east + nz - cS - cN;
  return count;
}

/** Total triangles of a selection. */
export function selectionTriangleCount(layout: ChunkLayout, levels: ChunkLevels): number {
  let total = 0;
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) total += chunkTriangleCount(layout, levels, cx, cz);
  }
  return total;
}

/**
 * Same total as `selectionTriangleCount`, as one allocation-free pass over the level table (used by
 * level selection, which counts many trial selections). Extents are multiples of every valid
 * level's step, and a neighbour across a side shares that side's extent, so shifts divide exactly.
 */
export function countSelectionTriangles(layout: ChunkLayout, levels: ChunkLevels): number {
  const { chunksX, chunksZ, chunkCells } = layout;
  const lastX = layout.width - 1 - (chunksX - 1) * chunkCells;
  const lastZ = layout.depth - 1 - (chunksZ - 1) * chunkCells;
  let total = 0;
  for (let cz = 0; cz < chunksZ; cz++) {
    const lz = cz === chunksZ - 1 ? lastZ : chunkCells;
    const row = cz * chunksX;
    for (let cx = 0; cx < chunksX; cx++) {
      const lx = cx === chunksX - 1 ? lastX : chunkCells;
      const c = row + cx;
      const level = levels[c];
      // A side is stitched when the neighbour there is coarser; its level then sets the outer step.
      const south = cz > 0 ? levels[c - chunksX] : 0;
      const north = cz < chunksZ - 1 ? levels[c + chunksX] : 0;
      const west = cx > 0 ? levels[c - 1] : 0;
      const east = cx < chunksX - 1 ? levels[c + 1] : 0;
      const innerX = (lx >> level) - (west > level ? 1 : 0) - (east > level ? 1 : 0);
      const innerZ = (lz >> level) - (south > level ? 1 : 0) - (north > level ? 1 : 0);
      let count = 2 * innerX * innerZ;
      if (south > level) count += (lx >> south) + innerX;
      if (north > level) count += (lx >> north) + innerX;
      if (west > level) count += (lz >> west) + innerZ;
      if (east > level) count += (lz >> east) + innerZ;
      total += count;
    }
  }
  return total;
}

/** Writes the chunk's triangles (three vertex ids each) into `out` from `offset`; returns the new offset. */
export function writeChunkTriangles(layout: ChunkLayout, levels: ChunkLevels, cx: number, cz: number, out: Uint32Array, offset: number): number {
  const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
  const w = layout.width;
  const sides = sideSteps(layout, levels, cx, cz);
  const s = sides.step;
  const lx = i1 - i0;
  const lz = j1 - j0;
  const nx = lx / s;
  const nz = lz / s;
  const cS = sides.south > s ? 1 : 0;
  const cN = sides.north > s ? 1 : 0;
  const cW = sides.west > s ? 1 : 0;
  const cE = sides.east > s ? 1 : 0;
  const id = (u: number, v: number) => (j0 + v) * w + i0 + u;
  let o = offset;

  for (let b = cS; b < nz - cN; b++) {
    for (let a = cW; a < nx - cE; a++) {
      const v00 = id(a * s, b * s);
      const v10 = v00 + s;
      const v01 = v00 + s * w;
      const v11 = v01 + s;
      out[o++] = v00;
      out[o++] = v01;
      out[o++] = v10;
      out[o++] = v10;
      out[o++] = v01;
      out[o++] = v11;
    }
  }

  // Each strip: outer edge at the neighbour's step, inner row one step in, both as (u, v) points.
  const emit = (au: number, av: number, bu: number, bv: number, cu: number, cv: number) => {
    // Same orientation as the exact mesh: (b − a) × (c − a) in (x, z) is negative.
    const cross = (bu - au) * (cv - av) - (bv - av) * (cu - au);
    out[o++] = id(au, av);
    if (cross < 0) {
      out[o++] = id(bu, bv);
      out[o++] = id(cu, cv);
    } else {
      out[o++] = id(cu, cv);
      out[o++] = id(bu, bv);
    }
  };
  // Zips two parallel rows of points along one axis: `along` picks the axis, `outerAt`/`innerAt` the other coordinate.
  const zip = (alongX: boolean, outerAt: number, outerStep: number, length: number, innerAt: number, innerStart: number, innerEnd: number) => {
    if (innerEnd < innerStart) throw new Error(`LOD strip has no inner row (chunk ${cx}, ${cz})`);
    const point = (along: number, across: number): [number, number] => (alongX ? [along, across] : [across, along]);
    let outer = 0;
    let inner = innerStart;
    while (outer < length || inner < innerEnd) {
      const advanceOuter = inner >= innerEnd || (outer < length && outer + outerStep <= inner + s);
      const [ou, ov] = point(outer, outerAt);
      const [iu, iv] = point(inner, innerAt);
      if (advanceOuter) {
        const [nu, nv] = point(outer + outerStep, outerAt);
        emit(ou, ov, nu, nv, iu, iv);
        outer += outerStep;
      } else {
        const [nu, nv] = point(inner + s, innerAt);
        emit(ou, ov, nu, nv, iu, iv);
        inner += s;
      }
    }
  };
  const xStart = cW ? s : 0;
  const xEnd = cE ? lx - s : lx;
  const zStart = cS ? s : 0;
  const zEnd = cN ? lz - s : lz;
  if (cS) zip(true, 0, sides.south, lx, s, xStart, xEnd);
  if (cN) zip(true, lz, sides.north, lx, lz - s, xStart, xEnd);
  if (cW) zip(false, 0, sides.west, lz, s, zStart, zEnd);
  if (cE) zip(false, lx, sides.east, lz, lx - s, zStart, zEnd);
  return o;
}

/** All triangles of a selection in one index array. */
export function buildSelectionTriangles(layout: ChunkLayout, levels: ChunkLevels): Uint32Array {
  const out = new Uint32Array(selectionTriangleCount(layout, levels) * 3);
  let offset = 0;
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) offset = writeChunkTriangles(layout, levels, cx, cz, out, offset);
  }
  return out;
}
