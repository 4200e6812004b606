/**
 * The rendered mesh and the height query must be the same surface: three.js ray casts against a
 * BufferGeometry built from `buildTerrainMesh` land where `heightAt` says the ground is.
 */
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { createRandom } from '../random';
import { vertexX, vertexZ, type Heightfield } from './heightfield';
import { buildTerrainMesh } from './mesh';
import { heightAt } from './surface';
import { randomField } from './testing/surfaceReference';

const TOLERANCE_M = 1e-4;

function terrainObject(field: Heightfield): THREE.Mesh {
  const mesh = buildTerrainMesh(field);
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(mesh.positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(mesh.indices, 1));
  // FrontSide: a downward ray only hits if the triangles face up, so this also checks the winding.
  const object = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.FrontSide }));
  object.updateMatrixWorld();
  return object;
}

function castOne(raycaster: THREE.Raycaster, object: THREE.Mesh, origin: THREE.Vector3, direction: THREE.Vector3): THREE.Intersection | undefined {
  raycaster.set(origin, direction.clone().normalize());
  return raycaster.intersectObject(object, false)[0];
}

describe.each([
  ['33×17 @ 2.5 m', randomField(33, 17, 2.5, 21)],
  ['24×31 @ 0.37 m', randomField(24, 31, 0.37, 22, 6)],
  ['49×41 @ 1 m', randomField(49, 41, 1, 23, 30)],
])('three.js ray casts against the mesh of %s', (_name, field) => {
  const object = terrainObject(field);
  const raycaster = new THREE.Raycaster();
  const minX = vertexX(field, 0);
  const maxX = vertexX(field, field.width - 1);
  const minZ = vertexZ(field, 0);
  const maxZ = vertexZ(field, field.depth - 1);
  const above = 1000;
  const top = Math.max(...field.heights) + 1;

  it('a vertical ray hits at heightAt', () => {
    const random = createRandom(31);
    // Stay a hair inside so the ray does not graze the outermost edge and miss by float32 rounding.
    const inset = field.cellSize * 1e-4;
    for (let n = 0; n < 400; n++) {
      const x = minX + inset + random.next() * (maxX - minX - 2 * inset);
      const z = minZ + inset + random.next() * (maxZ - minZ - 2 * inset);
      const hit = castOne(raycaster, object, new THREE.Vector3(x, above, z), new THREE.Vector3(0, -1, 0));
      expect(hit, `no hit at (${x}, ${z})`).toBeDefined();
      if (!hit) return;
      expect(Math.abs(hit.point.y - heightAt(field, x, z))).toBeLessThan(TOLERANCE_M);
    }
  });

  it('vertical rays through every cell diagonal midpoint hit at heightAt', () => {
    for (let j = 0; j < field.depth - 1; j++) {
      for (let i = 0; i < field.width - 1; i++) {
        const x = vertexX(field, i) + field.cellSize / 2;
        const z = vertexZ(field, j) + field.cellSize / 2;
        const hit = castOne(raycaster, object, new THREE.Vector3(x, above, z), new THREE.Vector3(0, -1, 0));
        expect(hit).toBeDefined();
        if (hit) expect(Math.abs(hit.point.y - heightAt(field, x, z))).toBeLessThan(TOLERANCE_M);
      }
    }
  });

  it('oblique rays hit a point whose height is heightAt there', () => {
    const random = createRandom(32);
    const rays = 300;
    let cast = 0;
    for (let attempt = 0; cast < rays && attempt < rays * 20; attempt++) {
      // Aim at a point on the surface from above the highest vertex, so the first crossing of the
      // surface is from above. The terrain has open sides: keep only rays that start over it.
      const target = new THREE.Vector3(minX + random.next() * (maxX - minX), 0, minZ + random.next() * (maxZ - minZ));
      target.y = heightAt(field, target.x, target.z);
      const direction = new THREE.Vector3(random.next() - 0.5, -1, random.next() - 0.5).normalize();
      const origin = target.clone().addScaledVector(direction, -(top - target.y) / -direction.y);
      if (Number.isNaN(heightAt(field, origin.x, origin.z))) continue;
      cast++;
      const hit = castOne(raycaster, object, origin, direction);
      expect(hit, `ray from ${origin.toArray().join(', ')} missed`).toBeDefined();
      if (!hit) return;
      expect(Math.abs(hit.point.y - heightAt(field, hit.point.x, hit.point.z))).toBeLessThan(TOLERANCE_M);
      // Not past the aimed-at point (a grazing ray turns float32 rounding into a longer distance).
      expect(hit.distance).toBeLessThanOrEqual(origin.distanceTo(target) + 1e-2);
      // The first hit really is the first: before it the ray stays above the ground.
      for (let step = 1; step <= 20; step++) {
        const before = origin.clone().addScaledVector(direction, (hit.distance * step) / 21);
        expect(before.y).toBeGreaterThan(heightAt(field, before.x, before.z) - TOLERANCE_M);
      }
    }
    expect(cast).toBe(rays);
  });
});
