import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { createRandom } from '../random';
import { heightRange, vertexX, vertexZ } from './heightfield';
import { buildTerrainMesh } from './mesh';
import { rayCastTerrain } from './rayCast';
import { heightAt } from './surface';
import { randomField } from './testing/surfaceReference';

describe.each([
  ['41×33 @ 2.5 m', randomField(41, 33, 2.5, 51, 20)],
  ['30×47 @ 0.37 m', randomField(30, 47, 0.37, 52, 4)],
])('rayCastTerrain on %s', (_name, field) => {
  const mesh = buildTerrainMesh(field);
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(mesh.positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(mesh.indices, 1));
  const object = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
  object.updateMatrixWorld();
  const raycaster = new THREE.Raycaster();
  const range = heightRange(field.heights);
  const half = { x: vertexX(field, field.width - 1), z: vertexZ(field, field.depth - 1) };

  it('hits where three.js hits the full mesh, on the surface heightAt describes', () => {
    const random = createRandom(8);
    let hits = 0;
    for (let n = 0; n < 300; n++) {
      const origin = { x: (random.next() * 2 - 1) * half.x * 1.5, y: range.max + 5 + random.next() * 40, z: (random.next() * 2 - 1) * half.z * 1.5 };
      const target = { x: (random.next() * 2 - 1) * half.x, y: range.min + random.next() * (range.max - range.min), z: (random.next() * 2 - 1) * half.z };
      const direction = { x: target.x - origin.x, y: target.y - origin.y, z: target.z - origin.z };
      raycaster.set(new THREE.Vector3(origin.x, origin.y, origin.z), new THREE.Vector3(direction.x, direction.y, direction.z).normalize());
      const expected = raycaster.intersectObject(object, false)[0];
      const hit = rayCastTerrain(field, { origin, direction }, range);
      expect(hit === undefined, `ray ${n}`).toBe(expected === undefined);
      if (!hit || !expected) continue;
      hits++;
      expect(hit.distance).toBeCloseTo(expected.distance, 3);
      expect(hit.x).toBeCloseTo(expected.point.x, 3);
      expect(hit.z).toBeCloseTo(expected.point.z, 3);
      expect(hit.y).toBe(heightAt(field, hit.x, hit.z));
      expect(Math.abs(hit.y - expected.point.y)).toBeLessThan(1e-3);
    }
    expect(hits).toBeGreaterThan(200);
  });

  it('gives the same answer with or without height bounds, and misses rays that pass above', () => {
    const origin = { x: -half.x * 2, y: range.max + 10, z: 0.3 };
    const down = { x: 1, y: -0.2, z: 0.05 };
    expect(rayCastTerrain(field, { origin, direction: down })).toEqual(rayCastTerrain(field, { origin, direction: down }, range));
    expect(rayCastTerrain(field, { origin, direction: { x: 1, y: 0, z: 0 } }, range)).toBeUndefined();
  });

  it('vertical rays land on heightAt', () => {
    const random = createRandom(9);
    for (let n = 0; n < 200; n++) {
      const x = (random.next() * 2 - 1) * half.x * 0.999;
      const z = (random.next() * 2 - 1) * half.z * 0.999;
      const hit = rayCastTerrain(field, { origin: { x, y: range.max + 100, z }, direction: { x: 0, y: -1, z: 0 } });
      expect(hit?.y).toBe(heightAt(field, x, z));
      expect(hit?.x).toBe(x);
    }
  });
});
