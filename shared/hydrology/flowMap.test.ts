import { describe, expect, it } from 'vitest';
import { accumulateFlow } from './accumulation';
import { flowMapRgb } from './flowMap';
import { priorityFlood } from './priorityFlood';
import { sampled } from './testing/surfaces';

describe('the flow map', () => {
  it('codes the direction down a plane and a speed growing with the area drained', () => {
    // Water runs towards −z: dx = 0, dz = −1 → R = 0.5 · 255 (127 or 128), G = 0.
    const grid = { width: 33, depth: 40, cellSize: 2 };
    const { drainage } = priorityFlood(grid, sampled(grid, (_x, z) => 0.1 * z));
    const rgb = flowMapRgb(grid, drainage, accumulateFlow(grid, drainage).area);
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
});
