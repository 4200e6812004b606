import { describe, expect, it } from 'vitest';
import { vertexX, vertexZ, type Heightfield } from './heightfield';
import { buildGridIndices, buildTerrainMesh, writeNormals } from './mesh';
import { randomField, vertexPoint } from './testing/surfaceReference';

const FIELDS: Array<[string, Heightfield]> = [
  ['7×4 @ 0.37 m', randomField(7, 4, 0.37, 11)],
  ['33×17 @ 2.5 m', randomField(33, 17, 2.5, 12)],
  ['2×2 @ 1 m', randomField(2, 2, 1, 13)],
  ['129×65 @ 0.37 m', randomField(129, 65, 0.37, 14)],
];

function position(positions: Float32Array, vertex: number): [number, number, number] {
  return [positions[vertex * 3], positions[vertex * 3 + 1], positions[vertex * 3 + 2]];
}

describe.each(FIELDS)('buildTerrainMesh on %s', (_name, field) => {
  const mesh = buildTerrainMesh(field);
  const { width, depth } = field;

  it('places vertex (i, j) at its world position, stored as float32', () => {
    expect(mesh.positions.length).toBe(width * depth * 3);
    for (let j = 0; j < depth; j++) {
      for (let i = 0; i < width; i++) {
        const [x, y, z] = position(mesh.positions, j * width + i);
        expect(x).toBe(Math.fround(vertexX(field, i)));
        expect(y).toBe(field.heights[j * width + i]);
        expect(z).toBe(Math.fround(vertexZ(field, j)));
      }
    }
  });

  it('emits two triangles per cell, each facing up (counter-clockwise seen from +y)', () => {
    expect(mesh.indices.length).toBe((width - 1) * (depth - 1) * 6);
    for (let t = 0; t < mesh.indices.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((n) => position(mesh.positions, mesh.indices[t + n]));
      const e1 = [b[0] - a[0], b[2] - a[2]];
      const e2 = [c[0] - a[0], c[2] - a[2]];
      // y component of (b − a) × (c − a): positive means the face normal points up.
      const normalY = e1[1] * e2[0] - e1[0] * e2[1];
      expect(normalY).toBeGreaterThan(0);
    }
  });

  it('splits every cell along the diagonal from (x0, z1) to (x1, z0)', () => {
    const cells = (width - 1) * (depth - 1);
    for (let cell = 0; cell < cells; cell++) {
      const i = cell % (width - 1);
      const j = Math.floor(cell / (width - 1));
      const first = new Set(mesh.indices.subarray(cell * 6, cell * 6 + 3));
      const second = new Set(mesh.indices.subarray(cell * 6 + 3, cell * 6 + 6));
      const corners = new Set([j * width + i, j * width + i + 1, (j + 1) * width + i, (j + 1) * width + i + 1]);
      for (const v of [...first, ...second]) expect(corners.has(v)).toBe(true);
      const shared = [...first].filter((v) => second.has(v)).sort((a, b) => a - b);
      expect(shared).toEqual([j * width + i + 1, (j + 1) * width + i]);
      // The two triangles together cover all four corners.
      expect(new Set([...first, ...second]).size).toBe(4);
    }
  });

  it('has unit, up-facing shading normals', () => {
    for (let v = 0; v < width * depth; v++) {
      const [nx, ny, nz] = position(mesh.normals, v);
      expect(Math.abs(Math.hypot(nx, ny, nz) - 1)).toBeLessThan(1e-6);
      expect(ny).toBeGreaterThan(0);
    }
  });
});

describe('writeNormals', () => {
  it('refreshing a band of rows equals recomputing everything', () => {
    const field = randomField(20, 15, 0.37, 15);
    const full = new Float32Array(field.width * field.depth * 3);
    writeNormals(field, full);
    const banded = new Float32Array(full.length);
    writeNormals(field, banded, 0, 6);
    writeNormals(field, banded, 6, field.depth);
    expect(banded).toEqual(full);
  });

  it('is the normalised central difference of neighbouring heights inside the grid', () => {
    const field = randomField(9, 8, 2.5, 16);
    const normals = new Float32Array(field.width * field.depth * 3);
    writeNormals(field, normals);
    const [i, j] = [4, 3];
    const left = vertexPoint(field, i - 1, j);
    const right = vertexPoint(field, i + 1, j);
    const back = vertexPoint(field, i, j - 1);
    const front = vertexPoint(field, i, j + 1);
    const dhdx = (right[1] - left[1]) / (right[0] - left[0]);
    const dhdz = (front[1] - back[1]) / (front[2] - back[2]);
    const length = Math.hypot(dhdx, 1, dhdz);
    const p = (j * field.width + i) * 3;
    expect(normals[p]).toBeCloseTo(-dhdx / length, 6);
    expect(normals[p + 1]).toBeCloseTo(1 / length, 6);
    expect(normals[p + 2]).toBeCloseTo(-dhdz / length, 6);
  });
});

describe('buildGridIndices', () => {
  it('indexes only existing vertices', () => {
    const indices = buildGridIndices(5, 3);
    expect(Math.max(...indices)).toBe(5 * 3 - 1);
    expect(Math.min(...indices)).toBe(0);
  });
});
