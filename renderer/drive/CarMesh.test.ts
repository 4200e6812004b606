import { describe, expect, it } from 'vitest';
import { Mesh, Vector3 } from 'three';
import { createRandom } from '../../shared/random';
import { heightAt } from '../../shared/terrain/surface';
import { poseFromTerrain } from '../../shared/vehicle/pose';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { wheelContacts } from '../../shared/vehicle/wheels';
import { CarMesh, MAX_STEER_ANGLE } from './CarMesh';

describe('car model', () => {
  const random = createRandom(5);
  // Gentle bumps plus a diagonal ridge per cell: the wheels must follow the exact triangles.
  const field = fieldFrom(33, 33, 1, (x, z) => 0.15 * Math.sin(x / 3) + 0.1 * z * 0.2 + ((Math.round(x) + Math.round(z)) % 2 === 0 ? 0 : 0.05));

  it('puts every wheel bottom on the exact surface, with four wheels and a body above them', () => {
    const model = new CarMesh(4.2, 1.8);
    expect(model.layout.mounts).toHaveLength(4);
    for (let k = 0; k < 20; k++) {
      const pose = poseFromTerrain(
        field,
        { x: (random.next() - 0.5) * 16, z: (random.next() - 0.5) * 16, heading: random.next() * 7 },
        { length: 4.2, width: 1.8 },
      );
      const contacts = wheelContacts(field, pose, model.layout);
      model.place(pose, contacts, 0, 5, 1 / 60);
      model.object.updateMatrixWorld(true);
      const up = new Vector3(pose.up.x, pose.up.y, pose.up.z);
      // The wheels are the steering pivots (one per mount): their world centre minus up·radius is the bottom.
      const hubs = model.object.children.filter((c) => c.type === 'Group');
      expect(hubs).toHaveLength(4);
      hubs.forEach((hub, n) => {
        const centre = hub.getWorldPosition(new Vector3());
        expect(centre.distanceTo(new Vector3(contacts[n].hub.x, contacts[n].hub.y, contacts[n].hub.z))).toBeLessThan(1e-9);
        const bottom = centre.clone().addScaledVector(up, -model.layout.radius);
        if (contacts[n].grounded) expect(Math.abs(bottom.y - heightAt(field, bottom.x, bottom.z))).toBeLessThan(0.01);
      });
    }
    // The tyres show beside the body: their outer faces reach past its sides; the body sits above the wheel bottoms.
    const lower = model.object.children[0] as Mesh;
    lower.geometry.computeBoundingBox();
    const body = lower.geometry.boundingBox!.clone().translate(lower.position);
    for (const mount of model.layout.mounts) expect(Math.abs(mount.v) + model.layout.tyreWidth / 2).toBeGreaterThan(body.max.x + 0.05);
    expect(body.min.y).toBeGreaterThan(0.2);
  });

  it('turns the front wheels with the steering and spins all four with the speed', () => {
    const model = new CarMesh(4.2, 1.8);
    const pose = poseFromTerrain(field, { x: 0, z: 0, heading: 0 }, { length: 4.2, width: 1.8 });
    const contacts = wheelContacts(field, pose, model.layout);
    for (let k = 0; k < 60; k++) model.place(pose, contacts, 1, 2, 1 / 60);
    const hubs = model.object.children.filter((c) => c.type === 'Group');
    model.layout.mounts.forEach((mount, n) => {
      // Steering right turns the front wheels clockwise seen from above (negative about up).
      if (mount.front) expect(hubs[n].rotation.y).toBeCloseTo(-MAX_STEER_ANGLE, 3);
      else expect(hubs[n].rotation.y).toBe(0);
      // One second at 2 m/s rolls 2 m: 2 / radius radians.
      expect(hubs[n].children[0].rotation.x).toBeCloseTo(2 / model.layout.radius, 6);
    });
    model.dispose();
  });
});
