import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { normalAt } from '../terrain/surface';
import { gridFromField } from './grid';
import { normalMapPixels, vertexNormals, vertexSlopes } from './normals';

describe('vertex normals from the exact triangles', () => {
  it('give a plane its own normal everywhere, borders included', () => {
    const field = createHeightfield(6, 5, 2);
    for (let j = 0; j < 5; j++) for (let i = 0; i < 6; i++) field.heights[j * 6 + i] = 0.5 * vertexX(field, i) - 0.25 * vertexZ(field, j);
    const normals = vertexNormals(gridFromField(field));
    const len = Math.hypot(0.5, 1, 0.25);
    for (let k = 0; k < 30; k++) {
      expect(normals[3 * k]).toBeCloseTo(-0.5 / len, 6);
      expect(normals[3 * k + 1]).toBeCloseTo(1 / len, 6);
      expect(normals[3 * k + 2]).toBeCloseTo(0.25 / len, 6);
    }
    expect(vertexSlopes(normals)[7]).toBeCloseTo((Math.acos(1 / len) * 180) / Math.PI, 4);
  });

  it('are the angle-weighted sum of the six surrounding triangle normals (normalAt)', () => {
    const field = createHeightfield(3, 3, 1.5);
    field.heights.set([0, 2, 1, 3, 5, 0.5, -1, 4, 2]);
    const n = vertexNormals(gridFromField(field));
    const s = 1.5;
    // Centroids of the six triangles around the centre vertex (0, 0), each with its plan angle there.
    const around: Array<[number, number, number]> = [
      [s / 3, s / 3, Math.PI / 2], // cell (1, 1) lower: the centre is its square corner
      [(-2 * s) / 3, s / 3, Math.PI / 4], // cell (0, 1) lower
      [-s / 3, (2 * s) / 3, Math.PI / 4], // cell (0, 1) upper
      [s / 3, (-2 * s) / 3, Math.PI / 4], // cell (1, 0) lower
      [(2 * s) / 3, -s / 3, Math.PI / 4], // cell (1, 0) upper
      [-s / 3, -s / 3, Math.PI / 2], // cell (0, 0) upper
    ];
    const sum = { x: 0, y: 0, z: 0 };
    for (const [x, z, w] of around) {
      const t = normalAt(field, x, z)!;
      sum.x += w * t.x;
      sum.y += w * t.y;
      sum.z += w * t.z;
    }
    const len = Math.hypot(sum.x, sum.y, sum.z);
    expect(n[12]).toBeCloseTo(sum.x / len, 6);
    expect(n[13]).toBeCloseTo(sum.y / len, 6);
    expect(n[14]).toBeCloseTo(sum.z / len, 6);
  });

  it('encode tangent space with the chosen green direction, and world space per engine axes', () => {
    // Rising towards +z (image down): the normal leans to −z, i.e. towards the image's top.
    const normals = Float32Array.of(0, Math.SQRT1_2, -Math.SQRT1_2);
    expect([...normalMapPixels(normals, { space: 'tangent', green: 'up' })]).toEqual([128, 218, 218]);
    expect([...normalMapPixels(normals, { space: 'tangent', green: 'down' })]).toEqual([128, 37, 218]);
    expect([...normalMapPixels(normals, { space: 'world', green: 'up', axes: 'faultline' })]).toEqual([128, 218, 37]);
    expect([...normalMapPixels(normals, { space: 'world', green: 'up', axes: 'unreal' })]).toEqual([128, 37, 218]);
    expect([...normalMapPixels(normals, { space: 'world', green: 'up', axes: 'unity' })]).toEqual([128, 218, 218]);
  });
});
