import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { heightAt } from '../terrain/surface';
import { poseFromTerrain, poseFromWheelPlane, type CarPose } from './pose';
import { fieldFrom } from './testFields';
import { cross, length, sub } from './vec';
import { restContact, suspensionOffset, wheelContacts, wheelLayoutFor } from './wheels';

const DEG = Math.PI / 180;
const car = { length: 4.2, width: 1.8 };
const layout = wheelLayoutFor(car);
const methods = { classic: poseFromTerrain, wheelPlane: poseFromWheelPlane } as const;

/** |wheel bottom − exact surface| for every wheel of this pose (NaN-free: contacts are on the map). */
function gaps(field: Parameters<typeof wheelContacts>[0], pose: CarPose): number[] {
  return wheelContacts(field, pose, layout).map((w) => Math.abs(w.contact.y - heightAt(field, w.contact.x, w.contact.z)));
}

describe('wheel layout', () => {
  it('puts four wheels inside the footprint, two in front, two behind, left and right', () => {
    expect(layout.mounts).toHaveLength(4);
    for (const m of layout.mounts) {
      expect(Math.abs(m.u) + layout.radius).toBeLessThanOrEqual(car.length / 2);
      expect(Math.abs(m.v) + layout.tyreWidth / 2).toBeLessThanOrEqual(car.width / 2 + 1e-12);
      expect(m.front).toBe(m.u > 0);
    }
    expect(new Set(layout.mounts.map((m) => `${Math.sign(m.u)},${Math.sign(m.v)}`)).size).toBe(4);
    // A bigger footprint gets bigger wheels.
    expect(wheelLayoutFor({ length: 8.4, width: 3.6 }).radius).toBeCloseTo(2 * layout.radius, 12);
  });
});

describe('wheel contacts on the exact surface', () => {
  it('every wheel bottom is within 1 cm of heightAt at rest on planar slopes up to 30°, both pose methods', () => {
    const random = createRandom(71);
    let worst = 0;
    for (const slopeDeg of [0, 5, 12, 20, 30]) {
      const dir = random.next() * 2 * Math.PI;
      const g = Math.tan(slopeDeg * DEG);
      const field = fieldFrom(41, 41, 1, (x, z) => 2 + g * (Math.cos(dir) * x + Math.sin(dir) * z));
      for (let k = 0; k < 12; k++) {
        const placement = { x: (random.next() - 0.5) * 20, z: (random.next() - 0.5) * 20, heading: random.next() * 7 };
        for (const pose of Object.values(methods)) {
          const p = pose(field, placement, car);
          const wheels = wheelContacts(field, p, layout);
          expect(wheels.every((w) => w.grounded)).toBe(true);
          // On a plane the contact plane is the ground: the suspension stays at rest.
          for (const w of wheels) expect(Math.abs(w.offset)).toBeLessThan(1e-4);
          worst = Math.max(worst, ...gaps(field, p));
        }
      }
    }
    expect(worst).toBeLessThan(0.01);
  });

  it('follows each triangle across the cell diagonal, where a bilinear surface would be centimetres off', () => {
    // Vertices (i+1, j) and (i, j+1) share a parity: every cell's (x0, z1)–(x1, z0) diagonal is a 0.4 m ridge.
    const ridges = fieldFrom(33, 33, 1, (x, z) => ((Math.round(x) + Math.round(z)) % 2 === 0 ? 0 : 0.4));
    const bilinear = (x: number, z: number): number => {
      const gx = x + 16;
      const gz = z + 16;
      const i = Math.floor(gx);
      const j = Math.floor(gz);
      const h = (a: number, b: number): number => ridges.heights[b * 33 + a];
      const fx = gx - i;
      const fz = gz - j;
      return (1 - fx) * (1 - fz) * h(i, j) + fx * (1 - fz) * h(i + 1, j) + (1 - fx) * fz * h(i, j + 1) + fx * fz * h(i + 1, j + 1);
    };
    const random = createRandom(72);
    let worst = 0;
    let bilinearOff = 0;
    let grounded = 0;
    for (let k = 0; k < 60; k++) {
      const placement = { x: (random.next() - 0.5) * 16, z: (random.next() - 0.5) * 16, heading: random.next() * 7 };
      for (const pose of Object.values(methods)) {
        const p = pose(ridges, placement, car);
        for (const w of wheelContacts(ridges, p, layout)) {
          if (!w.grounded) continue;
          grounded++;
          worst = Math.max(worst, Math.abs(w.contact.y - heightAt(ridges, w.contact.x, w.contact.z)));
          bilinearOff = Math.max(bilinearOff, Math.abs(w.contact.y - bilinear(w.contact.x, w.contact.z)));
        }
      }
    }
    expect(grounded).toBeGreaterThan(400);
    expect(worst).toBeLessThan(0.01);
    expect(bilinearOff).toBeGreaterThan(0.05);
  });

  it('moves along the body up axis only, and clamps to the travel when the ground is out of reach', () => {
    const random = createRandom(73);
    const bumps = fieldFrom(33, 33, 1, () => random.next() * 1.5);
    let hanging = 0;
    let bottomed = 0;
    for (let k = 0; k < 80; k++) {
      const placement = { x: (random.next() - 0.5) * 20, z: (random.next() - 0.5) * 20, heading: random.next() * 7 };
      const pose = poseFromTerrain(bumps, placement, car);
      const wheels = wheelContacts(bumps, pose, layout);
      wheels.forEach((w, n) => {
        const rest = restContact(pose, layout.mounts[n]);
        // contact − rest is parallel to up, and its length is |offset|.
        expect(length(cross(sub(w.contact, rest), pose.up))).toBeLessThan(1e-9);
        expect(length(sub(w.contact, rest))).toBeCloseTo(Math.abs(w.offset), 9);
        expect(length(sub(w.hub, w.contact))).toBeCloseTo(layout.radius, 9);
        expect(Math.abs(w.offset)).toBeLessThanOrEqual(layout.travel);
        const gap = w.contact.y - heightAt(bumps, w.contact.x, w.contact.z);
        if (w.grounded) expect(Math.abs(gap)).toBeLessThan(1e-6);
        else if (w.offset < 0) {
          hanging++;
          expect(w.offset).toBe(-layout.travel);
          expect(gap).toBeGreaterThan(0);
        } else {
          bottomed++;
          expect(w.offset).toBe(layout.travel);
          expect(gap).toBeLessThan(0);
        }
      });
    }
    expect(hanging).toBeGreaterThan(0);
    expect(bottomed).toBeGreaterThan(0);
  });

  it('solves a single wheel exactly on a steep plane seen by a tilted axis', () => {
    const steep = fieldFrom(17, 17, 1, (x) => 0.8 * x);
    const up = { x: -0.3, y: Math.sqrt(1 - 0.09), z: 0 };
    const rest = { x: 1.25, y: 0.8 * 1.25 + 0.1, z: 0.3 };
    const { offset, grounded } = suspensionOffset(steep, rest, up, 0.3);
    expect(grounded).toBe(true);
    // (rest + up·d).y = 0.8·(rest + up·d).x  ⇒  d = (0.8·rest.x − rest.y) / (up.y − 0.8·up.x).
    expect(offset).toBeCloseTo((0.8 * rest.x - rest.y) / (up.y - 0.8 * up.x), 7);
  });
});
