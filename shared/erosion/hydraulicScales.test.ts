import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { runFaultFormation } from '../fault/fastFormation';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { readStep } from '../recipe/replay';
import { applyStep, hydraulicStep } from '../recipe/steps';
import { COARSE_FACTOR, coarseDroplets, hydraulicErosionScales } from './hydraulicScales';
import { hydraulicErosionTiled } from './hydraulicTiled';

function faultField(size: number): Heightfield {
  const field = createHeightfield(size, size, 2);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 11, iterations: 300 });
  return field;
}

/** Standard deviation of the height change after a box average `box` vertices wide: its energy at that scale and above. */
function broadChange(before: Float32Array, after: Float32Array, size: number, box: number): number {
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let j = 0; j + box <= size; j += box) {
    for (let i = 0; i + box <= size; i += box) {
      let mean = 0;
      for (let y = j; y < j + box; y++) for (let x = i; x < i + box; x++) mean += after[y * size + x] - before[y * size + x];
      mean /= box * box;
      sum += mean;
      squares += mean * mean;
      n++;
    }
  }
  return Math.sqrt(squares / n - (sum / n) ** 2);
}

describe('hydraulic erosion version 3 (two scales)', () => {
  const step = hydraulicStep({ version: 3, droplets: 60_000, seed: 4, erosionRate: 0.3 });

  it('is recorded and read back as version 3, and applyStep runs the two scales', () => {
    expect(readStep(JSON.parse(JSON.stringify(step)) as JsonObject)).toEqual(step);
    const viaStep = faultField(193);
    applyStep(viaStep, step, null);
    const direct = faultField(193);
    hydraulicErosionScales(direct, step);
    expect(viaStep.heights).toEqual(direct.heights);
    const v2 = faultField(193);
    hydraulicErosionTiled(v2, { ...step, version: 2 });
    expect(v2.heights).not.toEqual(direct.heights);
    expect(coarseDroplets(step.droplets)).toBe(Math.round(step.droplets / (COARSE_FACTOR * COARSE_FACTOR)));
  });

  it('carves at a broader scale than version 2 (valleys, not only rills), with masks that add up and no height below the floor', () => {
    const size = 257;
    const original = faultField(size).heights;
    const floor = Math.min(...original);
    const run = (version: 2 | 3) => {
      const field = faultField(size);
      const masks = { flow: new Float32Array(size * size), deposition: new Float32Array(size * size) };
      expect(applyStep(field, { ...step, version }, null, { masks })).toBe(true);
      return { field, masks };
    };
    const v2 = run(2);
    const v3 = run(3);
    // The change seen over 16 × 16 vertices (32 m): version 3 moves far more ground at that scale.
    expect(broadChange(original, v3.field.heights, size, 16)).toBeGreaterThan(2 * broadChange(original, v2.field.heights, size, 16));
    expect(Math.min(...v3.field.heights)).toBeGreaterThanOrEqual(floor);
    // Deposition is the height change (up to float32 rounding); flow is the water that passed.
    let worst = 0;
    for (let k = 0; k < original.length; k++) worst = Math.max(worst, Math.abs(v3.field.heights[k] - original[k] - v3.masks.deposition[k]));
    expect(worst).toBeLessThan(1e-3);
    expect(v3.masks.flow.every((f) => f >= 0)).toBe(true);
    expect(v3.masks.deposition.some((d) => d > 0.5)).toBe(true);
  });

  it('leaves maps too small for a coarse grid to version 2', () => {
    const small = createHeightfield(6, 6, 1);
    small.heights.forEach((_, k) => (small.heights[k] = k % 6));
    const a = createHeightfield(6, 6, 1, small.heights.slice());
    hydraulicErosionScales(a, { ...step, droplets: 200 });
    const b = createHeightfield(6, 6, 1, small.heights.slice());
    hydraulicErosionTiled(b, { ...step, droplets: 200, version: 2 });
    expect(a.heights).toEqual(b.heights);
  });
});
