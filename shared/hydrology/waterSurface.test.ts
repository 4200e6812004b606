import { describe, expect, it } from 'vitest';
import { evaluateStack, stackMakesWater } from '../layers/evaluate';
import type { Layer } from '../layers/types';
import { sampled } from './testing/surfaces';
import { WATER_LAKE, WATER_RIVER } from './water';
import { findWaterFeatures } from './waterFeatures';
import { DEFAULT_WATER_PARAMS } from './waterParams';
import { createWaterSurface, waterDepths } from './waterSurface';

const heightsLayer = (heights: Float32Array): Layer => ({ id: 'h', kind: 'heights', name: 'Heights', enabled: true, opacity: 1, params: {}, heights });
const waterLayer = (enabled = true): Layer => ({
  id: 'water-1',
  kind: 'water',
  name: 'Water 1',
  enabled,
  opacity: 1,
  params: { ...DEFAULT_WATER_PARAMS, minLakeArea: 0 },
});

/** A bowl 3 m deep (its rim at 10 m) in a plane at 10 m: radius 20 m, paraboloid floor. */
function bowl(grid: { width: number; depth: number; cellSize: number }): Float32Array {
  const cx = ((grid.width - 1) * grid.cellSize) / 2;
  const cz = ((grid.depth - 1) * grid.cellSize) / 2;
  return sampled(grid, (x, z) => {
    const r2 = (x - cx) ** 2 + (z - cz) ** 2;
    return r2 < 400 ? 10 - 3 * (1 - r2 / 400) : 10;
  });
}

describe('the water a stack holds', () => {
  const grid = { width: 41, depth: 41, cellSize: 2 };

  it('is the bowl filled to its rim: depth = rim − ground, a lake, and none outside', () => {
    const ground = bowl(grid);
    const water = createWaterSurface(ground.length);
    const stack = [heightsLayer(ground), waterLayer()];
    expect(stackMakesWater(stack)).toBe(true);
    const heights = evaluateStack(stack, grid, { water })!;
    const depth = waterDepths(water, heights);
    const centre = 20 * 41 + 20;
    expect(depth[centre]).toBeCloseTo(3, 5);
    expect(water.kind[centre]).toBe(WATER_LAKE);
    for (let v = 0; v < ground.length; v++) {
      // Lakes are not dug: the water fills the bowl to its spill height, 10 m.
      expect(depth[v]).toBeCloseTo(Math.max(0, 10 - ground[v]), 5);
    }
  });

  it('dries where a layer above raises the ground over the surface, and collects nothing from a disabled water layer', () => {
    const ground = bowl(grid);
    const water = createWaterSurface(ground.length);
    const raised = new Float32Array(ground.length).fill(12);
    const heights = evaluateStack([heightsLayer(ground), waterLayer(), heightsLayer(raised)], grid, { water })!;
    expect(waterDepths(water, heights).every((d) => d === 0)).toBe(true);
    expect(stackMakesWater([heightsLayer(ground), waterLayer(false)])).toBe(false);
  });
});

describe('rivers and lakes as features', () => {
  it('measures a straight river along x: n cells long, its width × length in area, its depth', () => {
    const grid = { width: 30, depth: 9, cellSize: 2 };
    const heights = new Float32Array(30 * 9).fill(5);
    const water = createWaterSurface(heights.length);
    // Rows 3–5 wet, 1.5 m deep; row 4 is the river's own line, columns 2…21 (20 vertices).
    for (let j = 3; j <= 5; j++) {
      for (let i = 2; i < 22; i++) {
        const v = j * 30 + i;
        water.surface[v] = 6.5;
        heights[v] = 5;
        if (j === 4) water.kind[v] = WATER_RIVER;
      }
    }
    const { features, featureOf } = findWaterFeatures(grid, water, heights);
    expect(features).toHaveLength(1);
    expect(features[0]).toMatchObject({ kind: 'river', vertices: 60, length: 20 * 2, area: 60 * 4, maxDepth: 1.5, bounds: { i0: 2, j0: 3, i1: 22, j1: 6 } });
    expect(featureOf[4 * 30 + 10]).toBe(1);
    expect(featureOf[0]).toBe(0);
  });

  it('measures a diagonal river in diagonal steps and keeps a lake apart from it', () => {
    const grid = { width: 20, depth: 20, cellSize: 1 };
    const heights = new Float32Array(400);
    const water = createWaterSurface(400);
    for (let k = 0; k < 10; k++) {
      water.surface[k * 20 + k] = 0.5;
      water.kind[k * 20 + k] = WATER_RIVER;
    }
    // A 3 × 3 lake touching the river's end at (10, 10)…(12, 12).
    for (let j = 10; j < 13; j++) {
      for (let i = 10; i < 13; i++) {
        water.surface[j * 20 + i] = 2;
        water.kind[j * 20 + i] = WATER_LAKE;
      }
    }
    const { features } = findWaterFeatures(grid, water, heights);
    const river = features.find((f) => f.kind === 'river')!;
    const lake = features.find((f) => f.kind === 'lake')!;
    expect(features).toHaveLength(2);
    expect(river.length).toBeCloseTo(10 * Math.SQRT2, 12);
    expect(lake).toMatchObject({ vertices: 9, area: 9, maxDepth: 2, top: 2, bottom: 2, length: 0 });
  });
});

describe('a shallow river over rough ground', () => {
  it('stays one river where its own line runs dry between wet stretches', () => {
    const grid = { width: 12, depth: 3, cellSize: 1 };
    const heights = new Float32Array(36);
    const water = createWaterSurface(36);
    for (let i = 0; i < 12; i++) {
      const v = 12 + i;
      water.kind[v] = WATER_RIVER;
      water.surface[v] = 0.2;
      // Every third vertex of the line stands above its water.
      if (i % 3 === 2) heights[v] = 0.3;
    }
    const { features } = findWaterFeatures(grid, water, heights);
    expect(features).toHaveLength(1);
    expect(features[0]).toMatchObject({ kind: 'river', vertices: 8, length: 12 });
  });
});
