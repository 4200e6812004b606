import { describe, expect, it } from 'vitest';
import { STOCK_CARS, patchCarSpec } from './physics/cars';
import { driveRoute } from './telemetry';
import { fieldFrom } from './testFields';
import { isFlooded, WADING_DRAG, wadingSpeedFactor, waterAtCar } from './water';

const flat = fieldFrom(65, 65, 1, () => 0);
const options = { speed: 2, length: 4, width: 2, step: 0.5 };

describe('the car in water', () => {
  it("gives each preset issue 31's fording depth, editable within limits", () => {
    expect(STOCK_CARS.hatchback.fordingDepth).toBe(0.3);
    expect(STOCK_CARS['4x4'].fordingDepth).toBe(0.6);
    expect(STOCK_CARS.truck.fordingDepth).toBe(0.9);
    expect(patchCarSpec(STOCK_CARS.hatchback, { fordingDepth: 0.45 }).fordingDepth).toBe(0.45);
    expect(patchCarSpec(STOCK_CARS.hatchback, { fordingDepth: -1 }).fordingDepth).toBe(0);
  });

  it('keeps 1 − ½·depth/fording of its speed, and floods only past its fording depth', () => {
    expect(wadingSpeedFactor(0, 0.3)).toBe(1);
    expect(wadingSpeedFactor(0.15, 0.3)).toBeCloseTo(1 - WADING_DRAG / 2, 12);
    expect(wadingSpeedFactor(0.3, 0.3)).toBeCloseTo(0.5, 12);
    expect(wadingSpeedFactor(0.31, 0.3)).toBe(0);
    expect(isFlooded(0.3, 0.3)).toBe(false);
    expect(isFlooded(0.31, 0.3)).toBe(true);
    // The 4×4 fords what floods the hatchback.
    expect(isFlooded(0.45, STOCK_CARS.hatchback.fordingDepth)).toBe(true);
    expect(isFlooded(0.45, STOCK_CARS['4x4'].fordingDepth)).toBe(false);
  });

  it('samples the water under the car, 0 without water', () => {
    const water = fieldFrom(65, 65, 1, (x) => (x > 0 ? 0.2 : 0));
    expect(waterAtCar(water, 10, 3)).toBeCloseTo(0.2, 6);
    expect(waterAtCar(water, -10, 3)).toBe(0);
    expect(waterAtCar(null, 10, 3)).toBe(0);
  });

  it('drives a straight route through shallow water at the slowed speed (x = speed · step · factor per row)', () => {
    const water = fieldFrom(65, 65, 1, () => 0.15);
    const { rows, reachedEnd } = driveRoute(
      flat,
      [
        [-20, 0],
        [20, 0],
      ],
      { ...options, water, fordingDepth: 0.3 },
    );
    expect(reachedEnd).toBe(true);
    // 0.15 m of 0.3 m: 1 − 0.5 · 0.5 = 0.75 of 2 m/s, 0.75 m a half-second row.
    for (let k = 1; k <= 10; k++) expect(rows[k].x).toBeCloseTo(-20 + 0.75 * k, 6);
    expect(rows[5].water).toBeCloseTo(0.15, 6);
    // 40 m at 0.75 m a row: 54 rows after the first, the last one short.
    expect(rows).toHaveLength(1 + Math.ceil(40 / 0.75));
  });

  it('stops flooded at the first row in water deeper than its fording depth', () => {
    // A river 0.5 m deep for x ≥ 5: the hatchback (0.3 m) floods there, the truck (0.9 m) crosses.
    const water = fieldFrom(65, 65, 1, (x) => (x >= 5 ? 0.5 : 0));
    const hatch = driveRoute(
      flat,
      [
        [-20, 0],
        [20, 0],
      ],
      { ...options, water, fordingDepth: STOCK_CARS.hatchback.fordingDepth },
    );
    expect(hatch.reachedEnd).toBe(false);
    expect(hatch.stoppedBy).toBe('flooded');
    const last = hatch.rows.at(-1)!;
    expect(last.water).toBeGreaterThan(0.3);
    // Dry to x = 4 (the vertex before the river), 0.5 m from x = 5: it floods within one row's run (1 m) past x = 4.
    expect(last.x).toBeGreaterThan(4);
    expect(last.x).toBeLessThanOrEqual(4 + options.speed * options.step);
    const truck = driveRoute(
      flat,
      [
        [-20, 0],
        [20, 0],
      ],
      { ...options, water, fordingDepth: STOCK_CARS.truck.fordingDepth },
    );
    expect(truck.reachedEnd).toBe(true);
  });
});
