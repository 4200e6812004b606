import { describe, expect, it } from 'vitest';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { WET_MARGIN, wetGroundBytes, wetGroundInto, wetRectAround, wetReachCells } from './wetGround';

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

describe('the wet ground found over a rectangle', () => {
  // A lake and a creek on a bumpy map: their wetness over any rectangle, found from the rectangle and its margin
  // only, is wetGroundBytes' over the whole map there, and nothing outside it is written.
  const grid = { width: 97, depth: 83, cellSize: 0.7 };
  const heights = new Float32Array(grid.width * grid.depth);
  const water = createWaterSurface(heights.length);
  for (let j = 0; j < grid.depth; j++) {
    for (let i = 0; i < grid.width; i++) {
      const k = j * grid.width + i;
      heights[k] = 0.3 * Math.sin(i * 0.37) * Math.cos(j * 0.23);
      if ((i - 30) ** 2 + (j - 40) ** 2 < 90) water.surface[k] = 0.1;
      if (Math.abs(i - 2 * j + 40) <= 1) water.surface[k] = 0.25;
    }
  }
  const whole = wetGroundBytes(grid, water, heights)!;

  it('has wet banks of every strength, as a test of anything must', () => {
    const values = new Set(whole);
    expect(values.has(0) && values.has(255)).toBe(true);
    expect(values.size).toBeGreaterThan(10);
  });

  it('equals the whole map’s over rectangles of every shape, and leaves the rest alone', () => {
    const rects = [
      { i0: 0, j0: 0, i1: grid.width, j1: grid.depth },
      { i0: 25, j0: 30, i1: 40, j1: 52 },
      { i0: 0, j0: 70, i1: 9, j1: 83 },
      { i0: 60, j0: 0, i1: 97, j1: 3 },
      { i0: 44, j0: 44, i1: 45, j1: 45 },
    ];
    for (const rect of rects) {
      const out = new Uint8Array(heights.length + 5).fill(7);
      wetGroundInto(grid, water, heights, rect, out, 5);
      for (let j = 0; j < grid.depth; j++) {
        for (let i = 0; i < grid.width; i++) {
          const inside = i >= rect.i0 && i < rect.i1 && j >= rect.j0 && j < rect.j1;
          expect(out[5 + j * grid.width + i]).toBe(inside ? whole[j * grid.width + i] : 7);
        }
      }
    }
  });

  it('reaches a change’s wetness WET_MARGIN metres around it, and not past the map', () => {
    expect(wetReachCells(0.7)).toBe(Math.ceil(WET_MARGIN / 0.7));
    expect(wetRectAround(grid, { i0: 10, j0: 50, i1: 12, j1: 60 })).toEqual({ i0: 4, j0: 44, i1: 18, j1: 66 });
    expect(wetRectAround(grid, { i0: 0, j0: 80, i1: 97, j1: 83 })).toEqual({ i0: 0, j0: 74, i1: 97, j1: 83 });
  });
});
