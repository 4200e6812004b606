import { describe, expect, it } from 'vitest';
import { ruleWeight } from '../masks/ruleWeight';
import { bandCycle, writeBandColour, type Rgb, type RockBands } from '../terrain/rockBands';
import { srgbByteToLinear } from '../terrain/colourRamp';
import { CLIMATE_LOOKS } from './climate';
import { naturalPalette, writeNaturalGround } from './naturalColours';
import { boxedFallingEdge, boxedRisingEdge, writeBoxedBandColour } from './footprintFilter';

/** The mean of f over [a, b] by the midpoint rule with n steps: an integration independent of the closed forms. */
function meanOf(f: (x: number) => number, a: number, b: number, n = 20000): number {
  let sum = 0;
  for (let k = 0; k < n; k++) sum += f(a + ((k + 0.5) * (b - a)) / n);
  return sum / n;
}

/** Two beds of P/2 each, black and white, with hard edges: a square wave of period P in height. */
const P = 10;
const SQUARE: RockBands = {
  beds: [
    { thickness: P / 2, srgb: [0, 0, 0] },
    { thickness: P / 2, srgb: [255, 255, 255] },
  ],
  blend: 0,
};
const SQUARE_LINEAR: Rgb[] = [
  [0, 0, 0],
  [1, 1, 1],
];

/** Max − min of the boxed square wave's first channel over one period, sampled every P/2000. */
function peakToPeak(footprint: number): number {
  let min = Infinity;
  let max = -Infinity;
  const out = [0, 0, 0];
  for (let k = 0; k < 2000; k++) {
    writeBoxedBandColour(SQUARE, SQUARE_LINEAR, (k * P) / 2000, footprint, out, 0, P);
    min = Math.min(min, out[0]);
    max = Math.max(max, out[0]);
  }
  return max - min;
}

describe('rock bands averaged over a pixel footprint', () => {
  it("a square wave's peak-to-peak follows the box filter's closed form: 1 up to P/2, then (P − w)/w, 0 at w = P", () => {
    for (const w of [0.5, 2, 4, 5]) expect(peakToPeak(w)).toBeCloseTo(1, 9);
    for (const w of [6, 7, 8, 9, 9.5]) expect(peakToPeak(w)).toBeCloseTo((P - w) / w, 9);
    expect(peakToPeak(P)).toBeCloseTo(0, 12);
    expect(peakToPeak(3 * P)).toBeCloseTo(0, 12);
  });

  it('a footprint of whole cycles gives the beds’ mean colour at every height (the mean by numeric integration)', () => {
    const { bands } = CLIMATE_LOOKS.desert;
    const linear = bands.beds.map((bed) => bed.srgb.map(srgbByteToLinear) as unknown as Rgb);
    const cycle = bandCycle(bands);
    const point = [0, 0, 0];
    const mean = [0, 1, 2].map((c) =>
      meanOf(
        (h) => {
          writeBandColour(bands, linear, h, point, 0, cycle);
          return point[c];
        },
        0,
        cycle,
        200000,
      ),
    );
    const out = [0, 0, 0];
    for (const h of [-40, 0, 3.3, 17.25, 250, 1234.5]) {
      for (const cycles of [1, 2, 5]) {
        writeBoxedBandColour(bands, linear, h, cycles * cycle, out, 0, cycle);
        for (let c = 0; c < 3; c++) expect(out[c]).toBeCloseTo(mean[c], 6);
      }
    }
  });

  it('any footprint gives the mean of the point colours over it (numeric integration of writeBandColour)', () => {
    const { bands } = CLIMATE_LOOKS.temperate;
    const linear = bands.beds.map((bed) => bed.srgb.map(srgbByteToLinear) as unknown as Rgb);
    const cycle = bandCycle(bands);
    const point = [0, 0, 0];
    const out = [0, 0, 0];
    for (const [h, w] of [
      [12.1, 0.7],
      [8.2, 3],
      [100, 17],
      [-55, 48],
    ]) {
      writeBoxedBandColour(bands, linear, h, w, out, 0, cycle);
      for (let c = 0; c < 3; c++) {
        const expected = meanOf(
          (x) => {
            writeBandColour(bands, linear, x, point, 0, cycle);
            return point[c];
          },
          h - w / 2,
          h + w / 2,
        );
        expect(out[c]).toBeCloseTo(expected, 6);
      }
    }
  });

  it('a point footprint is the plain band colour, bit for bit', () => {
    const { bands } = CLIMATE_LOOKS.desert;
    const linear = bands.beds.map((bed) => bed.srgb.map(srgbByteToLinear) as unknown as Rgb);
    const a = [0, 0, 0];
    const b = [0, 0, 0];
    for (const h of [0, 6.99, 7.5, 31.4, 999]) {
      writeBandColour(bands, linear, h, a, 0);
      writeBoxedBandColour(bands, linear, h, 0, b, 0, bandCycle(bands));
      expect(b).toEqual(a);
    }
  });
});

describe('rule edges averaged over a pixel footprint', () => {
  it('a hard edge covers the share of the footprint above it: clamp((v + w/2 − min) / w, 0, 1)', () => {
    for (const v of [60, 70, 71, 72, 73, 75, 80]) {
      expect(boxedRisingEdge(72, 0, v, 6)).toBeCloseTo(Math.min(1, Math.max(0, (v + 3 - 72) / 6)), 12);
      expect(boxedFallingEdge(72, 0, v, 6)).toBeCloseTo(Math.min(1, Math.max(0, (72 - (v - 3)) / 6)), 12);
    }
  });

  it('a soft edge is the mean of ruleWeight over the footprint (numeric integration)', () => {
    const rising = { source: 'height' as const, min: 72, softness: 2.2 };
    const falling = { source: 'slope' as const, max: 50, softness: 10 };
    for (const [v, w] of [
      [70, 1],
      [71.5, 4],
      [73, 10],
      [66, 30],
    ]) {
      expect(boxedRisingEdge(72, 2.2, v, w)).toBeCloseTo(
        meanOf((x) => ruleWeight(rising, x), v - w / 2, v + w / 2),
        7,
      );
      expect(boxedFallingEdge(50, 10, v - 15, w)).toBeCloseTo(
        meanOf((x) => ruleWeight(falling, x), v - 15 - w / 2, v - 15 + w / 2),
        7,
      );
    }
  });

  it('a point footprint is ruleWeight itself', () => {
    const rule = { source: 'height' as const, min: 72, softness: 2.2 };
    for (const v of [69, 70.5, 71.9, 72, 80]) expect(boxedRisingEdge(72, 2.2, v, 0)).toBeCloseTo(ruleWeight(rule, v), 12);
  });
});

describe('the natural ground colour averaged over a pixel footprint of slope', () => {
  it('is the mean of the point colours over the slopes the pixel spans (numeric integration), across the dirt and rock edges', () => {
    for (const climate of ['temperate', 'desert'] as const) {
      const palette = naturalPalette({ treeLine: 200, snowLine: 350, climate }, { erosion: false, road: false });
      const out = [0, 0, 0];
      const point = [0, 0, 0];
      // Footprints across each edge in turn (temperate: earth 42–52°, rock 52–62°; desert: earth 12–22°, scree
      // 20–30°, rock 35–43°).
      const footprints =
        climate === 'temperate'
          ? [
              [30, 4],
              [40, 8],
              [47, 10],
              [58, 10],
            ]
          : [
              [30, 4],
              [38, 12],
              [44, 6],
              [52, 20],
            ];
      for (const [slope, w] of footprints) {
        writeNaturalGround(palette, 20, slope, 0, 0, out, 0, 0, w);
        for (let c = 0; c < 3; c++) {
          const expected = meanOf(
            (s) => {
              writeNaturalGround(palette, 20, s, 0, 0, point, 0);
              return point[c];
            },
            slope - w / 2,
            slope + w / 2,
          );
          // Each rule's edge is averaged exactly, within 5e-4 (under a byte). Where two edges both fall in one
          // footprint their stacking (a product of weights) is averaged as the product of the means, which is
          // not exact (temperate at 52 ± 10°: 0.006 off, under two bytes).
          expect(out[c], `${climate}, ${slope}° ± ${w / 2}°`).toBeCloseTo(expected, 3);
        }
      }
    }
  });
});
