import { describe, expect, it, vi } from 'vitest';
import { WATER_RIVER } from '../../../shared/hydrology/water';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { ALL } from '../../../app/document/region';
import * as strips from '../../../app/water/riverStripBlock';
import { WATER_BLOCK_CELLS } from '../../../app/water/waterCorners';
import { WaterView } from './waterView';

// Every strip the view builds, counted by block (the builder itself as it is).
vi.mock('../../../app/water/riverStripBlock', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../app/water/riverStripBlock')>();
  return { ...actual, riverStripBlock: vi.fn(actual.riverStripBlock) };
});

// A river along row 300 of a 641 × 641 map (1 m cells, 5 × 5 blocks), falling 1 cm a cell from x = 0, 0.3 m deep, on
// ground 100 m above the map's datum: its water spans 93.6–100 m.
const SIDE = 5 * WATER_BLOCK_CELLS + 1;
const ROW = 300;

function river() {
  const grid = { width: SIDE, depth: SIDE, cellSize: 1 };
  const heights = new Float32Array(SIDE * SIDE);
  const water = createWaterSurface(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const v = j * SIDE + i;
      heights[v] = 100 - 0.01 * i + 0.5 * Math.abs(j - ROW);
      if (j === ROW) {
        water.surface[v] = heights[v] + 0.3;
        water.kind[v] = WATER_RIVER;
      }
    }
  }
  return { grid, heights, water };
}

describe('the river strips built on load', () => {
  it('are built once a block, at the level its water’s heights call for, and kept when the same camera asks again', () => {
    const { grid, heights, water } = river();
    const built = vi.mocked(strips.riverStripBlock);
    // Straight above the map's middle, 1,500 m over its water: the blocks' levels depend on how high their water lies
    // (at any height, the level of a block under the camera would be full resolution).
    const camera = { position: { x: 0, y: 1600, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 };
    const view = new WaterView();
    view.setCamera(camera);
    built.mockClear();
    view.update(grid, water, heights, null, ALL, () => 1);
    view.buildPending();
    const blocks = built.mock.calls.map((call) => `${call[5]},${call[6]}`);
    // The five blocks the river crosses (its row lies in block row 2), each once.
    expect(view.stripCount).toBe(5);
    expect(blocks.sort()).toEqual(['0,2', '1,2', '2,2', '3,2', '4,2']);
    // Each at the level its water's heights call for: 1,500 m off, 2^L cells within 4 pixels.
    const levels = built.mock.calls.map((call) => call[8]);
    expect(levels.every((level) => level !== undefined && level > 0)).toBe(true);
    // The same camera again: nothing built.
    built.mockClear();
    view.setCamera({ ...camera, position: { ...camera.position } });
    view.buildPending();
    expect(built).not.toHaveBeenCalled();
    // A camera that wants another level builds the blocks again, once each.
    view.setCamera({ ...camera, position: { x: 0, y: 130, z: 0 } });
    view.buildPending();
    expect(built.mock.calls.length).toBeGreaterThan(0);
    expect(new Set(built.mock.calls.map((call) => `${call[5]},${call[6]}`)).size).toBe(built.mock.calls.length);
    view.dispose();
  });

  it('find the heights a block’s strip can reach before building it', () => {
    const { grid, heights, water } = river();
    // Block (1, 2) owns river vertices i = 128 … 255 and joins the next one down (i = 256) at 97.74 m.
    const range = strips.stripHeightRange(grid, water, heights, 1, 2)!;
    expect(range.highY).toBeCloseTo(100.3 - 1.28, 4);
    expect(range.lowY).toBeCloseTo(100.3 - 2.56, 4);
    const strip = strips.riverStripBlock(grid, water, heights, null, () => 1, 1, 2)!;
    expect(strip.bounds[1]).toBeGreaterThanOrEqual(range.lowY - 1e-4);
    expect(strip.bounds[4]).toBeLessThanOrEqual(range.highY + 1e-4);
    // A block with no river: none.
    expect(strips.stripHeightRange(grid, water, heights, 1, 0)).toBeNull();
  });
});
