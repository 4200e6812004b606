import { describe, expect, it } from 'vitest';
import { hydraulicHalfWidth, riverStripMesh } from './riverStrip';
import { WATER_LAKE, WATER_RIVER } from './water';
import { DEFAULT_WATER_PARAMS, riverDepth, riverWidth } from './waterParams';
import { createWaterSurface } from './waterSurface';

const GRID = { width: 12, depth: 12, cellSize: 2 };
const HALF = 1.5;

/** A river on dry ground 0 m high along `path` (vertex (i, j) pairs, source first), its surface falling 0.1 m a step, into a lake at `lake` if given. */
function river(path: Array<[number, number]>, lake?: [number, number]) {
  const water = createWaterSurface(GRID.width * GRID.depth);
  const heights = new Float32Array(GRID.width * GRID.depth);
  path.forEach(([i, j], k) => {
    water.surface[j * GRID.width + i] = 2 - 0.1 * k;
    water.kind[j * GRID.width + i] = WATER_RIVER;
  });
  if (lake) {
    water.surface[lake[1] * GRID.width + lake[0]] = 2 - 0.1 * path.length;
    water.kind[lake[1] * GRID.width + lake[0]] = WATER_LAKE;
  }
  const strip = riverStripMesh(GRID, water, heights, () => HALF, 0, 0, GRID.width, GRID.depth);
  const point = (n: number) => ({
    x: strip.positions[3 * n] / GRID.cellSize + 5.5,
    y: strip.positions[3 * n + 1],
    z: strip.positions[3 * n + 2] / GRID.cellSize + 5.5,
  });
  return { strip, point };
}

describe('a river strip along its line', () => {
  it('is the river’s width either side of a straight line, its depth 0 on the edges, its surface falling with the river', () => {
    const { strip, point } = river([1, 2, 3, 4, 5].map((i) => [i, 4] as [number, number]));
    // Five cross-sections of three points, four joins of four triangles.
    expect(strip.depth.length).toBe(15);
    expect(strip.indices.length).toBe(4 * 4 * 3);
    for (let s = 0; s < 5; s++) {
      const [left, centre, right] = [0, 1, 2].map((k) => point(3 * s + k));
      expect(centre).toEqual({ x: 1 + s, y: expect.closeTo(2 - 0.1 * s, 6), z: 4 });
      expect(Math.abs(left.z - 4) * GRID.cellSize).toBeCloseTo(HALF, 6);
      expect(Math.abs(right.z - 4) * GRID.cellSize).toBeCloseTo(HALF, 6);
      expect(Math.sign(left.z - 4)).toBe(-Math.sign(right.z - 4));
      expect([strip.depth[3 * s], strip.depth[3 * s + 1], strip.depth[3 * s + 2]]).toEqual([0, expect.closeTo(2 - 0.1 * s, 6), 0]);
    }
    // Every triangle's surface: no corner above an upstream one (the surface never rises downstream).
    for (let t = 0; t < strip.indices.length; t += 3) {
      const corners = [0, 1, 2].map((k) => point(strip.indices[t + k]));
      for (const a of corners) for (const b of corners) if (b.x > a.x) expect(b.y).toBeLessThanOrEqual(a.y);
    }
  });

  it('keeps its width through a 45° turn: the corner mitred to half / cos 22.5° from the bend', () => {
    const { point } = river([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 3],
    ]);
    // The bend at (3, 1) is the third cross-section: its edges lie on the bisector's normal.
    const centre = point(7);
    for (const edge of [point(6), point(8)]) {
      const reach = Math.hypot(edge.x - centre.x, edge.z - centre.z) * GRID.cellSize;
      expect(reach).toBeCloseTo(HALF / Math.cos(Math.PI / 8), 5);
      // At right angles to the bend's bisector (1 + 1/√2, 1/√2).
      expect((edge.x - centre.x) * (1 + Math.SQRT1_2) + (edge.z - centre.z) * Math.SQRT1_2).toBeCloseTo(0, 6);
    }
  });

  it('ends in a lake at the lake’s vertex, on the lake’s level', () => {
    const { strip, point } = river(
      [
        [1, 4],
        [2, 4],
      ],
      [3, 4],
    );
    const last = point(strip.depth.length - 2);
    expect(last).toEqual({ x: 3, y: expect.closeTo(1.8, 6), z: 4 });
  });

  it('has the hydraulic geometry’s width: half of 0.003 · widthScale · A^0.5 at the depth 0.002 · depthScale · A^0.4', () => {
    const params = { ...DEFAULT_WATER_PARAMS, widthScale: 5, depthScale: 3 };
    const half = hydraulicHalfWidth(params);
    for (const area of [5e3, 1e5, 1e6, 1e8]) expect(half(riverDepth(params, area))).toBeCloseTo(riverWidth(params, area) / 2, 9);
    expect(half(0)).toBe(0);
  });
});
