import { describe, expect, it } from 'vitest';
import type { Strata } from '../terrain/strata';
import { runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';
import { softSlopeWeights } from './softSlopes';

const W = 65;
const CELL = 2;
const grid = { width: W, depth: W, cellSize: CELL };
/** Soft 10 m under hard 10 m, repeating, flat-lying. */
const STRATA: Strata = {
  beds: [
    { thickness: 10, hardness: 1 },
    { thickness: 10, hardness: 10 },
  ],
  base: 0,
  dipDeg: 0,
  dipAzimuthDeg: 0,
};

/** A slope falling 0.2 m a metre towards +x (11°), cut by a 30 m cliff at column 40, land higher beyond it. */
function land(): Float32Array {
  const h = new Float32Array(W * W);
  for (let j = 0; j < W; j++) for (let i = 0; i < W; i++) h[j * W + i] = 1 + 0.2 * CELL * (W - 1 - i) + (i >= 40 ? 30 : 0) + 0.01 * j;
  return h;
}

describe('soft slopes only (fluvial softSlopes)', () => {
  it('weighs a vertex 0 in a hard bed and near a cliff, 1 on soft ground far from both', () => {
    const h = land();
    const gap = 4;
    const w = softSlopeWeights(grid, h, STRATA, gap);
    const bedOf = (z: number) => ((z % 20) + 20) % 20;
    let hard = 0;
    let full = 0;
    for (let j = 1; j < W - 1; j++)
      for (let i = 1; i < W - 1; i++) {
        const k = j * W + i;
        const r = bedOf(h[k]);
        // The cliff's vertices are columns 39 and 40 (central differences): within gap (two cells) of them, nothing.
        const fromCliff = Math.min(Math.abs(i - 39), Math.abs(i - 40)) * CELL;
        if (r >= 10 || fromCliff <= gap) expect(w[k], `${i}, ${j}`).toBe(0);
        if (r >= 10) hard++;
        if (r < 10 - gap / 2 && fromCliff >= 3 * gap) {
          expect(w[k], `${i}, ${j}`).toBe(1);
          full++;
        }
        expect(w[k]).toBeGreaterThanOrEqual(0);
        expect(w[k]).toBeLessThanOrEqual(1);
      }
    expect(hard).toBeGreaterThan(500);
    expect(full).toBeGreaterThan(500);
  });

  it('a fluvial step keeps its change where the weight is 1, the input where it is 0, and is checked', () => {
    const params: FluvialParams = { ...DEFAULT_FLUVIAL, k: 1e-4, uplift: 0, diffusion: 0, timeStep: 10_000, time: 20_000, strata: STRATA };
    const input = land();
    const plain = new Float32Array(input.length);
    runFluvial(grid, input, plain, params);
    const soft = new Float32Array(input.length);
    runFluvial(grid, input, soft, { ...params, softSlopes: 4 });
    const w = softSlopeWeights(grid, input, STRATA, 4);
    let changed = 0;
    for (let k = 0; k < input.length; k++) {
      if (w[k] === 0) expect(soft[k]).toBe(input[k]);
      if (w[k] === 1) expect(soft[k]).toBe(plain[k]);
      if (w[k] === 1 && plain[k] !== input[k]) changed++;
    }
    expect(changed, 'the step worked the soft slopes').toBeGreaterThan(100);
    // In place (out = input), as a recipe step runs it: the same bytes.
    const inPlace = land();
    runFluvial(grid, inPlace, inPlace, { ...params, softSlopes: 4 });
    expect(inPlace).toEqual(soft);
    expect(fluvialProblem({ ...params, softSlopes: -1 })).toMatch(/softSlopes/);
    expect(fluvialProblem({ ...params, softSlopes: 8 })).toBeNull();
  });
});
