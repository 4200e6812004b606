import { describe, expect, it } from 'vitest';
import { spacedHandles } from './handleSpacing';

describe('spacedHandles', () => {
  it('draws every handle when they are far enough apart on screen', () => {
    expect(spacedHandles([0, 0, 20, 0, 40, 0, 60, 0], 15, null)).toEqual([0, 1, 2, 3]);
  });

  it('thins a dense string to one handle per minPx, keeping the ends and the selected point', () => {
    // 101 points 3 px apart along a line: one every 15 px is every fifth.
    const screen = Array.from({ length: 202 }, (_, k) => (k % 2 === 0 ? (k / 2) * 3 : 0));
    const shown = spacedHandles(screen, 15, 42);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(100);
    expect(shown).toContain(42);
    for (let k = 1; k < shown.length; k++) {
      const gap = (shown[k] - shown[k - 1]) * 3;
      // Spaced by at least 15 px except where the selected point or the last one is forced in.
      if (shown[k] !== 42 && shown[k] !== 100) expect(gap).toBeGreaterThanOrEqual(15);
    }
    expect(shown.length).toBeLessThanOrEqual(Math.ceil(300 / 15) + 3);
  });

  it('a point behind the camera (NaN) is not drawn and does not hide the next one', () => {
    expect(spacedHandles([0, 0, Number.NaN, Number.NaN, 1, 0, 30, 0], 15, null)).toEqual([0, 2, 3]);
  });
});
