import { describe, expect, it } from 'vitest';
import { EXACT_VERTICES_FROM, smoothMagnification, visibleSpan } from './mapMagnification';
import { MAX_MAP_SCALE } from './mapTransform';

describe('magnified 2D map', () => {
  it('is interpolated through the working zoom range, exact squares only in its last octave', () => {
    // Issue 34: the fitted map at 4 screen pixels a vertex and beyond had shown hard squares.
    for (const pixels of [0.25, 1, 4, 8, 16, 31.9]) expect(smoothMagnification(pixels)).toBe(true);
    for (const pixels of [32, 48, 64]) expect(smoothMagnification(pixels)).toBe(false);
    expect(EXACT_VERTICES_FROM).toBe(MAX_MAP_SCALE / 2);
  });

  it('the span in view is the columns any screen pixel reads, one more each side, within the map', () => {
    // 10 px a column, the image's left edge 25 px left of the view, 100 px wide: columns 2.5 … 12.5 show.
    expect(visibleSpan(-25, 10, 100, 1000)).toEqual({ start: 1, end: 14 });
    expect(visibleSpan(30, 10, 100, 1000)).toEqual({ start: 0, end: 8 });
    expect(visibleSpan(-25, 10, 100, 12)).toEqual({ start: 1, end: 12 });
    expect(visibleSpan(200, 10, 100, 50)).toEqual({ start: 0, end: 0 });
  });
});
