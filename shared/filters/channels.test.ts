import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { readStep } from '../recipe/replay';
import { carveChannels } from './channels';

/** A valley tilted towards z = 0: water gathers along x = 32 and runs off the near edge. */
function valley() {
  const field = createHeightfield(65, 65, 2);
  for (let y = 0; y < 65; y++) for (let x = 0; x < 65; x++) field.heights[y * 65 + x] = 100 + 0.5 * y + 0.2 * Math.abs(x - 32) + 0.01 * ((x * 7 + y * 13) % 5);
  return field;
}

describe('channel cutting', () => {
  it('cuts along the drainage, deepest at the outlet, never raises, and keeps walls within their slope', () => {
    const field = valley();
    const before = field.heights.slice();
    carveChannels(field, { depth: 20, threshold: 0.01, wallSlope: 1 });
    const cut = before.map((h, k) => h - field.heights[k]);
    expect(cut.every((c) => c >= -1e-4)).toBe(true);
    expect(Math.max(...cut)).toBeLessThanOrEqual(20 + 1e-3);
    // The trunk: the valley's axis near the outlet is cut deepest, the far uplands not at all.
    expect(cut[0 * 65 + 32]).toBeGreaterThan(15);
    expect(cut[64 * 65 + 2]).toBe(0);
    // Downstream the axis is cut at least as deep (more water), and the head less than the outlet.
    for (let y = 1; y < 64; y++) expect(cut[(y - 1) * 65 + 32]).toBeGreaterThanOrEqual(cut[y * 65 + 32] - 1e-4);
    expect(cut[62 * 65 + 32]).toBeLessThan(cut[0 * 65 + 32]);
    // Walls: neighbouring cuts differ by at most the wall's rise over a cell (2 m).
    for (let y = 0; y < 65; y++) for (let x = 0; x + 1 < 65; x++) expect(Math.abs(cut[y * 65 + x] - cut[y * 65 + x + 1])).toBeLessThanOrEqual(2 + 1e-3);
    expect(() => carveChannels(field, { depth: 0, threshold: 0.01, wallSlope: 1 })).toThrow(/depth/);
    expect(() => carveChannels(field, { depth: 5, threshold: 0.5, wallSlope: 1 })).toThrow(/threshold/);
  });

  it('gives the same bytes each time and is a recorded step that reads back', () => {
    const a = valley();
    const b = valley();
    carveChannels(a, { depth: 20, threshold: 0.01, wallSlope: 1 });
    carveChannels(b, { depth: 20, threshold: 0.01, wallSlope: 1 });
    expect(Buffer.from(a.heights.buffer).equals(Buffer.from(b.heights.buffer))).toBe(true);
    expect(readStep({ kind: 'channels', depth: 20, threshold: 0.01, wallSlope: 1 })).toEqual({ kind: 'channels', depth: 20, threshold: 0.01, wallSlope: 1 });
    expect(readStep({ kind: 'channels', depth: 20, threshold: 0.01 })).toMatch(/wallSlope must be a number/);
  });
});
