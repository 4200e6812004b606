import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../terrain/heightfield';

/** Builds test terrains from a height function of world (x, z). Test support only. */
export function fieldFrom(width: number, depth: number, cellSize: number, height: (x: number, z: number) => number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) field.heights[j * width + i] = height(vertexX(field, i), vertexZ(field, j));
  }
  return field;
}
