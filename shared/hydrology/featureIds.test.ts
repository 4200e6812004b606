import { describe, expect, it } from 'vitest';
import { compactFeatureIds, findWaterFeatures } from './waterFeatures';
import { WATER_LAKE } from './water';
import { createWaterSurface } from './waterSurface';

describe('feature ids per vertex', () => {
  it('are kept in the smallest unsigned type that holds the largest id, with the same values', () => {
    const ids = Int32Array.from([0, 1, 255, 0]);
    expect(compactFeatureIds(ids, 255)).toBeInstanceOf(Uint8Array);
    expect(Array.from(compactFeatureIds(ids, 255))).toEqual([0, 1, 255, 0]);
    const wide = Int32Array.from([0, 256, 65535]);
    expect(compactFeatureIds(wide, 65535)).toBeInstanceOf(Uint16Array);
    expect(Array.from(compactFeatureIds(wide, 65535))).toEqual([0, 256, 65535]);
    const wider = Int32Array.from([65536, 0]);
    expect(compactFeatureIds(wider, 65536)).toBe(wider);
  });

  it('of two lakes take a byte per vertex: a quarter of the 32-bit ids', () => {
    // Two 2 × 2 lakes on a 10 × 4 map.
    const grid = { width: 10, depth: 4, cellSize: 1 };
    const heights = new Float32Array(40).fill(5);
    const water = createWaterSurface(40);
    for (const v of [11, 12, 21, 22, 16, 17, 26, 27]) {
      heights[v] = 1;
      water.surface[v] = 2;
      water.kind[v] = WATER_LAKE;
    }
    const { features, featureOf } = findWaterFeatures(grid, water, heights);
    expect(features.map((f) => f.kind)).toEqual(['lake', 'lake']);
    expect(featureOf).toBeInstanceOf(Uint8Array);
    expect(featureOf.byteLength).toBe(40);
    expect([featureOf[11], featureOf[22], featureOf[16], featureOf[27], featureOf[0]]).toEqual([1, 1, 2, 2, 0]);
  });
});
