import { describe, expect, it } from 'vitest';
import { ALL, type DirtyRegion } from '../../../app/document/region';
import { WaterRebuilds } from './waterRebuilds';

const rect = (i0: number, j0: number, i1: number, j1: number): DirtyRegion => ({ kind: 'rect', i0, j0, i1, j1 });

describe('water blocks rebuilt after a change of the heights', () => {
  it('gathers a gesture’s preview steps and rebuilds their union once, at its commit', () => {
    const rebuilds = new WaterRebuilds();
    expect(rebuilds.changed(rect(10, 10, 20, 20), true, true)).toBeNull();
    expect(rebuilds.changed(rect(30, 5, 40, 15), true, true)).toBeNull();
    // The commit's own rectangle joins the dabs'.
    expect(rebuilds.changed(rect(12, 12, 18, 18), false, true)).toEqual(rect(10, 5, 40, 20));
    // Nothing is left over for the next edit.
    expect(rebuilds.changed(rect(100, 100, 101, 101), false, true)).toEqual(rect(100, 100, 101, 101));
  });

  it('rebuilds at once an edit that is not a preview, and a preview under another water', () => {
    const rebuilds = new WaterRebuilds();
    expect(rebuilds.changed(rect(0, 0, 4, 4), false, true)).toEqual(rect(0, 0, 4, 4));
    expect(rebuilds.changed(rect(0, 0, 4, 4), true, true)).toBeNull();
    expect(rebuilds.changed(rect(8, 8, 9, 9), true, false)).toEqual(rect(0, 0, 9, 9));
    expect(rebuilds.changed(ALL, false, true)).toEqual(ALL);
  });

  it('after a cancelled gesture (its last step a preview) rebuilds what it touched with the next change', () => {
    const rebuilds = new WaterRebuilds();
    expect(rebuilds.changed(rect(10, 10, 20, 20), true, true)).toBeNull();
    // Escape: the heights are put back (a preview step of the same rectangle).
    expect(rebuilds.changed(rect(10, 10, 20, 20), true, true)).toBeNull();
    expect(rebuilds.changed(rect(50, 50, 60, 60), false, true)).toEqual(rect(10, 10, 60, 60));
  });
});
