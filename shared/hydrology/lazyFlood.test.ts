import { describe, expect, it } from 'vitest';
import { syntheticTerrain } from '../lod/testing/syntheticTerrain';
import { fillDepressions, isFloodVersion, LATEST_FLOOD_VERSION } from './floodVersions';
import type { HydrologyGrid } from './grid';
import { lazyPriorityFlood } from './lazyFlood';
import { priorityFlood } from './priorityFlood';
import { drainageSurfaceProblem } from './testing/drainageSurface';
import { FLOOD_CASES, type FloodCase } from './testing/floodCases';
import { relaxationFill, sampled } from './testing/surfaces';

const bytes = (a: Float32Array | Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
/** The values with −0 as 0: both floods raise a flat at −0 to +0 (its ε steps start at 2⁻¹⁰⁰⁰), the relaxation keeps −0. */
const values = (a: Float32Array) => Array.from(a, (x) => x + 0);

const hills = syntheticTerrain(257, 1);
const cases: readonly FloodCase[] = [
  ...FLOOD_CASES,
  // The benches' hills (rough, with many closed basins), small.
  { name: 'the synthetic hills (257 × 257)', grid: hills, heights: hills.heights },
  // Every vertex at one height: one flat, the whole edge its outlet.
  { name: 'a flat at 3 m (33 × 20)', grid: { width: 33, depth: 20, cellSize: 1 }, heights: new Float32Array(33 * 20).fill(3) },
  // Nested lakes: terraces stepping down to a pit, each ring a flat draining through a notch.
  {
    name: 'a stepped bowl with a notch (41 × 41)',
    grid: { width: 41, depth: 41, cellSize: 2 },
    heights: sampled({ width: 41, depth: 41, cellSize: 2 }, (x, z) => {
      const r = Math.hypot(x / 2 - 20, z / 2 - 20);
      return x / 2 === 20 && z / 2 < 4 ? 1 : Math.abs(Math.round(r / 4) - 3) + 1;
    }),
  },
];

/**
 * The flood of layers made since `floodVersion` 2 (lazyFlood.ts) visits vertices in another order than
 * priorityFlood.ts. The spill levels are unique, so they must be the same bit for bit, and those of an
 * independent filler (Planchon & Darboux's relaxation); the ε drainage is held to the definition of a
 * valid Priority-Flood+ε surface (testing/drainageSurface.ts), not to priorityFlood's bytes.
 */
describe('the lazy flood', () => {
  for (const { name, grid, heights } of cases) {
    it(`gives ${name} priorityFlood's levels bit for bit, and an independent filler's`, () => {
      const { level } = lazyPriorityFlood(grid, heights);
      expect(bytes(level)).toEqual(bytes(priorityFlood(grid, heights).level));
      expect(values(level)).toEqual(values(relaxationFill(grid, heights)));
    });

    it(`drains ${name} on a valid ε surface: every vertex to the edge, never over higher water, flats resolved`, () => {
      const { level, drainage } = lazyPriorityFlood(grid, heights);
      expect(drainageSurfaceProblem(grid, heights, level, drainage)).toBeNull();
    });

    it(`floods ${name} to the same bytes every time`, () => {
      const first = lazyPriorityFlood(grid, heights);
      const second = lazyPriorityFlood(grid, Float32Array.from(heights));
      expect(bytes(second.level)).toEqual(bytes(first.level));
      expect(bytes(second.drainage)).toEqual(bytes(first.drainage));
    });
  }

  it('drains a lake through one of its two outlets at one height, and every vertex of it downhill to there', () => {
    // 9 × 5, the edge at 0 m, a ring at 3 m around a lake bed at 1 m, two notches at exactly 2 m
    // ((2, 1) and (6, 3)): the lake stands at 2 m and leaves through one of them.
    const grid: HydrologyGrid = { width: 9, depth: 5, cellSize: 1 };
    const heights = sampled(grid, (x, z) => {
      if (x === 0 || z === 0 || x === 8 || z === 4) return 0;
      if ((x === 2 && z === 1) || (x === 6 && z === 3)) return 2;
      return z === 2 && x >= 2 && x <= 6 ? 1 : 3;
    });
    const { level, drainage } = lazyPriorityFlood(grid, heights);
    for (let x = 2; x <= 6; x++) expect(level[2 * 9 + x]).toBe(2);
    expect(drainageSurfaceProblem(grid, heights, level, drainage)).toBeNull();
    // Following the steepest fall from the lake's middle reaches the edge through a notch.
    let v = 2 * 9 + 4;
    const path = [v];
    while (v % 9 !== 0 && v % 9 !== 8 && v >= 9 && v < 36) {
      let lowest = v;
      for (const n of [v - 10, v - 9, v - 8, v - 1, v + 1, v + 8, v + 9, v + 10]) if (drainage[n] < drainage[lowest]) lowest = n;
      v = lowest;
      path.push(v);
    }
    expect(path.some((p) => p === 1 * 9 + 2 || p === 3 * 9 + 6)).toBe(true);
  });

  it('refuses what priorityFlood refuses, with the same message', () => {
    const grid: HydrologyGrid = { width: 4, depth: 3, cellSize: 1 };
    for (const bad of [NaN, Infinity, -Infinity]) {
      const heights = new Float32Array(12).fill(1);
      heights[7] = bad;
      expect(() => lazyPriorityFlood(grid, heights)).toThrow(`height 7 is ${bad}: the flood needs finite heights`);
      expect(() => priorityFlood(grid, heights)).toThrow(`height 7 is ${bad}: the flood needs finite heights`);
    }
    expect(() => lazyPriorityFlood(grid, new Float32Array(11))).toThrow(/expected 12 heights/);
    expect(() => lazyPriorityFlood({ width: 1, depth: 3, cellSize: 1 }, new Float32Array(3))).toThrow(/at least 2 × 2/);
  });
});

describe('flood versions', () => {
  it('are 1 (priorityFlood, layers saved without one) and 2 (the lazy flood, new layers)', () => {
    const { grid, heights } = cases[0];
    expect(bytes(fillDepressions(grid, heights).drainage)).toEqual(bytes(priorityFlood(grid, heights).drainage));
    expect(bytes(fillDepressions(grid, heights, 1).drainage)).toEqual(bytes(priorityFlood(grid, heights).drainage));
    expect(bytes(fillDepressions(grid, heights, 2).drainage)).toEqual(bytes(lazyPriorityFlood(grid, heights).drainage));
    expect(LATEST_FLOOD_VERSION).toBe(2);
    expect([1, 2, 3, 0, '2', null, undefined].map(isFloodVersion)).toEqual([true, true, false, false, false, false, false]);
  });
});
