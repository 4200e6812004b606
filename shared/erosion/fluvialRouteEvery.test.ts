import { describe, expect, it } from 'vitest';
import { accumulateFlow } from '../hydrology/accumulation';
import { roughGround } from '../hydrology/testing/surfaces';
import { fluvialState, fluvialStep, runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';

/**
 * The optional `routeEvery`: the water routed every k steps, the steps between solved on the last
 * routing (its order and areas). Checked against the closed form of a river's steady profile, against
 * the exact scheme where the drainage cannot change, and against the exact scheme's own time-step error
 * where it does.
 */
const params = (over: Partial<FluvialParams>): FluvialParams => ({ ...DEFAULT_FLUVIAL, diffusion: 0, strata: null, ...over });

/** A river along +x in row 1 of 3 between walls 10 km high (fluvial.test.ts's): one receiver a vertex, the outlet at (0, 1). */
function channel(width: number, cellSize: number, slope: number) {
  const grid = { width, depth: 3, cellSize };
  const heights = new Float32Array(width * 3).fill(10_000);
  for (let i = 1; i < width - 1; i++) heights[width + i] = slope * i * cellSize;
  heights[width] = 0;
  return { grid, heights };
}

function bytesAfterEachStep(
  grid: { width: number; depth: number; cellSize: number },
  heights: Float32Array,
  p: FluvialParams,
  steps: number,
  keepPits: boolean,
) {
  const state = fluvialState(grid, heights, p, keepPits);
  const out: Uint8Array[] = [];
  for (let step = 0; step < steps; step++) {
    fluvialStep(state, p, p.timeStep);
    out.push(new Uint8Array(state.heights.buffer, state.heights.byteOffset, state.heights.byteLength).slice());
  }
  return out;
}

const rms = (a: Float32Array, b: Float32Array) => Math.sqrt(a.reduce((sum, x, v) => sum + (x - b[v]) ** 2, 0) / a.length);

describe('fluvial routeEvery (the routing reused between steps)', () => {
  it('reaches the steady profile S = (U/K)·A^−m (m = 0.5, n = 1) with the water routed every 4th step', () => {
    const width = 41;
    const { grid, heights } = channel(width, 10, 0.01);
    const p = params({ k: 1e-3, m: 0.5, n: 1, uplift: 1e-3, timeStep: 2000, time: 4_000_000, routeEvery: 4 });
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, p, { keepPits: true });
    const { area } = accumulateFlow(grid, Float64Array.from(out));
    for (let i = 1; i < width - 1; i++) {
      const slope = (out[width + i] - out[width + i - 1]) / 10;
      expect(slope / ((1e-3 / 1e-3) * area[width + i] ** -0.5)).toBeCloseTo(1, 3);
    }
  });

  it('gives the exact scheme’s bytes with routeEvery 1 (every step routed, as layers saved before it)', () => {
    const grid = { width: 81, depth: 67, cellSize: 3 };
    const heights = roughGround(grid, 11, 25);
    const exact = params({ k: 1e-4, uplift: 1e-3, diffusion: 1e-3, timeStep: 1000 });
    const every = bytesAfterEachStep(grid, heights, exact, 6, false);
    expect(bytesAfterEachStep(grid, heights, { ...exact, routeEvery: 1 }, 6, false)).toEqual(every);
    expect(bytesAfterEachStep(grid, heights, { ...exact, routeEvery: 2 }, 6, false)).not.toEqual(every);
  });

  it('routes the first step as the exact scheme does, and stays within the exact scheme’s own time-step error', () => {
    const grid = { width: 81, depth: 67, cellSize: 3 };
    const heights = roughGround(grid, 11, 25);
    const exact = params({ k: 1e-4, uplift: 1e-3, diffusion: 1e-3, timeStep: 1000, time: 40_000 });
    const first = bytesAfterEachStep(grid, heights, exact, 1, false)[0];
    expect(bytesAfterEachStep(grid, heights, { ...exact, routeEvery: 4 }, 1, false)[0]).toEqual(first);
    const run = (p: FluvialParams) => {
      const out = new Float32Array(heights.length);
      runFluvial(grid, heights, out, p);
      return out;
    };
    const reference = run(exact);
    const reused = run({ ...exact, routeEvery: 4 });
    // The exact scheme at half the time step: how far its own discretisation is from the equation's solution.
    const stepError = rms(run({ ...exact, timeStep: 500 }), reference);
    const change = rms(reference, heights);
    const error = rms(reused, reference);
    expect(error).toBeGreaterThan(0);
    // Less than halving the time step moves the exact scheme (about a third of it here), and a small part of the change.
    expect(error).toBeLessThan(stepError);
    expect(error).toBeLessThan(0.2 * change);
  });

  it('refuses anything but a whole number of steps from 1 to 64, in one line', () => {
    expect(fluvialProblem(params({ routeEvery: 4 }))).toBeNull();
    expect(fluvialProblem(params({ routeEvery: 1 }))).toBeNull();
    expect(fluvialProblem(params({ routeEvery: 64 }))).toBeNull();
    for (const bad of [0, 1.5, 65, -2, Number.NaN])
      expect(fluvialProblem(params({ routeEvery: bad }))).toMatch(/^fluvial routeEvery must be a whole number from 1 to 64/);
    expect(fluvialProblem({ ...params({}), routeEvery: '4' as unknown as number })).toMatch(/routeEvery/);
  });
});
