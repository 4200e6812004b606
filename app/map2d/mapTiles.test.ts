import { describe, expect, it } from 'vitest';
import { heightRange } from '../../shared/terrain/heightfield';
import { randomField } from '../../shared/terrain/testing/surfaceReference';
import { HILLSHADE_REACH, writeMapImageRows } from './mapImage';
import { MAP_TILE_SIDE, planMapTiles, tileHeightRange, tilePixels, tileRectToRedraw } from './mapTiles';

describe('map tiles', () => {
  it('cover a large map exactly once; a small map is one tile', () => {
    const width = 1300;
    const depth = 1100;
    const tiles = planMapTiles(width, depth);
    const covered = new Uint8Array(width * depth);
    for (const t of tiles) for (let j = t.j0; j < t.j1; j++) for (let i = t.i0; i < t.i1; i++) covered[j * width + i]++;
    expect(covered.every((n) => n === 1)).toBe(true);
    expect(Math.max(...tiles.map((t) => t.i1 - t.i0))).toBe(MAP_TILE_SIDE);
    expect(planMapTiles(257, 129)).toEqual([{ i0: 0, j0: 0, i1: 257, j1: 129 }]);
  });

  it.each(['hypsometric', 'grayscale'] as const)('put together, give the whole-map %s image pixel for pixel', (mode) => {
    const field = randomField(37, 29, 1.5, 4, 20);
    const range = heightRange(field.heights);
    const whole = new Uint8ClampedArray(field.width * field.depth * 4);
    writeMapImageRows(field, whole, mode, range);
    // Small tiles so that every kind of tile border occurs.
    const tiles = [];
    for (let j0 = 0; j0 < field.depth; j0 += 8)
      for (let i0 = 0; i0 < field.width; i0 += 8) tiles.push({ i0, j0, i1: Math.min(field.width, i0 + 8), j1: Math.min(field.depth, j0 + 8) });
    const assembled = new Uint8ClampedArray(whole.length);
    for (const tile of tiles) {
      // Drawn in two bands, as partial redraws do.
      const mid = Math.min(tile.j1, tile.j0 + 3);
      for (const [rowStart, rowEnd] of [
        [tile.j0, mid],
        [mid, tile.j1],
      ]) {
        if (rowEnd <= rowStart) continue;
        const pixels = tilePixels(field, tile, rowStart, rowEnd, mode, range);
        const tileWidth = tile.i1 - tile.i0;
        for (let j = rowStart; j < rowEnd; j++)
          assembled.set(pixels.subarray((j - rowStart) * tileWidth * 4, (j - rowStart + 1) * tileWidth * 4), (j * field.width + tile.i0) * 4);
      }
    }
    expect(Buffer.from(assembled).equals(Buffer.from(whole))).toBe(true);
  });

  it('redraw only the part of a tile an edit can change (the hillshade reach around it)', () => {
    const tile = { i0: 512, j0: 0, i1: 1024, j1: 512 };
    const m = HILLSHADE_REACH;
    expect(tileRectToRedraw(tile, { kind: 'rect', i0: 100, j0: 100, i1: 200, j1: 200 })).toBeNull();
    // An edit ending at column 511 still reshades the tile's first HILLSHADE_REACH columns, and only those.
    expect(tileRectToRedraw(tile, { kind: 'rect', i0: 400, j0: 100, i1: 512, j1: 200 })).toEqual({ i0: 512, j0: 100 - m, i1: 512 + m, j1: 200 + m });
    expect(tileRectToRedraw(tile, { kind: 'rect', i0: 600, j0: 500, i1: 700, j1: 600 })).toEqual({ i0: 600 - m, j0: 500 - m, i1: 700 + m, j1: 512 });
    expect(tileRectToRedraw(tile, { kind: 'rect', i0: 1024 + m, j0: 0, i1: 1100, j1: 10 })).toBeNull();
    expect(tileRectToRedraw(tile, { kind: 'all' })).toEqual({ i0: 512, j0: 0, i1: 1024, j1: 512 });
  });

  it('report the height range of their own vertices', () => {
    const field = randomField(40, 30, 1, 6);
    const tile = { i0: 8, j0: 4, i1: 20, j1: 17 };
    const expected = { min: Infinity, max: -Infinity };
    for (let j = tile.j0; j < tile.j1; j++)
      for (let i = tile.i0; i < tile.i1; i++) {
        expected.min = Math.min(expected.min, field.heights[j * field.width + i]);
        expected.max = Math.max(expected.max, field.heights[j * field.width + i]);
      }
    expect(tileHeightRange(field, tile)).toEqual(expected);
  });
});
