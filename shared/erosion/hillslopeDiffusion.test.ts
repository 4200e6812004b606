import { describe, expect, it } from 'vitest';
import { diffuseHeights } from './hillslopeDiffusion';

/**
 * Diffusion against its closed forms. On an infinite plane a Gaussian bump of variance σ₀² stays a
 * Gaussian, of variance σ₀² + 2κt and volume kept: h = A·σ₀²/σ²·exp(−r²/(2σ²)); a step of height D
 * becomes D/2·(1 + erf(x / (2√(κt)))). Both schemes are run on grids wide enough that the fixed edge
 * (4 σ or more away) does not matter.
 */
function run(width: number, depth: number, heights: Float64Array, kappaDt: number, steps: number): Float64Array {
  const grid = { width, depth, cellSize: 1 };
  let h: Float64Array = heights;
  let scratch: Float64Array = new Float64Array(h.length);
  for (let n = 0; n < steps; n++) {
    const out = diffuseHeights(grid, h, scratch, kappaDt);
    if (out !== h) {
      scratch = h;
      h = out;
    }
  }
  return h;
}

function gaussian(size: number, sigma2: number, amplitude: number): Float64Array {
  const centre = (size - 1) / 2;
  const h = new Float64Array(size * size);
  for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) h[j * size + i] = amplitude * Math.exp(-((i - centre) ** 2 + (j - centre) ** 2) / (2 * sigma2));
  return h;
}

describe('hillslope diffusion', () => {
  // Backward Euler's error is first order in time: at r = 4 per sub-step over 10 steps it is about 6 %
  // of the peak (a Gaussian of σ₀ = 4 cells), and the same scheme along x and along z.
  it('spreads a Gaussian bump as the closed form, alike along the axes and the diagonals (implicit, r = 8 a step)', () => {
    const size = 101;
    const centre = 50;
    const sigma2 = 16;
    const kappaDt = 8;
    const steps = 5;
    const out = run(size, size, gaussian(size, sigma2, 100), kappaDt, steps);
    const spread = sigma2 + 2 * kappaDt * steps;
    const expected = (dx: number, dz: number) => ((100 * sigma2) / spread) * Math.exp(-(dx * dx + dz * dz) / (2 * spread));
    let worst = 0;
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) worst = Math.max(worst, Math.abs(out[j * size + i] - expected(i - centre, j - centre)));
    expect(worst / expected(0, 0)).toBeLessThan(0.07);
    // At the same distance (10 cells; 7·√2 = 9.9 on the diagonal, corrected by the closed form),
    // along an axis and along a diagonal: the same height to within 1 % of it.
    const axis = out[centre * size + centre + 10] / expected(10, 0);
    const diagonal = out[(centre + 7) * size + centre + 7] / expected(7, 7);
    expect(Math.abs(axis - diagonal)).toBeLessThan(0.01);
  });

  it('smooths a step as the erf solution with the explicit scheme (r = 1 a step) and with the implicit one (r = 8 a step)', () => {
    for (const { kappaDt, steps, tolerance } of [
      // Explicit, sub-stepped to r = 0.2: accurate to the grid.
      { kappaDt: 1, steps: 10, tolerance: 0.05 },
      // Implicit, r = 4 a sub-step over 40 sub-steps: backward Euler's first-order error, about 0.017 m here.
      { kappaDt: 8, steps: 20, tolerance: 0.05 },
    ]) {
      const width = 401;
      // Tall enough that the fixed edge rows (the step, undiffused) are 4·√(κt) from the middle row.
      const depth = 101;
      const h = new Float64Array(width * depth);
      for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) h[j * width + i] = i > 200 ? 10 : i === 200 ? 5 : 0;
      const out = run(width, depth, h, kappaDt, steps);
      const spread = 2 * Math.sqrt(kappaDt * steps);
      let worst = 0;
      const middle = 50 * width;
      for (let i = 0; i < width; i++) worst = Math.max(worst, Math.abs(out[middle + i] - 5 * (1 + erf((i - 200) / spread))));
      expect(worst, `κ·dt = ${kappaDt}`).toBeLessThan(tolerance);
    }
  });

  it('takes a huge κ·dt (10⁹ m², a hostile project) in a few passes, stable: every height within the old ones', () => {
    const size = 65;
    const h = gaussian(size, 30, 50);
    const out = run(size, size, Float64Array.from(h), 1e9, 1);
    let low = Infinity;
    let high = -Infinity;
    for (const x of h) {
      low = Math.min(low, x);
      high = Math.max(high, x);
    }
    for (const x of out) {
      expect(x).toBeGreaterThanOrEqual(low);
      expect(x).toBeLessThanOrEqual(high);
    }
    // Diffused that long, the bump is gone: the middle lies within 10 cm of the edge's heights.
    expect(out[32 * size + 32] - out[32 * size]).toBeLessThan(0.1);
  });

  it('keeps the edge vertices and changes nothing for κ·dt = 0', () => {
    const size = 21;
    const h = gaussian(size, 9, 10);
    for (let i = 0; i < size; i++) h[i] = 3;
    const before = Float64Array.from(h);
    for (const kappaDt of [0.5, 20]) {
      const out = run(size, size, Float64Array.from(before), kappaDt, 3);
      for (let i = 0; i < size; i++) {
        expect(out[i]).toBe(3);
        expect(out[(size - 1) * size + i]).toBe(before[(size - 1) * size + i]);
        expect(out[i * size]).toBe(before[i * size]);
      }
    }
    expect(run(size, size, h, 0, 1)).toEqual(before);
  });
});

/** erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}
