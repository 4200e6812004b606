import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { buildGridIndices } from '../terrain/mesh';
import { compileObj } from './obj';
import { compileGlb } from './glb';

function bumpy(width: number, depth: number, cellSize: number) {
  const field = createHeightfield(width, depth, cellSize);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.fround(Math.sin(k * 1.7) * 13.3 + k * 0.01);
  return field;
}

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

describe('OBJ export', () => {
  it('writes every vertex at its height and exactly the terrain triangles (1-based, same diagonal)', () => {
    const field = bumpy(6, 4, 2.5);
    const lines = ascii(compileObj(field)).split('\n');
    const vertices = lines.filter((l) => l.startsWith('v ')).map((l) => l.slice(2).split(' ').map(Number));
    const normals = lines.filter((l) => l.startsWith('vn ')).map((l) => l.slice(3).split(' ').map(Number));
    const faces = lines
      .filter((l) => l.startsWith('f '))
      .map((l) =>
        l
          .slice(2)
          .split(' ')
          .map((v) => v.split('//').map(Number)),
      );
    expect(vertices.length).toBe(24);
    expect(normals.length).toBe(24);
    for (let j = 0; j < 4; j++) {
      for (let i = 0; i < 6; i++) {
        const [x, y, z] = vertices[j * 6 + i];
        expect(x).toBe(vertexX(field, i));
        expect(Math.fround(y)).toBe(field.heights[j * 6 + i]);
        expect(z).toBe(vertexZ(field, j));
      }
    }
    normals.forEach((n) => expect(Math.hypot(n[0], n[1], n[2])).toBeCloseTo(1, 5));
    const expected = Array.from(buildGridIndices(6, 4), (v) => v + 1);
    expect(faces.flat().map((pair) => pair[0])).toEqual(expected);
    faces.flat().forEach(([v, n]) => expect(n).toBe(v));
    // First cell: (00, 01, 10), (10, 01, 11) ⇒ the diagonal runs from (x0, z1) to (x1, z0).
    expect(faces[0].map((p) => p[0])).toEqual([1, 7, 2]);
    expect(faces[1].map((p) => p[0])).toEqual([2, 7, 8]);
  });
});

interface GltfJson {
  asset: { version: string };
  scenes: Array<{ nodes: number[] }>;
  nodes: Array<{ name: string; mesh?: number; translation?: number[]; rotation?: number[]; scale?: number[] }>;
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices: number; mode: number }> }>;
  accessors: Array<{ bufferView: number; componentType: number; count: number; type: string; min?: number[]; max?: number[] }>;
  bufferViews: Array<{ buffer: number; byteOffset: number; byteLength: number }>;
  buffers: Array<{ byteLength: number }>;
}

describe('GLB export', () => {
  it('writes a valid binary glTF 2.0 whose vertices are the heights and whose triangles are the terrain’s', () => {
    const field = bumpy(7, 5, 1.5);
    const glb = compileGlb(field, { nodes: [{ name: 'rock', translation: [1, 2, 3], rotation: [0, 0, 0, 1] }] });
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(ascii(glb.subarray(0, 4))).toBe('glTF');
    expect(view.getUint32(4, true)).toBe(2);
    expect(view.getUint32(8, true)).toBe(glb.length);
    const jsonLength = view.getUint32(12, true);
    expect(jsonLength % 4).toBe(0);
    expect(ascii(glb.subarray(16, 20))).toBe('JSON');
    const jsonText = ascii(glb.subarray(20, 20 + jsonLength));
    const gltf = JSON.parse(jsonText) as GltfJson;
    const binStart = 20 + jsonLength;
    const binLength = view.getUint32(binStart, true);
    expect(ascii(glb.subarray(binStart + 4, binStart + 8))).toBe('BIN\0');
    expect(binLength % 4).toBe(0);
    expect(binStart + 8 + binLength).toBe(glb.length);
    expect(gltf.buffers[0].byteLength).toBe(binLength);
    expect(gltf.asset.version).toBe('2.0');

    const primitive = gltf.meshes[0].primitives[0];
    expect(primitive.mode).toBe(4);
    const position = gltf.accessors[primitive.attributes.POSITION];
    const normal = gltf.accessors[primitive.attributes.NORMAL];
    const indices = gltf.accessors[primitive.indices];
    expect([position.count, normal.count, indices.count]).toEqual([35, 35, 6 * 4 * 6]);
    expect([position.componentType, position.type, indices.componentType, indices.type]).toEqual([5126, 'VEC3', 5125, 'SCALAR']);
    const bin = glb.subarray(binStart + 8);
    const read = (accessor: { bufferView: number }, k: number, kind: 'f32' | 'u32') => {
      const bv = gltf.bufferViews[accessor.bufferView];
      expect(bv.byteOffset + bv.byteLength).toBeLessThanOrEqual(binLength);
      const dv = new DataView(bin.buffer, bin.byteOffset + bv.byteOffset, bv.byteLength);
      return kind === 'f32' ? dv.getFloat32(4 * k, true) : dv.getUint32(4 * k, true);
    };
    let minY = Infinity;
    let maxY = -Infinity;
    for (let j = 0; j < 5; j++) {
      for (let i = 0; i < 7; i++) {
        const v = j * 7 + i;
        expect(read(position, 3 * v, 'f32')).toBe(Math.fround(vertexX(field, i)));
        expect(read(position, 3 * v + 1, 'f32')).toBe(field.heights[v]);
        expect(read(position, 3 * v + 2, 'f32')).toBe(Math.fround(vertexZ(field, j)));
        minY = Math.min(minY, field.heights[v]);
        maxY = Math.max(maxY, field.heights[v]);
      }
    }
    expect(position.min).toEqual([vertexX(field, 0), minY, vertexZ(field, 0)]);
    expect(position.max).toEqual([vertexX(field, 6), maxY, vertexZ(field, 4)]);
    const expectedIndices = buildGridIndices(7, 5);
    for (let t = 0; t < expectedIndices.length; t++) expect(read(indices, t, 'u32')).toBe(expectedIndices[t]);

    expect(gltf.scenes[0].nodes).toEqual([0, 1]);
    expect(gltf.nodes[0].mesh).toBe(0);
    expect(gltf.nodes[1]).toEqual({ name: 'rock', translation: [1, 2, 3], rotation: [0, 0, 0, 1] });
  });

  it('pads the JSON chunk to 4 bytes with spaces', () => {
    // Node names of every length modulo 4 make every amount of padding appear.
    const paddings = new Set<number>();
    for (const name of ['a', 'ab', 'abc', 'abcd']) {
      const glb = compileGlb(bumpy(3, 2, 1), { nodes: [{ name, translation: [0, 0, 0] }] });
      const view = new DataView(glb.buffer);
      const jsonLength = view.getUint32(12, true);
      const text = ascii(glb.subarray(20, 20 + jsonLength));
      const end = text.lastIndexOf('}') + 1;
      expect(/^ *$/.test(text.slice(end))).toBe(true);
      expect(text.length - end).toBeLessThan(4);
      paddings.add(text.length - end);
      expect(JSON.parse(text)).toBeTruthy();
    }
    expect(paddings.size).toBe(4);
  });

  it('refuses props with non-finite transforms', () => {
    expect(() => compileGlb(bumpy(2, 2, 1), { nodes: [{ name: 'x', translation: [NaN, 0, 0] }] }, 'scene.glb')).toThrow(/^scene\.glb: node "x"/);
  });
});
