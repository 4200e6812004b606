import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { coverBytes, erosionCoverBytes, normalisedByMax } from './cover';
import { hydraulicErosion, type ErosionMasks } from './hydraulic';
import { DEFAULT_HYDRAULIC } from './params';

describe('erosion results as bytes (coverBytes)', () => {
  it('divides by the largest value, reads negative values as 0 and rounds to the nearest 255th', () => {
    const values = Float32Array.from([0, 10, 5, -3, 2.5, 0.01, 1.98, 1.97]);
    // 5/10 → 127.5 rounds up; 0.01/10 → 0.255 rounds to 0; 1.98/10 → 50.49 → 50; 1.97/10 → 50.235 → 50.
    expect(Array.from(coverBytes(values))).toEqual([0, 255, 128, 0, 64, 0, 50, 50]);
  });

  it('is normalisedByMax quantised: every byte within half a step of the float value', () => {
    const values = new Float32Array(1000);
    for (let k = 0; k < values.length; k++) values[k] = Math.sin(k * 0.37) * 40 + ((k * 7919) % 13);
    const floats = normalisedByMax(values);
    const bytes = coverBytes(values);
    expect(bytes.length).toBe(values.length);
    for (let k = 0; k < values.length; k++) expect(Math.abs(bytes[k] / 255 - floats[k])).toBeLessThanOrEqual(0.5 / 255 + 1e-7);
    expect(Math.max(...bytes)).toBe(255);
  });

  it('is all zero when nothing is positive (no water ran, or only carving)', () => {
    expect(Array.from(coverBytes(Float32Array.from([0, -1, -0.5])))).toEqual([0, 0, 0]);
    expect(coverBytes(new Float32Array(0)).length).toBe(0);
  });

  it("a hydraulic run's masks become one byte per vertex each, 255 where the most water ran and the most sediment settled", () => {
    const field = createHeightfield(33, 33, 1);
    // A bowl: sediment settles.
    for (let j = 0; j < 33; j++) for (let i = 0; i < 33; i++) field.heights[j * 33 + i] = Math.hypot(i - 16, j - 16) + Math.sin(i * 0.7) * 0.5;
    const masks: ErosionMasks = { flow: new Float32Array(33 * 33), deposition: new Float32Array(33 * 33) };
    expect(hydraulicErosion(field, { ...DEFAULT_HYDRAULIC, droplets: 400, seed: 4 }, { masks })).toBe(true);
    const bytes = erosionCoverBytes(masks);
    expect(bytes.flow).toBeInstanceOf(Uint8Array);
    expect(bytes.deposition).toBeInstanceOf(Uint8Array);
    expect(bytes.flow.length).toBe(33 * 33);
    const argmax = (values: Float32Array) => values.indexOf(Math.max(...values));
    expect(bytes.flow[argmax(masks.flow)]).toBe(255);
    expect(Math.max(...masks.deposition)).toBeGreaterThan(0);
    expect(bytes.deposition[argmax(masks.deposition)]).toBe(255);
    // Carved ground (deposition < 0) has no sediment.
    expect(masks.deposition.some((v) => v < 0)).toBe(true);
    masks.deposition.forEach((v, k) => {
      if (v < 0) expect(bytes.deposition[k]).toBe(0);
    });
    expect(Array.from(bytes.flow)).toEqual(Array.from(coverBytes(masks.flow)));
  });
});
