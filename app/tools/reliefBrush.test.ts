import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../../shared/terrain/heightfield';
import { applyDab, dabRect, RAISE_PER_RADIUS, type BrushSettings } from './brush';
import { DAB_SPACING_PER_RADIUS } from './brushStroke';

// The raise/lower bell (issue 34: four Lower passes cut a flat-floored trench): a dab's drop is
// RAISE_PER_RADIUS · radius · strength · b(t)^falloff with b(t) = 1 − 3t² + 2t³, t = distance / radius.

const bell = (t: number, falloff: number): number => (t >= 1 ? 0 : Math.pow(1 - t * t * (3 - 2 * t), falloff));

/** max over t of |d/dt b(t)^f| = f · b^(f−1) · 6t(1 − t), from the formula (not from the brush's code). */
function steepestBell(falloff: number): number {
  let most = 0;
  for (let k = 1; k < 100_000; k++) {
    const t = k / 100_000;
    const b = 1 - t * t * (3 - 2 * t);
    most = Math.max(most, falloff * Math.pow(b, falloff - 1) * 6 * t * (1 - t));
  }
  return most;
}

/** Four passes (or `passes`) of dabs along the x axis, spaced as a stroke spaces them. */
function lowerAlongX(field: Heightfield, brush: BrushSettings, passes: number): void {
  const spacing = brush.radius * DAB_SPACING_PER_RADIUS;
  for (let pass = 0; pass < passes; pass++) {
    for (let x = -80; x <= 80; x += spacing) {
      const rect = dabRect(field, x, 0, brush.radius);
      if (rect) applyDab(field, brush, x, 0, rect, 0);
    }
  }
}

describe('the raise/lower bell', () => {
  it('one Lower dab on a level plane drops each vertex by the bell formula', () => {
    for (const falloff of [1, 0.7, 0.5]) {
      const field = createHeightfield(41, 41, 1);
      field.heights.fill(10);
      const brush: BrushSettings = { mode: 'lower', radius: 12, strength: 0.8, falloff };
      const rect = dabRect(field, 0.3, -0.4, brush.radius)!;
      applyDab(field, brush, 0.3, -0.4, rect, 0);
      for (let j = 0; j < 41; j++) {
        for (let i = 0; i < 41; i++) {
          const t = Math.hypot(vertexX(field, i) - 0.3, vertexZ(field, j) + 0.4) / brush.radius;
          const drop = RAISE_PER_RADIUS * brush.radius * brush.strength * bell(t, falloff);
          expect(10 - field.heights[j * 41 + i]).toBeCloseTo(drop, 5);
        }
      }
    }
  });

  it('a hard edge at falloff 0: the full drop everywhere inside the radius', () => {
    const field = createHeightfield(21, 21, 1);
    const brush: BrushSettings = { mode: 'raise', radius: 6, strength: 1, falloff: 0 };
    applyDab(field, brush, 0, 0, dabRect(field, 0, 0, 6)!, 0);
    expect(field.heights[10 * 21 + 10 + 5]).toBeCloseTo(RAISE_PER_RADIUS * 6, 6);
    expect(field.heights[10 * 21 + 10 + 6]).toBe(0);
  });

  it('N passes along a line: the centre is 0.2 · radius · strength · N deep (falloff 1) and the sides never steeper than the bound', () => {
    // A line of dabs a distance Δ apart, each a deep at the centre: the cross-section is (a/Δ)∫ w(√(s² + y²)/r) ds.
    // Its slope is at most (a/Δ) · L · 2v·acosh(1/v) with v = y/r, L = max|w′|, and 2v·acosh(1/v) ≤ 1.32549
    // (at v = 0.5524): per pass tan θ ≤ 0.2 · strength · 1.32549 · L, since a/Δ = 0.05 r σ / (0.25 r) = 0.2σ.
    const cell = 1;
    for (const falloff of [1, 0.7]) {
      const bound = 0.2 * 1.32549 * steepestBell(falloff);
      for (const passes of [1, 2, 4]) {
        const field = createHeightfield(181, 181, cell);
        const brush: BrushSettings = { mode: 'lower', radius: 18, strength: 1, falloff };
        lowerAlongX(field, brush, passes);
        const column = (i: number) => Array.from({ length: 181 }, (_, j) => field.heights[j * 181 + i]);
        // Across the line at its middle (x = 0): steepest rise between neighbouring vertices.
        const across = column(90);
        let steepest = 0;
        for (let j = 1; j < across.length; j++) steepest = Math.max(steepest, Math.abs(across[j] - across[j - 1]) / cell);
        expect(steepest, `falloff ${falloff}, ${passes} passes`).toBeLessThanOrEqual(bound * passes);
        // ∫ b(|s|) ds over [−1, 1] is 1 (a cubic: the dabs at quarter radii sum it exactly).
        if (falloff === 1) expect(-across[90]).toBeCloseTo(0.2 * brush.radius * passes, 4);
      }
    }
  });
});
