/** Binary glTF 2.0 (.glb): the one writer (`writeGlb`); the terrain mesh's export with optional extra nodes (props); meshes such as the water surface. */
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

/** One mesh of a GLB: triangles with normals (and texture coordinates when given), map metres, y up. */
export interface GlbMesh {
  name: string;
  positions: Float32Array;
  normals: Float32Array;
  /** u, v per vertex (TEXCOORD_0). */
  uvs?: Float32Array;
  indices: Uint32Array;
}

/** A node of the scene: one of the meshes (by index) or an empty placed by its transform. */
export interface GlbSceneNode {
  name: string;
  mesh?: number;
  translation?: [number, number, number];
  rotation?: [number, number, number, number];
  scale?: [number, number, number];
}

/**
 * The one GLB writer: meshes and nodes as binary glTF 2.0, every node in the scene. Each mesh's
 * attributes are accessors POSITION (with its bounds), NORMAL, TEXCOORD_0 (when given) and its indices,
 * in that order, one buffer view each, in one buffer.
 */
export function writeGlb(meshes: readonly GlbMesh[], nodes: readonly GlbSceneNode[], fileName: string): Uint8Array {
  const fail = failFor(fileName);
  const views: Uint8Array[] = [];
  const accessors: object[] = [];
  const gltfMeshes = meshes.map((mesh) => {
    const count = mesh.positions.length / 3;
    const bounds = vec3Bounds(mesh.positions);
    const attributes: Record<string, number> = {};
    const add = (data: Float32Array | Uint32Array, accessor: object): number => {
      views.push(littleEndianBytes(data));
      accessors.push({ bufferView: views.length - 1, ...accessor });
      return accessors.length - 1;
    };
    attributes.POSITION = add(mesh.positions, { componentType: FLOAT, count, type: 'VEC3', min: bounds.min, max: bounds.max });
    attributes.NORMAL = add(mesh.normals, { componentType: FLOAT, count, type: 'VEC3' });
    if (mesh.uvs) attributes.TEXCOORD_0 = add(mesh.uvs, { componentType: FLOAT, count, type: 'VEC2' });
    const indices = add(mesh.indices, { componentType: UNSIGNED_INT, count: mesh.indices.length, type: 'SCALAR' });
    return { name: mesh.name, primitives: [{ attributes, indices, mode: TRIANGLES }] };
  });
  const indexViews = new Set(gltfMeshes.map((mesh) => (accessors[mesh.primitives[0].indices] as { bufferView: number }).bufferView));
  const offsets: number[] = [];
  let binLength = 0;
  for (const view of views) {
    offsets.push(binLength);
    binLength = pad4(binLength + view.length);
  }
  const gltf = {
    asset: { version: '2.0', generator: SOFTWARE_NAME },
    scene: 0,
    scenes: [{ nodes: nodes.map((_, k) => k) }],
    nodes: nodes.map((node) => ({
      name: node.name,
      ...(node.mesh !== undefined ? { mesh: node.mesh } : {}),
      ...(node.translation ? { translation: node.translation } : {}),
      ...(node.rotation ? { rotation: node.rotation } : {}),
      ...(node.scale ? { scale: node.scale } : {}),
    })),
    meshes: gltfMeshes,
    accessors,
    bufferViews: views.map((view, k) => ({
      buffer: 0,
      byteOffset: offsets[k],
      byteLength: view.length,
      target: indexViews.has(k) ? ELEMENT_ARRAY_BUFFER : ARRAY_BUFFER,
    })),
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

/** The terrain's exact triangles as a GLB, with extra nodes (props) placed beside it. */
export function compileGlb(field: Heightfield, options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  const fail = failFor(fileName);
  assertFiniteHeights(field, fileName);
  const extraNodes = options.nodes ?? [];
  extraNodes.forEach((node) => checkNode(node, fail));
  const mesh = buildTerrainMesh(field);
  return writeGlb(
    [{ name: 'terrain', positions: mesh.positions, normals: mesh.normals, indices: mesh.indices }],
    [{ name: 'terrain', mesh: 0 }, ...extraNodes],
    fileName,
  );
}

/**
 * A GLB of meshes (each its own node, in order) and extra nodes (the water surface: "lakes" and
 * "rivers"); every mesh needs at least one triangle.
 */
export function compileMeshesGlb(meshes: readonly GlbMesh[], options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  const fail = failFor(fileName);
  const extraNodes = options.nodes ?? [];
  extraNodes.forEach((node) => checkNode(node, fail));
  for (const mesh of meshes) if (mesh.indices.length === 0) fail(`mesh "${mesh.name}" has no triangles`);
  return writeGlb(meshes, [...meshes.map((mesh, k) => ({ name: mesh.name, mesh: k })), ...extraNodes], fileName);
}
