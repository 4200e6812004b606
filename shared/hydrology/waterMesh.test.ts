import { describe, expect, it } from 'vitest';
import { sampled } from './testing/surfaces';
import { evaluateWater } from './water';
import { DEFAULT_WATER_PARAMS } from './waterParams';
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

  it('a dry map has no mesh', () => {
    const grid = { width: 17, depth: 17, cellSize: 2 };
    const heights = sampled(grid, (x) => 0.1 * x);
    expect(waterSurfaceMeshes(grid, evaluateWater(grid, heights, new Float32Array(heights.length), DEFAULT_WATER_PARAMS)!)).toEqual([]);
  });
});
