import { describe, expect, it } from 'vitest';
import { cellBasisAtCentre, cellPeak, LATTICE_LIMIT, withChecker, type CellBasis, type Gray } from './cellPeak';

const W = 256;
const H = 128;

function image(f: (x: number, y: number) => number): Gray {
  const data = new Float64Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = f(x, y);
  return { width: W, height: H, data };
}

/** A small deterministic generator (the same noise every run). */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Cells as a view 30° up from a bearing across the map lays them: 8.5 px along, foreshortened and turned.
const BASIS: CellBasis = { ex: { x: 8.2, y: 2.1 }, ez: { x: -3.0, y: 4.6 } };

describe('cellPeak', () => {
  it('flags a ±6-level checker at the cells on an even grey and on loud noise', () => {
    expect(
      cellPeak(
        withChecker(
          image(() => 128),
          BASIS,
          6,
        ),
        BASIS,
      ).score,
    ).toBeGreaterThan(1.5 * LATTICE_LIMIT);
    const random = noise(7);
    // ±100 levels of white noise: far louder than any ground texture, above the one-level floor.
    const noisy = image(() => 128 + (random() - 0.5) * 200);
    expect(cellPeak(noisy, BASIS).score).toBeLessThan(LATTICE_LIMIT);
    expect(cellPeak(withChecker(noisy, BASIS, 32), BASIS).score).toBeGreaterThan(LATTICE_LIMIT);
  });

  it('does not flag noise, nor a smooth gradient with a slow wave', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = noise(seed);
      expect(
        cellPeak(
          image(() => random() * 255),
          BASIS,
        ).score,
        `seed ${seed}`,
      ).toBeLessThan(LATTICE_LIMIT);
    }
    const smooth = image((x, y) => 60 + x * 0.4 + y * 0.3 + 10 * Math.sin(x / 23 + y / 31));
    expect(cellPeak(smooth, BASIS).score).toBeLessThan(1);
  });

  it('flags stripes that vary only down the screen at the cells’ vertical period', () => {
    // Cells laid square on the screen, 6 px across and 3 px down (a view 30° up): stripes of rows.
    const square: CellBasis = { ex: { x: 6, y: 0 }, ez: { x: 0, y: 3 } };
    const random = noise(11);
    const rows = image((_x, y) => 128 + (random() - 0.5) * 200 + (Math.floor(y / 3) % 2 ? 12 : -12));
    const peak = cellPeak(rows, square);
    expect(peak.score).toBeGreaterThan(1.5 * LATTICE_LIMIT);
    expect(peak.at).toEqual([0, 0.5]);
    // The same stripes turned across the screen at another period are not the cells'.
    const columns = image((x) => 128 + (random() - 0.5) * 200 + (Math.floor(x / 5) % 2 ? 12 : -12));
    expect(cellPeak(columns, square).score).toBeLessThan(LATTICE_LIMIT);
  });

  it('projects the cells of a level plane seen 30° from above to a foreshortened step down the screen', () => {
    // Eye 100 m back along −z and 57.7 m up: the view falls 30° onto the target at the origin.
    const basis = cellBasisAtCentre({ x: 0, y: 100 * Math.tan(Math.PI / 6), z: -100 }, { x: 0, y: 0, z: 0 }, 50, 1000, () => 0, 2);
    const focal = 500 / Math.tan((25 * Math.PI) / 180);
    const distance = 100 / Math.cos(Math.PI / 6);
    // Along x: 2 m across at the target's distance (+x is to the left looking along +z).
    expect(basis.ex.x).toBeCloseTo((-2 * focal) / distance, 3);
    expect(basis.ex.y).toBeCloseTo(0, 6);
    // Along z (away from the eye): up the screen, 2 m × sin 30°.
    expect(basis.ez.x).toBeCloseTo(0, 6);
    expect(basis.ez.y).toBeCloseTo((-2 * 0.5 * focal) / distance, 2);
    expect(basis.facing).toBeCloseTo(0.5, 6);
  });
});
