import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { bedAt, vertexWorld, type Strata } from '../terrain/strata';
import { thermalProblem } from './params';
import { thermalErosion } from './thermal';
import { strataTalus, thermalStrataBlockRows } from './thermalStrata';

/** 6 m of soft rock (hardness 1) under 3 m of hard (hardness 3), repeating; optionally tilted. */
const layered = (dipDeg = 0): Strata => ({
  beds: [
    { thickness: 6, hardness: 1 },
    { thickness: 3, hardness: 3 },
  ],
  base: 0.5,
  dipDeg,
  dipAzimuthDeg: 30,
});

/** A cliff `height` m tall along x = 24 of a 48 × 40 map. */
function cliff(cellSize: number, height = 40): Heightfield {
  const field = createHeightfield(48, 40, cellSize);
  for (let j = 0; j < 40; j++) for (let i = 24; i < 48; i++) field.heights[j * 48 + i] = height;
  return field;
}

/** Over every axis pair: the largest excess of its drop over the talus of its higher vertex's bed. */
function worstExcess(field: Heightfield, strata: Strata, talusDeg: number): number {
  const { width, depth, cellSize, heights } = field;
  const tan = Math.tan((talusDeg * Math.PI) / 180);
  let worst = -Infinity;
  const pair = (p: number, q: number) => {
    const high = heights[p] >= heights[q] ? p : q;
    const x = vertexWorld(high % width, width, cellSize);
    const z = vertexWorld(Math.floor(high / width), depth, cellSize);
    const hardness = strata.beds[bedAt(strata, x, z, heights[high])].hardness;
    worst = Math.max(worst, Math.abs(heights[p] - heights[q]) - Math.sqrt(hardness) * tan * cellSize);
  };
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      if (i + 1 < width) pair(k, k + 1);
      if (j + 1 < depth) pair(k, k + width);
    }
  return worst;
}

describe('thermal erosion with the talus from strata', () => {
  it('relaxes a cliff until every pair is within the talus of its higher vertex’s bed, tan = √hardness · tan(talus)', () => {
    for (const dipDeg of [0, 10]) {
      const strata = layered(dipDeg);
      const field = cliff(2);
      thermalErosion(field, { iterations: 3000, talusDeg: 35, strength: 0.5, strata });
      expect(worstExcess(field, strata, 35)).toBeLessThanOrEqual(1e-3);
      // The hard beds stand steeper than the soft talus allows: a cliff band, not one even slope.
      const softTalus = Math.tan((35 * Math.PI) / 180) * 2;
      let steeperThanSoft = 0;
      for (let i = 0; i + 1 < 48; i++) if (Math.abs(field.heights[20 * 48 + i + 1] - field.heights[20 * 48 + i]) > softTalus + 1e-3) steeperThanSoft++;
      expect(steeperThanSoft).toBeGreaterThan(0);
    }
  });

  it('with one bed of hardness 1 settles exactly as the plain talus', () => {
    const strata: Strata = { beds: [{ thickness: 5, hardness: 1 }], base: 0, dipDeg: 0, dipAzimuthDeg: 0 };
    const plain = cliff(1, 20);
    const byStrata = cliff(1, 20);
    thermalErosion(plain, { iterations: 2000, talusDeg: 40, strength: 0.5 });
    thermalErosion(byStrata, { iterations: 2000, talusDeg: 40, strength: 0.5, strata });
    expect(worstExcess(byStrata, strata, 40)).toBeLessThanOrEqual(1e-3);
    expect(worstExcess(plain, strata, 40)).toBeLessThanOrEqual(1e-3);
    // The same profile: the two paths differ only in float32 rounding between pairs.
    for (let k = 0; k < plain.heights.length; k++) expect(Math.abs(byStrata.heights[k] - plain.heights[k])).toBeLessThan(1e-3);
  });

  it.each([false, true])('gives the same bytes for any split of the block rows between threads (diagonals: %s)', (diagonals) => {
    const size = { width: 37, depth: 29, cellSize: 1.5 };
    const random = createRandom(5);
    const start = Float32Array.from({ length: size.width * size.depth }, () => random.next() * 40);
    const st = strataTalus(layered(12), 33, size, diagonals);
    const run = (bands: number[]) => {
      const h = start.slice();
      for (let pass = 0; pass < 6; pass++)
        for (let half = 0; half < 2; half++)
          for (let b = 0; b + 1 < bands.length; b++) thermalStrataBlockRows(h, size.width, size.depth, pass, half, bands[b], bands[b + 1], st, 0.5);
      return h;
    };
    const one = run([-1, size.depth]);
    expect(Buffer.from(one.buffer).equals(Buffer.from(start.buffer))).toBe(false);
    for (const bands of [
      [-1, 14, size.depth],
      [-1, 3, 4, 17, size.depth],
      [-1, 0, 1, 2, 9, 28, size.depth],
    ]) {
      expect(Buffer.from(run(bands).buffer).equals(Buffer.from(one.buffer))).toBe(true);
    }
  });

  // The blocks of the two half passes are the squares whose corner (i, j) has i + j even, so those
  // squares' diagonals are the ones settled.
  it('with a retreat, settles the blocks’ diagonals too: each ends within √2 × its talus, so heads are not diamonds', () => {
    const strata = layered();
    const field = createHeightfield(41, 41, 1);
    field.heights.fill(30);
    field.heights[20 * 41 + 20] = 0;
    thermalErosion(field, { iterations: 400, talusDeg: 35, strength: 0.5, strata, retreatDeg: 80 });
    const { heights: h } = field;
    let worst = -Infinity;
    for (let j = 0; j + 1 < 41; j++)
      for (let i = j & 1; i + 1 < 41; i += 2) {
        for (const [p, q] of [
          [j * 41 + i, (j + 1) * 41 + i + 1],
          [j * 41 + i + 1, (j + 1) * 41 + i],
        ]) {
          const high = h[p] >= h[q] ? p : q;
          const bed = strata.beds[bedAt(strata, vertexWorld(high % 41, 41, 1), vertexWorld(Math.floor(high / 41), 41, 1), h[high])];
          worst = Math.max(worst, Math.abs(h[p] - h[q]) - Math.SQRT2 * Math.sqrt(bed.hardness) * Math.tan((35 * Math.PI) / 180));
        }
      }
    expect(worst).toBeLessThanOrEqual(1e-3);
  });

  it('rejects bad strata with one line naming the problem', () => {
    expect(thermalProblem({ iterations: 1, talusDeg: 30, strength: 0.5, strata: { beds: [], base: 0, dipDeg: 0, dipAzimuthDeg: 0 } })).toMatch(
      /^thermal strata: strata need 1 to 64 beds/,
    );
    expect(() => thermalErosion(cliff(1), { iterations: 1, talusDeg: 30, strength: 0.5, strata: { ...layered(), dipDeg: 80 } })).toThrow(RangeError);
  });
});
