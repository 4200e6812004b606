/**
 * The road surface as a ribbon mesh in binary glTF (.glb): rows of vertices across the road at every
 * centreline point (≤ 1 m apart), each on the shaped surface (the drawn triangles) lifted by `lift`
 * metres so it does not fight the terrain, with normals and UVs (u 0…1 across, v metres along) for a
 * road texture; over a bridge the rows lie on its deck (the road's surface on the straight deck
 * profile), and the deck's slab and railings are meshes of their own (bridge.ts). Map coordinates: metres, y up,
 * origin at the map centre (as the terrain's GLB).
 */
import { writeGlb, type GlbMesh } from '../codecs/glb';
import { heightAtAnyPoint } from '../terrain/surface';
import { centrelinePoints } from './export';
import { spanAt } from './crossings';
import { surfaceAt, type FittedRoad } from './fittedRoad';
import type { GroundSize } from './profile';

export interface Ribbon {
  /** Vertices per row across the road. */
  across: number;
  rows: number;
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
}

/** The ribbon's vertices and triangles; `across` vertices per row (at least 2). */
export function buildRibbon(fitted: FittedRoad, shaped: Float32Array, size: GroundSize, lift = 0.05): Ribbon {
  const points = centrelinePoints(fitted, shaped, size);
  const field = { ...size, heights: shaped };
  let widest = 0;
  for (const p of points) widest = Math.max(widest, p.width);
  const across = Math.max(2, Math.ceil(widest / size.cellSize) + 1);
  const rows = points.length;
  const positions = new Float32Array(rows * across * 3);
  const uvs = new Float32Array(rows * across * 2);
  const hx = ((size.width - 1) / 2) * size.cellSize;
  const hz = ((size.depth - 1) / 2) * size.cellSize;
  let along = 0;
  for (const [r, p] of points.entries()) {
    if (r > 0) along += Math.hypot(p.x - points[r - 1].x, p.z - points[r - 1].z);
    // Left of travel: (tz, −tx) of the horizontal tangent.
    const h = Math.hypot(p.tangent[0], p.tangent[2]) || 1;
    const lx = p.tangent[2] / h;
    const lz = -p.tangent[0] / h;
    const deck = spanAt(fitted.bridges, p.station) !== undefined;
    for (let c = 0; c < across; c++) {
      const u = c / (across - 1);
      const d = (0.5 - u) * p.width;
      const x = Math.max(-hx, Math.min(hx, p.x + lx * d));
      const z = Math.max(-hz, Math.min(hz, p.z + lz * d));
      const k = r * across + c;
      positions[3 * k] = x;
      positions[3 * k + 1] = (deck ? surfaceAt(fitted, p.station, d) : heightAtAnyPoint(field, x, z)) + lift;
      positions[3 * k + 2] = z;
      uvs[2 * k] = u;
      uvs[2 * k + 1] = along;
    }
  }
  // Triangles facing up (counter-clockwise seen from above, y up).
  const indices = new Uint32Array((rows - 1) * (across - 1) * 6);
  let q = 0;
  for (let r = 0; r < rows - 1; r++) {
    for (let c = 0; c < across - 1; c++) {
      const a = r * across + c;
      const b = a + 1;
      const d = a + across;
      const e = d + 1;
      indices.set([a, b, d, b, e, d], q);
      q += 6;
    }
  }
  const normals = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const ux = positions[3 * b] - positions[3 * a];
    const uy = positions[3 * b + 1] - positions[3 * a + 1];
    const uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a];
    const vy = positions[3 * c + 1] - positions[3 * a + 1];
    const vz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      normals[3 * v] += nx;
      normals[3 * v + 1] += ny;
      normals[3 * v + 2] += nz;
    }
  }
  for (let v = 0; v < normals.length; v += 3) {
    const len = Math.hypot(normals[v], normals[v + 1], normals[v + 2]) || 1;
    normals[v] /= len;
    normals[v + 1] /= len;
    normals[v + 2] /= len;
  }
  return { across, rows, positions, normals, uvs, indices };
}

/** The ribbon as one GLB mesh named after the road, and `more` (a bridge's deck: bridge.ts deckMeshes), each a node. */
export function ribbonGlb(ribbon: Ribbon, name: string, more: readonly GlbMesh[] = []): Uint8Array {
  const { positions, normals, uvs, indices } = ribbon;
  const meshes = [{ name, positions, normals, uvs, indices }, ...more];
  return writeGlb(
    meshes,
    meshes.map((mesh, n) => ({ name: mesh.name, mesh: n })),
    `${name}.glb`,
  );
}
