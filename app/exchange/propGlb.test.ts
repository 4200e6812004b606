import { describe, expect, it } from 'vitest';
import { Box3, Mesh, PropertyBinding, Raycaster, Vector3, type BufferGeometry, type MeshStandardMaterial, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { compileGlb } from '../../shared/codecs/glb';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { propGlb } from './propNodes';
import { PROCEDURAL_PROP_KINDS, propMesh } from '../../shared/props/propMeshes';
import type { Prop } from '../../shared/props/prop';

/** Rolling ground, 41 × 41 vertices 2 m apart: slopes under every prop, so a floating or sunk node shows. */
function rolling() {
  const field = createHeightfield(41, 41, 2);
  for (let j = 0; j < 41; j++) for (let i = 0; i < 41; i++) field.heights[j * 41 + i] = 6 * Math.sin(i * 0.31) + 4 * Math.cos(j * 0.23) + 0.2 * i;
  return field;
}

/** A node's name as three's loader keeps it (it drops the '.' that object paths reserve). */
const loaded = (name: string) => PropertyBinding.sanitizeNodeName(name);

/** Two of every procedural kind, a house and a fence post (built from primitives), on slopes, turned and scaled. */
function scene(): Prop[] {
  const props: Prop[] = [];
  [...PROCEDURAL_PROP_KINDS, 'house', 'fence-post'].forEach((type, k) => {
    for (let n = 0; n < 2; n++)
      props.push({ id: `${type}-${n}`, type, x: -30 + 7.3 * k + 0.37 * n, z: -25 + 21 * n + 1.1 * k, yaw: 0.7 * k + n, scale: 0.8 + 0.3 * n });
  });
  return props;
}

interface GltfJson {
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices: number; material?: number }> }>;
  accessors: Array<{
    bufferView: number;
    byteOffset?: number;
    componentType: number;
    normalized?: boolean;
    count: number;
    type: string;
    min?: number[];
    max?: number[];
  }>;
  bufferViews: Array<{ buffer: number; byteOffset: number; byteLength: number }>;
  buffers: Array<{ byteLength: number }>;
  materials: Array<{ pbrMetallicRoughness: { baseColorFactor: number[] } }>;
  nodes: Array<{ mesh?: number }>;
}

function chunks(glb: Uint8Array): { json: GltfJson; bin: DataView } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GltfJson;
  const binLength = view.getUint32(20 + jsonLength, true);
  return { json, bin: new DataView(glb.buffer, glb.byteOffset + 28 + jsonLength, binLength) };
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };
const BYTES: Record<number, number> = { 5121: 1, 5125: 4, 5126: 4 };

describe('props in the GLB export', () => {
  const field = rolling();
  const props = scene();
  const glb = compileGlb(field, propGlb(field, props));

  it('keeps to the glTF 2.0 rules on accessors: inside their views, aligned, POSITION bounds that are the data’s', () => {
    const { json, bin } = chunks(glb);
    expect(json.buffers[0].byteLength).toBe(bin.byteLength);
    json.accessors.forEach((accessor, a) => {
      const view = json.bufferViews[accessor.bufferView];
      const size = BYTES[accessor.componentType] * COMPONENTS[accessor.type];
      const offset = view.byteOffset + (accessor.byteOffset ?? 0);
      expect(offset % BYTES[accessor.componentType], `accessor ${a}`).toBe(0);
      expect((accessor.byteOffset ?? 0) + accessor.count * size, `accessor ${a}`).toBeLessThanOrEqual(view.byteLength);
      expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(bin.byteLength);
      // glTF: a vertex attribute's element starts at a multiple of 4 bytes (the colours are 4 bytes a vertex).
      if (accessor.componentType === 5121) expect([accessor.type, accessor.normalized]).toEqual(['VEC4', true]);
    });
    for (const mesh of json.meshes) {
      for (const primitive of mesh.primitives) {
        const position = json.accessors[primitive.attributes.POSITION];
        const view = json.bufferViews[position.bufferView];
        const min = [Infinity, Infinity, Infinity];
        const max = [-Infinity, -Infinity, -Infinity];
        for (let v = 0; v < position.count; v++) {
          for (let c = 0; c < 3; c++) {
            const x = bin.getFloat32(view.byteOffset + 12 * v + 4 * c, true);
            min[c] = Math.min(min[c], x);
            max[c] = Math.max(max[c], x);
          }
        }
        // The spec requires POSITION's min and max, and they must be the data's own.
        expect(position.min).toEqual(min);
        expect(position.max).toEqual(max);
        const indices = json.accessors[primitive.indices];
        const indexView = json.bufferViews[indices.bufferView];
        for (let k = 0; k < indices.count; k++) expect(bin.getUint32(indexView.byteOffset + 4 * k, true)).toBeLessThan(position.count);
      }
    }
  });

  it('an independent reader (three’s GLTFLoader) sees each kind’s mesh once, instanced by node, with the viewport’s colours', async () => {
    const bytes = glb.slice().buffer;
    const gltf = await new GLTFLoader().parseAsync(bytes, '');
    const named = new Map<string, Object3D>();
    gltf.scene.traverse((o) => {
      if (o.name) named.set(o.name, o);
    });
    // Each kind: its two props draw the same geometry (one mesh in the file), of the procedural mesh's triangles.
    const { json } = chunks(glb);
    expect(json.meshes).toHaveLength(1 + PROCEDURAL_PROP_KINDS.length + 2);
    for (const kind of PROCEDURAL_PROP_KINDS) {
      const geometries = [0, 1].map((n) => {
        const node = named.get(loaded(`${kind}.${kind}-${n}`))!;
        const parts: BufferGeometry[] = [];
        node.traverse((o) => {
          if (o instanceof Mesh) parts.push(o.geometry as BufferGeometry);
        });
        return parts;
      });
      expect(geometries[0].length).toBeGreaterThan(0);
      expect(geometries[1]).toEqual(geometries[0]);
      geometries[0].forEach((g, k) => expect(g, `${kind} part ${k}`).toBe(geometries[1][k]));
      const drawn = propMesh({ id: kind })!;
      const triangles = geometries[0].reduce((sum, g) => sum + g.getIndex()!.count / 3, 0);
      expect(triangles, kind).toBe(drawn.triangles);
    }
    // The house and the fence post are drawn from their primitives: meshes of their outline. In the
    // prop's own frame (the node's transform undone), by the library's numbers: the house's walls
    // 7 × 3.5 × 6 m centred 1.25 m up, under a four-sided pyramid of radius 5.2 (corners on the axes,
    // as three's cone puts them) reaching 4.3 + 1.3 m; the post 0.12 m square, 1.4 m from −0.1 m.
    const localBox = (name: string) => {
      const node = named.get(loaded(name))!;
      node.updateMatrixWorld(true);
      const inverse = node.matrixWorld.clone().invert();
      const box = new Box3();
      const materials = new Map<string, MeshStandardMaterial>();
      node.traverse((o) => {
        if (!(o instanceof Mesh)) return;
        const position = (o.geometry as BufferGeometry).getAttribute('position');
        for (let v = 0; v < position.count; v++)
          box.expandByPoint(new Vector3().fromBufferAttribute(position, v).applyMatrix4(o.matrixWorld).applyMatrix4(inverse));
        materials.set((o.material as MeshStandardMaterial).name, o.material as MeshStandardMaterial);
      });
      return { box, materials };
    };
    const house = localBox('house.house-0');
    const close = (a: Vector3, b: number[]) => [a.x, a.y, a.z].forEach((x, k) => expect(x).toBeCloseTo(b[k], 4));
    close(house.box.min, [-5.2, -0.5, -5.2]);
    close(house.box.max, [5.2, 5.6, 5.2]);
    expect([...house.materials.keys()].sort()).toEqual(['house:door', 'house:roof', 'house:walls']);
    const roof = house.materials.get('house:roof')!.color;
    expect(roof.r).toBeGreaterThan(2 * roof.g);
    const post = localBox('fence-post.fence-post-1');
    close(post.box.min, [-0.06, -0.1, -0.06]);
    close(post.box.max, [0.06, 1.3, 0.06]);
    expect([...post.materials.keys()]).toEqual(['fence-post:wood']);

    // Colours: the material's base colour times the vertex colour is the viewport's vertex colour (to a byte).
    const conifer = named.get(loaded('conifer.conifer-0'))!;
    const drawn = propMesh({ id: 'conifer' })!;
    const seen: number[] = [];
    conifer.traverse((o) => {
      if (!(o instanceof Mesh)) return;
      const material = o.material as MeshStandardMaterial;
      expect(material.vertexColors).toBe(true);
      const colours = o.geometry.getAttribute('color');
      const index = (o.geometry as BufferGeometry).getIndex()!;
      // The primitives share one set of vertices: each reads those its indices name.
      for (let k = 0; k < index.count; k++) {
        const v = index.getX(k);
        seen.push(material.color.r * colours.getX(v), material.color.g * colours.getY(v), material.color.b * colours.getZ(v));
      }
    });
    const expected = [...drawn.colours].sort((a, b) => a - b);
    const got = seen.sort((a, b) => a - b);
    expect(got).toHaveLength(expected.length);
    got.forEach((c, k) => expect(Math.abs(c - expected[k])).toBeLessThan(1 / 255));
    // Trunks brown, needles green (what an engine that ignores vertex colours shows).
    const byName = new Map<string, MeshStandardMaterial>();
    conifer.traverse((o) => {
      if (o instanceof Mesh) byName.set((o.material as MeshStandardMaterial).name, o.material as MeshStandardMaterial);
    });
    const bark = byName.get('conifer:bark')!.color;
    const leaves = byName.get('conifer:leaves')!.color;
    expect(bark.r).toBeGreaterThan(bark.b);
    expect(leaves.g).toBeGreaterThan(Math.max(leaves.r, leaves.b));
  });

  it('every prop stands on the exported terrain mesh: its node at the surface a ray down finds, to a millimetre', async () => {
    const gltf = await new GLTFLoader().parseAsync(glb.slice().buffer, '');
    gltf.scene.updateMatrixWorld(true);
    const terrain = gltf.scene.getObjectByName('terrain')!;
    const ray = new Raycaster();
    for (const prop of props) {
      const node = gltf.scene.getObjectByName(loaded(`${prop.type}.${prop.id}`))!;
      const at = node.getWorldPosition(new Vector3());
      expect(at.x).toBeCloseTo(prop.x, 5);
      expect(at.z).toBeCloseTo(prop.z, 5);
      ray.set(new Vector3(at.x, 1000, at.z), new Vector3(0, -1, 0));
      const hit = ray.intersectObject(terrain, true)[0];
      expect(hit, prop.id).toBeDefined();
      expect(Math.abs(at.y - hit.point.y), prop.id).toBeLessThan(1e-3);
    }
  });
});
