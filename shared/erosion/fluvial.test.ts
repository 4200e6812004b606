import { describe, expect, it } from 'vitest';
import { accumulateFlow } from '../hydrology/accumulation';
import { fluvialState, fluvialStep, runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';
import { wallChannel } from './testing/channel';

/** A river along +x between walls (testing/channel.ts): the 1D profile the closed forms are about. */
const channel = wallChannel;

const params = (over: Partial<FluvialParams>): FluvialParams => ({ ...DEFAULT_FLUVIAL, diffusion: 0, strata: null, ...over });

describe('fluvial erosion (stream power, implicit)', () => {
  it('reaches the steady-state profile of uniform uplift, S = U/K for m = 0 (a straight line from the outlet)', () => {
    const width = 41;
    const { grid, heights } = channel(width, 10, (x) => 0.001 * x);
    heights[width] = 0;
    const p = params({ k: 1e-4, m: 0, n: 1, uplift: 1e-3, timeStep: 5000, time: 20_000_000 });
    const out = new Float32Array(heights.length);
    expect(runFluvial(grid, heights, out, p, { keepPits: true })).toBe(true);
    // S = U / K = 10 m per metre... per cell of 10 m: h(i) = i·Δx·U/K.
    for (let i = 1; i < width - 1; i++) expect(out[width + i]).toBeCloseTo(i * 10 * (1e-3 / 1e-4), 1);
  });

  it('reaches S = (U/K)·A^−m for m = 0.5, n = 1, with A the contributing area of each vertex', () => {
    const width = 41;
    const { grid, heights } = channel(width, 10, (x) => 0.01 * x);
    heights[width] = 0;
    const p = params({ k: 1e-3, m: 0.5, n: 1, uplift: 1e-3, timeStep: 2000, time: 4_000_000 });
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, p, { keepPits: true });
    const { area } = accumulateFlow(grid, Float64Array.from(out));
    for (let i = 1; i < width - 1; i++) {
      const slope = (out[width + i] - out[width + i - 1]) / 10;
      expect(slope / ((1e-3 / 1e-3) * area[width + i] ** -0.5)).toBeCloseTo(1, 3);
    }
  });

  it('reaches S = (U/K)^(1/n)·A^(−m/n) with n = 2 (Newton)', () => {
    const width = 31;
    const { grid, heights } = channel(width, 10, (x) => 0.01 * x);
    heights[width] = 0;
    const p = params({ k: 1e-3, m: 0.5, n: 2, uplift: 1e-3, timeStep: 2000, time: 8_000_000 });
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, p, { keepPits: true });
    const { area } = accumulateFlow(grid, Float64Array.from(out));
    for (let i = 1; i < width - 1; i++) {
      const slope = (out[width + i] - out[width + i - 1]) / 10;
      expect(slope / Math.sqrt(1 * area[width + i] ** -0.5)).toBeCloseTo(1, 3);
    }
  });

  it('moves a knickpoint upstream at the celerity K·A^m (n = 1, m = 0: K metres a year)', () => {
    const width = 401;
    const drop = 20;
    // A gentle river with a 20 m step at x = 1000 m: the step is the knickpoint.
    const { grid, heights } = channel(width, 5, (x) => 0.01 * x + (x > 1000 ? drop : 0));
    heights[width] = 0;
    const k = 2e-3;
    const time = 200_000;
    const p = params({ k, m: 0, n: 1, uplift: 0, timeStep: 50, time });
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, p, { keepPits: true });
    // The profile moved upstream by K·t (h(x, t) = h₀(x − K·t)): where it is half way up the step.
    let crossing = -1;
    for (let i = 1; i < width; i++) {
      const x = i * 5;
      if (out[width + i] - 0.01 * (x - k * time) >= drop / 2) {
        crossing = x;
        break;
      }
    }
    expect(crossing).toBeGreaterThan(0);
    expect(Math.abs(crossing - (1000 + k * time))).toBeLessThanOrEqual(10);
  });

  it('diffuses a step as the erf solution, h = h₀ + D/2·(1 + erf(x / (2√(κt))))', () => {
    const width = 201;
    const depth = 21;
    const cellSize = 1;
    const grid = { width, depth, cellSize };
    const heights = new Float32Array(width * depth);
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = i > 100 ? 10 : i === 100 ? 5 : 0;
    const kappa = 0.01;
    const time = 1000;
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, params({ k: 0, uplift: 0, diffusion: kappa, timeStep: 100, time }), { keepPits: true });
    const row = 10 * width;
    for (let i = 80; i <= 120; i++) {
      const expected = 5 * (1 + erf((i - 100) / (2 * Math.sqrt(kappa * time))));
      expect(Math.abs(out[row + i] - expected)).toBeLessThan(0.05);
    }
  });

  it('steepens the steady profile in a hard bed by its hardness: S = U·hardness / K (m = 0), a cliff over soft rock', () => {
    const width = 61;
    const { grid, heights } = channel(width, 10, (x) => 0.01 * x);
    heights[width] = 0;
    // 30 m of soft rock, 30 m four times as hard, repeating.
    const strata = {
      beds: [
        { thickness: 30, hardness: 1 },
        { thickness: 30, hardness: 4 },
      ],
      base: 0,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    };
    const p = params({ k: 1e-3, m: 0, n: 1, uplift: 1e-4, timeStep: 2000, time: 20_000_000, strata });
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, p, { keepPits: true });
    let hard = 0;
    for (let i = 1; i < width - 1; i++) {
      const h = out[width + i];
      // Within one hard step (Δx·U·4/K = 4 m) of a contact a vertex may sit at the contact, in neither
      // bed's steady state (a hard vertex whose steady height lies in the soft bed above).
      const bed = Math.floor(h / 30);
      if (bed !== Math.floor((h - 4.01) / 30) || bed !== Math.floor((h + 4.01) / 30)) continue;
      const inHard = bed % 2 === 1;
      if (inHard) hard++;
      const slope = (h - out[width + i - 1]) / 10;
      expect(slope).toBeCloseTo((1e-4 * (inHard ? 4 : 1)) / 1e-3, 3);
    }
    expect(hard).toBeGreaterThanOrEqual(4);
  });

  it('gives the same bytes twice and leaves the map edge (the base level) as it was', () => {
    const size = 65;
    const grid = { width: size, depth: size, cellSize: 4 };
    const heights = new Float32Array(size * size);
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) heights[j * size + i] = 30 + 10 * Math.sin(i * 0.2) * Math.cos(j * 0.15) + 0.3 * i;
    const p = params({ k: 1e-4, diffusion: 0.01, timeStep: 500, time: 20_000 });
    const a = new Float32Array(heights.length);
    const b = new Float32Array(heights.length);
    runFluvial(grid, heights, a, p);
    runFluvial(grid, heights, b, p);
    expect(new Uint32Array(a.buffer)).toEqual(new Uint32Array(b.buffer));
    for (let i = 0; i < size; i++) {
      expect(a[i]).toBe(heights[i]);
      expect(a[(size - 1) * size + i]).toBe(heights[(size - 1) * size + i]);
    }
    let changed = 0;
    for (let v = 0; v < a.length; v++) if (a[v] !== heights[v]) changed++;
    expect(changed).toBeGreaterThan(size * size * 0.5);
  });

  it('stops between steps when cancelled, and refuses bad values in one line', () => {
    const grid = { width: 9, depth: 9, cellSize: 1 };
    const heights = new Float32Array(81);
    let polls = 0;
    expect(runFluvial(grid, heights, new Float32Array(81), params({ time: 10_000 }), { shouldCancel: () => ++polls > 2 })).toBe(false);
    expect(fluvialProblem(params({ m: -1 }))).toMatch(/fluvial m must be a number from 0 to 2/);
    expect(fluvialProblem(params({ timeStep: 1, time: 1e9 }))).toMatch(/steps/);
    expect(() => fluvialState(grid, heights, params({}))).not.toThrow();
    const state = fluvialState(grid, heights, params({}));
    expect(() => fluvialStep(state, params({}), 1)).not.toThrow();
  });
});

/** erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}
