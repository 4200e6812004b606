/** Binary glTF 2.0 (.glb) export of the terrain mesh, with optional extra nodes (props). */
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

export function compileGlb(field: Heightfield, options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  const fail = failFor(fileName);
  assertFiniteHeights(field, fileName);
  const extraNodes = options.nodes ?? [];
  extraNodes.forEach((node) => checkNode(node, fail));
  const mesh = buildTerrainMesh(field);
  const vertexCount = field.width * field.depth;
  const views = [littleEndianBytes(mesh.positions), littleEndianBytes(mesh.normals), littleEndianBytes(mesh.indices)];
  const offsets: number[] = [];
  let binLength = 0;
  for (const view of views) {
    offsets.push(binLength);
    binLength = pad4(binLength + view.length);
  }
  const bounds = vec3Bounds(mesh.positions);
  const gltf = {
    asset: { version: '2.0', generator: SOFTWARE_NAME },
    scene: 0,
    scenes: [{ nodes: [0, ...extraNodes.map((_, k) => k + 1)] }],
    nodes: [
      { name: 'terrain', mesh: 0 },
      ...extraNodes.map((node) => ({
        name: node.name,
        translation: node.translation,
        ...(node.rotation ? { rotation: node.rotation } : {}),
        ...(node.scale ? { scale: node.scale } : {}),
      })),
    ],
    meshes: [{ name: 'terrain', primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, mode: TRIANGLES }] }],
    accessors: [
      { bufferView: 0, componentType: FLOAT, count: vertexCount, type: 'VEC3', min: bounds.min, max: bounds.max },
      { bufferView: 1, componentType: FLOAT, count: vertexCount, type: 'VEC3' },
      { bufferView: 2, componentType: UNSIGNED_INT, count: mesh.indices.length, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: offsets[0], byteLength: views[0].length, target: ARRAY_BUFFER },
      { buffer: 0, byteOffset: offsets[1], byteLength: views[1].length, target: ARRAY_BUFFER },
      { buffer: 0, byteOffset: offsets[2], byteLength: views[2].length, target: ELEMENT_ARRAY_BUFFER },
    ],
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
