import { describe, expect, it } from 'vitest';
import { WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { buildWaterBlock, waterBlockCounts, FULL_FLOW_SLOPE, WATER_BLOCK_CELLS } from './waterMesh';
import { depthShade, DEEP_WATER, SHALLOW_WATER, writeWaterColour } from './waterColours';
import { waterTintImage } from './waterTint';

describe('the water mesh', () => {
  it('lays a lake flat at its level, its shore corners too, with no flow', () => {
    const grid = { width: 9, depth: 9, cellSize: 2 };
    const heights = new Float32Array(81).fill(5);
    const water = createWaterSurface(81);
    for (let j = 3; j <= 5; j++) {
      for (let i = 3; i <= 5; i++) {
        heights[j * 9 + i] = 3;
        water.surface[j * 9 + i] = 4.25;
        water.kind[j * 9 + i] = WATER_LAKE;
      }
    }
    const block = buildWaterBlock(grid, water, heights, null, 0, 0)!;
    // Cells with a wet corner: columns and rows 2…5 → 4 × 4 cells over 5 × 5 corners.
    expect(block.indices.length / 6).toBe(16);
    expect(block.positions.length / 3).toBe(25);
    for (let n = 0; n < 25; n++) expect(block.positions[3 * n + 1]).toBe(4.25);
    expect(Math.max(...block.depth)).toBeCloseTo(1.25, 6);
    expect(block.flow.every((f) => f === 0)).toBe(true);
    // The vertices lie on the map's grid, centred on the origin.
    expect(Math.min(...block.positions.filter((_, k) => k % 3 === 0))).toBe(-4);
    expect(Math.max(...block.positions.filter((_, k) => k % 3 === 0))).toBe(4);
  });

  it('runs a river down its surface: the flow hint points downhill, full strength on a steep reach', () => {
    const grid = { width: 12, depth: 5, cellSize: 1 };
    const heights = new Float32Array(60).fill(100);
    const water = createWaterSurface(60);
    for (let i = 0; i < 12; i++) {
      const v = 2 * 12 + i;
      // Surface falling 0.1 m per metre along +x, 0.5 m deep.
      water.surface[v] = 10 - 0.1 * i;
      heights[v] = water.surface[v] - 0.5;
      water.kind[v] = WATER_RIVER;
    }
    const block = buildWaterBlock(grid, water, heights, null, 0, 0)!;
    let checked = 0;
    for (let n = 0; n < block.depth.length; n++) {
      if (block.depth[n] <= 0) continue;
      expect(block.flow[3 * n]).toBeCloseTo(1, 6);
      expect(block.flow[3 * n + 1]).toBeCloseTo(0, 6);
      expect(block.flow[3 * n + 2]).toBe(Math.min(1, 0.1 / FULL_FLOW_SLOPE));
      checked++;
    }
    expect(checked).toBe(12);
  });

  it('splits the map into blocks of WATER_BLOCK_CELLS cells and builds none where it is dry', () => {
    const grid = { width: 2 * WATER_BLOCK_CELLS + 2, depth: WATER_BLOCK_CELLS + 1, cellSize: 1 };
    expect(waterBlockCounts(grid)).toEqual({ columns: 3, rows: 1 });
    const n = grid.width * grid.depth;
    expect(buildWaterBlock(grid, createWaterSurface(n), new Float32Array(n), null, 1, 0)).toBeNull();
  });
});

describe('water colours', () => {
  it('go from the shallow colour to the deep one by d / (d + 1.5 m), transparent where dry', () => {
    const out = new Uint8ClampedArray(4);
    writeWaterColour(1.5, false, out, 0);
    expect(depthShade(1.5)).toBe(0.5);
    for (let c = 0; c < 3; c++) expect(out[c]).toBe(Math.round((SHALLOW_WATER[c] + DEEP_WATER[c]) / 2));
    writeWaterColour(0, false, out, 0);
    expect(out[3]).toBe(0);
  });

  it('tint a large map at one pixel per stride² vertices, keeping a one-vertex river', () => {
    const side = 4100;
    const heights = new Float32Array(side * 3);
    const water = createWaterSurface(side * 3);
    water.surface[side + 2001] = 1;
    const tint = waterTintImage({ width: side, depth: 3 }, water, heights, null, null);
    expect(tint.stride).toBe(3);
    expect(tint.width).toBe(1367);
    // Vertex (2001, 1) lies in pixel (667, 0).
    const alpha = Array.from({ length: tint.width * tint.depth }, (_, p) => tint.rgba[4 * p + 3]);
    expect(alpha.filter((a) => a > 0)).toHaveLength(1);
    expect(alpha[667]).toBeGreaterThan(0);
  });
});
