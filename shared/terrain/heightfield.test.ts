import { describe, expect, it } from 'vitest';
import {
  assertValidDimensions,
  clampToTerrain,
  cloneHeightfield,
  createHeightfield,
  heightRange,
  HeightfieldError,
  MAX_MAP_SIDE,
  terrainExtent,
  vertexX,
  vertexZ,
} from './heightfield';

describe('createHeightfield', () => {
  it('creates a zeroed, row-major field of width × depth heights', () => {
    const field = createHeightfield(7, 4, 0.37);
    expect(field.heights).toBeInstanceOf(Float32Array);
    expect(field.heights.length).toBe(28);
    expect([...field.heights].every((h) => h === 0)).toBe(true);
    expect(field).toMatchObject({ width: 7, depth: 4, cellSize: 0.37 });
  });

  it('adopts given heights of the right length and rejects a wrong length', () => {
    const heights = new Float32Array(6).map((_, k) => k);
    expect(createHeightfield(3, 2, 1, heights).heights).toBe(heights);
    expect(() => createHeightfield(3, 3, 1, heights)).toThrow(/expected 9 heights.*got 6/);
  });

  it.each([
    [0, 5, 1, /width/],
    [5, 1, 1, /depth/],
    [MAX_MAP_SIDE + 1, 5, 1, /width 8194 exceeds/],
    [5, 8194, 1, /depth 8194 exceeds/],
    [2.5, 5, 1, /width must be a whole number/],
    [NaN, 5, 1, /width/],
    [5, 5, 0, /cell size/],
    [5, 5, -1, /cell size/],
    [5, 5, NaN, /cell size/],
    [5, 5, Infinity, /cell size/],
  ])('rejects %s × %s at cell size %s', (width, depth, cellSize, message) => {
    expect(() => assertValidDimensions(width, depth, cellSize)).toThrow(HeightfieldError);
    expect(() => createHeightfield(width, depth, cellSize)).toThrow(message);
  });

  it('accepts the smallest and largest sides', () => {
    expect(() => assertValidDimensions(2, 2, 1)).not.toThrow();
    expect(() => assertValidDimensions(MAX_MAP_SIDE, 2, 0.01)).not.toThrow();
  });
});

describe('world placement', () => {
  it('centres the grid on the origin with cellSize spacing', () => {
    const field = createHeightfield(7, 4, 0.5);
    expect(vertexX(field, 0)).toBe(-1.5);
    expect(vertexX(field, 6)).toBe(1.5);
    expect(vertexX(field, 3)).toBe(0);
    expect(vertexZ(field, 0)).toBe(-0.75);
    expect(vertexZ(field, 3)).toBe(0.75);
    expect(terrainExtent(field)).toEqual({ sizeX: 3, sizeZ: 1.5 });
  });

  it('clamps points onto the terrain rectangle', () => {
    const field = createHeightfield(65, 33, 2.5);
    expect(clampToTerrain(field, 1000, -1000)).toEqual({ x: 80, z: -40 });
    expect(clampToTerrain(field, 1.5, 2)).toEqual({ x: 1.5, z: 2 });
  });
});

describe('cloneHeightfield and heightRange', () => {
  it('clones heights independently', () => {
    const field = createHeightfield(3, 3, 2);
    const copy = cloneHeightfield(field);
    copy.heights[4] = 9;
    expect(field.heights[4]).toBe(0);
    expect(copy).toMatchObject({ width: 3, depth: 3, cellSize: 2 });
  });

  it('finds the minimum and maximum height', () => {
    expect(heightRange(new Float32Array([3, -2, 7.5, 0]))).toEqual({ min: -2, max: 7.5 });
  });
});
