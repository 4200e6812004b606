/** Binary glTF 2.0 (.glb) export of the terrain mesh (or other meshes: the water surface), with optional extra nodes (props). */
import type { Heightfield } from '../terrain/heightfield';
import { buildTerrainMesh } from '../terrain/mesh';
import { encodeUtf8, HOST_IS_LITTLE_ENDIAN } from './bytes';
import { failFor } from './errors';
import { assertFiniteHeights } from './heightmap';
import { SOFTWARE_NAME } from './png-heightmap';

export interface GlbNode {
  name: string;
  translation: [number, number, number];
  /** Unit quaternion x, y, z, w. */
  rotation?: [number, number, number, number];
  scale?: [number, number, number];
}

export interface GlbExportOptions {
  /** Extra nodes placed beside the terrain (props, later with meshes of their own). */
  nodes?: readonly GlbNode[];
}

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const FLOAT = 5126;
const UNSIGNED_INT = 5125;
const TRIANGLES = 4;

function pad4(n: number): number {
  return (n + 3) & ~3;
}

function vec3Bounds(data: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let p = 0; p < data.length; p += 3) {
    for (let c = 0; c < 3; c++) {
      const v = data[p + c];
      if (v < min[c]) min[c] = v;
      if (v > max[c]) max[c] = v;
    }
  }
  return { min, max };
}

/** Typed array contents as little-endian bytes (glTF binary data is little-endian). */
function littleEndianBytes(data: Float32Array | Uint32Array): Uint8Array {
  if (HOST_IS_LITTLE_ENDIAN) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8Array(data.byteLength);
  const view = new DataView(out.buffer);
  for (let k = 0; k < data.length; k++) {
    if (data instanceof Float32Array) view.setFloat32(4 * k, data[k], true);
    else view.setUint32(4 * k, data[k], true);
  }
  return out;
}

function checkNode(node: GlbNode, fail: (p: string) => never): void {
  const numbers = [...node.translation, ...(node.rotation ?? []), ...(node.scale ?? [])];
  if (node.translation.length !== 3 || (node.rotation && node.rotation.length !== 4) || (node.scale && node.scale.length !== 3)) {
    fail(`node "${node.name}" has a transform with the wrong number of components`);
  }
  if (!numbers.every(Number.isFinite)) fail(`node "${node.name}" has a transform that is not finite`);
}

/** One indexed triangle mesh of a GLB file: its own node, positions, normals and triangles. */
export interface GlbMesh {
  name: string;
  /** xyz per vertex, metres, y up. */
  positions: Float32Array;
  /** Unit normals, xyz per vertex. */
  normals: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
}

export function compileGlb(field: Heightfield, options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  assertFiniteHeights(field, fileName);
  return compileMeshesGlb([{ name: 'terrain', ...buildTerrainMesh(field) }], options, fileName);
}

/**
 * A GLB of meshes (each its own node, in order) and extra nodes: the one GLB writer (the terrain, the
 * water surface). Every mesh needs at least one triangle.
 */
export function compileMeshesGlb(meshes: readonly GlbMesh[], options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  const fail = failFor(fileName);
  const extraNodes = options.nodes ?? [];
  extraNodes.forEach((node) => checkNode(node, fail));
  for (const mesh of meshes) if (mesh.indices.length === 0) fail(`mesh "${mesh.name}" has no triangles`);
  const views = meshes.flatMap((mesh) => [littleEndianBytes(mesh.positions), littleEndianBytes(mesh.normals), littleEndianBytes(mesh.indices)]);
  const offsets: number[] = [];
  let binLength = 0;
  for (const view of views) {
    offsets.push(binLength);
    binLength = pad4(binLength + view.length);
  }
  const gltf = {
    asset: { version: '2.0', generator: SOFTWARE_NAME },
    scene: 0,
    scenes: [{ nodes: [...meshes.map((_, k) => k), ...extraNodes.map((_, k) => k + meshes.length)] }],
    nodes: [
      ...meshes.map((mesh, k) => ({ name: mesh.name, mesh: k })),
      ...extraNodes.map((node) => ({
        name: node.name,
        translation: node.translation,
        ...(node.rotation ? { rotation: node.rotation } : {}),
        ...(node.scale ? { scale: node.scale } : {}),
      })),
    ],
    meshes: meshes.map((mesh, k) => ({ name: mesh.name, primitives: [{ attributes: { POSITION: 3 * k, NORMAL: 3 * k + 1 }, indices: 3 * k + 2, mode: TRIANGLES }] })),
    accessors: meshes.flatMap((mesh, k) => {
      const vertexCount = mesh.positions.length / 3;
      const bounds = vec3Bounds(mesh.positions);
      return [
        { bufferView: 3 * k, componentType: FLOAT, count: vertexCount, type: 'VEC3', min: bounds.min, max: bounds.max },
        { bufferView: 3 * k + 1, componentType: FLOAT, count: vertexCount, type: 'VEC3' },
        { bufferView: 3 * k + 2, componentType: UNSIGNED_INT, count: mesh.indices.length, type: 'SCALAR' },
      ];
    }),
    bufferViews: views.map((view, n) => ({ buffer: 0, byteOffset: offsets[n], byteLength: view.length, target: n % 3 === 2 ? ELEMENT_ARRAY_BUFFER : ARRAY_BUFFER })),
    buffers: [{ byteLength: binLength }],
  };
  const json = encodeUtf8(JSON.stringify(gltf));
  const jsonLength = pad4(json.length);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  if (total > 0xffffffff) fail('is too large for a single GLB file (over 4 GiB)');
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(json, 20);
  out.fill(0x20, 20 + json.length, 20 + jsonLength); // JSON chunk is padded with spaces
  const binStart = 20 + jsonLength;
  view.setUint32(binStart, binLength, true);
  view.setUint32(binStart + 4, CHUNK_BIN, true);
  views.forEach((bytes, k) => out.set(bytes, binStart + 8 + offsets[k])); // gaps stay zero
  return out;
}
