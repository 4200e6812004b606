import { describe, expect, it } from 'vitest';
import { BufferAttribute, BufferGeometry, Mesh, MeshBasicMaterial, Raycaster, Vector3, DoubleSide } from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import { GRID_ATTRIBUTE } from './lodBlockGeometry';
import { heightTexel } from './heightUploads';
import { buildGridIndices } from '../../../shared/terrain/mesh';
import { heightAt } from '../../../shared/terrain/surface';
import { vertexX, vertexZ } from '../../../shared/terrain/heightfield';
import { syntheticTerrain } from '../../../shared/lod/testing/syntheticTerrain';
import type { LodCamera } from '../../../shared/lod/selectLod';
import { LodTerrainMeshes, WAKE_TRIANGLE_BUDGET } from './lodTerrainMeshes';

const material = new MeshBasicMaterial({ side: DoubleSide });

/**
 * A block's geometry with the positions the vertex shader computes: x and z from the position
 * attribute, y the height the shader fetches for the vertex's grid coordinates.
 */
function shaded(geometry: BufferGeometry, field: Heightfield): BufferGeometry {
  const position = geometry.getAttribute('position') as BufferAttribute;
  const grid = geometry.getAttribute(GRID_ATTRIBUTE) as BufferAttribute;
  const out = new Float32Array(position.count * 3);
  for (let v = 0; v < position.count; v++) {
    const i = grid.getX(v);
    const j = grid.getY(v);
    // The grid coordinates name the vertex at the position's x and z, exactly.
    expect(position.getX(v)).toBe(Math.fround(vertexX(field, i)));
    expect(position.getZ(v)).toBe(Math.fround(vertexZ(field, j)));
    out.set([position.getX(v), field.heights[j * field.width + i], position.getZ(v)], v * 3);
  }
  const result = new BufferGeometry();
  result.setAttribute('position', new BufferAttribute(out, 3));
  result.setIndex(geometry.getIndex());
  return result;
}

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
    const lod = new LodTerrainMeshes(small, 'height');
    lod.finishErrors();
    lod.update(far, { maxPixelError: 0, triangleBudget: Infinity });
    const drawn = lod.meshes().map((mesh) => new Mesh(shaded(mesh.geometry, small), material));
    const exact = new Mesh(undefined, material);
    const positions = new Float32Array(small.width * small.depth * 3);
    for (let j = 0; j < small.depth; j++)
      for (let i = 0; i < small.width; i++)
        positions.set([vertexX(small, i), small.heights[j * small.width + i], vertexZ(small, j)], (j * small.width + i) * 3);
    exact.geometry.setAttribute('position', new BufferAttribute(positions, 3));
    exact.geometry.setIndex(new BufferAttribute(buildGridIndices(small.width, small.depth), 1));
    expect(drawnTriangles(drawn)).toEqual(drawnTriangles([exact]));
  });

  it('a height edit uploads only its rectangle and rebuilds no geometry unless levels change', () => {
    const edited = syntheticTerrain(1153, 1);
    const lod = new LodTerrainMeshes(edited, 'slope');
    // Opening starts from conservative chunk errors, refined in slices.
    expect(lod.pendingChunks).toBeGreaterThan(0);
    while (lod.refineErrors(50));
    expect(lod.pendingChunks).toBe(0);
    lod.update(far);
    const blocks = lod.meshes().length;
    expect(blocks).toBeGreaterThan(4);
    expect(lod.lastRebuilt).toBe(blocks);
    lod.update(far);
    expect(lod.lastRebuilt).toBe(0);
    // The whole map is queued for upload once.
    expect(lod.gpuHeights.hasPending).toBe(true);

    // A tiny dab: the chunk errors and so the levels stay; only its heights go to the GPU.
    const geometries = lod.meshes().map((mesh) => mesh.geometry);
    for (let j = 200; j < 264; j++) for (let i = 200; i < 264; i++) edited.heights[j * edited.width + i] += 1e-6;
    lod.syncDocument(edited, { kind: 'rect', i0: 200, j0: 200, i1: 264, j1: 264 });
    lod.update(far);
    expect(lod.lastRebuilt).toBe(0);
    lod.meshes().forEach((mesh, n) => expect(mesh.geometry).toBe(geometries[n]));

    // A big bump changes the levels around it: only the blocks of those chunks are rebuilt.
    for (let j = 200; j < 264; j++) for (let i = 200; i < 264; i++) edited.heights[j * edited.width + i] += ((i + j) % 2) * 40;
    lod.syncDocument(edited, { kind: 'rect', i0: 200, j0: 200, i1: 264, j1: 264 });
    lod.update(far);
    expect(lod.lastRebuilt).toBeGreaterThan(0);
    expect(lod.lastRebuilt).toBeLessThanOrEqual(4);
  });

  it('while exact errors are pending it draws coarse (new map) or keeps the levels it has (whole-map change)', () => {
    const map = syntheticTerrain(1153, 1);
    const lod = new LodTerrainMeshes(map, 'height');
    lod.update(far);
    const placeholder = lod.triangles;
    const blocks = lod.meshes().length;
    expect(lod.lastRebuilt).toBe(blocks);
    lod.finishErrors();
    lod.update(far);
    const exactTriangles = lod.triangles;
    // Coarsest levels first: far fewer triangles than the real selection.
    expect(placeholder).toBeLessThan(exactTriangles);

    // A whole-map change of the same size: the drawn levels stay until the errors are exact.
    for (let k = 0; k < map.heights.length; k++) map.heights[k] *= 3;
    lod.syncDocument(map, { kind: 'all' });
    expect(lod.pendingChunks).toBeGreaterThan(0);
    lod.update(far);
    expect(lod.lastRebuilt).toBe(0);
    expect(lod.triangles).toBe(exactTriangles);
    lod.finishErrors();
    lod.update(far);
    // Steeper terrain needs finer levels somewhere.
    expect(lod.lastRebuilt).toBeGreaterThan(0);
    expect(lod.triangles).toBeGreaterThan(exactTriangles);
  });

  it('after the context is restored, one frame draws within the wake budget, then the levels drawn before the rest', () => {
    const map = syntheticTerrain(641, 1, 1);
    const near: LodCamera = { position: { x: 0, y: 120, z: 300 }, fovYDegrees: 50, viewportHeight: 1000 };
    const lod = new LodTerrainMeshes(map, 'height');
    lod.finishErrors();
    lod.update(near);
    const full = lod.triangles;
    const fullError = lod.pixelError;
    // Each block's triangles as the grid coordinates of their corners.
    const drawnGrid = () =>
      lod.meshes().map((mesh) => {
        const grid = mesh.geometry.getAttribute(GRID_ATTRIBUTE).array;
        return Array.from(mesh.geometry.getIndex()?.array ?? [], (v) => `${grid[3 * v]},${grid[3 * v + 1]},${grid[3 * v + 2]}`).join(' ');
      });
    const drawnBefore = drawnGrid();
    expect(full).toBeGreaterThan(2 * WAKE_TRIANGLE_BUDGET);
    expect(lod.coarse).toBe(false);

    lod.contextRestored();
    lod.update(near);
    expect(lod.coarse).toBe(true);
    expect(lod.triangles).toBeLessThanOrEqual(WAKE_TRIANGLE_BUDGET);
    expect(lod.pixelError).toBeGreaterThan(fullError);
    // Every block is built again (the lost context took their buffers).
    expect(lod.lastRebuilt).toBe(lod.meshes().length);
    // The whole map's heights go to the GPU again.
    expect(lod.gpuHeights.hasPending).toBe(true);

    // A whole-map change right after the wake: the coarse levels are held (not asked again every frame) until the errors are exact.
    const restoredLevels = drawnGrid();
    lod.syncDocument(map, { kind: 'all' });
    lod.update(near);
    expect(lod.coarse).toBe(false);
    expect(drawnGrid()).toEqual(restoredLevels);
    lod.finishErrors();

    // The next frame (same camera) draws exactly what was drawn before the rest.
    lod.update(near);
    expect(lod.coarse).toBe(false);
    expect(lod.triangles).toBe(full);
    expect(drawnGrid()).toEqual(drawnBefore);

    lod.destroy();

    // A view that needs no more than the budget is drawn in full at once.
    const smooth = new LodTerrainMeshes(field, 'height');
    smooth.finishErrors();
    smooth.update(far);
    const small = smooth.triangles;
    expect(small).toBeLessThanOrEqual(WAKE_TRIANGLE_BUDGET);
    smooth.contextRestored();
    smooth.update(far);
    expect(smooth.coarse).toBe(false);
    expect(smooth.triangles).toBe(small);
    smooth.destroy();
  });

  it('keeps block bounds around the heights the shader draws, so culling never drops a visible block', () => {
    const edited = syntheticTerrain(1153, 1);
    const lod = new LodTerrainMeshes(edited, 'height');
    lod.finishErrors();
    lod.update(far);
    for (let j = 500; j < 520; j++) for (let i = 600; i < 620; i++) edited.heights[j * edited.width + i] = 900;
    lod.syncDocument(edited, { kind: 'rect', i0: 600, j0: 500, i1: 620, j1: 520 });
    lod.update(far);
    for (const mesh of lod.meshes()) {
      const sphere = mesh.geometry.boundingSphere;
      expect(sphere).not.toBeNull();
      const drawn = shaded(mesh.geometry, edited).getAttribute('position') as BufferAttribute;
      for (let v = 0; v < drawn.count; v += 7) {
        const distance = new Vector3(drawn.getX(v), drawn.getY(v), drawn.getZ(v)).distanceTo(sphere!.center);
        expect(distance).toBeLessThanOrEqual(sphere!.radius + 1e-3);
      }
    }
  });

  it('queues every height at the texel the shader reads', () => {
    const small = syntheticTerrain(193, 0.5);
    const lod = new LodTerrainMeshes(small, 'height');
    lod.finishErrors();
    const { shape } = lod.gpuHeights;
    expect(shape.texels).toBe(small.width * small.depth);
    const last = heightTexel(shape, shape.texels - 1);
    expect(last.layer).toBeLessThan(shape.layers);
    expect(last.y).toBeLessThan(shape.layerRows);
  });

  it('picks the exact surface, even on a distant chunk drawn coarse', () => {
    const lod = new LodTerrainMeshes(field, 'height');
    lod.finishErrors();
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
      const copy = new Mesh(shaded(mesh.geometry, field), material);
      copy.updateMatrixWorld();
      return copy;
    });
    raycaster.set(new Vector3(hit.point.x, 1000, hit.point.z), new Vector3(0, -1, 0));
    const coarse = raycaster.intersectObjects(drawn, false)[0];
    expect(coarse).toBeDefined();
    expect(Math.abs(coarse.point.y - hit.point.y)).toBeGreaterThan(0.01);
  });

  it('lets a drawn block’s arrays go once uploaded, but keeps them while wireframe is on (three.js draws wireframe from the index array)', () => {
    const lod = new LodTerrainMeshes(field, 'height');
    lod.finishErrors();
    lod.update(far);
    const blocks = lod.meshes().length;
    const upload = () => {
      for (const mesh of lod.meshes()) {
        const { geometry } = mesh;
        for (const attribute of [geometry.getAttribute('position'), geometry.getAttribute(GRID_ATTRIBUTE), geometry.getIndex()] as BufferAttribute[])
          attribute.onUploadCallback();
      }
    };
    const held = () =>
      lod.meshes().reduce((sum, mesh) => sum + (mesh.geometry.getIndex()?.array.length ?? 0) + mesh.geometry.getAttribute(GRID_ATTRIBUTE).array.length, 0);
    expect(held()).toBeGreaterThan(0);
    const cpuBytes = lod.memoryBytes();
    upload();
    expect(held()).toBe(0);
    expect(lod.memoryBytes()).toBeLessThan(cpuBytes);
    // Triangles drawn are still counted from the index's count.
    expect(lod.meshes().reduce((sum, mesh) => sum + (mesh.geometry.getIndex()?.count ?? 0), 0) / 3).toBe(lod.triangles);

    lod.setWireframe(true);
    lod.update(far);
    expect(lod.lastRebuilt).toBe(blocks);
    upload();
    expect(held()).toBeGreaterThan(0);

    lod.setWireframe(false);
    lod.update(far);
    expect(lod.lastRebuilt).toBe(blocks);
    upload();
    expect(held()).toBe(0);
    lod.destroy();
  });
});
