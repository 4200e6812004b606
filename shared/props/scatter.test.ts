import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { getPropType } from './library';
import type { PropColumns } from './prop';
import { propsFromColumns, scatterProps, ScatterError, type ScatterOptions } from './scatter';
import { bumpyField } from './testing/fixtures';
import { referenceHeight, referenceTriangles } from './testing/referenceSurface';

function spacingOf(columns: PropColumns, k: number, override?: number): number {
  return override ?? columns.types[columns.typeIndex[k]].defaultSpacing;
}

/** Brute force: no two props closer than the larger of their spacings. */
function expectSpacingHolds(columns: PropColumns, override?: number): void {
  let violations = 0;
  for (let a = 0; a < columns.count; a++) {
    for (let b = a + 1; b < columns.count; b++) {
      const need = Math.max(spacingOf(columns, a, override), spacingOf(columns, b, override));
      if (Math.hypot(columns.x[a] - columns.x[b], columns.z[a] - columns.z[b]) < need) violations++;
    }
  }
  expect(violations).toBe(0);
}

function expectOnMap(field: Heightfield, columns: PropColumns): void {
  const hx = ((field.width - 1) / 2) * field.cellSize;
  const hz = ((field.depth - 1) / 2) * field.cellSize;
  for (let k = 0; k < columns.count; k++) {
    expect(Math.abs(columns.x[k])).toBeLessThanOrEqual(hx);
    expect(Math.abs(columns.z[k])).toBeLessThanOrEqual(hz);
  }
}

describe('scatterProps', () => {
  const hills = bumpyField(61, 45, 1.5, 3, 4);

  it('places the requested count with per-type spacing that holds pairwise', () => {
    const result = scatterProps(hills, { seed: 1, count: 250, types: ['conifer', 'rock', 'bush'] });
    expect(result.props.count).toBe(250);
    expectOnMap(hills, result.props);
    expectSpacingHolds(result.props);
  });

  it('keeps every prop inside the slope range, judged on the triangle under it', () => {
    const slopeDeg = { min: 20, max: 45 };
    const result = scatterProps(hills, { seed: 2, count: 300, types: ['rock'], slopeDeg, spacing: 0 });
    expect(result.props.count).toBe(300);
    for (let k = 0; k < result.props.count; k++) {
      const slopes = referenceTriangles(hills, result.props.x[k], result.props.z[k]).map((t) => (Math.acos(t.normal[1]) * 180) / Math.PI);
      expect(slopes.some((s) => s >= slopeDeg.min - 1e-9 && s <= slopeDeg.max + 1e-9)).toBe(true);
    }
  });

  it('keeps every prop inside the height range', () => {
    const height = { min: -1, max: 1.5 };
    const result = scatterProps(hills, { seed: 3, count: 300, types: ['bush'], height });
    expect(result.props.count).toBeGreaterThan(0);
    for (let k = 0; k < result.props.count; k++) {
      const h = referenceHeight(hills, result.props.x[k], result.props.z[k]);
      expect(h).toBeGreaterThanOrEqual(height.min - 1e-9);
      expect(h).toBeLessThanOrEqual(height.max + 1e-9);
    }
  });

  it('stays inside a brush circle, also where the circle leaves the map', () => {
    for (const circle of [
      { x: 5, z: -3, radius: 12 },
      { x: 44, z: 30, radius: 15 },
    ]) {
      const result = scatterProps(hills, { seed: 4, count: 40, types: ['rock'], area: { kind: 'circle', ...circle } });
      expect(result.props.count).toBe(40);
      expectOnMap(hills, result.props);
      expectSpacingHolds(result.props);
      for (let k = 0; k < result.props.count; k++) {
        expect(Math.hypot(result.props.x[k] - circle.x, result.props.z[k] - circle.z)).toBeLessThanOrEqual(circle.radius);
      }
    }
  });

  it('keeps its spacing from props already on the map', () => {
    const first = scatterProps(hills, { seed: 5, count: 60, types: ['broadleaf'], area: { kind: 'circle', x: 0, z: 0, radius: 25 } });
    const existing = propsFromColumns(first.props, (k) => `old${k}`);
    const second = scatterProps(hills, { seed: 6, count: 60, types: ['broadleaf', 'rock'], existing, area: { kind: 'circle', x: 10, z: 0, radius: 25 } });
    for (let k = 0; k < second.props.count; k++) {
      const own = spacingOf(second.props, k);
      for (const old of existing) {
        const need = Math.max(own, getPropType(old.type).defaultSpacing);
        expect(Math.hypot(second.props.x[k] - old.x, second.props.z[k] - old.z)).toBeGreaterThanOrEqual(need);
      }
    }
  });

  it('is reproducible from the seed, and another seed gives another layout', () => {
    const options: ScatterOptions = {
      seed: 77,
      count: 200,
      types: [{ type: 'conifer', weight: 2 }, 'rock'],
      slopeDeg: { min: 0, max: 40 },
      scale: { min: 0.8, max: 1.2 },
    };
    const a = scatterProps(hills, options);
    const b = scatterProps(hills, options);
    expect(b).toEqual(a);
    const c = scatterProps(hills, { ...options, seed: 78 });
    expect(Array.from(c.props.x)).not.toEqual(Array.from(a.props.x));
  });

  it('draws types by weight, or cycles through them round-robin', () => {
    const flat = createHeightfield(201, 201, 1);
    const weighted = scatterProps(flat, {
      seed: 8,
      count: 4000,
      spacing: 0,
      types: [
        { type: 'rock', weight: 3 },
        { type: 'bush', weight: 1 },
      ],
    });
    const rocks = weighted.props.typeIndex.filter((t) => weighted.props.types[t].id === 'rock').length;
    expect(rocks / 4000).toBeGreaterThan(0.72);
    expect(rocks / 4000).toBeLessThan(0.78);
    const cycled = scatterProps(flat, { seed: 8, count: 9, spacing: 0, types: ['rock', 'bush', 'house'], pick: 'round-robin' });
    expect(Array.from(cycled.props.typeIndex, (t) => cycled.props.types[t].id)).toEqual([
      'rock',
      'bush',
      'house',
      'rock',
      'bush',
      'house',
      'rock',
      'bush',
      'house',
    ]);
  });

  it('turns a density per hectare into a count for the area', () => {
    const flat = createHeightfield(101, 51, 2); // 200 m × 100 m = 2 ha
    expect(scatterProps(flat, { seed: 9, densityPerHectare: 50, types: ['rock'], spacing: 0 }).props.count).toBe(100);
    // A 30 m brush fully inside: π·900 m² ≈ 0.2827 ha.
    const inBrush = scatterProps(flat, { seed: 9, densityPerHectare: 100, types: ['rock'], spacing: 0, area: { kind: 'circle', x: 0, z: 0, radius: 30 } });
    expect(inBrush.props.count).toBe(Math.round((100 * Math.PI * 900) / 10_000));
  });

  it('gives up after its attempt budget when the rules leave no room', () => {
    const impossible = scatterProps(hills, { seed: 10, count: 50, types: ['rock'], height: { min: 1000, max: 2000 }, maxAttemptsPerProp: 20 });
    expect(impossible.props.count).toBe(0);
    expect(impossible.attempts).toBe(50 * 20);
    const crowded = scatterProps(createHeightfield(11, 11, 1), { seed: 11, count: 100, types: ['rock'], spacing: 4 });
    expect(crowded.props.count).toBeGreaterThan(0);
    expect(crowded.props.count).toBeLessThan(100);
    expectSpacingHolds(crowded.props, 4);
  });

  it('rejects bad options with errors naming the problem', () => {
    const cases: Array<[Partial<ScatterOptions>, RegExp]> = [
      [{ count: 5, densityPerHectare: 3 }, /exactly one of count and density/],
      [{ count: -1 }, /count must be a whole number/],
      [{ count: 5, types: [] }, /at least one prop type/],
      [{ count: 5, slopeDeg: { min: 50, max: 10 } }, /slope range/],
      [{ count: 5, area: { kind: 'circle', x: 1e6, z: 0, radius: 10 } }, /does not overlap the terrain/],
      [{ count: 5, spacing: -2 }, /spacing must be/],
    ];
    for (const [options, message] of cases) {
      expect(() => scatterProps(hills, { seed: 1, types: ['rock'], ...options })).toThrow(ScatterError);
      expect(() => scatterProps(hills, { seed: 1, types: ['rock'], ...options })).toThrow(message);
    }
    expect(() => scatterProps(hills, { seed: 1, count: 5, types: ['spaceship'] })).toThrow(/unknown prop type "spaceship"/);
  });
});
