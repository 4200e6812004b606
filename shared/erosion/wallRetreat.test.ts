import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import type { Strata } from '../terrain/strata';
import { wallRetreat } from './wallRetreat';

const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);
/** 6 m of soft rock under 2 m of rock 4× as hard, repeating. */
const layered: Strata = {
  beds: [
    { thickness: 6, hardness: 1 },
    { thickness: 2, hardness: 4 },
  ],
  base: 0,
  dipDeg: 0,
  dipAzimuthDeg: 0,
};

describe('wall retreat to the rock’s standing angle', () => {
  it('cuts a pit in a plateau back into a round cone at the angle: the contour’s radius is h / tan in every direction', () => {
    const size = 201;
    const field = createHeightfield(size, size, 1);
    field.heights.fill(100);
    field.heights[100 * size + 100] = 0;
    wallRetreat(field, 45, undefined, 0);
    // Closed form: a cone of slope tan 45° = 1 from the pit, so the 50 m contour is a circle of 50 m.
    for (let deg = 0; deg < 360; deg += 7.5) {
      const a = (deg * Math.PI) / 180;
      let r = 0;
      while (r < 99) {
        const x = 100 + r * Math.cos(a);
        const z = 100 + r * Math.sin(a);
        if (field.heights[Math.round(z) * size + Math.round(x)] >= 50) break;
        r += 0.25;
      }
      // The 5 × 5 chamfer is within 2 % of the Euclidean; 1.5 m more for reading the contour on the grid.
      expect(Math.abs(r - 50), `${deg}°`).toBeLessThanOrEqual(0.02 * 50 + 1.5);
    }
  });

  it('steps a cliff by its beds: each bed’s run is its thickness / (√hardness · tan), soft beds lie back, hard ones stand', () => {
    const width = 120;
    const field = createHeightfield(width, 3, 1);
    for (let j = 0; j < 3; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = i < 10 ? 0 : 40;
    wallRetreat(field, 40, layered, 0);
    const row = field.heights.subarray(width, 2 * width);
    // Where the wall reaches each bed top (x of the first vertex at or above it), from the foot at x = 9.
    const reach = (height: number) => row.findIndex((h) => h >= height - 1e-3);
    const soft = 6 / tan(40);
    const hard = 2 / (2 * tan(40));
    let x = 9;
    for (let cycle = 0; cycle < 4; cycle++) {
      const base = 8 * cycle;
      x += soft;
      expect(Math.abs(reach(base + 6) - x), `top of soft bed ${cycle}`).toBeLessThanOrEqual(1);
      x += hard;
      expect(Math.abs(reach(base + 8) - x), `top of hard bed ${cycle}`).toBeLessThanOrEqual(1);
    }
    // The floor at the foot stays, nothing is raised.
    expect(row[5]).toBe(0);
    expect(Math.max(...row)).toBe(40);
  });

  it('with a cliff angle the hard bed stands at it and the soft at the layer’s angle: runs thickness / tan of each', () => {
    // 6 m of soft rock under 4 m 4× as hard, on 0.25 m cells (a 4 m face spans 16 cells, more than FACE_CELLS).
    const column: Strata = { ...layered, beds: [layered.beds[0], { thickness: 4, hardness: 4 }] };
    const cell = 0.25;
    const width = 240;
    const field = createHeightfield(width, 3, cell);
    for (let j = 0; j < 3; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = i < 10 ? 0 : 40;
    wallRetreat(field, 35, column, 0, 70);
    const row = field.heights.subarray(width, 2 * width);
    const reach = (height: number) => row.findIndex((h) => h >= height - 1e-3) * cell;
    // The column's softest bed at 35°, its hardest at 70° (shared/erosion/bedSlopes.ts), not √4 · tan 35° (54.5°).
    const soft = 6 / tan(35);
    const hard = 4 / tan(70);
    let x = 9 * cell;
    for (let cycle = 0; cycle < 4; cycle++) {
      x += soft;
      expect(Math.abs(reach(10 * cycle + 6) - x), `top of soft bed ${cycle}`).toBeLessThanOrEqual(cell);
      x += hard;
      expect(Math.abs(reach(10 * cycle + 10) - x), `top of hard bed ${cycle}`).toBeLessThanOrEqual(cell);
    }
  });

  it('only lowers, and with jointing the wall retreats unevenly within the jointing’s bounds', () => {
    const size = 96;
    const field = createHeightfield(size, size, 2);
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) field.heights[j * size + i] = i < 8 ? 0 : 60;
    const before = Float32Array.from(field.heights);
    wallRetreat(field, 50, layered, 0.5);
    for (let k = 0; k < before.length; k++) expect(field.heights[k]).toBeLessThanOrEqual(before[k]);
    // The 30 m contour's x along each row: between the runs at 1.5× and 0.5× the step.
    const xs: number[] = [];
    for (let j = 0; j < size; j++) xs.push(field.heights.subarray(j * size, (j + 1) * size).findIndex((h) => h >= 30) * 2);
    const run = 3 * (6 / tan(50) + 2 / (2 * tan(50))) + 6 / tan(50);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(14 + 0.5 * run - 2);
      expect(x).toBeLessThanOrEqual(14 + 1.5 * run + 2);
    }
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(4);
  });
});
