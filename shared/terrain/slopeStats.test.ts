import { describe, expect, it } from 'vitest';
import { createHeightfield } from './heightfield';
import { slopeStats } from './slopeStats';
import { slopeAt } from './surface';

describe('slopeStats', () => {
  it('a plane tilted at 20° has every triangle at 20°', () => {
    const field = createHeightfield(9, 7, 2);
    const rise = Math.tan((20 * Math.PI) / 180);
    for (let j = 0; j < 7; j++) for (let i = 0; i < 9; i++) field.heights[j * 9 + i] = i * 2 * rise;
    const stats = slopeStats(field, 30);
    expect(stats.triangles).toBe(2 * 8 * 6);
    expect(stats.fractionUnder).toBe(1);
    expect(stats.maxDeg).toBeCloseTo(20, 4);
    expect(stats.meanDeg).toBeCloseTo(20, 4);
    expect(slopeStats(field, 19).fractionUnder).toBe(0);
  });

  it('agrees with slopeAt triangle by triangle on a rough map', () => {
    const field = createHeightfield(17, 11, 1.5);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 12.9898) * 4;
    let under = 0;
    let max = 0;
    for (let j = 0; j < 10; j++) {
      for (let i = 0; i < 16; i++) {
        // Points well inside each triangle of cell (i, j); world origin at the map centre.
        for (const [fx, fz] of [
          [0.25, 0.25],
          [0.75, 0.75],
        ]) {
          const slope = (slopeAt(field, (i + fx - 8) * 1.5, (j + fz - 5) * 1.5) * 180) / Math.PI;
          if (slope < 30) under++;
          max = Math.max(max, slope);
        }
      }
    }
    const stats = slopeStats(field, 30);
    expect(stats.fractionUnder).toBeCloseTo(under / stats.triangles, 12);
    expect(stats.maxDeg).toBeCloseTo(max, 9);
  });
});
