import { describe, expect, it } from 'vitest';
import { sampled } from './testing/surfaces';
import { evaluateWater } from './water';
import { DEFAULT_WATER_PARAMS, riverWidth } from './waterParams';
import { hydraulicHalfWidth } from './riverStrip';
import { waterSurfaceMeshes } from './waterMesh';

describe('the water surface meshes', () => {
  it('a river down a V valley: its sheet follows the sloping surface, the banks one cell out at their downstream neighbour’s level', () => {
    // h = 0.2·|x − 128| + 0.05·z, 4 m cells: the axis (map x = 0) is the river, its surface the ground (no depression).
    const grid = { width: 65, depth: 129, cellSize: 4 };
    const heights = sampled(grid, (x, z) => 0.2 * Math.abs(x - 128) + 0.05 * z);
    const water = evaluateWater(grid, heights, new Float32Array(heights.length), { ...DEFAULT_WATER_PARAMS, riverArea: 20000 })!;
    const meshes = waterSurfaceMeshes(grid, water);
    expect(meshes.map((m) => m.name)).toEqual(['rivers']);
    const [rivers] = meshes;
    const z0 = ((grid.depth - 1) / 2) * grid.cellSize;
    const surface = (z: number) => 0.05 * (z + z0);
    let aboveSource = 0;
    for (let k = 0; k < rivers.positions.length; k += 3) {
      const [x, y, z] = [rivers.positions[k], rivers.positions[k + 1], rivers.positions[k + 2]];
      expect([-4, 0, 4]).toContain(x);
      // On the axis its own surface (the one dry vertex above the source: the source's); a bank vertex
      // the lowest wet neighbour's: the one downstream (4 m lower in z), or beside it at the mouth.
      if (x === 0 && Math.abs(y - surface(z)) > 1e-4) {
        expect(y).toBeCloseTo(surface(z - 4), 4);
        aboveSource++;
      } else if (x !== 0) expect(y).toBeCloseTo(surface(Math.max(-z0, z - 4)), 4);
      // Normals face up (the surface falls 5 cm a metre).
      expect(rivers.normals[k + 1]).toBeGreaterThan(0.99);
    }
    expect(aboveSource).toBe(1);
    expect(rivers.indices.length % 3).toBe(0);
  });

  it('a river down a V valley as the 3D view draws it: a strip the river’s width either side of its axis, on its surface, facing up', () => {
    const grid = { width: 65, depth: 129, cellSize: 4 };
    const heights = sampled(grid, (x, z) => 0.2 * Math.abs(x - 128) + 0.05 * z);
    const params = { ...DEFAULT_WATER_PARAMS, riverArea: 20000 };
    const water = evaluateWater(grid, heights, new Float32Array(heights.length), params)!;
    const meshes = waterSurfaceMeshes(grid, water, hydraulicHalfWidth(params));
    expect(meshes.map((m) => m.name)).toEqual(['rivers']);
    const [rivers] = meshes;
    const z0 = ((grid.depth - 1) / 2) * grid.cellSize;
    for (let k = 0; k < rivers.positions.length; k += 3) {
      const [x, y, z] = [rivers.positions[k], rivers.positions[k + 1], rivers.positions[k + 2]];
      // A cross-section at each river vertex of the axis: its edges half the river's width (from its contributing area) out,
      // within 2 % (the width is read from the depth smoothed along the river, riverStrip.ts SMOOTH_STEPS).
      const v = Math.round((z + z0) / grid.cellSize) * grid.width + 32;
      if (x !== 0) expect(Math.abs(Math.abs(x) / (riverWidth(params, water.area[v]) / 2) - 1)).toBeLessThan(0.02);
      expect(y).toBeCloseTo(water.surface[v], 5);
      expect(rivers.normals[k + 1]).toBeGreaterThan(0.99);
    }
    // Counter-clockwise from above: every face's normal points up.
    for (let t = 0; t < rivers.indices.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((e) => rivers.indices[t + e]);
      const p = (n: number, axis: number) => rivers.positions[3 * n + axis];
      expect((p(b, 2) - p(a, 2)) * (p(c, 0) - p(a, 0)) - (p(b, 0) - p(a, 0)) * (p(c, 2) - p(a, 2))).toBeGreaterThan(0);
    }
  });

  it('a dry map has no mesh', () => {
    const grid = { width: 17, depth: 17, cellSize: 2 };
    const heights = sampled(grid, (x) => 0.1 * x);
    expect(waterSurfaceMeshes(grid, evaluateWater(grid, heights, new Float32Array(heights.length), DEFAULT_WATER_PARAMS)!)).toEqual([]);
  });
});
