import { describe, expect, it } from 'vitest';
import {
  engineSizeProblem,
  largestFittingSize,
  nearestEngineSize,
  terrain3dRegionSize,
  UNITY_TILE_SIZES,
  UNREAL_RECOMMENDED,
  unrealLayoutFor,
} from './engines';

describe('engine sizes', () => {
  it('Unreal: every recommended size is components × sections × quads + 1', () => {
    for (const { size, layout } of UNREAL_RECOMMENDED) expect(layout.components * layout.sectionsPerComponent * layout.quadsPerSection + 1).toBe(size);
    expect(UNREAL_RECOMMENDED.map((r) => r.size)).toEqual([127, 253, 505, 1009, 2017, 4033, 8129]);
    const other = unrealLayoutFor(249)!; // not recommended, but 4 components of 2 × 2 sections of 31 quads
    expect(other.components * other.sectionsPerComponent * other.quadsPerSection + 1).toBe(249);
    expect(engineSizeProblem('unreal', 1000)).toMatch(/not a landscape size/);
  });

  it('picks the nearest size to resample to, and the largest that fits to crop', () => {
    expect([257, 513, 1025, 2049, 4097, 8193].map((s) => nearestEngineSize('unreal', s))).toEqual([253, 505, 1009, 2017, 4033, 8129]);
    expect(nearestEngineSize('unity', 300)).toBe(257);
    expect(nearestEngineSize('unity', 8193)).toBe(8193);
    expect(nearestEngineSize('godot-hterrain', 8193)).toBe(4097);
    expect(largestFittingSize('unreal', 257)).toBe(253);
    expect(largestFittingSize('unreal', 100)).toBeNull();
    expect(UNITY_TILE_SIZES).toEqual([33, 65, 129, 257, 513, 1025, 2049, 4097]);
  });

  it('Terrain3D: the default region size unless 32 × 32 regions cannot hold the map', () => {
    expect(terrain3dRegionSize(257, 257)).toBe(256);
    expect(terrain3dRegionSize(8193, 4097)).toBe(512);
    expect(terrain3dRegionSize(8192, 100)).toBe(512);
  });
});
