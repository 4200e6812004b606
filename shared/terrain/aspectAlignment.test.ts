import { describe, expect, it } from 'vitest';
import { createHeightfield } from './heightfield';
import { gridAlignedAspect } from './aspectAlignment';

const sampled = (size: number, cellSize: number, height: (x: number, z: number) => number) => {
  const field = createHeightfield(size, size, cellSize);
  const c = ((size - 1) * cellSize) / 2;
  for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) field.heights[j * size + i] = height(i * cellSize - c, j * cellSize - c);
  return field;
};

describe('the grid-aligned share of steep aspects', () => {
  it('is 8 · 5° / 360° = 11.1 % on a cone, whose steep ground faces every direction alike', () => {
    // Its apex off the lattice: vertices exactly on a line through it along an axis or diagonal
    // would face exactly along the grid, a lattice effect, not the measure's.
    // A disc (flat beyond r = 190 m): the square's corners lie along the diagonals only.
    const cone = sampled(401, 1, (x, z) => -Math.min(190, Math.hypot(x - 0.37, z - 0.21)));
    const { steep, alignedShare } = gridAlignedAspect(cone);
    expect(steep).toBeGreaterThan(100_000);
    // ±0.5 %: the lattice's directions are not quite uniform on a disc of 190 m.
    expect(alignedShare).toBeCloseTo(40 / 360, 2);
  });

  it('is all of it on a pyramid (four faces along the axes) and none on gentle ground', () => {
    const pyramid = sampled(101, 1, (x, z) => -Math.max(Math.abs(x), Math.abs(z)));
    expect(gridAlignedAspect(pyramid).alignedShare).toBe(1);
    const gentle = sampled(101, 1, (x, z) => 0.3 * Math.hypot(x, z));
    expect(gridAlignedAspect(gentle).steep).toBe(0);
  });
});
