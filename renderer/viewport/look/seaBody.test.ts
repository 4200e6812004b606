import { describe, expect, it } from 'vitest';
import type { Box2, DataTexture, Vector2, WebGLRenderer } from 'three';
import { createHeightfield, vertexX, vertexZ } from '../../../shared/terrain/heightfield';
import {
  SEA_GROUND_MAX_SIDE,
  SEA_WALL_MARGIN,
  refreshSeaGround,
  seaGround,
  seaGroundAt,
  seaGroundOf,
  seaGroundRect,
  seaGroundTexture,
  seaWallGeometry,
  uploadSeaGroundRect,
} from './seaBody';

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

describe('the sea ground after an edit', () => {
  it('is the edited rectangle itself when the map fits the texture', () => {
    const ground = seaGround(tiltedField(9, 7, 1, 1, 0, 0));
    expect(seaGroundRect(ground, { kind: 'rect', i0: 2, j0: 3, i1: 5, j1: 4 })).toEqual({ i0: 2, j0: 3, i1: 5, j1: 4 });
    expect(seaGroundRect(ground, { kind: 'all' })).toEqual({ i0: 0, j0: 0, i1: 9, j1: 7 });
  });

  it('is the samples whose vertices lie in the edited rectangle when every second vertex is read', () => {
    const side = 2 * (SEA_GROUND_MAX_SIDE - 1) + 1;
    const ground = seaGround(tiltedField(side, 9, 1, 1, 0, 0));
    expect(ground.step).toBe(2);
    // Vertices 3…6 hold samples 2 (vertex 4) and 3 (vertex 6); row 0 is sample row 0.
    expect(seaGroundRect(ground, { kind: 'rect', i0: 3, j0: 0, i1: 7, j1: 1 })).toEqual({ i0: 2, j0: 0, i1: 4, j1: 1 });
    // Vertex 1 alone is between samples 0 and 1: nothing to send.
    expect(seaGroundRect(ground, { kind: 'rect', i0: 1, j0: 0, i1: 2, j1: 9 })).toBeNull();
    // The map's last vertex is the last sample.
    expect(seaGroundRect(ground, { kind: 'rect', i0: side - 1, j0: 8, i1: side, j1: 9 })).toEqual({
      i0: SEA_GROUND_MAX_SIDE - 1,
      j0: 4,
      i1: SEA_GROUND_MAX_SIDE,
      j1: 5,
    });
  });

  it('reads the rectangle again and sends only it, the same ground as read afresh', () => {
    const side = 2 * (SEA_GROUND_MAX_SIDE - 1) + 1;
    const field = tiltedField(side, 9, 1, 1, 0, 0);
    const ground = seaGround(field);
    const texture = seaGroundTexture(ground);
    // A bump raised over vertices [10, 20) × [2, 7).
    for (let j = 2; j < 7; j++) for (let i = 10; i < 20; i++) field.heights[j * side + i] += 5;
    expect(seaGroundOf(ground, field)).toBe(true);
    const rect = seaGroundRect(ground, { kind: 'rect', i0: 10, j0: 2, i1: 20, j1: 7 })!;
    expect(rect).toEqual({ i0: 5, j0: 1, i1: 10, j1: 4 });
    refreshSeaGround(ground, field, rect);
    expect(ground.heights).toEqual(seaGround(field).heights);
    const copies: Array<{ source: DataTexture; target: DataTexture; region: Box2; at: Vector2 }> = [];
    const renderer = {
      copyTextureToTexture: (source: DataTexture, target: DataTexture, region: Box2, at: Vector2) => copies.push({ source, target, region, at }),
    } as unknown as WebGLRenderer;
    uploadSeaGroundRect(renderer, texture, ground, rect);
    expect(copies).toHaveLength(1);
    const [{ source, target, region, at }] = copies;
    expect(target).toBe(texture);
    expect(source.image.data).toBe(ground.heights);
    expect([region.min.x, region.min.y, region.max.x, region.max.y]).toEqual([5, 1, 10, 4]);
    expect([at.x, at.y]).toEqual([5, 1]);
  });

  it('is not the same ground once the map was replaced', () => {
    const field = tiltedField(9, 7, 1, 1, 0, 0);
    const ground = seaGround(field);
    expect(seaGroundOf(ground, field)).toBe(true);
    expect(seaGroundOf(ground, tiltedField(9, 7, 1, 1, 0, 0))).toBe(false);
  });
});
