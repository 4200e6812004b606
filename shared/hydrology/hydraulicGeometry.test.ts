import { describe, expect, it } from 'vitest';
import { DEFAULT_WATER_PARAMS, riverDepth, riverWidth, type WaterParams } from './waterParams';

// The automatic rivers' widths and depths against published hydraulic geometry (issue 31), over the areas
// that drain to the rivers of a 2 km map: 0.25 km² (the default river area) to 3 km².
//
// - Exponents: Leopold & Maddock (1953, USGS Professional Paper 252), downstream hydraulic geometry:
//   width ∝ Q^0.5, mean depth ∝ Q^0.4 (b ≈ 0.5, f ≈ 0.4, as quoted in Pelletier 2021, Earth Surf. Dynam.
//   9:379, eq. 1), with the bankfull discharge Q taken ∝ the contributing area A.
// - Bieger, Rathjens, Allen & Arnold (2015), "Development and evaluation of bankfull hydraulic geometry
//   relationships for the physiographic regions of the United States", J. Am. Water Resour. Assoc. 51(4),
//   doi:10.1111/jawr.12282, supplementary table 1: bankfull width W and depth D (m) against drainage area
//   DA (km²), The whole conterminous US: W = 2.70 · DA^0.352, D = 0.30 · DA^0.213;
//   and per physiographic division (below), whose spread is the published relation's regional range.
// - Hey & Thorne (1986), "Stable channels with mobile gravel beds", J. Hydraul. Eng. 112(8):671–689: bankfull
//   width W = a · Q^0.5 (m, m³/s) on UK gravel-bed rivers, a = 4.33 with grassy banks down to 2.34 with more
//   than half the banks under trees. The discharge-per-area assumption: Q from Bent & Waite's (2013) bankfull
//   discharge regional curve for the north-eastern US (USGS SIR 2013-5239, 334 sites, 0.1–396 mi²),
//   Q = 49.4778 · DA^0.8206 ft³/s with DA in mi² (0.64 m³/s at 1 km²; a humid region's 1.5-year flood).
// - Hey & Thorne's depth against width, as the flood model LISFLOOD-FP uses it for its sub-grid channels
//   (Neal, Schumann & Bates 2012, Water Resour. Res. 48; "British rivers average" in its code): D = 0.12 · W^0.78.
const KM2 = 1e6;
const AREAS_KM2 = [0.25, 0.5, 1, 2, 3];
const params = DEFAULT_WATER_PARAMS;

/** Bieger et al. 2015, supplementary table 1: [width a, b, depth a, b], W = a · DA^b m, DA in km². */
const BIEGER = {
  conus: [2.7, 0.352, 0.3, 0.213],
  divisions: {
    'Laurentian Upland': [4.15, 0.308, 0.31, 0.202],
    'Atlantic Plain': [2.22, 0.363, 0.24, 0.323],
    'Appalachian Highlands': [3.12, 0.415, 0.26, 0.287],
    'Interior Plains': [2.56, 0.351, 0.38, 0.191],
    'Interior Highlands': [23.23, 0.121, 0.27, 0.267],
    'Rocky Mountain System': [1.24, 0.435, 0.23, 0.225],
    'Intermontane Plateaus': [1.11, 0.415, 0.07, 0.329],
    'Pacific Mountain System': [2.76, 0.399, 0.23, 0.294],
  },
} as const;
const biegerWidth = ([a, b]: readonly number[], km2: number) => a * Math.pow(km2, b);
const biegerDepth = ([, , a, b]: readonly number[], km2: number) => a * Math.pow(km2, b);

/** Bent & Waite 2013's bankfull discharge at `km2`, m³/s (their curve is in ft³/s and mi²). */
const FT3 = 0.0283168;
const MI2_KM2 = 2.589988;
const bankfullDischarge = (km2: number) => FT3 * 49.4778 * Math.pow(km2 / MI2_KM2, 0.8206);
const HEY_THORNE_A = { trees: 2.34, grass: 4.33 };

describe('hydraulic geometry of the automatic rivers', () => {
  it('grows as Leopold & Maddock: width ×10 and depth ×100^0.4 (6.31) for 100 times the area', () => {
    for (const area of [0.25 * KM2, 1 * KM2, 10 * KM2]) {
      expect(riverWidth(params, 100 * area) / riverWidth(params, area)).toBeCloseTo(10, 9);
      expect(riverDepth(params, 100 * area) / riverDepth(params, area)).toBeCloseTo(Math.pow(100, 0.4), 9);
    }
  });

  it('is as wide and as deep as Bieger et al. 2015 over the US (width within 35 %, depth within 25 %), inside the divisions’ range', () => {
    for (const km2 of AREAS_KM2) {
      const width = riverWidth(params, km2 * KM2);
      const depth = riverDepth(params, km2 * KM2);
      // Exponents 0.5 and 0.4 against their 0.352 and 0.213: equal near 1 km², apart towards the range's ends.
      expect(Math.abs(width / biegerWidth(BIEGER.conus, km2) - 1)).toBeLessThan(0.35);
      expect(Math.abs(depth / biegerDepth(BIEGER.conus, km2) - 1)).toBeLessThan(0.25);
      const divisions = Object.values(BIEGER.divisions);
      expect(width).toBeGreaterThanOrEqual(Math.min(...divisions.map((d) => biegerWidth(d, km2))));
      expect(width).toBeLessThanOrEqual(Math.max(...divisions.map((d) => biegerWidth(d, km2))));
      expect(depth).toBeGreaterThanOrEqual(Math.min(...divisions.map((d) => biegerDepth(d, km2))));
      expect(depth).toBeLessThanOrEqual(Math.max(...divisions.map((d) => biegerDepth(d, km2))));
    }
    // At 1 km²: 3.0 m wide (2.70 published), 0.30 m deep (0.30).
    expect(riverWidth(params, KM2)).toBeCloseTo(3, 6);
    expect(riverDepth(params, KM2)).toBeCloseTo(0.301, 3);
  });

  it('was too deep with the depth coefficient of layers saved before hydraulicGeometry 2 (why it changed)', () => {
    const before: WaterParams = { ...params };
    delete before.hydraulicGeometry;
    // 0.5 m at 1 km², 0.78 m at 3 km²: 1.7 and 2.1 times the published depth, deeper than every division's.
    for (const km2 of [1, 3]) {
      const depth = riverDepth(before, km2 * KM2);
      expect(depth / biegerDepth(BIEGER.conus, km2)).toBeGreaterThan(1.6);
      expect(depth).toBeGreaterThan(Math.max(...Object.values(BIEGER.divisions).map((d) => biegerDepth(d, km2))));
    }
    // The width is the same either way.
    expect(riverWidth(before, KM2)).toBe(riverWidth(params, KM2));
  });

  it("is as wide as Hey & Thorne's gravel-bed rivers at Bent & Waite's bankfull discharge: between tree-lined and grassy banks", () => {
    for (const km2 of AREAS_KM2) {
      const q = bankfullDischarge(km2);
      const width = riverWidth(params, km2 * KM2);
      expect(width).toBeGreaterThanOrEqual(HEY_THORNE_A.trees * Math.sqrt(q));
      expect(width).toBeLessThanOrEqual(HEY_THORNE_A.grass * Math.sqrt(q));
    }
    // 0.64 m³/s at 1 km², so 1.9–3.5 m wide there.
    expect(bankfullDischarge(1)).toBeCloseTo(0.642, 2);
  });

  it("is as deep for its width as Hey & Thorne's British rivers (depth = 0.12 · width^0.78, within 10 %)", () => {
    for (const km2 of AREAS_KM2) {
      const width = riverWidth(params, km2 * KM2);
      expect(Math.abs(riverDepth(params, km2 * KM2) / (0.12 * Math.pow(width, 0.78)) - 1)).toBeLessThan(0.1);
    }
  });
});
