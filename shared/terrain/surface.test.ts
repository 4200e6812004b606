import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { vertexX, vertexZ, type Heightfield } from './heightfield';
import { gradientAt, heightAt, heightAtAnyPoint, heightsAt, locateCell, normalAt, slopeAt } from './surface';
import { barycentricXZ, cellTriangles, close, containingTriangle, randomField, referenceHeight, triangleNormal } from './testing/surfaceReference';

/** Non-square fields and cell sizes other than 1, as the issue asks. */
const FIELDS: Array<[string, Heightfield]> = [
  ['7×4 @ 0.37 m', randomField(7, 4, 0.37, 1)],
  ['33×17 @ 2.5 m', randomField(33, 17, 2.5, 2)],
  ['17×33 @ 1 m', randomField(17, 33, 1, 3)],
  ['2×2 @ 3 m', randomField(2, 2, 3, 4)],
  ['65×9 @ 0.37 m', randomField(65, 9, 0.37, 5)],
];

function bounds(field: Heightfield): { minX: number; maxX: number; minZ: number; maxZ: number } {
  return { minX: vertexX(field, 0), maxX: vertexX(field, field.width - 1), minZ: vertexZ(field, 0), maxZ: vertexZ(field, field.depth - 1) };
}

function expectMatchesReference(field: Heightfield, x: number, z: number): void {
  const actual = heightAt(field, x, z);
  const expected = referenceHeight(field, x, z);
  if (!close(actual, expected)) {
    expect.fail(`heightAt(${x}, ${z}) = ${actual}, barycentric reference = ${expected}`);
  }
}

describe.each(FIELDS)('heightAt on %s', (_name, field) => {
  const { minX, maxX, minZ, maxZ } = bounds(field);
  const s = field.cellSize;

  it('returns the stored height at every vertex', () => {
    for (let j = 0; j < field.depth; j++) {
      for (let i = 0; i < field.width; i++) {
        expect(heightAt(field, vertexX(field, i), vertexZ(field, j))).toBe(field.heights[j * field.width + i]);
      }
    }
  });

  it('matches an independent barycentric computation at random points', () => {
    const random = createRandom(99);
    for (let n = 0; n < 3000; n++) {
      expectMatchesReference(field, minX + random.next() * (maxX - minX), minZ + random.next() * (maxZ - minZ));
    }
  });

  it('matches on cell edges (both grid directions)', () => {
    const random = createRandom(100);
    for (let j = 0; j < field.depth; j++) {
      for (let n = 0; n < 20; n++) expectMatchesReference(field, minX + random.next() * (maxX - minX), vertexZ(field, j));
    }
    for (let i = 0; i < field.width; i++) {
      for (let n = 0; n < 20; n++) expectMatchesReference(field, vertexX(field, i), minZ + random.next() * (maxZ - minZ));
    }
  });

  it('matches exactly on each cell diagonal from (x0, z1) to (x1, z0)', () => {
    for (let j = 0; j < field.depth - 1; j++) {
      for (let i = 0; i < field.width - 1; i++) {
        for (const t of [0, 0.1, 0.25, 0.5, 0.9, 1]) {
          const x = vertexX(field, i) + t * s;
          const z = vertexZ(field, j + 1) - t * s;
          expectMatchesReference(field, x, z);
          // On the diagonal both triangles agree: linear interpolation of its two end heights.
          const h01 = field.heights[(j + 1) * field.width + i];
          const h10 = field.heights[j * field.width + i + 1];
          expect(close(heightAt(field, x, z), h01 + t * (h10 - h01))).toBe(true);
        }
      }
    }
  });

  it('matches on the outer border and the far corners', () => {
    const random = createRandom(101);
    for (let n = 0; n < 200; n++) {
      const x = minX + random.next() * (maxX - minX);
      const z = minZ + random.next() * (maxZ - minZ);
      for (const [px, pz] of [
        [x, minZ],
        [x, maxZ],
        [minX, z],
        [maxX, z],
      ])
        expectMatchesReference(field, px, pz);
    }
    const w = field.width;
    const last = field.heights.length - 1;
    expect(heightAt(field, minX, minZ)).toBe(field.heights[0]);
    expect(heightAt(field, maxX, minZ)).toBe(field.heights[w - 1]);
    expect(heightAt(field, minX, maxZ)).toBe(field.heights[last - (w - 1)]);
    expect(heightAt(field, maxX, maxZ)).toBe(field.heights[last]);
  });

  it('is NaN outside the terrain and for non-finite input', () => {
    const eps = s * 1e-6;
    const outside = [
      [minX - eps, 0],
      [maxX + eps, 0],
      [0, minZ - eps],
      [0, maxZ + eps],
      [maxX + eps, maxZ + eps],
      [-1e9, 1e9],
      [NaN, 0],
      [0, NaN],
      [Infinity, 0],
      [0, -Infinity],
    ];
    for (const [x, z] of outside) {
      expect(heightAt(field, x, z), `(${x}, ${z})`).toBeNaN();
      expect(referenceHeight(field, x, z)).toBeNaN();
      expect(normalAt(field, x, z)).toBeUndefined();
      expect(gradientAt(field, x, z)).toBeUndefined();
      expect(slopeAt(field, x, z)).toBeNaN();
      expect(locateCell(field, x, z)).toBeUndefined();
    }
  });

  it('gives gradient, normal and slope of the containing triangle (cross product of its edges)', () => {
    const random = createRandom(102);
    for (let n = 0; n < 1000; n++) {
      const x = minX + random.next() * (maxX - minX);
      const z = minZ + random.next() * (maxZ - minZ);
      const triangle = containingTriangle(field, x, z);
      const weights = triangle && barycentricXZ(triangle, x, z);
      // Near a shared edge either neighbour is "the" triangle; compare only clearly inside points.
      if (!triangle || !weights || Math.min(...weights) < 1e-6) continue;
      const [nx, ny, nz] = triangleNormal(triangle);
      const normal = normalAt(field, x, z);
      const gradient = gradientAt(field, x, z);
      expect(normal && gradient).toBeDefined();
      if (!normal || !gradient) return;
      expect(close(normal.x, nx) && close(normal.y, ny) && close(normal.z, nz), `normal at (${x}, ${z})`).toBe(true);
      expect(close(gradient.dx, -nx / ny) && close(gradient.dz, -nz / ny), `gradient at (${x}, ${z})`).toBe(true);
      expect(close(slopeAt(field, x, z), Math.acos(Math.min(1, ny)), 1e-7)).toBe(true);
    }
  });

  it('locateCell puts every point into a cell that really contains it', () => {
    const random = createRandom(103);
    for (let n = 0; n < 500; n++) {
      const x = minX + random.next() * (maxX - minX);
      const z = minZ + random.next() * (maxZ - minZ);
      const cell = locateCell(field, x, z);
      expect(cell).toBeDefined();
      if (!cell) return;
      expect(cell.fx).toBeGreaterThanOrEqual(0);
      expect(cell.fx).toBeLessThanOrEqual(1);
      expect(cell.fz).toBeGreaterThanOrEqual(0);
      expect(cell.fz).toBeLessThanOrEqual(1);
      const inCell = cellTriangles(field, cell.i, cell.j).some((t) => Math.min(...barycentricXZ(t, x, z)) >= -1e-9);
      expect(inCell).toBe(true);
    }
  });
});

describe('normalAt on the shared diagonal', () => {
  it('returns the lower-left triangle (corners (0,0), (1,0), (0,1)) as heightAt does', () => {
    // Cell size 2.5 makes the cell centre exactly representable, so fx + fz is exactly 1.
    const field = randomField(9, 6, 2.5, 7);
    for (let j = 0; j < field.depth - 1; j++) {
      for (let i = 0; i < field.width - 1; i++) {
        const x = vertexX(field, i) + 1.25;
        const z = vertexZ(field, j) + 1.25;
        const cell = locateCell(field, x, z);
        expect(cell && cell.fx + cell.fz).toBe(1);
        const [lowerLeft] = cellTriangles(field, i, j);
        const [nx, ny, nz] = triangleNormal(lowerLeft);
        const normal = normalAt(field, x, z);
        expect(normal && close(normal.x, nx) && close(normal.y, ny) && close(normal.z, nz)).toBe(true);
      }
    }
  });
});

describe('heightAt on a flat tilted plane', () => {
  it('reproduces the plane exactly enough everywhere (no crease)', () => {
    const field = randomField(12, 7, 0.37, 8);
    for (let j = 0; j < field.depth; j++) {
      for (let i = 0; i < field.width; i++) field.heights[j * field.width + i] = 0.5 * vertexX(field, i) - 0.25 * vertexZ(field, j) + 3;
    }
    const random = createRandom(9);
    const { minX, maxX, minZ, maxZ } = bounds(field);
    for (let n = 0; n < 500; n++) {
      const x = minX + random.next() * (maxX - minX);
      const z = minZ + random.next() * (maxZ - minZ);
      // Heights are float32, so the plane is only as exact as its stored samples.
      expect(Math.abs(heightAt(field, x, z) - (0.5 * x - 0.25 * z + 3))).toBeLessThan(1e-5);
      const normal = normalAt(field, x, z);
      const length = Math.hypot(0.5, 1, 0.25);
      expect(normal && close(normal.x, -0.5 / length, 1e-6) && close(normal.z, 0.25 / length, 1e-6)).toBe(true);
    }
  });
});

describe('heightsAt (batch)', () => {
  it('equals heightAt bit for bit, including vertices, borders and points outside', () => {
    for (const [, field] of FIELDS) {
      const { minX, maxX, minZ, maxZ } = bounds(field);
      const random = createRandom(200);
      const xs: number[] = [];
      const zs: number[] = [];
      for (let n = 0; n < 2000; n++) {
        xs.push(minX - 1 + random.next() * (maxX - minX + 2));
        zs.push(minZ - 1 + random.next() * (maxZ - minZ + 2));
      }
      for (let j = 0; j < field.depth; j++) {
        for (let i = 0; i < field.width; i++) {
          xs.push(vertexX(field, i));
          zs.push(vertexZ(field, j));
        }
      }
      xs.push(NaN, 0, maxX, minX);
      zs.push(0, NaN, maxZ, maxZ + 1e-9);
      const out = new Float64Array(xs.length);
      heightsAt(field, Float64Array.from(xs), zs, out);
      for (let n = 0; n < xs.length; n++) {
        if (!Object.is(out[n], heightAt(field, xs[n], zs[n]))) expect.fail(`heightsAt differs at (${xs[n]}, ${zs[n]})`);
      }
    }
  });

  it('refuses output or z arrays shorter than the x array', () => {
    const [, field] = FIELDS[0];
    expect(() => heightsAt(field, [0, 0], [0], new Float64Array(2))).toThrow(RangeError);
    expect(() => heightsAt(field, [0, 0], [0, 0], new Float64Array(1))).toThrow(RangeError);
  });
});

describe('heightAt fast path', () => {
  it('gives the same bits as the general path, inside cells and next to grid lines', () => {
    for (const [, field] of FIELDS) {
      const { minX, maxX, minZ, maxZ } = bounds(field);
      const random = createRandom(300);
      for (let n = 0; n < 5000; n++) {
        let x = minX + random.next() * (maxX - minX);
        let z = minZ + random.next() * (maxZ - minZ);
        // Every fourth point sits a few ulps to a micrometre off a grid line.
        if (n % 4 === 0) x = vertexX(field, Math.floor(random.next() * field.width)) + (random.next() - 0.5) * 10 ** -(6 + (n % 10));
        if (n % 8 === 0) z = vertexZ(field, Math.floor(random.next() * field.depth)) + (random.next() - 0.5) * 1e-12;
        if (!Object.is(heightAt(field, x, z), heightAtAnyPoint(field, x, z))) expect.fail(`paths differ at (${x}, ${z})`);
      }
    }
  });
});
