/**
 * Props in a GLB: each kind's procedural mesh (propMeshes.ts, the one the viewport draws) written
 * once, and every prop a node referencing it, placed on the exported surface as the props JSON
 * places it (exportJson.ts). A mesh has one primitive per part (bark, leaves, stone), each with a
 * material of the part's colour, and its vertex colours (COLOR_0) are the drawn colours divided by
 * that material's: a glTF reader that multiplies them (as the spec says) shows the viewport's
 * colours, and an engine that ignores vertex colours still shows brown trunks, green crowns and
 * grey stones. Kinds without a procedural mesh (house, fence post) are written from their library
 * primitives (primitiveMesh.ts: the geometry the viewport draws for them), a part and material per
 * primitive (walls, roof, door; wood).
 */
import type { GlbMaterial, GlbMesh, GlbNode } from '../codecs/glb';
import type { Heightfield } from '../terrain/heightfield';
import { propsToExportRecords } from './exportJson';
import { getPropType, type PropType } from './library';
import { propMesh, type PropMesh } from './propMeshes';
import { primitivePropMesh } from './primitiveMesh';
import type { Prop } from './prop';

type Quaternion = [number, number, number, number];

function multiply(a: Quaternion, b: Quaternion): Quaternion {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** R = Ry(yaw) · Rx(pitch) · Rz(roll) (shared/props/orientation.ts) as a unit quaternion x, y, z, w. */
export function yawPitchRollQuaternion(yaw: number, pitch: number, roll: number): Quaternion {
  const qy: Quaternion = [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)];
  const qx: Quaternion = [Math.sin(pitch / 2), 0, 0, Math.cos(pitch / 2)];
  const qz: Quaternion = [0, 0, Math.sin(roll / 2), Math.cos(roll / 2)];
  return multiply(multiply(qy, qx), qz);
}

/** Roughness of each part's material (leaves a little glossier than bark and stone). */
const ROUGHNESS: Readonly<Record<string, number>> = { bark: 0.95, leaves: 0.8, stone: 0.9, walls: 0.9, roof: 0.75, door: 0.8, wood: 0.95 };

/**
 * A prop kind's mesh as a GLB mesh and its materials (numbered from `firstMaterial`): the triangles
 * grouped by part, one primitive each; the material's colour is the brightest of the part's vertex
 * colours channel by channel, so every COLOR_0 is at most 1.
 */
export function propGlbMesh(name: string, mesh: PropMesh, firstMaterial: number): { mesh: GlbMesh; materials: GlbMaterial[] } {
  const vertices = mesh.triangles * 3;
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const colours = new Float32Array(vertices * 3);
  const indices = new Uint32Array(vertices);
  const primitives: { start: number; count: number; material: number }[] = [];
  const materials: GlbMaterial[] = [];
  let written = 0;
  mesh.partNames.forEach((part, p) => {
    const base: [number, number, number] = [0, 0, 0];
    for (let t = 0; t < mesh.triangles; t++) {
      if (mesh.parts[t] !== p) continue;
      for (let k = 9 * t; k < 9 * t + 9; k++) base[k % 3] = Math.max(base[k % 3], mesh.colours[k]);
    }
    const start = written;
    for (let t = 0; t < mesh.triangles; t++) {
      if (mesh.parts[t] !== p) continue;
      positions.set(mesh.positions.subarray(9 * t, 9 * t + 9), 3 * written);
      normals.set(mesh.normals.subarray(9 * t, 9 * t + 9), 3 * written);
      for (let k = 0; k < 9; k++) colours[3 * written + k] = base[k % 3] > 0 ? mesh.colours[9 * t + k] / base[k % 3] : 0;
      for (let v = 0; v < 3; v++) indices[written + v] = written + v;
      written += 3;
    }
    if (written === start) return;
    primitives.push({ start, count: written - start, material: firstMaterial + materials.length });
    materials.push({ name: `${name}:${part}`, baseColour: base, roughness: ROUGHNESS[part] ?? 0.9, doubleSided: part === 'leaves' });
  });
  return { mesh: { name, positions, normals, colours, indices, primitives }, materials };
}

/** The props of a GLB export: the meshes of the kinds used (each once), their materials, and one node per prop. */
export interface PropGlb {
  meshes: GlbMesh[];
  materials: GlbMaterial[];
  nodes: GlbNode[];
}

/** Props as GLB nodes snapped onto the exported surface exactly as the viewport places them, with their kinds' meshes. */
export function propGlb(field: Heightfield, props: readonly Prop[], lookup: (id: string) => PropType = getPropType): PropGlb {
  const meshes: GlbMesh[] = [];
  const materials: GlbMaterial[] = [];
  const meshOf = new Map<string, number | undefined>();
  const meshIndex = (typeId: string): number | undefined => {
    if (meshOf.has(typeId)) return meshOf.get(typeId);
    const drawn = propMesh({ id: typeId }) ?? primitivePropMesh(lookup(typeId));
    let index: number | undefined;
    if (drawn.triangles > 0) {
      const made = propGlbMesh(typeId, drawn, materials.length);
      index = meshes.push(made.mesh) - 1;
      materials.push(...made.materials);
    }
    meshOf.set(typeId, index);
    return index;
  };
  const nodes = propsToExportRecords(field, props, lookup).map((record, k): GlbNode => {
    const mesh = meshIndex(record.type);
    return {
      name: `${record.type}.${props[k].id}`,
      ...(mesh !== undefined ? { mesh } : {}),
      translation: [record.x, record.y, record.z],
      rotation: yawPitchRollQuaternion(record.yaw, record.pitch, record.roll),
      scale: [record.scale, record.scale, record.scale],
    };
  });
  return { meshes, materials, nodes };
}
