import { describe, expect, it } from 'vitest';
import { accumulateFlow } from './accumulation';
import { flowMapRgb } from './flowMap';
import { findLakes } from './lakes';
import { priorityFlood } from './priorityFlood';
import { sampled } from './testing/surfaces';

describe('the flow map', () => {
  it('codes the direction down a plane and a speed growing with the area drained', () => {
    // Water runs towards −z: dx = 0, dz = −1 → R = 0.5 · 255 (127 or 128), G = 0.
    const grid = { width: 33, depth: 40, cellSize: 2 };
    const heights = sampled(grid, (_x, z) => 0.1 * z);
    const filled = priorityFlood(grid, heights);
    const rgb = flowMapRgb(grid, heights, filled, accumulateFlow(grid, filled.drainage).area);
    for (let v = 0; v < grid.width * grid.depth; v++) {
      expect(Math.abs(rgb[3 * v] - 127.5)).toBe(0.5);
      expect(rgb[3 * v + 1]).toBe(0);
    }
    // Down the middle column the area grows every row, the slope is the same: the speed grows, 255 at the fastest.
    const i = 16;
    const blue = Array.from({ length: grid.depth - 1 }, (_, j) => rgb[3 * (j * grid.width + i) + 2]);
    for (let j = 1; j < blue.length; j++) expect(blue[j - 1]).toBeGreaterThanOrEqual(blue[j]);
    expect(blue[0]).toBe(255);
    expect(blue.at(-1)).toBeLessThan(blue[0] / 2);
  });

  it('points a lake’s water at its outlet, standing still', () => {
    const grid = { width: 97, depth: 81, cellSize: 2 };
    const heights = sampled(grid, (x, z) => {
      const r2 = (x - 96) ** 2 + (z - 80) ** 2;
      return 0.125 * (x - 96) - (r2 < 1024 ? 6 * (1 - r2 / 1024) : 0);
    });
    const filled = priorityFlood(grid, heights);
    const rgb = flowMapRgb(grid, heights, filled, accumulateFlow(grid, filled.drainage).area);
    // Towards the outlet: one of the rim's vertices at the spill height (column 32).
    const [lake0] = findLakes(grid, heights, filled).lakes;
    const oi = lake0.outlet % grid.width;
    const oj = (lake0.outlet - oi) / grid.width;
    expect(oi).toBe(32);
    let lake = 0;
    for (let j = 0; j < grid.depth; j++) {
      for (let i = 0; i < grid.width; i++) {
        const v = j * grid.width + i;
        if (!(filled.level[v] > heights[v])) continue;
        lake++;
        const length = Math.hypot(oi - i, oj - j);
        expect(Math.abs(rgb[3 * v] / 255 - (0.5 + (0.5 * (oi - i)) / length))).toBeLessThan(0.003);
        expect(Math.abs(rgb[3 * v + 1] / 255 - (0.5 + (0.5 * (oj - j)) / length))).toBeLessThan(0.003);
        expect(rgb[3 * v + 2]).toBe(0);
      }
    }
    expect(lake).toBeGreaterThan(300);
  });
});
