import { describe, expect, it } from 'vitest';
import { DEFAULT_WATER_PARAMS, riverDepth, riverWidth } from './waterParams';

// The automatic rivers' widths and depths against published hydraulic geometry (issue 31: on a 2 km
// map the rivers drain 0.25–3 km² and are 1.5–5 m wide; are those widths right?).
//
// - Exponents: Leopold & Maddock (1953), downstream hydraulic geometry at a given flow frequency:
//   width ∝ Q^0.5, mean depth ∝ Q^0.4; with the discharge Q proportional to the contributing area A.
// - Coefficient: Hey & Thorne (1986), bankfull width of gravel-bed rivers, w = a · Q^0.5 (w in m, Q in
//   m³/s), a = 4.33 with grassy banks and no trees down to 2.34 with over half the banks under trees.
//   With a bankfull runoff q (m³/s per km² of drainage) Q = q · A, so w = a · √q · √A: for q from
//   0.3 to 1.0 m³/s per km² (a small humid basin's bankfull flow, about the 1.5-year flood) the
//   published range is w / √(A / m²) = 2.34 · √(0.3e-6) … 4.33 · √(1e-6) = 0.0013 … 0.0043 m.
const KM2 = 1e6;
const HEY_THORNE_A = { trees: 2.34, grass: 4.33 };
const BANKFULL_RUNOFF = { low: 0.3 / KM2, high: 1.0 / KM2 };

describe('hydraulic geometry of the automatic rivers', () => {
  const params = DEFAULT_WATER_PARAMS;

  it('grows as Leopold & Maddock: width ×10 and depth ×100^0.4 (6.31) for 100 times the area', () => {
    for (const area of [0.25 * KM2, 1 * KM2, 10 * KM2]) {
      expect(riverWidth(params, 100 * area) / riverWidth(params, area)).toBeCloseTo(10, 9);
      expect(riverDepth(params, 100 * area) / riverDepth(params, area)).toBeCloseTo(Math.pow(100, 0.4), 9);
    }
  });

  it("is as wide as Hey & Thorne's bankfull widths for 0.25–100 km² (grassy banks, 0.48 m³/s per km²: within 1 %)", () => {
    for (const area of [0.25 * KM2, 1 * KM2, 3 * KM2, 100 * KM2]) {
      const width = riverWidth(params, area);
      expect(width).toBeGreaterThanOrEqual(HEY_THORNE_A.trees * Math.sqrt(BANKFULL_RUNOFF.low * area));
      expect(width).toBeLessThanOrEqual(HEY_THORNE_A.grass * Math.sqrt(BANKFULL_RUNOFF.high * area));
      // The default is Hey & Thorne's grassy-bank coefficient at a bankfull runoff of 0.48 m³/s per km².
      expect(Math.abs(width / (HEY_THORNE_A.grass * Math.sqrt((0.48 / KM2) * area)) - 1)).toBeLessThan(0.01);
    }
    // So the default river area's rivers (0.25 km²) start 1.5 m wide, and a 3 km² valley's is 5.2 m.
    expect(riverWidth(params, 0.25 * KM2)).toBeCloseTo(1.5, 6);
    expect(riverWidth(params, 3 * KM2)).toBeCloseTo(5.196, 3);
  });
});
