import { describe, expect, it } from 'vitest';
import type { HydrologyGrid } from './grid';
import { priorityFlood } from './priorityFlood';
import { drainageSurfaceProblem } from './testing/drainageSurface';
import { relaxationFill, roughGround, sampled } from './testing/surfaces';

/**
 * A 5 × 5 map: the edge at 0 m, a ring at 2 m (one of its vertices, (1, 2), at 2.0001 m) around a
 * pit at 1 m in the centre, whose lake spills at 2 m.
 */
const ringGrid: HydrologyGrid = { width: 5, depth: 5, cellSize: 1 };
const ringHeights = sampled(ringGrid, (x, z) => {
  if (x === 0 || z === 0 || x === 4 || z === 4) return 0;
  if (x === 2 && z === 2) return 1;
  return x === 1 && z === 2 ? 2.0001 : 2;
});
const centre = 2 * 5 + 2;

describe('a valid Priority-Flood+ε drainage surface', () => {
  it('is what the checker accepts on the ring: the lake at its spill height, just above it in drainage', () => {
    const level = Float32Array.from(ringHeights);
    level[centre] = 2;
    const drainage = Float64Array.from(ringHeights);
    drainage[centre] = 2 + 1e-9;
    expect(drainageSurfaceProblem(ringGrid, ringHeights, level, drainage)).toBeNull();
  });

  it('is rejected where a vertex off the edge has no strictly lower neighbour (a flat lake)', () => {
    const level = Float32Array.from(ringHeights);
    level[centre] = 2;
    const drainage = Float64Array.from(level);
    expect(drainageSurfaceProblem(ringGrid, ringHeights, level, drainage)).toMatch(/vertex \(2, 2\) off the edge has no strictly lower neighbour/);
  });

  it('is rejected where a lake drains over ground above its level (not through its outlet)', () => {
    const level = Float32Array.from(ringHeights);
    level[centre] = 2;
    const drainage = Float64Array.from(ringHeights);
    // Within a millimetre of the lake's level, but above the 2.0001 m vertex, which it would drain to.
    drainage[centre] = 2 + 2e-4;
    expect(drainageSurfaceProblem(ringGrid, ringHeights, level, drainage)).toMatch(/vertex \(2, 2\) drains to \(1, 2\)/);
  });

  it('is rejected where the drainage lies below the level or far above it', () => {
    const level = Float32Array.from(ringHeights);
    level[centre] = 2;
    const below = Float64Array.from(ringHeights);
    expect(drainageSurfaceProblem(ringGrid, ringHeights, level, below)).toMatch(/vertex \(2, 2\): drainage 1 is not within/);
    const far = Float64Array.from(ringHeights);
    far[centre] = 2.01;
    expect(drainageSurfaceProblem(ringGrid, ringHeights, level, far)).toMatch(/vertex \(2, 2\): drainage 2.01 is not within/);
  });

  const cases: { name: string; grid: HydrologyGrid; heights: Float32Array }[] = [
    { name: 'the ring', grid: ringGrid, heights: ringHeights },
    ...[3, 17, 101].map((seed, n) => {
      const grid = { width: [97, 64, 130][n], depth: [83, 129, 41][n], cellSize: [1, 2.5, 0.75][n] };
      return { name: `rough ground, seed ${seed}`, grid, heights: roughGround(grid, seed) };
    }),
    {
      name: 'terraced flats at 0 m',
      grid: { width: 60, depth: 45, cellSize: 1 },
      heights: sampled({ width: 60, depth: 45, cellSize: 1 }, (x, z) => Math.max(0, Math.round(Math.sin(x / 7) * Math.cos(z / 5) * 3))),
    },
    { name: 'a thin grid', grid: { width: 2, depth: 9, cellSize: 1 }, heights: roughGround({ width: 2, depth: 9, cellSize: 1 }, 5) },
  ];
  for (const { name, grid, heights } of cases) {
    it(`is what the flood gives on ${name}, over the levels an independent filler finds`, () => {
      const { level, drainage } = priorityFlood(grid, heights);
      expect(level).toEqual(relaxationFill(grid, heights));
      expect(drainageSurfaceProblem(grid, heights, level, drainage)).toBeNull();
    });
  }
});
