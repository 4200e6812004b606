import { useMemo } from 'react';
import { BoxGeometry, CylinderGeometry, Group, Matrix4, Mesh, MeshLambertMaterial, Vector3 } from 'three';
import type { CarPose } from '../../shared/vehicle/pose';
import { DEFAULT_CLEARANCE } from '../../shared/vehicle/pose';

const WHEEL_RADIUS = 0.35;
const BODY_COLOUR = '#d9482b';
const CLIPPING_COLOUR = '#ff00c8';

/**
 * A low-poly car in body space: local +x left, +y up, +z forward, origin at the bottom of the wheels
 * under the centre (shared/vehicle/pose.ts), so placing it at the pose with the pose's basis puts its
 * wheels on the ground and shows the orientation as computed.
 */
export class CarModel {
  readonly object = new Group();
  private readonly body: MeshLambertMaterial;
  private readonly matrix = new Matrix4();
  private readonly axes = [new Vector3(), new Vector3(), new Vector3()] as const;

  constructor(length: number, width: number) {
    this.object.matrixAutoUpdate = false;
    this.object.visible = false;
    this.body = new MeshLambertMaterial({ color: BODY_COLOUR });
    const dark = new MeshLambertMaterial({ color: '#1d232c' });
    const tyre = new MeshLambertMaterial({ color: '#111111' });
    const bodyHeight = 0.6;
    const chassis = new Mesh(new BoxGeometry(width, bodyHeight, length), this.body);
    chassis.position.y = DEFAULT_CLEARANCE + bodyHeight / 2;
    const cabin = new Mesh(new BoxGeometry(width * 0.85, 0.5, length * 0.45), dark);
    cabin.position.set(0, DEFAULT_CLEARANCE + bodyHeight + 0.25, -length * 0.08);
    this.object.add(chassis, cabin);
    const wheel = new CylinderGeometry(WHEEL_RADIUS, WHEEL_RADIUS, 0.25, 10);
    wheel.rotateZ(Math.PI / 2);
    for (const side of [-1, 1]) {
      for (const end of [-1, 1]) {
        const mesh = new Mesh(wheel, tyre);
        mesh.position.set(side * (width / 2 - 0.12), WHEEL_RADIUS, end * (length / 2 - WHEEL_RADIUS - 0.1));
        this.object.add(mesh);
      }
    }
    // The car must never catch the pointer ray meant for the terrain.
    this.object.traverse((o) => {
      o.raycast = () => undefined;
    });
  }

  place(pose: CarPose): void {
    const [left, up, forward] = this.axes;
    left.set(-pose.right.x, -pose.right.y, -pose.right.z);
    up.set(pose.up.x, pose.up.y, pose.up.z);
    forward.set(pose.forward.x, pose.forward.y, pose.forward.z);
    this.matrix.makeBasis(left, up, forward).setPosition(pose.position.x, pose.position.y, pose.position.z);
    this.object.matrix.copy(this.matrix);
    this.object.matrixWorldNeedsUpdate = true;
    // Shown, not hidden: a body cutting into the ground turns magenta (the HUD gives the depth).
    this.body.color.set(pose.clipDepth > 0 ? CLIPPING_COLOUR : BODY_COLOUR);
  }

  dispose(): void {
    this.object.traverse((o) => {
      if (o instanceof Mesh) {
        o.geometry.dispose();
        (o.material as MeshLambertMaterial).dispose();
      }
    });
  }
}

/** One CarModel per footprint size. */
export function useCarModel(length: number, width: number): CarModel {
  return useMemo(() => new CarModel(length, width), [length, width]);
}
