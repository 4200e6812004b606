import { describe, expect, it } from 'vitest';
import { priorityFlood } from '../hydrology/priorityFlood';
import { fillPits, pitFillScratch } from './pitFill';

const W = 24;
const D = 20;
const grid = { width: W, depth: D, cellSize: 1 };

/** A plane tilted down to x = 0 with bowls dug into it (float32 heights, as the flood takes them). */
function bowls(): Float32Array {
  const h = new Float32Array(W * D);
  for (let j = 0; j < D; j++) for (let i = 0; i < W; i++) h[j * W + i] = 10 + i * 0.5;
  for (const [ci, cj, r, depth] of [
    [6, 6, 3, 4],
    [15, 12, 4, 7],
    [20, 4, 1, 2],
  ]) {
    for (let j = cj - r; j <= cj + r; j++) {
      for (let i = ci - r; i <= ci + r; i++) {
        const d = Math.hypot(i - ci, j - cj);
        if (d <= r) h[j * W + i] -= depth * (1 - d / (r + 1));
      }
    }
  }
  return h;
}

const hasLowerNeighbour = (h: Float64Array, v: number) => {
  for (const o of [1, -1, W, -W, W + 1, W - 1, 1 - W, -1 - W]) if (h[v + o] < h[v]) return true;
  return false;
};

describe('fillPits', () => {
  it('fills each bowl to its spill height, as the whole-map Priority-Flood does, and leaves every vertex a lower neighbour', () => {
    const input = bowls();
    const h = Float64Array.from(input);
    const filled = fillPits(grid, h, pitFillScratch(W * D));
    expect(filled).toBeGreaterThanOrEqual(3);
    const { level } = priorityFlood(grid, input);
    for (let v = 0; v < W * D; v++) {
      // The flood's level is the spill height (a float32); the fill adds ε per vertex on top.
      expect(Math.abs(h[v] - level[v]), `vertex ${v}`).toBeLessThan(1e-9);
      const i = v % W;
      const j = (v - i) / W;
      if (i > 0 && j > 0 && i < W - 1 && j < D - 1) expect(hasLowerNeighbour(h, v), `vertex ${v}`).toBe(true);
    }
  });

  it('leaves a surface without pits as it is, bit for bit', () => {
    const h = new Float64Array(W * D);
    for (let v = 0; v < W * D; v++) h[v] = (v % W) * 0.25 + Math.floor(v / W) * 0.01;
    const before = h.slice();
    expect(fillPits(grid, h, pitFillScratch(W * D))).toBe(0);
    expect(h).toEqual(before);
  });
});
