import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../terrain/heightfield';
import { gridCoordinate } from '../terrain/surface';
import { BATCH_CHUNK, createBatchScratch, locateChunk } from './surfaceBatch';

/** The definition locateChunk must match: gridCoordinate, clamped onto the terrain, split into cell and offset. */
function referenceLocation(field: Heightfield, x: number, z: number): { vertex: number; fx: number; fz: number } {
  const w = field.width;
  const d = field.depth;
  const gx = Math.min(Math.max(gridCoordinate(x, field.cellSize, (w - 1) / 2), 0), w - 1);
  const gz = Math.min(Math.max(gridCoordinate(z, field.cellSize, (d - 1) / 2), 0), d - 1);
  const i = Math.min(Math.floor(gx), w - 2);
  const j = Math.min(Math.floor(gz), d - 2);
  return { vertex: j * w + i, fx: gx - i, fz: gz - j };
}

/** Exact vertex positions, points an ulp or a hair beside them, random points and points outside. */
function probes(field: Heightfield, seed: number): Array<[number, number]> {
  const random = createRandom(seed);
  const points: Array<[number, number]> = [];
  const randomIndex = (n: number): number => Math.floor(random.next() * n);
  for (let n = 0; n < 400; n++) {
    const x = vertexX(field, randomIndex(field.width));
    const z = vertexZ(field, randomIndex(field.depth));
    const nudge = [0, Number.EPSILON * 8, -1e-12, 1e-7][n % 4] * field.cellSize;
    points.push([x, z], [x + nudge, z - nudge], [x + random.next() * field.cellSize, z]);
  }
  const halfWidth = ((field.width - 1) / 2) * field.cellSize;
  points.push([-halfWidth - 5, 0], [halfWidth + 5, 1e9], [-1e300, 3]);
  return points;
}

function locateAll(field: Heightfield, points: Array<[number, number]>): Array<{ vertex: number; fx: number; fz: number }> {
  const x = Float64Array.from(points, (p) => p[0]);
  const z = Float64Array.from(points, (p) => p[1]);
  const scratch = createBatchScratch();
  const located: Array<{ vertex: number; fx: number; fz: number }> = [];
  for (let from = 0; from < points.length; from += BATCH_CHUNK) {
    const n = Math.min(BATCH_CHUNK, points.length - from);
    locateChunk(field, x, z, from, n, scratch);
    for (let p = 0; p < n; p++) located.push({ vertex: scratch.vertex[p], fx: scratch.fx[p], fz: scratch.fz[p] });
  }
  return located;
}

describe('locateChunk', () => {
  const fields: Array<[string, Heightfield]> = [
    ['65 × 33, cell 0.37 m', createHeightfield(65, 33, 0.37)],
    ['64 × 9, cell 3 m', createHeightfield(64, 9, 3)],
    // Wider than any real map and than the fast path covers (locating reads no heights).
    ['2^21 + 1 × 2, cell 0.1 m', { width: 2 ** 21 + 1, depth: 2, cellSize: 0.1, heights: new Float32Array(4) }],
  ];
  for (const [name, field] of fields) {
    it(`locates cells bit for bit like gridCoordinate, including exact vertex positions (${name})`, () => {
      const points = probes(field, 7);
      expect(locateAll(field, points)).toEqual(points.map(([x, z]) => referenceLocation(field, x, z)));
    });
  }

  it('gives NaN offsets and vertex 0 for NaN positions', () => {
    const [located] = locateAll(createHeightfield(9, 9, 1), [[NaN, 2]]);
    expect(located.vertex).toBe(0);
    expect(located.fx).toBeNaN();
  });
});
