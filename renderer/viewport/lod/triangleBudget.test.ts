import { afterAll, describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import { syntheticTerrain } from '../../../shared/lod/testing/syntheticTerrain';
import type { LodCamera } from '../../../shared/lod/selectLod';
import {
  PROPS_TRIANGLE_BUDGET,
  RIVER_STRIP_TRIANGLE_BUDGET,
  SCENE_TRIANGLE_BUDGET,
  TERRAIN_TRIANGLE_BUDGET,
  WATER_TRIANGLE_BUDGET,
} from '../../../shared/lod/sceneBudget';
import { evaluateWater } from '../../../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../../../shared/hydrology/waterParams';
import { hydraulicHalfWidth } from '../../../shared/hydrology/riverStrip';
import { createSnappedPropLayer, propColumnsFromProps, type Prop } from '../../../shared/props/prop';
import { PROCEDURAL_PROP_KINDS } from '../../../shared/props/propMeshes';
import { ALL } from '../../../app/document/region';
import { WATER_SHEET_LAKES_BUDGET } from '../../../app/water/waterLevels';
import { PropInstances } from '../../props/propInstances';
import { WaterView } from '../look/waterView';
import { LodTerrainMeshes } from './lodTerrainMeshes';
import { EXACT_LOD_OPTIONS } from './lodOverride';
import { cameraFrustum } from './cameraFrustum';

/**
 * The cost budget (DEVELOPERS.md, "Viewport look"): at 4097² the whole scene draws at most 2 M
 * triangles from any camera: the terrain, the props (renderer/props/propLod.test.ts) and the water
 * (app/water/waterLod.test.ts) each within its share (shared/lod/sceneBudget.ts), and together.
 * Counted from the index buffers of the meshes the view draws, not from the selections' own tallies.
 */
/** The 4097² hills and their terrain LOD (its errors finished), made once for both tests below. */
let hills: { field: ReturnType<typeof syntheticTerrain>; lod: LodTerrainMeshes } | null = null;
function hillsLod(): { field: ReturnType<typeof syntheticTerrain>; lod: LodTerrainMeshes } {
  if (hills) return hills;
  const field = syntheticTerrain(4097, 1);
  const lod = new LodTerrainMeshes(field, 'natural');
  lod.finishErrors();
  hills = { field, lod };
  return hills;
}
afterAll(() => hills?.lod.dispose());

describe('the terrain’s triangle budget at 4097²', () => {
  it('every camera, from the ground to the overview, draws at most its share of the scene’s 2 M triangles', () => {
    expect(SCENE_TRIANGLE_BUDGET).toBe(2_000_000);
    expect(TERRAIN_TRIANGLE_BUDGET + PROPS_TRIANGLE_BUDGET + WATER_TRIANGLE_BUDGET).toBeLessThanOrEqual(SCENE_TRIANGLE_BUDGET);
    const { field, lod } = hillsLod();
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
  });
});

/** Triangles in the index buffers of `meshes`. */
function indexed(meshes: Iterable<{ geometry: { getIndex(): { count: number } | null } }>): number {
  let total = 0;
  for (const mesh of meshes) total += (mesh.geometry.getIndex()?.count ?? 0) / 3;
  return total;
}

describe('the whole scene’s triangle budget at 4097²: terrain, props and water together', () => {
  it('from the overview to the ground, the terrain at any error, a dense scatter of props and the water of its hills draw at most 2 M', () => {
    const side = 4097;
    const { field, lod: terrain } = hillsLod();
    const ground = (x: number, z: number) => field.heights[Math.round(z + 2048) * side + Math.round(x + 2048)];
    // The view's cameras (1600 × 1000, 50°), their frustums as the view passes them: overview, mid, on the ground, high up the middle.
    const cameras = [
      { eye: [0, 3000, 4000], at: [0, 0, 0] },
      { eye: [500, 300, 800], at: [0, 0, 0] },
      { eye: [0, ground(0, 0) + 2, 0], at: [200, ground(0, 0), 150] },
      { eye: [0, 600, 0], at: [1, 0, 1] },
    ].map(({ eye, at }) => {
      const camera = new PerspectiveCamera(50, 1.6, 0.5, 20_000);
      camera.position.set(eye[0], eye[1], eye[2]);
      camera.lookAt(at[0], at[1], at[2]);
      camera.updateMatrixWorld();
      const lod: LodCamera = { position: { x: eye[0], y: eye[1], z: eye[2] }, fovYDegrees: 50, viewportHeight: 1000, frustum: cameraFrustum(camera) };
      return { camera, lod };
    });
    const drawn = cameras.map(() => ({ terrain: 0, props: 0, strips: 0, sheets: 0 }));

    // The terrain at its default error, at a hundredth of a pixel and in the exact mode: the most it draws.
    cameras.forEach(({ lod }, k) => {
      for (const options of [undefined, { maxPixelError: 0.01 }, EXACT_LOD_OPTIONS]) {
        terrain.update(lod, options);
        drawn[k].terrain = Math.max(drawn[k].terrain, indexed(terrain.meshes()));
      }
    });

    // 317² = 100,489 props of every procedural kind 12.9 m apart over the whole map (propLod.test.ts's scatter).
    const props: Prop[] = [];
    for (let j = 0; j < 317; j++) {
      for (let i = 0; i < 317; i++) {
        const type = PROCEDURAL_PROP_KINDS[(i + j) % PROCEDURAL_PROP_KINDS.length];
        props.push({ id: `p${j}.${i}`, type, x: -2040 + i * 12.9, z: -2040 + j * 12.9, yaw: i, scale: 1 });
      }
    }
    const instances = new PropInstances();
    instances.rebuild(createSnappedPropLayer(field, propColumnsFromProps(props)), new Set());
    cameras.forEach(({ camera }, k) => {
      instances.prepare(camera, 1000);
      drawn[k].props = instances
        .instancedMeshes()
        .reduce((sum, mesh) => sum + (mesh.visible ? mesh.count * (mesh.geometry.getAttribute('position').count / 3) : 0), 0);
    });
    instances.dispose();

    // The hills' water (the default water layer with rivers from 20,000 m², as the water-draw bench): the
    // rivers as strips along their lines, the lakes as sheets.
    const heights = new Float32Array(field.heights.length);
    const result = evaluateWater(field, field.heights, heights, { ...DEFAULT_WATER_PARAMS, riverArea: 20_000 });
    if (!result) throw new Error('the water was cancelled');
    const water = new WaterView();
    water.setCamera(cameras[0].lod);
    water.update(field, { surface: result.surface, kind: result.kind }, heights, null, ALL, hydraulicHalfWidth(DEFAULT_WATER_PARAMS));
    water.buildPending();
    cameras.forEach(({ lod }, k) => {
      water.setCamera(lod);
      water.buildPending();
      const meshes = [...water.meshes()];
      drawn[k].strips = indexed(meshes.filter((mesh) => mesh.material === water.stripMaterial));
      drawn[k].sheets = indexed(meshes.filter((mesh) => mesh.material !== water.stripMaterial));
    });
    water.dispose();

    for (const [k, { terrain: t, props: p, strips, sheets }] of drawn.entries()) {
      const at = `camera ${k}: terrain ${t}, props ${p}, strips ${strips}, sheets ${sheets}`;
      expect(t, at).toBeLessThanOrEqual(TERRAIN_TRIANGLE_BUDGET);
      expect(p, at).toBeLessThanOrEqual(PROPS_TRIANGLE_BUDGET);
      // The water: rivers and lakes both drawn, the sheets within what the strips' share leaves, the two within the water's share.
      expect(strips, at).toBeGreaterThan(0);
      expect(sheets, at).toBeGreaterThan(0);
      expect(sheets, at).toBeLessThanOrEqual(WATER_SHEET_LAKES_BUDGET);
      expect(strips + sheets, at).toBeLessThanOrEqual(WATER_TRIANGLE_BUDGET);
      expect(t + p + strips + sheets, at).toBeLessThanOrEqual(SCENE_TRIANGLE_BUDGET);
    }
    // Each share is used: the terrain fills its own at a hundredth of a pixel, the props come near theirs.
    expect(Math.max(...drawn.map((d) => d.terrain))).toBeGreaterThan(0.95 * TERRAIN_TRIANGLE_BUDGET);
    expect(Math.max(...drawn.map((d) => d.props))).toBeGreaterThan(0.8 * PROPS_TRIANGLE_BUDGET);
    expect(RIVER_STRIP_TRIANGLE_BUDGET).toBeLessThan(WATER_TRIANGLE_BUDGET);
  }, 600_000);
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
