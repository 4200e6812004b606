import { describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import { syntheticTerrain } from '../../shared/lod/testing/syntheticTerrain';
import { createSnappedPropLayer, propColumnsFromProps, type Prop } from '../../shared/props/prop';
import { PROCEDURAL_PROP_KINDS, propMesh } from '../../shared/props/propMeshes';
import { PROPS_TRIANGLE_BUDGET, SCENE_TRIANGLE_BUDGET, TERRAIN_TRIANGLE_BUDGET } from '../../shared/lod/sceneBudget';
import { PropInstances } from './propInstances';

const field = syntheticTerrain(4097, 1);
const ground = (x: number, z: number) => field.heights[Math.round(z + 2048) * 4097 + Math.round(x + 2048)];

/** 317² = 100,489 props of every procedural kind on a square grid `spacing` metres apart, from (−2040, −2040). */
function forest(spacing: number): PropInstances {
  const props: Prop[] = [];
  const n = 317;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      props.push({
        id: `p${j}.${i}`,
        type: PROCEDURAL_PROP_KINDS[(i + j) % PROCEDURAL_PROP_KINDS.length],
        x: -2040 + i * spacing,
        z: -2040 + j * spacing,
        yaw: i,
        scale: 1,
      });
    }
  }
  const instances = new PropInstances();
  instances.rebuild(createSnappedPropLayer(field, propColumnsFromProps(props)), new Set());
  return instances;
}

function look(eye: number[], at: number[]): PerspectiveCamera {
  const camera = new PerspectiveCamera(50, 1.6, 0.5, 20000);
  camera.position.set(eye[0], eye[1], eye[2]);
  camera.lookAt(at[0], at[1], at[2]);
  camera.updateMatrixWorld();
  return camera;
}

/** Triangles the props' instanced meshes draw: instances × their geometry's triangles. */
function drawn(instances: PropInstances): number {
  return instances.instancedMeshes().reduce((sum, mesh) => sum + (mesh.visible ? mesh.count * (mesh.geometry.getAttribute('position').count / 3) : 0), 0);
}

/**
 * The props' share of the scene's triangle budget (shared/lod/sceneBudget.ts; the terrain's is
 * renderer/viewport/lod/triangleBudget.test.ts): a dense scatter over a 4097² map, and a denser
 * grove, from the ground inside them, from mid height and from the overview. Counted from what the
 * instanced meshes draw, not from the selection's tally.
 */
describe('props’ levels of detail at 4097²', () => {
  it('a scatter over the whole map (12.9 m apart) draws at most the props’ budget from every camera, the nearest at full detail', () => {
    expect(TERRAIN_TRIANGLE_BUDGET + PROPS_TRIANGLE_BUDGET).toBeLessThanOrEqual(SCENE_TRIANGLE_BUDGET);
    const instances = forest(12.9);
    const views = [
      { eye: [3, ground(3, 3) + 2, 3], at: [200, ground(3, 3), 150] },
      { eye: [500, 300, 800], at: [0, 0, 0] },
      { eye: [0, 3000, 4000], at: [0, 0, 0] },
      { eye: [0, 600, 0], at: [1, 0, 1] },
    ];
    for (const { eye, at } of views) {
      instances.prepare(look(eye, at), 1000);
      expect(drawn(instances), JSON.stringify(eye)).toBeLessThanOrEqual(PROPS_TRIANGLE_BUDGET);
      expect(drawn(instances)).toBe(instances.lastLod.triangles);
    }
    // On the ground in the forest: the nearest trees in their full meshes, those beyond in cheaper ones.
    instances.prepare(look(views[0].eye, views[0].at), 1000);
    const [full, low, far] = instances.lastLod.perLevel;
    expect(full).toBeGreaterThan(10);
    expect(low).toBeGreaterThan(full);
    expect(far).toBeGreaterThan(low);
    for (const mesh of instances.instancedMeshes().filter((m) => m.name.endsWith(':0') && m.count > 0)) {
      const { type, variant } = mesh.userData as { type: string; variant: number };
      expect(mesh.geometry.getAttribute('position').count / 3).toBe(propMesh({ id: type }, 0, variant)!.triangles);
    }
    // Broadleaf trees and bushes draw in all their crowns (a third of each kind in each, by their seeds).
    const crowns = instances.instancedMeshes().filter((m) => /^props:(broadleaf|bush)/.test(m.name) && m.count > 0);
    expect(new Set(crowns.map((m) => m.name.split(':')[1]))).toEqual(new Set(['broadleaf', 'broadleaf#1', 'broadleaf#2', 'bush', 'bush#1', 'bush#2']));
    instances.dispose();
  });

  it('a grove 3 m apart seen across from its edge: the budget binds, and is kept', () => {
    const instances = forest(3);
    const eye = [-2050, ground(-2050, -1600) + 3, -1600];
    instances.prepare(look(eye, [-1500, ground(-1500, -1600), -1600]), 1000);
    expect(instances.lastLod.raised).toBeGreaterThan(1);
    expect(drawn(instances)).toBeLessThanOrEqual(PROPS_TRIANGLE_BUDGET);
    expect(drawn(instances)).toBeGreaterThan(0.9 * PROPS_TRIANGLE_BUDGET);
    instances.dispose();
  });
});
