import { useMemo } from 'react';
import { BoxGeometry, CylinderGeometry, Group, Matrix4, Mesh, MeshLambertMaterial, Vector3, type BufferGeometry, type Material } from 'three';
import type { CarPose } from '../../shared/vehicle/pose';
import { DEFAULT_CLEARANCE } from '../../shared/vehicle/pose';
import { wheelLayoutFor, type WheelContact, type WheelLayout } from '../../shared/vehicle/wheels';

const BODY_COLOUR = '#d9482b';
const CLIPPING_COLOUR = '#ff00c8';
/** Front wheels' visual lock at full steer, radians. */
export const MAX_STEER_ANGLE = (28 * Math.PI) / 180;
/** How quickly the front wheels follow the steering input, per second. */
const STEER_RATE = 10;

/** A box whose top face is narrowed to `topWidth` and shortened to `topLength` of its size: a raked cabin. */
function taperedBox(width: number, height: number, length: number, topWidth: number, topLength: number): BoxGeometry {
  const box = new BoxGeometry(width, height, length);
  const position = box.getAttribute('position');
  for (let n = 0; n < position.count; n++) {
    if (position.getY(n) <= 0) continue;
    position.setX(n, position.getX(n) * topWidth);
    position.setZ(n, position.getZ(n) * topLength);
  }
  box.computeVertexNormals();
  return box;
}

/** One wheel: a steering pivot at the hub, a spinning group inside it, the tyre and a hub cap with a bar. */
interface WheelParts {
  readonly steer: Group;
  readonly spin: Group;
}

/**
 * A low-poly car in body space: local +x left, +y up, +z forward, origin on the wheel contact plane
 * under the centre (shared/vehicle/pose.ts). The body follows the pose (pitch and roll from terrain
 * samples); each wheel sits at its suspension offset from shared/vehicle/wheels.ts, so its bottom is on
 * the exact surface, spins with the car's speed and (at the front) turns with the steering.
 * Everything per frame is in `place`, which writes object transforms and never touches React state.
 */
export class CarMesh {
  readonly object = new Group();
  readonly layout: WheelLayout;
  private readonly body: MeshLambertMaterial;
  private readonly wheels: WheelParts[] = [];
  private readonly matrix = new Matrix4();
  private readonly axes = [new Vector3(), new Vector3(), new Vector3()] as const;
  private steerAngle = 0;
  private spinAngle = 0;

  /** `layout` gives the wheels of a physics car (wheelbase, track, radius); otherwise they follow the footprint. */
  constructor(length: number, width: number, layout?: WheelLayout) {
    this.layout = layout ?? wheelLayoutFor({ length, width });
    const { radius, tyreWidth, mounts } = this.layout;
    this.object.matrixAutoUpdate = false;
    this.object.visible = false;
    this.body = new MeshLambertMaterial({ color: BODY_COLOUR });
    const glass = new MeshLambertMaterial({ color: '#1d232c' });
    const tyre = new MeshLambertMaterial({ color: '#151515' });
    const rim = new MeshLambertMaterial({ color: '#c8ccd2' });
    const front = new MeshLambertMaterial({ color: '#ffe9a8', emissive: '#6b5a2a' });
    const rear = new MeshLambertMaterial({ color: '#ff3030', emissive: '#5a0000' });

    // Scale with the footprint like the wheels do, so a larger car keeps its proportions.
    const k = Math.min(radius / 0.34, width / 1.8);
    // A physics car's wheels stand out a little past its body, as on a real car, so they show from behind.
    const outerTrack = Math.max(...mounts.map((m) => Math.abs(m.v))) * 2;
    const bodyWidth = layout ? Math.min(width, outerTrack) : width - 1.2 * tyreWidth;
    const sill = DEFAULT_CLEARANCE;
    const lowerHeight = 0.55 * k;
    const lower = new Mesh(new BoxGeometry(bodyWidth, lowerHeight, length), this.body);
    lower.position.y = sill + lowerHeight / 2;
    const cabinHeight = 0.5 * k;
    const cabinLength = length * 0.48;
    const cabin = new Mesh(taperedBox(bodyWidth * 0.86, cabinHeight, cabinLength, 0.86, 0.62), glass);
    cabin.position.set(0, sill + lowerHeight + cabinHeight / 2, -length * 0.06);
    const roof = new Mesh(new BoxGeometry(bodyWidth * 0.86 * 0.88, 0.06 * k, cabinLength * 0.66), this.body);
    roof.position.set(0, sill + lowerHeight + cabinHeight + 0.03 * k, -length * 0.06);
    this.object.add(lower, cabin, roof);
    const lamp = new BoxGeometry(bodyWidth * 0.22, 0.12 * k, 0.04);
    for (const side of [-1, 1]) {
      const head = new Mesh(lamp, front);
      head.position.set(side * bodyWidth * 0.32, sill + lowerHeight * 0.7, length / 2 + 0.02);
      const tail = new Mesh(lamp, rear);
      tail.position.set(side * bodyWidth * 0.32, sill + lowerHeight * 0.7, -length / 2 - 0.02);
      this.object.add(head, tail);
    }

    const tyreGeometry = new CylinderGeometry(radius, radius, tyreWidth, 16);
    tyreGeometry.rotateZ(Math.PI / 2);
    const capGeometry = new CylinderGeometry(radius * 0.55, radius * 0.55, tyreWidth + 0.02, 12);
    capGeometry.rotateZ(Math.PI / 2);
    // A bar across the hub cap makes the spin visible.
    const barGeometry = new BoxGeometry(tyreWidth + 0.04, radius * 0.2, radius * 1.5);
    for (const mount of mounts) {
      const steer = new Group();
      const spin = new Group();
      spin.add(new Mesh(tyreGeometry, tyre), new Mesh(capGeometry, rim), new Mesh(barGeometry, tyre));
      steer.add(spin);
      steer.position.set(mount.v, radius, mount.u);
      this.object.add(steer);
      this.wheels.push({ steer, spin });
    }
    // The car must never catch the pointer ray meant for the terrain; it casts the sun's shadow map
    // (on while driving, fitted round the car: SceneLook) and takes the props' shadows.
    this.object.traverse((o) => {
      o.raycast = () => undefined;
      if (o instanceof Mesh) {
        o.castShadow = true;
        o.receiveShadow = true;
      }
    });
  }

  /**
   * Places the car for this frame: body at the pose, wheels at their contacts (same order as the
   * layout's mounts), front wheels turned by `steer` (−1..1, positive right), all spun by the distance
   * travelled at `speed` m/s over `dt` seconds.
   */
  place(pose: CarPose, contacts: readonly WheelContact[], steer: number, speed: number, dt: number): void {
    const [left, up, forward] = this.axes;
    left.set(-pose.right.x, -pose.right.y, -pose.right.z);
    up.set(pose.up.x, pose.up.y, pose.up.z);
    forward.set(pose.forward.x, pose.forward.y, pose.forward.z);
    this.matrix.makeBasis(left, up, forward).setPosition(pose.position.x, pose.position.y, pose.position.z);
    this.object.matrix.copy(this.matrix);
    this.object.matrixWorldNeedsUpdate = true;
    // Shown, not hidden: a body cutting into the ground turns magenta (the HUD gives the depth).
    this.body.color.set(pose.clipDepth > 0 ? CLIPPING_COLOUR : BODY_COLOUR);

    const step = Number.isFinite(dt) && dt > 0 ? dt : 0;
    // Turning right lowers the heading: a negative turn about the body's up axis.
    const target = -Math.max(-1, Math.min(1, Number.isFinite(steer) ? steer : 0)) * MAX_STEER_ANGLE;
    this.steerAngle += (target - this.steerAngle) * Math.min(1, step * STEER_RATE);
    // Rolling forwards turns the top of the wheel forwards: positive about the left (+x) axis.
    if (Number.isFinite(speed)) this.spinAngle = (this.spinAngle + (speed * step) / this.layout.radius) % (2 * Math.PI);
    const { mounts, radius } = this.layout;
    this.wheels.forEach((wheel, n) => {
      const offset = contacts[n]?.offset ?? 0;
      wheel.steer.position.set(mounts[n].v, offset + radius, mounts[n].u);
      wheel.steer.rotation.y = mounts[n].front ? this.steerAngle : 0;
      wheel.spin.rotation.x = this.spinAngle;
    });
  }

  dispose(): void {
    const geometries = new Set<BufferGeometry>();
    const materials = new Set<Material>();
    this.object.traverse((o) => {
      if (o instanceof Mesh) {
        geometries.add(o.geometry as BufferGeometry);
        materials.add(o.material as Material);
      }
    });
    for (const g of geometries) g.dispose();
    for (const m of materials) m.dispose();
  }
}

/** One CarMesh per footprint size (and physics wheel layout). */
export function useCarMesh(length: number, width: number, layout?: WheelLayout): CarMesh {
  return useMemo(() => new CarMesh(length, width, layout), [length, width, layout]);
}
