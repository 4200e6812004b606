import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../../../shared/terrain/heightfield';
import { SEA_GROUND_MAX_SIDE, SEA_WALL_MARGIN, seaGround, seaGroundAt, seaWallGeometry } from './seaBody';

/** A field of heights h(x, z) = a·x + b·z + c at its vertices' world positions. */
function tiltedField(width: number, depth: number, cellSize: number, a: number, b: number, c: number) {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = a * vertexX(field, i) + b * vertexZ(field, j) + c;
  return field;
}

describe('seaGroundAt', () => {
  it('gives a tilted plane’s own height between the vertices (each triangle of the grid is exact on a plane)', () => {
    const field = tiltedField(9, 7, 2, 0.5, -0.25, 3);
    const ground = seaGround(field);
    for (const [x, z] of [
      [0.3, 0.1],
      [-7.9, 5.9],
      [3.4, -2.7],
      [8, 6],
    ])
      expect(seaGroundAt(ground, x, z)).toBeCloseTo(0.5 * x - 0.25 * z + 3, 5);
  });

  it('follows the grid’s diagonal from (x0, z1) to (x1, z0): a single raised vertex (1, 0) is felt only in its triangles', () => {
    const field = createHeightfield(3, 3, 1);
    field.heights[1] = 4; // vertex i = 1, j = 0 at world (0, −1)
    const ground = seaGround(field);
    // Cell (0, 0) spans x ∈ [−1, 0], z ∈ [−1, 0]; its triangle (00, 01, 10) has the raised vertex at weight fx.
    expect(seaGroundAt(ground, -0.75, -0.75)).toBeCloseTo(4 * 0.25, 6);
    // Its other triangle (10, 01, 11): weight 1 − fz.
    expect(seaGroundAt(ground, -0.25, -0.25)).toBeCloseTo(4 * 0.25, 6);
    // Cell (0, 1) does not touch vertex (1, 0).
    expect(seaGroundAt(ground, -0.5, 0.5)).toBe(0);
  });

  it('reads a map too large for one texture every k-th vertex, k the least that fits', () => {
    const side = 2 * (SEA_GROUND_MAX_SIDE - 1) + 1;
    const ground = seaGround(tiltedField(side, 5, 1, 1, 0, 0));
    expect(ground.width).toBe(SEA_GROUND_MAX_SIDE);
    expect(ground.spacing).toBe(2);
    expect(seaGroundAt(ground, 100.5, 0)).toBeCloseTo(100.5, 3);
  });
});

describe('seaWallGeometry', () => {
  it('runs from the sea level down to the ground along every edge and half a cell below (the ground hides the margin)', () => {
    // h = x: below the sea (1 m) for x < 1, above it from there on.
    const field = tiltedField(5, 3, 1, 1, 0, 0);
    const positions = seaWallGeometry(seaGround(field), 1).getAttribute('position');
    expect(positions.count).toBe(2 * (2 * 5 + 2 * 3));
    for (let v = 0; v < positions.count; v += 2) {
      const x = positions.getX(v);
      expect(positions.getY(v)).toBe(1);
      expect(positions.getX(v + 1)).toBe(x);
      expect(positions.getZ(v + 1)).toBe(positions.getZ(v));
      expect(positions.getY(v + 1)).toBeCloseTo(Math.min(1, x) - SEA_WALL_MARGIN, 6);
      expect(Math.abs(x) === 2 || Math.abs(positions.getZ(v)) === 1).toBe(true);
    }
  });
});
