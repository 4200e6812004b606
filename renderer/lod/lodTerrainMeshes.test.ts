import { describe, expect, it } from 'vitest';
import { BufferAttribute, Mesh, MeshBasicMaterial, Raycaster, Vector3, DoubleSide } from 'three';
import { buildGridIndices } from '../../shared/terrain/mesh';
import { heightAt } from '../../shared/terrain/surface';
import { vertexX, vertexZ } from '../../shared/terrain/heightfield';
import { syntheticTerrain } from '../../shared/lod/syntheticTerrain.testkit';
import type { LodCamera } from '../../shared/lod/selectLod';
import { LodTerrainMeshes } from './lodTerrainMeshes';

const material = new MeshBasicMaterial({ side: DoubleSide });

/** Every drawn triangle as its three world positions, rounded, sorted: comparable across vertex orders. */
function drawnTriangles(meshes: Mesh[]): string[] {
  const out: string[] = [];
  for (const mesh of meshes) {
    const position = mesh.geometry.getAttribute('position') as BufferAttribute;
    const index = mesh.geometry.getIndex();
    if (!index) continue;
    for (let t = 0; t < index.count; t += 3) {
      const corners = [0, 1, 2].map((n) => {
        const v = index.getX(t + n);
        return `${position.getX(v)},${position.getY(v)},${position.getZ(v)}`;
      });
      const m = corners.indexOf([...corners].sort()[0]);
      out.push([corners[m], corners[(m + 1) % 3], corners[(m + 2) % 3]].join('|'));
    }
  }
  return out.sort();
}

describe('LodTerrainMeshes', () => {
  const field = syntheticTerrain(1153, 1);
  const far: LodCamera = { position: { x: 0, y: 400, z: 900 }, fovYDegrees: 50, viewportHeight: 900 };

  it('draws exactly the exact mesh when the error bound asks for full detail', () => {
    const small = syntheticTerrain(193, 0.5);
    const lod = new LodTerrainMeshes(small, material, 'height');
    lod.update(far, { maxPixelError: 0, triangleBudget: Infinity });
    const exact = new Mesh(undefined, material);
    const positions = new Float32Array(small.width * small.depth * 3);
    for (let j = 0; j < small.depth; j++) for (let i = 0; i < small.width; i++) positions.set([vertexX(small, i), small.heights[j * small.width + i], vertexZ(small, j)], (j * small.width + i) * 3);
    exact.geometry.setAttribute('position', new BufferAttribute(positions, 3));
    exact.geometry.setIndex(new BufferAttribute(buildGridIndices(small.width, small.depth), 1));
    expect(drawnTriangles(lod.meshes())).toEqual(drawnTriangles([exact]));
  });

  it('rebuilds only the blocks an edit touches', () => {
    const edited = syntheticTerrain(1153, 1);
    const lod = new LodTerrainMeshes(edited, material, 'slope');
    lod.update(far);
    const blocks = lod.meshes().length;
    expect(lod.lastRebuilt).toBe(blocks);
    lod.update(far);
    expect(lod.lastRebuilt).toBe(0);
    // A 64 m dab in the middle of one block.
    for (let j = 200; j < 264; j++) for (let i = 200; i < 264; i++) edited.heights[j * edited.width + i] += 0.01;
    lod.syncDocument(edited, { kind: 'rect', i0: 200, j0: 200, i1: 264, j1: 264 });
    lod.update(far);
    expect(lod.lastRebuilt).toBe(1);
    expect(blocks).toBeGreaterThan(4);
  });

  it('picks the exact surface, even on a distant chunk drawn coarse', () => {
    const lod = new LodTerrainMeshes(field, material, 'height');
    lod.update(far);
    const raycaster = new Raycaster();
    // Aim at the far corner of the map, where the chunks are coarse.
    const target = new Vector3(vertexX(field, 40.3), 0, vertexZ(field, 30.6));
    target.y = heightAt(field, target.x, target.z);
    const origin = new Vector3(far.position.x, far.position.y, far.position.z);
    raycaster.set(origin, target.clone().sub(origin).normalize());
    const hits = raycaster.intersectObject(lod.group, true);
    expect(hits.length).toBe(1);
    const hit = hits[0];
    expect(hit.object).toBe(lod.group);
    expect(hit.point.y).toBe(heightAt(field, hit.point.x, hit.point.z));
    expect(hit.point.distanceTo(target)).toBeLessThan(0.5);

    // The drawn LOD mesh there is coarse: its surface is elsewhere than the exact one.
    const drawn = lod.meshes().map((mesh) => {
      const copy = new Mesh(mesh.geometry, material);
      copy.updateMatrixWorld();
      return copy;
    });
    raycaster.set(new Vector3(hit.point.x, 1000, hit.point.z), new Vector3(0, -1, 0));
    const coarse = raycaster.intersectObjects(drawn, false)[0];
    expect(coarse).toBeDefined();
    expect(Math.abs(coarse.point.y - hit.point.y)).toBeGreaterThan(0.01);
  });
});
