import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { heightAt, normalAt, type Vec3 } from '../terrain/surface';
import { basisFromEuler, eulerFromBasis, horizontalForward, horizontalLeft, poseFromTerrain, poseFromWheelPlane, type CarBasis, type CarPose } from './pose';
import { fieldFrom } from './testFields';
import { angleBetween, cross, dot, length, normalize, vec3 } from './vec';

const DEG = Math.PI / 180;
const body = { length: 4, width: 2, clearance: 0.3 };
const methods = { classic: poseFromTerrain, wheelPlane: poseFromWheelPlane } as const;

/** Rounds to a multiple of 2⁻¹⁰ so plane heights on a unit grid are exact in Float32. */
const dyadic = (v: number): number => Math.round(v * 1024) / 1024;

function expectOrthonormalRightHanded(b: CarBasis): void {
  for (const v of [b.forward, b.up, b.right]) expect(length(v)).toBeCloseTo(1, 12);
  expect(Math.abs(dot(b.forward, b.up))).toBeLessThan(1e-12);
  expect(Math.abs(dot(b.forward, b.right))).toBeLessThan(1e-12);
  expect(Math.abs(dot(b.up, b.right))).toBeLessThan(1e-12);
  // (left, up, forward) is the body's (x, y, z): a right-handed frame has left × up = forward.
  const left = vec3(-b.right.x, -b.right.y, -b.right.z);
  expect(dot(cross(left, b.up), b.forward)).toBeCloseTo(1, 12);
}

const wrapAngle = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

describe('pose on planar slopes', () => {
  const headings = [0, Math.PI / 2, Math.PI / 4, Math.PI, -Math.PI / 2, (3 * Math.PI) / 4, 1.234, 5.9, -2.71];
  const random = createRandom(6001);
  const slopes: { gx: number; gz: number }[] = [];
  for (const slopeDeg of [0, 1, 5, 15, 30, 45, 55, 60]) {
    for (let k = 0; k < 5; k++) {
      const dir = random.next() * 2 * Math.PI;
      const g = Math.tan(slopeDeg * DEG);
      slopes.push({ gx: dyadic(g * Math.cos(dir)), gz: dyadic(g * Math.sin(dir)) });
    }
  }

  it('up equals the plane normal within 0.05° and forward lies in the plane, for every slope and heading', () => {
    let worstUpAngle = 0;
    let worstForwardDot = 0;
    for (const { gx, gz } of slopes) {
      const field = fieldFrom(33, 33, 1, (x, z) => 3 + gx * x + gz * z);
      const normal = normalize(vec3(-gx, 1, -gz));
      for (const heading of headings) {
        const x = (random.next() - 0.5) * 16;
        const z = (random.next() - 0.5) * 16;
        for (const pose of [poseFromTerrain(field, { x, z, heading }, body), poseFromWheelPlane(field, { x, z, heading }, body)]) {
          worstUpAngle = Math.max(worstUpAngle, angleBetween(pose.up, normal));
          worstForwardDot = Math.max(worstForwardDot, Math.abs(dot(pose.forward, normal)));
          expectOrthonormalRightHanded(pose);
          // Wheels on the ground: the reference point is on the plane; heading is kept.
          expect(pose.position.y).toBeCloseTo(3 + gx * x + gz * z, 9);
          expect(pose.position.x).toBe(x);
          expect(wrapAngle(Math.atan2(pose.forward.x, pose.forward.z) - heading)).toBeCloseTo(0, 12);
          expect(pose.clipDepth).toBe(0);
        }
      }
    }
    expect(worstUpAngle).toBeLessThan(0.05 * DEG);
    expect(worstUpAngle).toBeLessThan(1e-9); // exact planes: the construction is exact up to rounding
    expect(worstForwardDot).toBeLessThan(1e-9);
  });

  it('holds on planes whose heights are rounded to Float32 and cells are not a power of two', () => {
    const random2 = createRandom(77);
    for (let k = 0; k < 40; k++) {
      const slope = random2.next() * 60 * DEG;
      const dir = random2.next() * 2 * Math.PI;
      const gx = Math.tan(slope) * Math.cos(dir);
      const gz = Math.tan(slope) * Math.sin(dir);
      const field = fieldFrom(41, 37, 0.7, (x, z) => 11.3 + gx * x + gz * z);
      const normal = normalize(vec3(-gx, 1, -gz));
      const heading = (random2.next() - 0.5) * 4 * Math.PI;
      for (const pose of [poseFromTerrain(field, { x: 1.1, z: -0.4, heading }, body), poseFromWheelPlane(field, { x: 1.1, z: -0.4, heading }, body)]) {
        expect(angleBetween(pose.up, normal)).toBeLessThan(0.05 * DEG);
        expect(Math.abs(dot(pose.forward, normal))).toBeLessThan(1e-5);
      }
    }
  });

  it('pitch is the slope along the heading (nose up uphill) and roll is positive when the left side is higher', () => {
    const gx = 0.5;
    const field = fieldFrom(33, 33, 1, (x) => gx * x); // rises towards +x
    const uphill = poseFromTerrain(field, { x: 0, z: 0, heading: Math.PI / 2 }, body); // facing +x
    expect(uphill.pitch).toBeCloseTo(Math.atan(gx), 12);
    expect(uphill.roll).toBeCloseTo(0, 12);
    const downhill = poseFromTerrain(field, { x: 0, z: 0, heading: -Math.PI / 2 }, body);
    expect(downhill.pitch).toBeCloseTo(-Math.atan(gx), 12);
    // Facing +z, left is +x, which is the high side.
    const across = poseFromTerrain(field, { x: 0, z: 0, heading: 0 }, body);
    expect(horizontalLeft(0).x).toBe(1);
    expect(across.pitch).toBeCloseTo(0, 12);
    expect(across.roll).toBeCloseTo(Math.atan(gx), 12);
    const acrossOther = poseFromTerrain(field, { x: 0, z: 0, heading: Math.PI }, body);
    expect(acrossOther.roll).toBeCloseTo(-Math.atan(gx), 12);
  });
});

describe('Euler angles', () => {
  it('basisFromEuler rebuilds the pose basis from its heading, pitch and roll', () => {
    const random = createRandom(9);
    const field = fieldFrom(49, 49, 1, () => (random.next() - 0.5) * 1.5);
    const check = (pose: CarPose): void => {
      const rebuilt = basisFromEuler(pose.heading, pose.pitch, pose.roll);
      for (const key of ['forward', 'up', 'right'] as const) {
        const a: Vec3 = rebuilt[key];
        const b: Vec3 = pose[key];
        expect(angleBetween(a, b)).toBeLessThan(1e-12);
      }
    };
    for (let k = 0; k < 200; k++) {
      const placement = { x: (random.next() - 0.5) * 30, z: (random.next() - 0.5) * 30, heading: (random.next() - 0.5) * 8 };
      const classic = poseFromTerrain(field, placement, body);
      const fitted = poseFromWheelPlane(field, placement, body);
      expectOrthonormalRightHanded(classic);
      expectOrthonormalRightHanded(fitted);
      check(classic);
      check(fitted);
    }
  });

  it('eulerFromBasis inverts basisFromEuler, and the axes at zero angles are the world axes', () => {
    const zero = basisFromEuler(0, 0, 0);
    expect(zero.forward).toEqual({ x: 0, y: 0, z: 1 });
    expect(zero.up).toEqual({ x: 0, y: 1, z: 0 });
    expect(zero.right.x).toBe(-1);
    expect(horizontalForward(Math.PI / 2).x).toBeCloseTo(1, 15);
    const random = createRandom(3);
    for (let k = 0; k < 500; k++) {
      const heading = (random.next() - 0.5) * 2 * Math.PI * 0.999;
      const pitch = (random.next() - 0.5) * Math.PI * 0.98;
      const roll = (random.next() - 0.5) * 2 * Math.PI * 0.999;
      const basis = basisFromEuler(heading, pitch, roll);
      expectOrthonormalRightHanded(basis);
      const angles = eulerFromBasis(basis);
      expect(angles.heading).toBeCloseTo(heading, 9);
      expect(angles.pitch).toBeCloseTo(pitch, 9);
      expect(angles.roll).toBeCloseTo(roll, 9);
      // Pitch is the forward axis' elevation.
      expect(basis.forward.y).toBeCloseTo(Math.sin(pitch), 12);
    }
  });
});

describe('classic four samples against the wheel-plane fit on rough terrain', () => {
  it('differ on rough terrain, both reasonable', () => {
    const random = createRandom(42);
    const field = fieldFrom(65, 65, 1, (x, z) => 0.4 * Math.sin(x * 0.9) * Math.cos(z * 1.3) + (random.next() - 0.5) * 0.6);
    let maxDifference = 0;
    for (let k = 0; k < 100; k++) {
      const placement = { x: (random.next() - 0.5) * 50, z: (random.next() - 0.5) * 50, heading: random.next() * 2 * Math.PI };
      const classic = poseFromTerrain(field, placement, body);
      const fitted = poseFromWheelPlane(field, placement, body);
      const difference = angleBetween(classic.up, fitted.up);
      maxDifference = Math.max(maxDifference, difference);
      // Reasonable: close to the mean surface normal sampled under the footprint.
      let sum = vec3(0, 0, 0);
      let lowest = Infinity;
      let highest = -Infinity;
      for (let u = -2; u <= 2; u += 0.25) {
        for (let v = -1; v <= 1; v += 0.25) {
          const f = horizontalForward(placement.heading);
          const l = horizontalLeft(placement.heading);
          const px = placement.x + u * f.x + v * l.x;
          const pz = placement.z + u * f.z + v * l.z;
          const n = normalAt(field, px, pz);
          if (n) sum = vec3(sum.x + n.x, sum.y + n.y, sum.z + n.z);
          lowest = Math.min(lowest, heightAt(field, px, pz));
          highest = Math.max(highest, heightAt(field, px, pz));
        }
      }
      const meanNormal = normalize(sum);
      for (const pose of [classic, fitted]) {
        expect(angleBetween(pose.up, meanNormal)).toBeLessThan(30 * DEG);
        expect(pose.position.y).toBeGreaterThanOrEqual(lowest - 1e-9);
        expect(pose.position.y).toBeLessThanOrEqual(highest + 1e-9);
      }
    }
    expect(maxDifference).toBeGreaterThan(1 * DEG);
  });
});

describe('clipping depth', () => {
  it('is the crest height above the underside when the car straddles a ridge', () => {
    const k = 0.625; // exact in Float32
    const field = fieldFrom(33, 33, 1, (x) => 5 - k * Math.abs(x)); // crest along z at x = 0
    for (const make of Object.values(methods)) {
      const pose = make(field, { x: 0, z: 0.3, heading: Math.PI / 2 }, body);
      // Wheels 2 m either side of the crest sit 2k below it; the underside is clearance above them.
      expect(pose.clipDepth).toBeCloseTo(2 * k - body.clearance, 9);
      expect(pose.pitch).toBeCloseTo(0, 12);
    }
  });

  it('is reported when the front wheel drops into a narrow dip', () => {
    const depthOfDip = 2;
    const field = fieldFrom(33, 33, 1, (x) => (x === 4 ? -depthOfDip : 0)); // one-cell trench at x = 4
    const pose = poseFromTerrain(field, { x: 2, z: 0, heading: Math.PI / 2 }, body); // front samples at x = 4
    expect(pose.pitch).toBeLessThan(0);
    // The plane drops 2 m over 4 m; 1 m behind the front (still flat ground) it is ≈ 1.5 m under ground.
    expect(pose.clipDepth).toBeGreaterThan(depthOfDip * 0.7 - body.clearance);
    const away = poseFromTerrain(field, { x: -8, z: 0, heading: Math.PI / 2 }, body);
    expect(away.clipDepth).toBe(0);
  });

  it('is zero on a plane even with no clearance, and finite at the map edge', () => {
    const field = fieldFrom(17, 17, 0.5, (x, z) => 0.75 * x - 0.25 * z);
    const flush = { ...body, clearance: 0 };
    expect(poseFromTerrain(field, { x: 0.3, z: 0.1, heading: 2 }, flush).clipDepth).toBeLessThan(1e-9);
    const edge = poseFromTerrain(field, { x: 4, z: 4, heading: 0.7 }, body);
    for (const v of [edge.position.y, edge.pitch, edge.roll, edge.clipDepth]) expect(Number.isFinite(v)).toBe(true);
  });
});
