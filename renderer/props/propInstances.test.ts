import { describe, expect, it } from 'vitest';
import {
  Matrix4,
  PerspectiveCamera,
  Quaternion,
  Texture,
  Vector3,
  Vector4,
  type BufferAttribute,
  type InstancedMesh,
  type MeshLambertMaterial,
  type Points,
} from 'three';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createSnappedPropLayer, propColumnsFromProps, resnapInRegion } from '../../shared/props/prop';
import { propMesh, propSeed, propVariation } from '../../shared/props/propMeshes';
import { PropInstances } from './propInstances';

/** A camera 25 m from the map's middle, looking at it: every prop of these small scenes near enough for its full mesh. */
function closeCamera(): PerspectiveCamera {
  const camera = new PerspectiveCamera(50, 1.6, 0.5, 20000);
  camera.position.set(0, 8, 25);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  return camera;
}

describe('PropInstances far markers', () => {
  it('puts one fixed-size point per prop inside its mesh, and moves it with a re-snap', () => {
    const field = createHeightfield(17, 17, 1);
    for (let i = 0; i < field.heights.length; i++) field.heights[i] = (i % 17) * 0.5;
    const layer = createSnappedPropLayer(
      field,
      propColumnsFromProps([
        { id: 'a', type: 'conifer', x: -2, z: 1, yaw: 0, scale: 2 },
        { id: 'b', type: 'rock', x: 3, z: -4, yaw: 0.5, scale: 1 },
      ]),
    );
    const instances = new PropInstances();
    instances.rebuild(layer, new Set());
    const far = instances.group.getObjectByName('props:far') as Points;
    const positions = far.geometry.getAttribute('position') as BufferAttribute;
    expect(positions.count).toBe(2);
    expect(far.material).toMatchObject({ sizeAttenuation: false });
    // Above the ground, below the top of the (scaled) mesh, so the mesh hides it up close.
    const tree = instances.group.getObjectByName('props:conifer:0') as InstancedMesh;
    tree.geometry.computeBoundingBox();
    const top = tree.geometry.boundingBox!.max.y * 2;
    expect(positions.getX(0)).toBe(-2);
    expect(positions.getZ(0)).toBe(1);
    expect(positions.getY(0)).toBeGreaterThan(layer.placements.y[0]);
    expect(positions.getY(0)).toBeLessThan(layer.placements.y[0] + top);

    // The terrain rises: the marker follows the prop.
    const offset = positions.getY(1) - layer.placements.y[1];
    field.heights.fill(10);
    const { changed } = resnapInRegion(field, layer, { kind: 'all' });
    instances.update(layer, changed);
    expect(layer.placements.y[1]).toBe(10);
    expect(positions.getY(1)).toBeCloseTo(10 + offset, 5);
    instances.dispose();
  });
});

/** The colour an instance is drawn with (its instanceColor entry). */
function tintOf(mesh: InstancedMesh, instance: number): number[] {
  return Array.from(mesh.instanceColor!.array.slice(3 * instance, 3 * instance + 3));
}

describe('PropInstances variation', () => {
  it('draws each kind with one instanced mesh, stretched and tinted by the seed, base kept on the ground', () => {
    const field = createHeightfield(17, 17, 1);
    for (let i = 0; i < field.heights.length; i++) field.heights[i] = (i % 17) * 0.5;
    const props = ['a', 'b', 'c'].map((id, k) => ({ id, type: k < 2 ? 'conifer' : 'rock', x: -3 + 3 * k, z: k, yaw: 0.3 * k, scale: 1 + 0.5 * k }));
    const layer = createSnappedPropLayer(field, propColumnsFromProps(props));
    const seeds = props.map((p) => propSeed(p.id));
    const instances = new PropInstances();
    instances.rebuild(layer, new Set(), seeds);
    instances.prepare(closeCamera(), 1000);
    // One mesh per kind and level of detail (and the contact discs and far markers), however many props.
    expect(instances.group.children.map((c) => c.name).sort()).toEqual([
      'props:conifer:0',
      'props:conifer:1',
      'props:conifer:2',
      'props:contact',
      'props:far',
      'props:rock:0',
      'props:rock:1',
      'props:rock:2',
    ]);
    const conifers = instances.group.getObjectByName('props:conifer:0') as InstancedMesh;
    const rocks = instances.group.getObjectByName('props:rock:0') as InstancedMesh;
    // Every level casts the sun's shadow map onto the terrain and the other props, and receives theirs.
    // (The contact discs are shade themselves: they neither cast nor take the map.)
    for (const mesh of instances.instancedMeshes())
      expect([mesh.castShadow, mesh.receiveShadow], mesh.name).toEqual(mesh.name === 'props:contact' ? [false, false] : [true, true]);
    expect(conifers.count).toBe(2);
    expect(rocks.count).toBe(1);
    const matrix = new Matrix4();
    const position = new Vector3();
    const rotation = new Quaternion();
    const scale = new Vector3();
    [conifers, conifers, rocks].forEach((mesh, k) => {
      const instance = k < 2 ? k : 0;
      mesh.getMatrixAt(instance, matrix);
      // The pivot (the mesh's y = 0 on the axis) lands exactly on the snapped base.
      const pivot = new Vector3(0, 0, 0).applyMatrix4(matrix);
      expect(pivot.x).toBeCloseTo(props[k].x, 5);
      expect(pivot.y).toBeCloseTo(layer.placements.y[k], 5);
      expect(pivot.z).toBeCloseTo(props[k].z, 5);
      matrix.decompose(position, rotation, scale);
      const { stretch, tint } = propVariation(seeds[k], props[k].type);
      expect(scale.x).toBeCloseTo(props[k].scale * stretch[0], 5);
      expect(scale.y).toBeCloseTo(props[k].scale * stretch[1], 5);
      expect(scale.z).toBeCloseTo(props[k].scale * stretch[2], 5);
      expect(tintOf(mesh, instance)).toEqual(tint.map((c) => expect.closeTo(c, 6)));
    });
    // Selecting tints a prop; deselecting gives it back its own colour, not white.
    instances.highlight(layer, new Set([1]));
    instances.prepare(closeCamera(), 1000);
    expect(tintOf(conifers, 1)[0]).toBeGreaterThan(2);
    instances.highlight(layer, new Set());
    instances.prepare(closeCamera(), 1000);
    expect(tintOf(conifers, 1)).toEqual(propVariation(seeds[1], 'conifer').tint.map((c) => expect.closeTo(c, 6)));
    instances.dispose();
  });
});

describe('PropInstances lighting', () => {
  it('reads the terrain lighting at each instance base, and only once its texture exists', () => {
    const field = createHeightfield(9, 9, 1);
    const layer = createSnappedPropLayer(field, propColumnsFromProps([{ id: 'a', type: 'bush', x: 0, z: 0, yaw: 0, scale: 1 }]));
    const lighting = {
      terrainLighting: { value: null as Texture | null },
      terrainLightingTransform: { value: new Vector4(0.1, 0.5, 0.1, 0.5) },
      terrainShadowStrength: { value: 1 },
      terrainOcclusionStrength: { value: 1 },
    };
    const instances = new PropInstances();
    instances.shareTerrainLighting(lighting);
    instances.rebuild(layer, new Set());
    const mesh = instances.group.getObjectByName('props:bush:0') as InstancedMesh;
    const material = mesh.material as MeshLambertMaterial;
    const shader = {
      uniforms: {} as Record<string, { value: unknown }>,
      vertexShader: 'void main() {\n#include <project_vertex>\n}',
      fragmentShader: 'void main() {\n#include <aomap_fragment>\n}',
    };
    material.onBeforeCompile(shader as unknown as Parameters<MeshLambertMaterial['onBeforeCompile']>[0], undefined as never);
    // The very uniform objects of the terrain (a relight changes both at once).
    expect(shader.uniforms.terrainLighting).toBe(lighting.terrainLighting);
    expect(shader.uniforms.terrainLightingTransform).toBe(lighting.terrainLightingTransform);
    expect(shader.vertexShader).toContain('instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0)');
    expect(shader.vertexShader).toContain('#include <project_vertex>');
    expect(shader.fragmentShader).toMatch(/directDiffuse \*= mix\(1\.0, propLight\.r/);
    expect(shader.fragmentShader).toContain('#include <aomap_fragment>');
    const lit = shader.uniforms.propTerrainLit;
    mesh.onBeforeRender(undefined as never, undefined as never, undefined as never, undefined as never, undefined as never, undefined as never);
    expect(lit.value).toBe(0);
    lighting.terrainLighting.value = new Texture();
    mesh.onBeforeRender(undefined as never, undefined as never, undefined as never, undefined as never, undefined as never, undefined as never);
    expect(lit.value).toBe(1);
    instances.dispose();
  });
});

describe('PropInstances crown variants', () => {
  it('draws each broadleaf tree and bush in the crown its seed picks, the same one on every rebuild, and shades each crown’s outline', () => {
    const field = createHeightfield(33, 33, 1);
    const props = Array.from({ length: 24 }, (_, k) => ({
      id: `tree-${k}`,
      type: k % 2 ? 'bush' : 'broadleaf',
      x: -12 + (k % 6) * 4,
      z: -8 + Math.floor(k / 6) * 4,
      yaw: k,
      scale: 1,
    }));
    const layer = createSnappedPropLayer(field, propColumnsFromProps(props));
    const seeds = props.map((p) => propSeed(p.id));
    /** Per prop (by its matrix's position): the name of the mesh that drew it. */
    const drawnBy = (instances: PropInstances): string[] => {
      const names: string[] = new Array<string>(props.length).fill('');
      const matrix = new Matrix4();
      const at = new Vector3();
      for (const mesh of instances.instancedMeshes()) {
        if (mesh.name === 'props:contact') continue;
        for (let i = 0; i < mesh.count; i++) {
          mesh.getMatrixAt(i, matrix);
          at.setFromMatrixPosition(matrix);
          const k = props.findIndex((p) => Math.abs(p.x - at.x) < 1e-4 && Math.abs(p.z - at.z) < 1e-4);
          names[k] = mesh.name;
        }
      }
      return names;
    };
    const camera = new PerspectiveCamera(50, 1.6, 0.5, 20000);
    camera.position.set(0, 12, 30);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    const first = new PropInstances();
    first.rebuild(layer, new Set(), seeds);
    first.prepare(camera, 1000);
    const names = drawnBy(first);
    for (const [k, p] of props.entries()) {
      const { variant } = propVariation(seeds[k], p.type);
      const mesh = first.group.getObjectByName(names[k]) as InstancedMesh;
      expect(mesh.userData, p.id).toMatchObject({ type: p.type, variant });
      // Its geometry is that crown's mesh at the level it is drawn at.
      expect(mesh.geometry.getAttribute('position').count / 3, p.id).toBe(propMesh({ id: p.type }, mesh.userData.level, variant)!.triangles);
      // Every crown's shadow is cut to its lobes' discs as the view is.
      expect(mesh.customDepthMaterial, p.id).toBeDefined();
    }
    // The shadow pass's depth material trims each lobe to its disc: the lobe attribute in, a discard out.
    const depth = (first.group.getObjectByName(names[0]) as InstancedMesh).customDepthMaterial!;
    const shader = {
      uniforms: {},
      vertexShader: 'void main() {\n#include <project_vertex>\n}',
      fragmentShader: 'void main() {\n#include <clipping_planes_fragment>\n}',
    };
    depth.onBeforeCompile(shader as unknown as Parameters<MeshLambertMaterial['onBeforeCompile']>[0], undefined as never);
    expect(shader.vertexShader).toContain('attribute vec4 propLobe;');
    expect(shader.vertexShader).toContain('vPropView = mvPosition.xyz;');
    expect(shader.fragmentShader).toMatch(/lobeMiss > 0\.800 \* vPropLobe\.w\) discard;/);
    // Both kinds in more than one crown among these 24 props.
    for (const kind of ['broadleaf', 'bush'])
      expect(new Set(names.filter((n) => n.startsWith(`props:${kind}`)).map((n) => n.split(':')[1])).size, kind).toBeGreaterThan(1);
    // Another set of instances of the same props draws each in the same crown.
    const again = new PropInstances();
    again.rebuild(layer, new Set(), seeds);
    again.prepare(camera, 1000);
    expect(drawnBy(again)).toEqual(names);
    first.dispose();
    again.dispose();
  });
});

describe('PropInstances contact shade', () => {
  it('lays a disc in the ground’s own plane under each near prop, and none under a prop too far for a mesh', () => {
    // A plane rising 0.5 m per metre along x and 0.25 m per metre along z: its normal is (−0.5, 1, −0.25) normalised.
    const field = createHeightfield(17, 17, 1);
    for (let j = 0; j < 17; j++) for (let i = 0; i < 17; i++) field.heights[j * 17 + i] = 0.5 * i + 0.25 * j;
    const layer = createSnappedPropLayer(
      field,
      propColumnsFromProps([
        { id: 'a', type: 'conifer', x: -2, z: 1, yaw: 0.3, scale: 1 },
        { id: 'b', type: 'rock', x: 3.5, z: -4.25, yaw: 0.5, scale: 2 },
      ]),
    );
    const instances = new PropInstances();
    instances.setGround(() => field);
    instances.rebuild(layer, new Set());
    instances.prepare(closeCamera(), 1000);
    const contact = instances.group.getObjectByName('props:contact') as InstancedMesh;
    expect(contact.count).toBe(2);
    const normal = new Vector3(-0.5, 1, -0.25).normalize();
    const m = new Matrix4();
    for (let n = 0; n < 2; n++) {
      contact.getMatrixAt(n, m);
      const centre = new Vector3().setFromMatrixPosition(m);
      // On the plane (h = 0.5 (x + 8) + 0.25 (z + 8), the map centred), lifted along its normal by a few centimetres.
      const h = 0.5 * (centre.x + 8) + 0.25 * (centre.z + 8);
      const above = (centre.y - h) * normal.y;
      expect(above).toBeGreaterThan(0.01);
      expect(above).toBeLessThan(0.05);
      // The disc's own up is the ground's normal; its sides span the prop's footprint and more.
      const position = new Vector3();
      const rotation = new Quaternion();
      const size = new Vector3();
      m.decompose(position, rotation, size);
      expect(new Vector3(0, 1, 0).applyQuaternion(rotation).dot(normal)).toBeCloseTo(1, 6);
      expect(size.x).toBeGreaterThan(n === 0 ? 1.6 : 2 * 0.8);
    }
    // Both discs are counted in the props' triangles: the meshes' and two a disc.
    const meshes = instances.instancedMeshes().filter((mesh) => mesh.visible && mesh !== contact);
    const triangles = meshes.reduce((sum, mesh) => sum + mesh.count * (mesh.geometry.getAttribute('position').count / 3), 0);
    expect(instances.lastLod.triangles).toBe(triangles + 2 * 2);

    // Seen from 20 km off, neither draws a mesh, nor a disc.
    const far = new PerspectiveCamera(50, 1.6, 0.5, 40000);
    far.position.set(0, 20000, 20000);
    far.lookAt(0, 0, 0);
    instances.prepare(far, 1000);
    expect(contact.count).toBe(0);
    instances.dispose();
  });
});
