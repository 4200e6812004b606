import { describe, expect, it } from 'vitest';
import { fillHoles, fitRaster, resampleBilinear } from './rasterRepair';
import { decodeTiffHeightmap } from './tiff/tiffDecode';
import { compileGeoTiff } from './tiff/tiffEncode';
import type { Heightfield } from '../terrain/heightfield';

const plane = (i: number, j: number): number => 2 * i - 3 * j + 7;
const fail = (problem: string): never => {
  throw new Error(problem);
};

function grid(width: number, depth: number, f: (i: number, j: number) => number): Float32Array {
  const out = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) out[j * width + i] = f(i, j);
  return out;
}

describe('nodata holes', () => {
  it('an inner hole of a plane gets the plane back (the mean of its eight neighbours is symmetric)', () => {
    const values = grid(7, 5, plane);
    const holes = new Uint8Array(35);
    holes[2 * 7 + 3] = 1;
    values[2 * 7 + 3] = -9999;
    expect(fillHoles(values, 7, 5, holes)).toBe(true);
    expect(values[2 * 7 + 3]).toBe(plane(3, 2));
  });

  it('a 3 × 3 hole fills ring by ring: the edge cells from the known ones, the centre from its filled ring', () => {
    const values = grid(9, 9, () => 10);
    const holes = new Uint8Array(81);
    for (let j = 3; j <= 5; j++) {
      for (let i = 3; i <= 5; i++) {
        holes[j * 9 + i] = 1;
        values[j * 9 + i] = -9999;
      }
    }
    expect(fillHoles(values, 9, 9, holes)).toBe(true);
    // A flat map stays flat: every mean of tens is ten.
    expect([...values].every((v) => v === 10)).toBe(true);
  });

  it('a map with no known height cannot be filled', () => {
    expect(fillHoles(new Float32Array(4), 2, 2, new Uint8Array(4).fill(1))).toBe(false);
  });
});

describe('resampling', () => {
  it('bilinear resampling reproduces a plane at the new vertices, corners kept', () => {
    const out = resampleBilinear(grid(5, 3, plane), 5, 3, 9, 5);
    // Vertex (i, j) of the 9 × 5 grid sits at (i / 2, j / 2) of the 5 × 3 one.
    expect(out).toEqual(grid(9, 5, (i, j) => plane(i / 2, j / 2)));
  });

  it('different spacings become square cells of the longer extent', () => {
    // 5 × 3 vertices, 2 m along x and 3 m along z: 8 m × 6 m, so 5 vertices of 2 m along x and 4 along z.
    const fitted = fitRaster(grid(5, 3, plane), 5, 3, { dx: 2, dy: 3 }, undefined, fail);
    expect([fitted.width, fitted.depth, fitted.cellSize]).toEqual([5, 4, 2]);
    expect(fitted.values).toEqual(grid(5, 4, (i, j) => Math.fround(plane(i, j * (2 / 3)))));
  });

  it('a GeoTIFF wider than 8193 is refused with the way out, and read with a resampling', async () => {
    // Wider than a Heightfield may be: the writer reads only these fields.
    const wide = { width: 8195, depth: 2, cellSize: 1, heights: grid(8195, 2, plane) } as Heightfield;
    const bytes = compileGeoTiff(wide);
    await expect(decodeTiffHeightmap(bytes, 'wide.tif')).rejects.toThrow(
      /^wide\.tif: is 8195 × 2, larger than a map \(8193 × 8193 at most\): import it resampled/,
    );
    const decoded = await decodeTiffHeightmap(bytes, 'wide.tif', { resample: 4098 });
    expect([decoded.width, decoded.depth, decoded.metadata.cellSize]).toEqual([4098, 2, 8194 / 4097]);
    // Along x every new vertex is at 2 old cells: the plane's values there.
    expect(Array.from(decoded.samples.subarray(0, 3))).toEqual([plane(0, 0), plane(2, 0), plane(4, 0)]);
  });
});
