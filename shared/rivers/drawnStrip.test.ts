import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { drawnRiverStrip } from './drawnStrip';

// A drawn river along a straight line at 30° to the grid over a channel known in closed form: a flat
// bed 1 m under the water, 6 m wide, banks rising 0.5 m a metre beyond it; the water's level falls 1 cm
// a metre along the line. The water's edge is where a bank reaches the level: 3 + 1 / 0.5 = 5 m either side.
const SIZE = { width: 121, depth: 121, cellSize: 1 };
const ANGLE = Math.PI / 6;
const [UX, UZ] = [Math.cos(ANGLE), Math.sin(ANGLE)];
const levelAt = (along: number) => 10 - 0.01 * along;
const coordinates = (x: number, z: number) => ({ along: x * UX + z * UZ, across: -x * UZ + z * UX });

function channel() {
  const heights = new Float32Array(SIZE.width * SIZE.depth);
  const surface = new Float32Array(heights.length).fill(NaN);
  for (let j = 0; j < SIZE.depth; j++) {
    for (let i = 0; i < SIZE.width; i++) {
      const { along, across } = coordinates(i - 60, j - 60);
      const v = j * SIZE.width + i;
      heights[v] = levelAt(along) - 1 + 0.5 * Math.max(0, Math.abs(across) - 3);
      if (heights[v] < levelAt(along)) surface[v] = levelAt(along);
    }
  }
  const field = createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, heights);
  const n = 81;
  const stations = Array.from({ length: n }, (_, k) => k - 40);
  const line = {
    n,
    x: stations.map((s) => s * UX),
    z: stations.map((s) => s * UZ),
    tx: stations.map(() => UX),
    tz: stations.map(() => UZ),
    width: stations.map(() => 6),
  };
  return drawnRiverStrip(field, surface, line);
}

describe('a drawn river’s strip along its spline', () => {
  it('is centred on the spline, out to the water’s edge on each bank (5 m) within 5 cm, 1 m deep at the centre', () => {
    const strip = channel();
    expect(strip.depth.length).toBe(81 * 3);
    expect(strip.indices.length).toBe(80 * 4 * 3);
    for (let s = 0; s < 81; s++) {
      const point = (k: number) => {
        const n = 3 * s + k;
        return { ...coordinates(strip.positions[3 * n], strip.positions[3 * n + 2]), y: strip.positions[3 * n + 1], depth: strip.depth[n] };
      };
      const [left, centre, right] = [0, 1, 2].map(point);
      expect(centre.across).toBeCloseTo(0, 5);
      expect(centre.along).toBeCloseTo(s - 40, 5);
      // The level is the nearest vertex's, at most 0.71 m along from the station: 1 cm a metre.
      expect(Math.abs(centre.y - levelAt(centre.along))).toBeLessThan(0.008);
      expect(Math.abs(centre.depth - 1)).toBeLessThan(0.008);
      // Left of travel is (tz, −tx): the negative side of `across`.
      expect(Math.abs(left.across + 5)).toBeLessThan(0.05);
      expect(Math.abs(right.across - 5)).toBeLessThan(0.05);
      expect([left.depth, right.depth]).toEqual([0, 0]);
      expect(left.y).toBe(centre.y);
    }
  });

  it('never rises downstream, and faces up', () => {
    const strip = channel();
    for (let s = 1; s < 81; s++) expect(strip.positions[3 * (3 * s + 1) + 1]).toBeLessThanOrEqual(strip.positions[3 * (3 * s - 2) + 1]);
    const p = (n: number, axis: number) => strip.positions[3 * n + axis];
    for (let t = 0; t < strip.indices.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((e) => strip.indices[t + e]);
      expect((p(b, 2) - p(a, 2)) * (p(c, 0) - p(a, 0)) - (p(b, 0) - p(a, 0)) * (p(c, 2) - p(a, 2))).toBeGreaterThan(0);
    }
  });
});
