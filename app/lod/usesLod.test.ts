import { describe, expect, it } from 'vitest';
import { usesLod } from './lodTerrainModel';
import { DEFAULT_TRIANGLE_BUDGET } from '../../shared/lod/selectLod';
import { TERRAIN_TRIANGLE_BUDGET } from '../../shared/lod/sceneBudget';

describe('usesLod', () => {
  it('switches to level of detail exactly when the full mesh would exceed the triangle budget', () => {
    for (const [width, depth] of [
      [257, 257],
      [1001, 1001],
      [1025, 1025],
      [1025, 977],
      [2049, 513],
      [4097, 4097],
    ]) {
      expect(usesLod({ width, depth })).toBe(2 * (width - 1) * (depth - 1) > DEFAULT_TRIANGLE_BUDGET);
    }
    expect(usesLod({ width: 1025, depth: 1025 })).toBe(true);
    // The budget is the terrain's share of the scene's 2 M, not all of it: a 1001² full mesh (2 M) would leave
    // nothing for the props and the water, so it is drawn with level of detail; 893² (1.59 M) is not.
    expect(DEFAULT_TRIANGLE_BUDGET).toBe(TERRAIN_TRIANGLE_BUDGET);
    expect(usesLod({ width: 1001, depth: 1001 })).toBe(true);
    expect(usesLod({ width: 893, depth: 893 })).toBe(false);
    expect(usesLod({ width: 257, depth: 257 })).toBe(false);
  });
});
