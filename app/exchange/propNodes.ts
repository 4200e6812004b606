/** Props as GLB nodes: snapped onto the exported surface exactly as the viewport places them. */
import type { GlbNode } from '../../shared/codecs/glb';
import { propsToExportRecords } from '../../shared/props/exportJson';
import type { Prop } from '../../shared/props/prop';
import type { Heightfield } from '../../shared/terrain/heightfield';

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

export function propGlbNodes(field: Heightfield, props: readonly Prop[]): GlbNode[] {
  return propsToExportRecords(field, props).map((record, k) => ({
    name: `${record.type}.${props[k].id}`,
    translation: [record.x, record.y, record.z],
    rotation: yawPitchRollQuaternion(record.yaw, record.pitch, record.roll),
    scale: [record.scale, record.scale, record.scale],
  }));
}
