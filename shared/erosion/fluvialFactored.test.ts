import { describe, expect, it } from 'vitest';
import { accumulateFlow } from '../hydrology/accumulation';
import { syntheticTerrain } from '../lod/testing/syntheticTerrain';
import { runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';

/** The layer's `scheme: 'factored'` (fluvialFactored.ts): the reference's scheme up to rounding, on closed forms and against it. */
const params = (over: Partial<FluvialParams>): FluvialParams => ({ ...DEFAULT_FLUVIAL, diffusion: 0, strata: null, scheme: 'factored', ...over });

/** A river along +x in row 1 of 3, walls 10 km high around it, its outlet at vertex (0, 1) (fluvial.test.ts's). */
function channel(width: number, cellSize: number, slope: number) {
  const grid = { width, depth: 3, cellSize };
  const heights = new Float32Array(width * 3);
  for (let i = 0; i < width; i++) {
    heights[i] = heights[2 * width + i] = 10_000;
    heights[width + i] = slope * i * cellSize;
  }
  heights[2 * width - 1] = 10_000;
  heights[width] = 0;
  return { grid, heights };
}

describe("the fluvial layer's factored scheme", () => {
  it('reaches the steady profile S = U/K for m = 0 (a straight line from the outlet)', () => {
    const width = 41;
    const { grid, heights } = channel(width, 10, 0.001);
    const out = new Float32Array(heights.length);
    runFluvial(grid, heights, out, params({ k: 1e-4, m: 0, n: 1, uplift: 1e-3, timeStep: 5000, time: 20_000_000 }), { keepPits: true });
    for (let i = 1; i < width - 1; i++) expect(out[width + i]).toBeCloseTo(i * 10 * (1e-3 / 1e-4), 1);
  });

  it('reaches S = (U/K)·A^−m for m = 0.5, compiled and in JavaScript', () => {
    const width = 41;
    const { grid, heights } = channel(width, 10, 0.01);
    for (const compiled of [true, false]) {
      const out = new Float32Array(heights.length);
      runFluvial(grid, heights, out, params({ k: 1e-3, m: 0.5, n: 1, uplift: 1e-3, timeStep: 2000, time: 4_000_000 }), { keepPits: true, compiled });
      const { area } = accumulateFlow(grid, Float64Array.from(out));
      for (let i = 1; i < width - 1; i++) expect((out[width + i] - out[width + i - 1]) / 10 / area[width + i] ** -0.5).toBeCloseTo(1, 3);
    }
  });

  it("differs from the reference's sums by rounding, far less than a millimetre of noise in the input moves either, and is deterministic", () => {
    // 129² hills, 20 steps: the factored run is within 1 mm everywhere (measured: RMS 1.3e-5 m, largest 8.5e-4 m;
    // the land changed by 16.5 m RMS), where 1 mm of noise on the input moves the reference by about 1 m RMS.
    const hills = syntheticTerrain(129, 2);
    const base: FluvialParams = { ...DEFAULT_FLUVIAL, k: 1e-4, uplift: 1e-3, diffusion: 1e-3, timeStep: 1000, time: 20_000 };
    const run = (p: FluvialParams, input = hills.heights) => {
      const out = new Float32Array(input.length);
      runFluvial(hills, input, out, p);
      return out;
    };
    const reference = run(base);
    const factored = run({ ...base, scheme: 'factored' });
    expect(Buffer.from(run({ ...base, scheme: 'factored' }).buffer).equals(Buffer.from(factored.buffer))).toBe(true);
    expect(Buffer.from(factored.buffer).equals(Buffer.from(reference.buffer))).toBe(false);
    const noisy = run(
      base,
      Float32Array.from(hills.heights, (x, v) => x + 1e-3 * Math.sin(v * 12.9898)),
    );
    const rms = (a: Float32Array) => Math.sqrt(a.reduce((sum, x, v) => sum + (x - reference[v]) ** 2, 0) / a.length);
    const largest = factored.reduce((most, x, v) => Math.max(most, Math.abs(x - reference[v])), 0);
    expect(largest).toBeLessThan(1e-3);
    expect(rms(factored)).toBeLessThan(1e-4);
    expect(rms(noisy)).toBeGreaterThan(0.1);
  });

  it('is refused when misspelt, in one line', () => {
    expect(fluvialProblem({ ...DEFAULT_FLUVIAL, scheme: 'fast' as 'factored' })).toMatch(/^fluvial scheme must be "factored" \(or absent\), got "fast"$/);
    expect(fluvialProblem({ ...DEFAULT_FLUVIAL, scheme: 'factored' })).toBeNull();
  });
});
