/**
 * The water surface as meshes for a GLB (`compileMeshesGlb`): "lakes" and "rivers", each the grid's
 * own triangles (the terrain's split, along the diagonal from (x0, z1) to (x1, z0)) that touch a wet
 * vertex, at the water surface: a lake flat at its level, a river on its sloping surface. A dry
 * vertex of such a triangle takes the lowest surface of its wet neighbours, so the sheet reaches one
 * cell past the shore and the bank (higher there) hides the overhang: no gap at the water's edge.
 * Map coordinates: metres, y up, origin at the map centre (as the terrain's GLB).
 */
import type { GlbMesh } from '../codecs/glb';
import type { HydrologyGrid } from './grid';
import { WATER_LAKE, type Water } from './water';
import { riverStripMesh, type RiverHalfWidth } from './riverStrip';

/** What the meshes are made of: the surface, depth and kind of water per vertex (a stack's, or one layer's Water). */
export type WaterSheet = Pick<Water, 'surface' | 'depth' | 'kind'>;

function surfaceWithRim(grid: HydrologyGrid, water: WaterSheet): Float32Array {
  const { width, depth: rows } = grid;
  const { surface, depth } = water;
  const out = new Float32Array(width * rows).fill(NaN);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < width; i++) {
      const v = j * width + i;
      if (depth[v] > 0) {
        out[v] = surface[v];
        continue;
      }
      let lowest = Infinity;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= width || nj >= rows) continue;
          const n = nj * width + ni;
          if (depth[n] > 0 && surface[n] < lowest) lowest = surface[n];
        }
      }
      if (lowest < Infinity) out[v] = lowest;
    }
  }
  return out;
}

/** Builds one mesh from the triangles `take` accepts (vertex indices renumbered, normals from the faces). */
function meshOf(name: string, grid: HydrologyGrid, height: Float32Array, triangles: number[]): GlbMesh | null {
  if (triangles.length === 0) return null;
  const { width, depth: rows, cellSize } = grid;
  const index = new Map<number, number>();
  const order: number[] = [];
  const indices = new Uint32Array(triangles.length);
  for (let t = 0; t < triangles.length; t++) {
    const v = triangles[t];
    let k = index.get(v);
    if (k === undefined) {
      k = order.length;
      index.set(v, k);
      order.push(v);
    }
    indices[t] = k;
  }
  const positions = new Float32Array(3 * order.length);
  const centreX = (width - 1) / 2;
  const centreZ = (rows - 1) / 2;
  for (let k = 0; k < order.length; k++) {
    const v = order[k];
    const i = v % width;
    positions[3 * k] = (i - centreX) * cellSize;
    positions[3 * k + 1] = height[v];
    positions[3 * k + 2] = ((v - i) / width - centreZ) * cellSize;
  }
  return { name, positions, normals: vertexNormals(positions, indices), indices };
}

/** Area-weighted face normals summed at each vertex (counter-clockwise from above: +y). */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const count = positions.length / 3;
  const sums = new Float64Array(3 * count);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const ux = positions[3 * b] - positions[3 * a];
    const uy = positions[3 * b + 1] - positions[3 * a + 1];
    const uz = positions[3 * b + 2] - positions[3 * a + 2];
    const wx = positions[3 * c] - positions[3 * a];
    const wy = positions[3 * c + 1] - positions[3 * a + 1];
    const wz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * wz - uz * wy;
    const ny = uz * wx - ux * wz;
    const nz = ux * wy - uy * wx;
    for (const k of [a, b, c]) {
      sums[3 * k] += nx;
      sums[3 * k + 1] += ny;
      sums[3 * k + 2] += nz;
    }
  }
  const normals = new Float32Array(3 * count);
  for (let k = 0; k < count; k++) {
    const length = Math.hypot(sums[3 * k], sums[3 * k + 1], sums[3 * k + 2]) || 1;
    normals[3 * k] = sums[3 * k] / length;
    normals[3 * k + 1] = sums[3 * k + 1] / length;
    normals[3 * k + 2] = sums[3 * k + 2] / length;
  }
  return normals;
}

/**
 * The lakes' and rivers' surface meshes (either absent when the map has none). Given the rivers'
 * width (a water layer carving along lines, as the 3D view draws it), "rivers" is their strip
 * along their lines (riverStrip.ts) and the grid's triangles hold the lakes only. `lakesOnly` (drawn
 * rivers drawn as strips of their own, shared/rivers/drawnStrip.ts, which the caller adds): the grid's
 * triangles hold the lakes only without an automatic network's strips too; `excluded`: the drawn
 * rivers' own vertices, left out of the network's strips.
 */
export function waterSurfaceMeshes(
  grid: HydrologyGrid,
  water: WaterSheet,
  riverWidth: RiverHalfWidth | null = null,
  lakesOnly = riverWidth !== null,
  excluded: Uint8Array | null = null,
): GlbMesh[] {
  const { width, depth: rows } = grid;
  const height = surfaceWithRim(grid, water);
  const { depth, kind } = water;
  const lakes: number[] = [];
  const rivers: number[] = [];
  const add = (a: number, b: number, c: number) => {
    if (Number.isNaN(height[a]) || Number.isNaN(height[b]) || Number.isNaN(height[c])) return;
    if (!(depth[a] > 0 || depth[b] > 0 || depth[c] > 0)) return;
    const lake = kind[a] === WATER_LAKE || kind[b] === WATER_LAKE || kind[c] === WATER_LAKE;
    if (lake) lakes.push(a, b, c);
    else if (!lakesOnly) rivers.push(a, b, c);
  };
  for (let j = 0; j < rows - 1; j++) {
    for (let i = 0; i < width - 1; i++) {
      const v00 = j * width + i;
      const v10 = v00 + 1;
      const v01 = v00 + width;
      const v11 = v01 + 1;
      add(v00, v01, v10);
      add(v10, v01, v11);
    }
  }
  const riverMesh = riverWidth ? stripGlbMesh(grid, water, riverWidth, excluded) : meshOf('rivers', grid, height, rivers);
  return [meshOf('lakes', grid, height, lakes), riverMesh].filter((mesh): mesh is GlbMesh => mesh !== null);
}

/** The rivers' strip as the "rivers" mesh, or null when there is none. */
function stripGlbMesh(grid: HydrologyGrid, water: WaterSheet, riverWidth: RiverHalfWidth, excluded: Uint8Array | null): GlbMesh | null {
  const { surface, depth, kind } = water;
  // The ground under the water, from its surface and depth (the strip reads where it is wet and how deep).
  const ground = new Float32Array(surface.length);
  for (let v = 0; v < ground.length; v++) ground[v] = depth[v] > 0 ? surface[v] - depth[v] : Infinity;
  const strip = riverStripMesh(grid, { surface, kind }, ground, riverWidth, 0, 0, grid.width, grid.depth, true, excluded);
  if (strip.indices.length === 0) return null;
  return { name: 'rivers', positions: strip.positions, normals: vertexNormals(strip.positions, strip.indices), indices: strip.indices };
}
