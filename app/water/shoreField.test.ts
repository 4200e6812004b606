import { describe, expect, it } from 'vitest';
import { WATER_LAKE } from '../../shared/hydrology/water';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { depthSlopeAt, shoreDepthAt, type ShoreCorner } from './shoreField';
import { buildWaterBlock } from './waterMesh';

/** A plane d(x, z) = 0.3 − 0.45 x + 0.2 z on a 2 m grid's vertex (i, j), x = 2i, z = 2j. */
const plane = (x: number, z: number): number => 0.3 - 0.45 * x + 0.2 * z;
const corner = (x: number, z: number, slopeX = -0.45, slopeZ = 0.2): ShoreCorner => ({ x, z, depth: plane(x, z), slopeX, slopeZ });

describe('the water edge inside a cell', () => {
  it("finds a plane's slope at every vertex, the map's edges too (one-sided there)", () => {
    const out = new Float32Array(2);
    for (const [i, j] of [
      [0, 0],
      [3, 2],
      [5, 4],
      [5, 0],
    ]) {
      depthSlopeAt((a, b) => plane(2 * a, 2 * b), 6, 5, 2, i, j, out, 0);
      expect(out[0]).toBeCloseTo(-0.45, 6);
      expect(out[1]).toBeCloseTo(0.2, 6);
    }
  });

  it('reads a planar depth exactly inside a triangle, so its edge is the straight line where the plane is 0', () => {
    const a = corner(0, 0);
    const b = corner(2, 0);
    const c = corner(0, 2);
    for (const [x, z] of [
      [0.5, 0.5],
      [1.2, 0.3],
      [0.1, 1.7],
    ])
      expect(shoreDepthAt(a, b, c, x, z)).toBeCloseTo(plane(x, z), 6);
    // On the line 0.3 − 0.45 x + 0.2 z = 0: at z = 0.45, x = 0.866…
    expect(shoreDepthAt(a, b, c, (0.3 + 0.2 * 0.45) / 0.45, 0.45)).toBeCloseTo(0, 6);
  });

  it('agrees on an edge two triangles share, whatever their third corners carry', () => {
    const p = { x: 2, z: 0, depth: 0.4, slopeX: 0.3, slopeZ: -0.1 };
    const q = { x: 0, z: 2, depth: -0.2, slopeX: -0.5, slopeZ: 0.25 };
    const below = { x: 0, z: 0, depth: 1, slopeX: 2, slopeZ: 2 };
    const above = { x: 2, z: 2, depth: -3, slopeX: -1, slopeZ: 0.5 };
    for (const t of [0.1, 0.5, 0.8]) {
      const x = 2 - 2 * t;
      const z = 2 * t;
      // Only p and q count on the edge: (1 − t)(d_p + g_p·(x − p)) + t(d_q + g_q·(x − q)).
      const expected = (1 - t) * (0.4 + 0.3 * (x - 2) - 0.1 * z) + t * (-0.2 - 0.5 * x + 0.25 * (z - 2));
      expect(shoreDepthAt(below, p, q, x, z)).toBeCloseTo(expected, 6);
      expect(shoreDepthAt(above, q, p, x, z)).toBeCloseTo(expected, 6);
    }
  });

  it("gives a lake against a planar bank its depth's slope at every vertex of the mesh", () => {
    // Ground rising 0.5 m a metre towards +x under a lake at 4.25 m: the depth falls 0.5 m a metre,
    // water out to x = 2.5 m (vertex columns 0–5 wet, x = (i − 4) · 2 m).
    const grid = { width: 9, depth: 9, cellSize: 2 };
    const heights = new Float32Array(81);
    const water = createWaterSurface(81);
    for (let j = 0; j < 9; j++) {
      for (let i = 0; i < 9; i++) {
        const v = j * 9 + i;
        heights[v] = 3 + 0.5 * (i - 4) * 2;
        if (heights[v] < 4.25) {
          water.surface[v] = 4.25;
          water.kind[v] = WATER_LAKE;
        }
      }
    }
    const block = buildWaterBlock(grid, water, heights, null, 0, 0)!;
    const vertices = block.positions.length / 3;
    expect(block.shoreSlope.length).toBe(2 * vertices);
    for (let n = 0; n < vertices; n++) {
      expect(block.shoreSlope[2 * n]).toBe(-0.5);
      expect(block.shoreSlope[2 * n + 1]).toBe(0);
    }
  });
});
