import { describe, expect, it } from 'vitest';
import { ALL, unionRegions, type DirtyRegion } from './region';

describe('unionRegions', () => {
  const a: DirtyRegion = { kind: 'rect', i0: 2, j0: 5, i1: 4, j1: 9 };
  const b: DirtyRegion = { kind: 'rect', i0: 3, j0: 1, i1: 10, j1: 6 };

  it('starts from the second region when there is none yet', () => {
    expect(unionRegions(null, a)).toEqual(a);
  });
  it('covers both rectangles', () => {
    expect(unionRegions(a, b)).toEqual({ kind: 'rect', i0: 2, j0: 1, i1: 10, j1: 9 });
  });
  it('is the whole map when either side is', () => {
    expect(unionRegions(a, ALL)).toEqual(ALL);
    expect(unionRegions(ALL, b)).toEqual(ALL);
  });
});
