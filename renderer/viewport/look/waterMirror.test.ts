import { describe, expect, it } from 'vitest';
import { DataUtils } from 'three';
import { MIRROR_MAX_SIDE, mirrorGround, mirrorGroundShape, mirrorTexture, mirrorTop, mirrorTransform, refreshMirrorGround } from './waterMirror';

/** A map of `width` × `depth` vertices `cellSize` apart with heights from `f(i, j)`. */
function map(width: number, depth: number, cellSize: number, f: (i: number, j: number) => number) {
  const heights = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = f(i, j);
  return { grid: { width, depth, cellSize }, heights };
}

describe('the ground a lake mirrors', () => {
  it('keeps every map size within its largest side, the whole map covered', () => {
    for (const [w, d] of [
      [257, 257],
      [1025, 1025],
      [4097, 4097],
      [1025, 513],
      [300, 1000],
    ]) {
      const { step, width, depth } = mirrorGroundShape({ width: w, depth: d, cellSize: 1 });
      expect(Math.max(width, depth)).toBeLessThanOrEqual(MIRROR_MAX_SIDE);
      expect((width - 1) * step).toBeGreaterThanOrEqual(w - 1);
      expect((depth - 1) * step).toBeGreaterThanOrEqual(d - 1);
    }
    expect(mirrorGroundShape({ width: 257, depth: 257, cellSize: 2 }).step).toBe(1);
    expect(mirrorGroundShape({ width: 4097, depth: 4097, cellSize: 1 }).step).toBe(16);
  });

  it('is never below the map near a sample: each sample the highest vertex within half a step', () => {
    // A thin ridge one vertex wide along i = 37 on a tilted plane: the coarse ground still holds its top.
    const { grid, heights } = map(1025, 1025, 2, (i, j) => (i === 37 ? 80 : 0.01 * i + 0.02 * j));
    const ground = mirrorGround(grid, heights);
    expect(ground.step).toBe(4);
    expect(ground.spacing).toBe(8);
    // Vertex 37 lies within 2 vertices of sample 9 (vertex 36): it holds the ridge, its neighbours the plane.
    for (let j = 0; j < ground.depth; j++) {
      expect(ground.heights[j * ground.width + 9]).toBe(80);
      expect(ground.heights[j * ground.width + 11]).toBeCloseTo(0.01 * 46 + 0.02 * Math.min(1024, j * 4 + 2), 4);
    }
    let below = 0;
    for (let j = 0; j < grid.depth; j++)
      for (let i = 0; i < grid.width; i++) {
        const si = Math.round(i / ground.step);
        const sj = Math.round(j / ground.step);
        if (ground.heights[sj * ground.width + si] < heights[j * grid.width + i]) below++;
      }
    expect(below).toBe(0);
    expect(mirrorTop(ground)).toBe(80);
  });

  it('reads again after an edit exactly what a fresh reading gives', () => {
    const { grid, heights } = map(513, 385, 1, (i, j) => Math.sin(i * 0.05) * 10 + Math.cos(j * 0.07) * 8);
    const ground = mirrorGround(grid, heights);
    for (let j = 100; j < 140; j++) for (let i = 200; i < 231; i++) heights[j * grid.width + i] += 25 - 0.01 * (i + j);
    refreshMirrorGround(ground, grid, heights, { kind: 'rect', i0: 200, j0: 100, i1: 231, j1: 140 });
    expect(Array.from(ground.heights)).toEqual(Array.from(mirrorGround(grid, heights).heights));
  });

  it('maps a sample’s ground point to its texel’s centre, and sends half floats of its heights', () => {
    const { grid, heights } = map(1025, 513, 2, (i, j) => i + 10 * j);
    const ground = mirrorGround(grid, heights);
    const t = mirrorTransform(ground);
    for (const [i, j] of [
      [0, 0],
      [ground.width - 1, ground.depth - 1],
      [17, 40],
    ]) {
      const x = -((grid.width - 1) * grid.cellSize) / 2 + i * ground.spacing;
      const z = -((grid.depth - 1) * grid.cellSize) / 2 + j * ground.spacing;
      expect(x * t.x + t.y).toBeCloseTo((i + 0.5) / ground.width, 9);
      expect(z * t.z + t.w).toBeCloseTo((j + 0.5) / ground.depth, 9);
    }
    const texture = mirrorTexture(ground, null);
    const data = texture.image.data as Uint16Array;
    expect(data.length).toBe(ground.width * ground.depth);
    for (const k of [0, 5, ground.width * 3 + 7]) {
      // Half floats: 11 bits, within a thousandth of the height.
      expect(Math.abs(DataUtils.fromHalfFloat(data[k]) - ground.heights[k])).toBeLessThanOrEqual(1e-3 * Math.abs(ground.heights[k]));
    }
    // The same size again: the same texture, refilled.
    expect(mirrorTexture(ground, texture)).toBe(texture);
    texture.dispose();
  });
});
