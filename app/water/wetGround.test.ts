import { describe, expect, it } from 'vitest';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { WET_MARGIN, wetGroundBytes } from './wetGround';

describe('the wet ground along the water', () => {
  // A straight creek along row 10 of a 41 × 21 map of 0.5 m cells: the wetness falls linearly from 1 on the
  // water to 0 at WET_MARGIN metres from it, on dry ground only what the distance says.
  const grid = { width: 41, depth: 21, cellSize: 0.5 };
  const heights = new Float32Array(grid.width * grid.depth);
  const water = createWaterSurface(heights.length);
  for (let i = 0; i < grid.width; i++) {
    water.surface[10 * grid.width + i] = 0.2;
    water.kind[10 * grid.width + i] = WATER_RIVER;
  }
  const bytes = wetGroundBytes(grid, water, heights)!;

  it('is full on the water and fades to nothing WET_MARGIN metres off, linearly', () => {
    for (let j = 0; j < grid.depth; j++) {
      const metres = Math.abs(j - 10) * grid.cellSize;
      const expected = Math.max(0, 1 - metres / WET_MARGIN);
      for (let i = 0; i < grid.width; i++) expect(bytes[j * grid.width + i] / 255).toBeCloseTo(expected, 2);
    }
    expect(bytes[2 * grid.width]).toBe(0);
  });

  it('is none without water, and none where the ground stands over the surface', () => {
    expect(wetGroundBytes(grid, null, heights)).toBeNull();
    const dry = new Float32Array(heights.length).fill(1);
    expect(Math.max(...wetGroundBytes(grid, water, dry)!)).toBe(0);
  });
});
