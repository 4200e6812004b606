/**
 * Binary glTF 2.0 (.glb): the one writer (`writeGlb`); the terrain mesh's export with optional extra
 * meshes and nodes (props: each kind's mesh written once, every prop a node that references it);
 * meshes such as the water surface.
 */
import type { Heightfield } from '../terrain/heightfield';
import { buildTerrainMesh } from '../terrain/mesh';
import { encodeUtf8, HOST_IS_LITTLE_ENDIAN } from './bytes';
import { failFor } from './errors';
import { assertFiniteHeights } from './heightmap';
import { SOFTWARE_NAME } from './png-heightmap';

export interface GlbNode {
  name: string;
  /** One of the export's extra meshes (`GlbExportOptions.meshes`, by index); absent = an empty node. */
  mesh?: number;
  translation: [number, number, number];
  /** Unit quaternion x, y, z, w. */
  rotation?: [number, number, number, number];
  scale?: [number, number, number];
}

export interface GlbExportOptions {
  /** Extra nodes placed beside the terrain (props). */
  nodes?: readonly GlbNode[];
  /** Meshes the extra nodes reference (a prop kind's mesh, written once however many props use it). */
  meshes?: readonly GlbMesh[];
  /** Materials the meshes' primitives reference. */
  materials?: readonly GlbMaterial[];
}

/** A glTF metallic-roughness material: a base colour (linear RGB, 0–1), not metal. */
export interface GlbMaterial {
  name: string;
  baseColour: [number, number, number];
  roughness: number;
  /** Drawn from both sides (thin leaves seen from under). */
  doubleSided?: boolean;
}

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const FLOAT = 5126;
const UNSIGNED_INT = 5125;
const UNSIGNED_BYTE = 5121;
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

function checkNode(node: GlbNode, meshes: number, fail: (p: string) => never): void {
  if (node.mesh !== undefined && !(Number.isInteger(node.mesh) && node.mesh >= 0 && node.mesh < meshes)) {
    fail(`node "${node.name}" references mesh ${node.mesh}, which is not one of the ${meshes} extra meshes`);
  }
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
  /** Linear r, g, b per vertex, each 0–1 (COLOR_0, written as normalised bytes; it multiplies the material's base colour). */
  colours?: Float32Array;
  indices: Uint32Array;
  /**
   * Primitives over runs of `indices` (start and count in indices), each with its material (an index
   * into the writer's materials); absent = one primitive of every index, without a material.
   */
  primitives?: readonly { start: number; count: number; material: number }[];
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
export function writeGlb(meshes: readonly GlbMesh[], nodes: readonly GlbSceneNode[], fileName: string, materials: readonly GlbMaterial[] = []): Uint8Array {
  const fail = failFor(fileName);
  const views: Uint8Array[] = [];
  const accessors: object[] = [];
  const indexViews = new Set<number>();
  const gltfMeshes = meshes.map((mesh) => {
    const count = mesh.positions.length / 3;
    const bounds = vec3Bounds(mesh.positions);
    const attributes: Record<string, number> = {};
    const add = (data: Float32Array | Uint32Array | Uint8Array, accessor: object): number => {
      views.push(data instanceof Uint8Array ? data : littleEndianBytes(data));
      accessors.push({ bufferView: views.length - 1, ...accessor });
      return accessors.length - 1;
    };
    attributes.POSITION = add(mesh.positions, { componentType: FLOAT, count, type: 'VEC3', min: bounds.min, max: bounds.max });
    attributes.NORMAL = add(mesh.normals, { componentType: FLOAT, count, type: 'VEC3' });
    if (mesh.uvs) attributes.TEXCOORD_0 = add(mesh.uvs, { componentType: FLOAT, count, type: 'VEC2' });
    if (mesh.colours) attributes.COLOR_0 = add(colourBytes(mesh.colours), { componentType: UNSIGNED_BYTE, normalized: true, count, type: 'VEC4' });
    const parts = mesh.primitives ?? [{ start: 0, count: mesh.indices.length, material: -1 }];
    const primitives = parts.map((part) => {
      if (part.count <= 0 || part.start < 0 || part.start + part.count > mesh.indices.length || part.count % 3 !== 0) {
        fail(`mesh "${mesh.name}" has a primitive outside its indices`);
      }
      if (part.material >= materials.length) fail(`mesh "${mesh.name}" references material ${part.material}, which is not written`);
      const slice = mesh.indices.subarray(part.start, part.start + part.count);
      if (mesh.primitives) {
        // Parts come from callers other than the terrain's own builder: check their indices (the terrain's are a grid's).
        let max = 0;
        for (let k = 0; k < slice.length; k++) if (slice[k] > max) max = slice[k];
        if (max >= count) fail(`mesh "${mesh.name}" has an index past its vertices`);
      }
      const indices = add(slice, { componentType: UNSIGNED_INT, count: part.count, type: 'SCALAR' });
      indexViews.add(views.length - 1);
      return { attributes, indices, mode: TRIANGLES, ...(part.material >= 0 ? { material: part.material } : {}) };
    });
    return { name: mesh.name, primitives };
  });
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
    ...(materials.length > 0
      ? {
          materials: materials.map((m) => ({
            name: m.name,
            pbrMetallicRoughness: { baseColorFactor: [...m.baseColour, 1], metallicFactor: 0, roughnessFactor: m.roughness },
            ...(m.doubleSided ? { doubleSided: true } : {}),
          })),
        }
      : {}),
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

/**
 * Linear 0–1 colours (r, g, b per vertex) as RGBA bytes (alpha 255): 4 bytes a vertex, each vertex's
 * element aligned to 4 as glTF asks of a vertex attribute.
 */
function colourBytes(colours: Float32Array): Uint8Array {
  const count = colours.length / 3;
  const out = new Uint8Array(4 * count);
  for (let v = 0; v < count; v++) {
    for (let c = 0; c < 3; c++) out[4 * v + c] = Math.round(255 * Math.min(1, Math.max(0, colours[3 * v + c])));
    out[4 * v + 3] = 255;
  }
  return out;
}

/**
 * The terrain's exact triangles as a GLB, with extra nodes (props) placed beside it: a node with a
 * `mesh` draws that extra mesh (the terrain is mesh 0, the extra meshes follow it).
 */
export function compileGlb(field: Heightfield, options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  const fail = failFor(fileName);
  assertFiniteHeights(field, fileName);
  const extraNodes = options.nodes ?? [];
  const extraMeshes = options.meshes ?? [];
  extraNodes.forEach((node) => checkNode(node, extraMeshes.length, fail));
  const mesh = buildTerrainMesh(field);
  return writeGlb(
    [{ name: 'terrain', positions: mesh.positions, normals: mesh.normals, indices: mesh.indices }, ...extraMeshes],
    [{ name: 'terrain', mesh: 0 }, ...extraNodes.map((node) => (node.mesh === undefined ? node : { ...node, mesh: node.mesh + 1 }))],
    fileName,
    options.materials,
  );
}

/**
 * A GLB of meshes (each its own node, in order) and extra nodes (the water surface: "lakes" and
 * "rivers"); every mesh needs at least one triangle.
 */
export function compileMeshesGlb(meshes: readonly GlbMesh[], options: GlbExportOptions = {}, fileName = 'terrain.glb'): Uint8Array {
  const fail = failFor(fileName);
  const extraNodes = options.nodes ?? [];
  extraNodes.forEach((node) => checkNode(node, 0, fail));
  for (const mesh of meshes) if (mesh.indices.length === 0) fail(`mesh "${mesh.name}" has no triangles`);
  return writeGlb(meshes, [...meshes.map((mesh, k) => ({ name: mesh.name, mesh: k })), ...extraNodes], fileName);
}
