import { describe, expect, it } from 'vitest';
import { usesLod } from './lodTerrainModel';
import { DEFAULT_TRIANGLE_BUDGET } from '../../shared/lod/selectLod';

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
    expect(usesLod({ width: 257, depth: 257 })).toBe(false);
  });
});
