import { describe, expect, it } from 'vitest';
import { WATER_RIVER } from '../../../shared/hydrology/water';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { ALL } from '../../../app/document/region';
import * as strips from '../../../app/water/riverStripBlock';
import { WATER_BLOCK_CELLS } from '../../../app/water/waterCorners';
import { WaterView } from './waterView';

/** The blocks (bi, bj) whose strips `view` builds from now on, one entry a build (its own method, watched). */
function stripBuilds(view: WaterView): string[] {
  const keys: string[] = [];
  const watched = view as unknown as { buildStrip: (key: number, ...rest: number[]) => void };
  const build = watched.buildStrip.bind(view);
  watched.buildStrip = (key, ...rest) => {
    keys.push(`${key % 5},${Math.floor(key / 5)}`);
    build(key, ...rest);
  };
  return keys;
}

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
  it('are built once a block, and kept when the same camera asks again', () => {
    const { grid, heights, water } = river();
    // Straight above the map's middle, 1,500 m over its water: the blocks' levels depend on how high their water lies
    // (at any height, the level of a block under the camera would be full resolution).
    const camera = { position: { x: 0, y: 1600, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 };
    const view = new WaterView();
    const built = stripBuilds(view);
    view.setCamera(camera);
    view.update(grid, water, heights, null, ALL, () => 1);
    view.buildPending();
    // The five blocks the river crosses (its row lies in block row 2), each once.
    expect(view.stripCount).toBe(5);
    expect([...built].sort()).toEqual(['0,2', '1,2', '2,2', '3,2', '4,2']);
    // The same camera again: nothing built.
    built.length = 0;
    view.setCamera({ ...camera, position: { ...camera.position } });
    view.buildPending();
    expect(built).toEqual([]);
    // A camera that wants another level builds blocks again, once each.
    view.setCamera({ ...camera, position: { x: 0, y: 130, z: 0 } });
    view.buildPending();
    expect(built.length).toBeGreaterThan(0);
    expect(new Set(built).size).toBe(built.length);
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
