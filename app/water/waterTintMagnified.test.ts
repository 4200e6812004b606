import { describe, expect, it } from 'vitest';
import { WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { writeWaterColour } from './waterColours';
import { magnifiedPixelsPerVertex, magnifiedWaterTint, MAX_MAGNIFIED_PIXELS } from './waterTintMagnified';

/**
 * A lake at `level` over ground h = base + rise · (x + z·zShare) on a side × side grid of 2 m cells (x = 2i, z = 2j);
 * `kind`: its vertices' (a river's to draw it in the rivers' opaque ramp: a lake's shallows are near transparent, as in 3D).
 */
function lakeOnPlane(side: number, level: number, base: number, rise: number, zShare: number, kind = WATER_LAKE) {
  const grid = { width: side, depth: side, cellSize: 2 };
  const heights = new Float32Array(side * side);
  const water = createWaterSurface(side * side);
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      const v = j * side + i;
      heights[v] = base + rise * (2 * i + 2 * j * zShare);
      if (heights[v] < level) {
        water.surface[v] = level;
        water.kind[v] = kind;
      }
    }
  }
  return { grid, heights, water, depthAt: (x: number, z: number) => level - (base + rise * (x + z * zShare)) };
}

describe('the 2D water tint magnified', () => {
  it("puts a lake's edge on a planar bank where the bank meets the level, not on the vertices' squares", () => {
    // Ground 0.5 m a metre up along x from 0 at x = 0 under a lake at 2.625 m: the edge at x = 5.25 m, vertex 2.625.
    const { grid, heights, water } = lakeOnPlane(9, 2.625, 0, 0.5, 0);
    const k = 8;
    const tint = magnifiedWaterTint(grid, water, heights, null, null, { i0: 0, j0: 0, i1: 8, j1: 8 }, k);
    expect([tint.width, tint.height]).toEqual([72, 72]);
    // Pixel c's centre lies at vertex −0.5 + (c + 0.5) / 8: 2.625 between the centres of columns 24 and 25.
    for (let row = 0; row < tint.height; row++) {
      const alpha = (c: number) => tint.rgba[4 * (row * tint.width + c) + 3];
      expect(alpha(24)).toBeGreaterThan(0);
      expect(alpha(25)).toBe(0);
      // Away from the edge: the depth's own colour, the same along a column (no squares).
      const deep = new Uint8ClampedArray(4);
      // Column 8's centre: vertex 0.5625, x = 1.125 m, depth 2.625 − 0.5625 = 2.0625 m.
      writeWaterColour(2.0625, false, deep, 0, false, true);
      expect(Array.from(tint.rgba.subarray(4 * (row * tint.width + 8), 4 * (row * tint.width + 8) + 4))).toEqual(Array.from(deep));
    }
  });

  it('draws a slanting straight shore as a straight line: a pixel is water exactly where the closed-form depth is above 0', () => {
    // Water as opaque as a river's at its edge: a lake's 3 cm there is 2 % opaque, faded to nothing (as in 3D).
    const { grid, heights, water, depthAt } = lakeOnPlane(17, 7.3, 1, 0.3, 0.6, WATER_RIVER);
    const k = 4;
    const tint = magnifiedWaterTint(grid, water, heights, null, null, { i0: 0, j0: 0, i1: 16, j1: 16 }, k);
    let wetPixels = 0;
    for (let r = 0; r < tint.height; r++) {
      for (let c = 0; c < tint.width; c++) {
        const u = -0.5 + (c + 0.5) / k;
        const w = -0.5 + (r + 0.5) / k;
        if (u < 0 || w < 0 || u > 16 || w > 16) continue;
        const d = depthAt(2 * u, 2 * w);
        if (Math.abs(d) < 1e-4) continue;
        const alpha = tint.rgba[4 * (r * tint.width + c) + 3];
        expect(alpha > 0, `pixel ${c}, ${r}: depth ${d}`).toBe(d > 0);
        if (d > 0) wetPixels++;
      }
    }
    expect(wetPixels).toBeGreaterThan(1000);
  });

  it('paints a power of two pixels a vertex, at most 8, within its pixel budget', () => {
    expect(magnifiedPixelsPerVertex(1, 100)).toBe(0);
    expect(magnifiedPixelsPerVertex(1.5, 100)).toBe(2);
    expect(magnifiedPixelsPerVertex(5, 100)).toBe(8);
    expect(magnifiedPixelsPerVertex(30, 100)).toBe(8);
    expect(magnifiedPixelsPerVertex(30, MAX_MAGNIFIED_PIXELS / 16)).toBe(4);
    expect(magnifiedPixelsPerVertex(3, MAX_MAGNIFIED_PIXELS)).toBe(0);
  });
});
