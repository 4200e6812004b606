import { describe, expect, it } from 'vitest';
import { syntheticTerrain } from '../../../shared/lod/testing/syntheticTerrain';
import type { LodCamera } from '../../../shared/lod/selectLod';
import { PROPS_TRIANGLE_BUDGET, SCENE_TRIANGLE_BUDGET, TERRAIN_TRIANGLE_BUDGET } from '../../../shared/lod/sceneBudget';
import { LodTerrainMeshes } from './lodTerrainMeshes';
import { EXACT_LOD_OPTIONS } from './lodOverride';

/**
 * The cost budget (DEVELOPERS.md, "Viewport look"): at 4097² the whole scene draws at most 2 M
 * triangles from any camera, the terrain its share (the props theirs: renderer/props/propLod.test.ts).
 * Counted from the index buffers of the meshes the view draws, not from the selection's own tally.
 */
describe('the terrain’s triangle budget at 4097²', () => {
  it('every camera, from the ground to the overview, draws at most its share of the scene’s 2 M triangles', () => {
    expect(SCENE_TRIANGLE_BUDGET).toBe(2_000_000);
    expect(TERRAIN_TRIANGLE_BUDGET + PROPS_TRIANGLE_BUDGET).toBeLessThanOrEqual(SCENE_TRIANGLE_BUDGET);
    const field = syntheticTerrain(4097, 1);
    const lod = new LodTerrainMeshes(field, 'natural');
    lod.finishErrors();
    const cameras: LodCamera[] = [
      // Overview, a mid view, at the ground (2 m up, full detail wanted all around), high up the middle.
      { position: { x: 0, y: 3000, z: 4000 }, fovYDegrees: 50, viewportHeight: 1000 },
      { position: { x: 500, y: 300, z: 800 }, fovYDegrees: 50, viewportHeight: 1000 },
      { position: { x: 0, y: field.heights[2048 * 4097 + 2048] + 2, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 },
      { position: { x: 0, y: 600, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 },
    ];
    // The default error bound, and a hundredth of a pixel (nearly every chunk wants full detail: the budget alone limits it).
    for (const [camera, options] of cameras.flatMap(
      (c) =>
        [
          [c, undefined],
          [c, { maxPixelError: 0.01 }],
          // The exact mode (?lod=exact): no error allowed, the same budget.
          [c, EXACT_LOD_OPTIONS],
        ] as const,
    )) {
      lod.update(camera, options);
      const drawn = lod.meshes().reduce((sum, mesh) => sum + (mesh.geometry.getIndex()?.count ?? 0), 0) / 3;
      expect(drawn, `${JSON.stringify(camera.position)} ${JSON.stringify(options)}`).toBeLessThanOrEqual(TERRAIN_TRIANGLE_BUDGET);
    }
    lod.dispose();
  });
});

describe('the exact mode (?lod=exact) on a map the full mesh draws', () => {
  it('draws every cell as two triangles, as the full mesh does', () => {
    const field = syntheticTerrain(257, 2);
    const lod = new LodTerrainMeshes(field, 'natural');
    lod.finishErrors();
    for (const camera of [
      { position: { x: 0, y: 600, z: 800 }, fovYDegrees: 50, viewportHeight: 1000 },
      { position: { x: 200, y: 40, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 },
    ]) {
      lod.update(camera, EXACT_LOD_OPTIONS);
      const drawn = lod.meshes().reduce((sum, mesh) => sum + (mesh.geometry.getIndex()?.count ?? 0), 0) / 3;
      expect(drawn).toBe(2 * 256 * 256);
    }
    lod.dispose();
  });
});
