/**
 * A regular grid of heights. Vertex (i, j) sits at
 *   x = (i − (width − 1) / 2) · cellSize,  z = (j − (depth − 1) / 2) · cellSize,
 * so the terrain is centred on the world origin. Heights are metres, row-major: index = j · width + i.
 */
export interface Heightfield {
  /** Vertices along x (≥ 2). */
  readonly width: number;
  /** Vertices along z (≥ 2). */
  readonly depth: number;
  /** Distance between neighbouring vertices, metres (> 0). */
  readonly cellSize: number;
  readonly heights: Float32Array;
}

/** Largest map Faultline supports on either side (2¹³ + 1). */
export const MAX_MAP_SIDE = 8193;
export const MIN_MAP_SIDE = 2;
/** The largest finite float32: heights (and vertex coordinates) beyond it would be stored as Infinity. */
export const FLOAT32_MAX = 3.4028234663852886e38;

export class HeightfieldError extends Error {
  override name = 'HeightfieldError';
}

/** Throws a HeightfieldError describing the first thing wrong with these dimensions, if any. */
export function assertValidDimensions(width: number, depth: number, cellSize: number): void {
  for (const [name, value] of [
    ['width', width],
    ['depth', depth],
  ] as const) {
    if (!Number.isInteger(value) || value < MIN_MAP_SIDE) {
      throw new HeightfieldError(`${name} must be a whole number of vertices ≥ ${MIN_MAP_SIDE}, got ${value}`);
    }
    if (value > MAX_MAP_SIDE) {
      throw new HeightfieldError(`${name} ${value} exceeds the largest supported map side of ${MAX_MAP_SIDE} vertices`);
    }
  }
  if (!Number.isFinite(cellSize) || cellSize <= 0) {
    throw new HeightfieldError(`cell size must be a positive number of metres, got ${cellSize}`);
  }
  // Vertex coordinates go to float32 meshes: the map's extent must stay finite there.
  if ((Math.max(width, depth) - 1) * cellSize > FLOAT32_MAX) {
    throw new HeightfieldError(`cell size ${cellSize} m makes the map wider than float32 coordinates can hold`);
  }
}

/** Index of the first height that is NaN or ±Infinity, or −1: writers refuse such a map. */
export function firstNonFiniteHeight(heights: Float32Array): number {
  for (let k = 0; k < heights.length; k++) {
    if (!Number.isFinite(heights[k])) return k;
  }
  return -1;
}

export function createHeightfield(width: number, depth: number, cellSize = 1, heights?: Float32Array): Heightfield {
  assertValidDimensions(width, depth, cellSize);
  const count = width * depth;
  if (heights && heights.length !== count) {
    throw new HeightfieldError(`expected ${count} heights for ${width} × ${depth}, got ${heights.length}`);
  }
  return { width, depth, cellSize, heights: heights ?? new Float32Array(count) };
}

export function cloneHeightfield(field: Heightfield): Heightfield {
  // Through the same constructor so every field object has one shape (keeps heightAt monomorphic).
  return createHeightfield(field.width, field.depth, field.cellSize, field.heights.slice());
}

/** World x of vertex column i. */
export function vertexX(field: Pick<Heightfield, 'width' | 'cellSize'>, i: number): number {
  return (i - (field.width - 1) / 2) * field.cellSize;
}

/** World z of vertex row j. */
export function vertexZ(field: Pick<Heightfield, 'depth' | 'cellSize'>, j: number): number {
  return (j - (field.depth - 1) / 2) * field.cellSize;
}

/** Extent of the terrain in metres along x and z. */
export function terrainExtent(field: Pick<Heightfield, 'width' | 'depth' | 'cellSize'>): { sizeX: number; sizeZ: number } {
  return { sizeX: (field.width - 1) * field.cellSize, sizeZ: (field.depth - 1) * field.cellSize };
}

/** The nearest point of the terrain's rectangle to world (x, z). */
export function clampToTerrain(field: Pick<Heightfield, 'width' | 'depth' | 'cellSize'>, x: number, z: number): { x: number; z: number } {
  const hx = ((field.width - 1) / 2) * field.cellSize;
  const hz = ((field.depth - 1) / 2) * field.cellSize;
  return { x: Math.min(hx, Math.max(-hx, x)), z: Math.min(hz, Math.max(-hz, z)) };
}

export interface HeightRange {
  min: number;
  max: number;
}

/** Minimum and maximum height; {0, 0} for an empty array is impossible since maps have ≥ 4 vertices. */
export function heightRange(heights: Float32Array): HeightRange {
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < heights.length; k++) {
    const h = heights[k];
    if (h < min) min = h;
    if (h > max) max = h;
  }
  return { min, max };
}
