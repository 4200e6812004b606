import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { runFaultFormation } from '../fault/fastFormation';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { talusHeight, thermalErosion } from './thermal';
import type { ThermalParams } from './params';

function randomField(width: number, depth: number, cellSize: number, seed: number, amplitude: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() - 0.5) * amplitude;
  return field;
}

function faultField(size: number): Heightfield {
  const field = createHeightfield(size, size, 1);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 7, iterations: 200 });
  return field;
}

function sum(heights: Float32Array): number {
  let total = 0;
  for (let k = 0; k < heights.length; k++) total += heights[k];
  return total;
}

function maxAbs(heights: Float32Array): number {
  let max = 0;
  for (let k = 0; k < heights.length; k++) max = Math.max(max, Math.abs(heights[k]));
  return max;
}

/** Largest |h[a] − h[b]| over all axis-neighbour pairs. */
function steepestPair(field: Heightfield): number {
  const { width, depth, heights } = field;
  let max = 0;
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      if (i + 1 < width) max = Math.max(max, Math.abs(heights[k] - heights[k + 1]));
      if (j + 1 < depth) max = Math.max(max, Math.abs(heights[k] - heights[k + width]));
    }
  }
  return max;
}

function sameBytes(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  return true;
}

/**
 * The documented order written plainly: per pass two half passes over 2 × 2 blocks (offset 0 then 1
 * on even passes, 1 then 0 on odd ones); a block's heights are read, its horizontal pairs settled,
 * then its vertical ones (vertical first on odd passes) in float64, and stored; blocks cut by an
 * edge keep only their pairs inside the map. Counts the transfers, for the mass bound.
 */
function referenceThermal(field: Heightfield, params: ThermalParams): number {
  const { width, depth, heights: h } = field;
  const talus = talusHeight(params, field.cellSize);
  let transfers = 0;
  const values = new Map<number, number>();
  const settle = (a: number, b: number): void => {
    if (!values.has(a) || !values.has(b)) return; // outside the map
    const d = values.get(a)! - values.get(b)!;
    if (Math.abs(d) <= talus) return;
    const amount = params.strength * (d > 0 ? d - talus : d + talus);
    values.set(a, values.get(a)! - amount);
    values.set(b, values.get(b)! + amount);
    transfers++;
  };
  for (let pass = 0; pass < params.iterations; pass++) {
    const odd = pass % 2 === 1;
    for (const offset of odd ? [1, 0] : [0, 1]) {
      for (let j = offset - 2; j < depth; j += 2) {
        for (let i = offset - 2; i < width; i += 2) {
          // Corners: 0 = (i, j), 1 = (i + 1, j), 2 = (i, j + 1), 3 = (i + 1, j + 1); absent outside the map.
          values.clear();
          const corners = [
            [i, j],
            [i + 1, j],
            [i, j + 1],
            [i + 1, j + 1],
          ];
          corners.forEach(([x, y], c) => {
            if (x >= 0 && x < width && y >= 0 && y < depth) values.set(c, h[y * width + x]);
          });
          const horizontal = (): void => {
            settle(0, 1);
            settle(2, 3);
          };
          const vertical = (): void => {
            settle(0, 2);
            settle(1, 3);
          };
          if (odd) {
            vertical();
            horizontal();
          } else {
            horizontal();
            vertical();
          }
          for (const [c, value] of values) h[corners[c][1] * width + corners[c][0]] = value;
        }
      }
    }
  }
  return transfers;
}

describe('thermalErosion', () => {
  it('settles pairs in the documented block order, edges included (same bytes as the plain loop)', () => {
    for (const [width, depth] of [
      [2, 2],
      [3, 5],
      [8, 7],
      [33, 33],
      [40, 17],
    ]) {
      for (const strength of [0.5, 1, 0.2]) {
        const params = { iterations: 5, talusDeg: 30, strength };
        const fast = randomField(width, depth, 1.5, width * 100 + depth, 12);
        const plain = { ...fast, heights: fast.heights.slice() };
        expect(thermalErosion(fast, params)).toBe(true);
        const transfers = referenceThermal(plain, params);
        expect(transfers).toBeGreaterThan(0);
        expect(sameBytes(fast.heights, plain.heights), `${width}×${depth} strength ${strength}`).toBe(true);
      }
    }
  });

  it('conserves mass within float32 rounding: ½ ulp per vertex a transfer changed', () => {
    // Transfers subtract and add the same float64 amount; each changed vertex is rounded once when
    // stored, by ≤ ½ ulp ≤ 2⁻²⁴·max|h|, and a transfer changes two. Bound: 2 · transfers · 2⁻²⁴ · max|h|,
    // times 1 + 2⁻²⁰ for the float64 rounding of the transfers (2⁻⁵³ relative per operation).
    for (const field of [faultField(129), randomField(64, 48, 2, 5, 200)]) {
      const params = { iterations: 60, talusDeg: 35, strength: 0.5 };
      const original = field.heights.slice();
      const before = sum(field.heights);
      const bound = 2 ** -24 * maxAbs(field.heights);
      const counted = { ...field, heights: field.heights.slice() };
      const transfers = referenceThermal(counted, params);
      thermalErosion(field, params);
      expect(transfers).toBeGreaterThan(1000);
      expect(Math.abs(sum(field.heights) - before)).toBeLessThanOrEqual(2 * transfers * bound * (1 + 2 ** -20));
      // And the heights did move (a no-op would conserve mass trivially).
      expect(sameBytes(field.heights, original)).toBe(false);
    }
  });

  it('relaxes a cliff until no neighbour pair exceeds the talus', () => {
    for (const cellSize of [1, 2]) {
      const field = createHeightfield(48, 40, cellSize);
      for (let j = 0; j < 40; j++) for (let i = 24; i < 48; i++) field.heights[j * 48 + i] = 12;
      const talus = talusHeight({ talusDeg: 40 }, cellSize);
      expect(talus).toBeCloseTo(Math.tan((40 * Math.PI) / 180) * cellSize, 12);
      const topBefore = field.heights[20 * 48 + 24];
      let previous = steepestPair(field);
      expect(previous).toBe(12);
      for (let round = 0; round < 10; round++) {
        thermalErosion(field, { iterations: 100, talusDeg: 40, strength: 0.5 });
        const steepest = steepestPair(field);
        expect(steepest).toBeLessThanOrEqual(previous);
        previous = steepest;
      }
      expect(previous).toBeLessThanOrEqual(talus + 1e-4);
      // Material went from the top of the cliff to its foot.
      expect(field.heights[20 * 48 + 24]).toBeLessThan(topBefore);
      expect(field.heights[20 * 48 + 23]).toBeGreaterThan(0);
    }
  });

  it('on a ramp steeper than the talus leaves steps alternating by the closed form of its block order', () => {
    // A ramp falling D per cell along x (talus T < D). Away from its ends every pair sees the same
    // excess, so a half pass maps a settled pair's step x to x − r·(x − T) (r = 2·strength) and its
    // neighbours' to the rest of 2D. Half passes run A B, B A, A B, … (blockOffset), whose fixed
    // cycle puts the steps at the end of a whole pass at D ∓ e·(D − T), e = r² / (1 + (1 − r)²):
    // at strength 0.5 a staircase of T and 2D − T, at 0.2 within 12 % of (D − T) of the ramp.
    const width = 200;
    const drop = 5;
    const talusDeg = 45;
    const talus = 1; // tan 45° · 1 m
    for (const { strength, passes } of [
      { strength: 0.5, passes: 3 },
      { strength: 0.2, passes: 30 },
      { strength: 0.1, passes: 60 },
    ]) {
      const field = createHeightfield(width, 4, 1);
      for (let j = 0; j < 4; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = -drop * i;
      thermalErosion(field, { iterations: passes, talusDeg, strength });
      const r = 2 * strength;
      const e = (r * r) / (1 + (1 - r) ** 2);
      const row = width;
      for (let i = 90; i < 110; i++) {
        const step = field.heights[row + i] - field.heights[row + i + 1];
        // The last half pass settled the pairs starting at odd i after an odd number of passes.
        const settledLast = (i % 2 === 1) === (passes % 2 === 1);
        const expected = drop + (settledLast ? -1 : 1) * e * (drop - talus);
        expect(step, `strength ${strength}, step ${i}`).toBeCloseTo(expected, 3);
      }
    }
  });

  it('reduces the slopes of a fault-formation map', () => {
    const field = faultField(129);
    const talus = talusHeight({ talusDeg: 35 }, 1);
    const exceeding = (f: Heightfield): number => {
      let excess = 0;
      const { width, heights } = f;
      for (let k = 0; k + width < heights.length; k++) {
        excess += Math.max(0, Math.abs(heights[k] - heights[k + width]) - talus);
        if ((k + 1) % width !== 0) excess += Math.max(0, Math.abs(heights[k] - heights[k + 1]) - talus);
      }
      return excess;
    };
    const before = exceeding(field);
    thermalErosion(field, { iterations: 50, talusDeg: 35, strength: 0.5 });
    expect(exceeding(field)).toBeLessThan(before * 0.5);
  });

  it('leaves a map with no slope above the talus bit for bit unchanged', () => {
    const field = randomField(31, 17, 1, 3, 0.5); // neighbours differ by < 0.5 m < tan(30°)
    const before = field.heights.slice();
    thermalErosion(field, { iterations: 20, talusDeg: 30, strength: 1 });
    expect(sameBytes(field.heights, before)).toBe(true);
    // The same map with 0.25 m cells has slopes up to 2: it moves.
    const small = { ...field, cellSize: 0.25 };
    thermalErosion(small, { iterations: 1, talusDeg: 30, strength: 1 });
    expect(sameBytes(small.heights, before)).toBe(false);
  });

  it('is deterministic and does not depend on progress or cancel hooks', () => {
    const a = faultField(65);
    const b = faultField(65);
    const params = { iterations: 7, talusDeg: 33, strength: 0.7 };
    thermalErosion(a, params);
    const reports: number[] = [];
    thermalErosion(b, params, { onProgress: (done) => reports.push(done), shouldCancel: () => false });
    expect(sameBytes(a.heights, b.heights)).toBe(true);
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((value, index) => index === 0 || value > reports[index - 1])).toBe(true);
  });

  it('reports progress up to the total and stops when cancelled', () => {
    const field = faultField(257);
    const seen: Array<[number, number]> = [];
    expect(thermalErosion(field, { iterations: 3, talusDeg: 35, strength: 0.5 }, { onProgress: (d, t) => seen.push([d, t]) })).toBe(true);
    const [done, total] = seen[seen.length - 1];
    expect(done).toBe(total);

    let polls = 0;
    const cancelled = faultField(257);
    const result = thermalErosion(cancelled, { iterations: 1000, talusDeg: 35, strength: 0.5 }, { shouldCancel: () => ++polls > 3 });
    expect(result).toBe(false);
    expect(polls).toBe(4);
    expect(thermalErosion(faultField(9), { iterations: 5, talusDeg: 35, strength: 0.5 }, { shouldCancel: () => true })).toBe(false);
  });

  it('does nothing for zero iterations', () => {
    const field = faultField(33);
    const before = field.heights.slice();
    expect(thermalErosion(field, { iterations: 0, talusDeg: 35, strength: 0.5 })).toBe(true);
    expect(sameBytes(field.heights, before)).toBe(true);
  });

  it('rejects bad parameters with a RangeError', () => {
    const field = faultField(9);
    for (const bad of [
      { iterations: -1, talusDeg: 35, strength: 0.5 },
      { iterations: 1.5, talusDeg: 35, strength: 0.5 },
      { iterations: 1, talusDeg: 0, strength: 0.5 },
      { iterations: 1, talusDeg: 90, strength: 0.5 },
      { iterations: 1, talusDeg: Number.NaN, strength: 0.5 },
      { iterations: 1, talusDeg: 35, strength: 0 },
      { iterations: 1, talusDeg: 35, strength: 1.01 },
    ]) {
      expect(() => thermalErosion(field, bad)).toThrow(RangeError);
    }
  });
});
