import { describe, expect, it } from 'vitest';
import { priorityFlood } from '../hydrology/priorityFlood';
import { runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';
import { swellOffsets } from './swells';
import { wallChannel } from './testing/channel';

/**
 * The fluvial layer's optional incisionDepth, incisionMask and swells (a plateau's washes cut no deeper
 * than its caprock; Canyons' second fluvial layer). A river along +x as in fluvial.test.ts: one vertex
 * wide between walls 10 km high, its outlet at (0, 1) held at 0, with no uplift: given time enough the
 * river cuts its whole bed down to the outlet's level, so with a limit every vertex ends at
 * max(0, input − depth) — the closed form the floor gives.
 */
function channel(width: number, cellSize: number, profile: (x: number) => number) {
  const { grid, heights } = wallChannel(width, cellSize, profile);
  heights[width] = 0;
  return { grid, heights };
}

const params = (over: Partial<FluvialParams>): FluvialParams => ({
  ...DEFAULT_FLUVIAL,
  diffusion: 0,
  strata: null,
  k: 1e-2,
  m: 0.5,
  n: 1,
  uplift: 0,
  timeStep: 1000,
  time: 400_000,
  ...over,
});

describe('fluvial incision limit', () => {
  const width = 41;
  const bed = (x: number) => 2 + 0.05 * x;

  it('without a limit the river cuts its bed down to the outlet; with one, each vertex ends at max(0, input − depth)', () => {
    const { grid, heights } = channel(width, 10, bed);
    const free = new Float32Array(heights.length);
    runFluvial(grid, heights, free, params({}), { keepPits: true });
    for (let i = 1; i < width - 1; i++) expect(free[width + i]).toBeLessThan(0.5);
    const limited = new Float32Array(heights.length);
    runFluvial(grid, heights, limited, params({ incisionDepth: 6 }), { keepPits: true });
    for (let i = 1; i < width - 1; i++) expect(limited[width + i]).toBeCloseTo(Math.max(0, heights[width + i] - 6), 3);
  });

  it('a height band on the input: below it nothing is lowered, inside it the full depth', () => {
    const { grid, heights } = channel(width, 10, bed);
    const out = new Float32Array(heights.length);
    // The band starts at 12 m: the bed is 2 + 0.5·i m, so vertices 20 and up lie in it.
    runFluvial(grid, heights, out, params({ incisionDepth: 6, incisionMask: { kind: 'height', min: 12, max: 1000, softness: 0 } }), { keepPits: true });
    for (let i = 1; i < width - 1; i++) {
      const input = heights[width + i];
      if (input < 12) expect(out[width + i]).toBe(input);
      else expect(out[width + i]).toBeCloseTo(input - 6, 3);
    }
  });

  it('a limit deeper than any cut gives the bytes of no limit', () => {
    const { grid, heights } = channel(width, 10, bed);
    const a = new Float32Array(heights.length);
    const b = new Float32Array(heights.length);
    runFluvial(grid, heights, a, params({ time: 20_000 }), { keepPits: true });
    runFluvial(grid, heights, b, params({ time: 20_000, incisionDepth: 1000 }), { keepPits: true });
    expect(b).toEqual(a);
  });

  it('the compiled step and the JavaScript reference give the same bytes with all three keys', () => {
    const n = 65;
    const grid = { width: n, depth: n, cellSize: 2 };
    const input = new Float32Array(n * n);
    for (let j = 0, v = 0; j < n; j++)
      for (let i = 0; i < n; i++, v++) input[v] = 40 - 0.3 * Math.hypot(i - 32, j - 32) + Math.sin(i * 0.7) * Math.cos(j * 0.5);
    const p = params({
      k: 1e-4,
      m: 1,
      diffusion: 0.002,
      channelArea: 40,
      time: 3000,
      timeStep: 500,
      incisionDepth: 3,
      incisionMask: { kind: 'height', min: 30, max: 100, softness: 2 },
      swells: { height: 2, spacing: 40, seed: 5 },
    });
    const compiled = new Float32Array(input.length);
    const reference = new Float32Array(input.length);
    runFluvial(grid, input, compiled, p);
    runFluvial(grid, input, reference, p, { compiled: false });
    expect(compiled).toEqual(reference);
    // The ground below the band's reach (under 28 m) is held as it came in, its pits filled (as every
    // fluvial layer fills its input's pits before the first step).
    const drainage = priorityFlood(grid, input).drainage;
    for (let v = 0; v < input.length; v++) if (input[v] < 28) expect(compiled[v]).toBe(Math.fround(drainage[v]));
    expect(compiled.some((h, v) => h < input[v] - 0.5)).toBe(true);
  });

  it('refuses values out of range', () => {
    expect(fluvialProblem(params({ incisionDepth: -1 }))).toMatch(/incisionDepth/);
    expect(fluvialProblem(params({ incisionMask: { kind: 'height', min: 0, max: 1, softness: 0 } }))).toMatch(/needs an incisionDepth/);
    expect(fluvialProblem(params({ incisionDepth: 1, incisionMask: { kind: 'height', min: 2, max: 1, softness: 0 } }))).toMatch(/incisionMask/);
    expect(fluvialProblem(params({ swells: { height: 1, spacing: 0, seed: 1 } }))).toMatch(/spacing/);
    expect(fluvialProblem(params({ swells: { height: 1, spacing: 10, seed: 1.5 } }))).toMatch(/seed/);
    expect(fluvialProblem(params({ incisionDepth: 1, swells: { height: 1, spacing: 10, seed: 1 } }))).toBeNull();
  });
});

describe('swells', () => {
  it('lie within ±height/2, average near zero, are smooth over a cell and differ by seed', () => {
    const n = 257;
    const a = swellOffsets(n, n, 1, 4, 64, 3);
    const b = swellOffsets(n, n, 1, 4, 64, 4);
    let sum = 0;
    let largestStep = 0;
    let differ = 0;
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const k = j * n + i;
        expect(Math.abs(a[k])).toBeLessThanOrEqual(2);
        sum += a[k];
        if (i > 0) largestStep = Math.max(largestStep, Math.abs(a[k] - a[k - 1]));
        if (Math.abs(a[k] - b[k]) > 0.1) differ++;
      }
    expect(Math.abs(sum / (n * n))).toBeLessThan(0.3);
    // Each octave's smoothstep rises at most 1.5 × its weight / its spacing: 3 × 1.5/64 × 4/1.75 ≈ 0.16 m a
    // metre along a lattice axis, √2 that across it (0.23).
    expect(largestStep).toBeLessThan(0.23);
    expect(differ / (n * n)).toBeGreaterThan(0.5);
    expect(swellOffsets(n, n, 1, 4, 64, 3)).toEqual(a);
  });

  it('are laid on the input before the first step (no steps: the input with its swells)', () => {
    const grid = { width: 65, depth: 65, cellSize: 2 };
    const input = new Float32Array(65 * 65).fill(50);
    const out = new Float32Array(input.length);
    // One step on flat ground that drains nowhere cuts nothing: what comes out is the swells.
    runFluvial(grid, input, out, params({ time: 1, timeStep: 1, k: 0, swells: { height: 4, spacing: 40, seed: 7 } }), { keepPits: true });
    const offsets = swellOffsets(65, 65, 2, 4, 40, 7);
    for (let k = 0; k < input.length; k += 97) expect(out[k]).toBeCloseTo(50 + offsets[k], 4);
  });
});
