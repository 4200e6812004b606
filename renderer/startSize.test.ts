import { describe, expect, it } from 'vitest';
import { createDefaultDocument, DEFAULT_TERRAIN_SIZE } from '../app/document/document';
import { startSizeOverride } from './startSize';

describe('start size switch (end-to-end tests only)', () => {
  it('reads the allowed sizes from the page address and ignores anything else', () => {
    expect(startSizeOverride('?startSize=65')).toBe(65);
    expect(startSizeOverride('?lod=exact&startSize=33')).toBe(33);
    expect(startSizeOverride('?startSize=129')).toBe(129);
    for (const search of ['', '?startSize=', '?startSize=64', '?startSize=8193', '?startSize=65.0x', '?startsize=65'])
      expect(startSizeOverride(search)).toBeUndefined();
  });

  it('makes the default preset at that size: same layer stack, same erosion masks, smaller map', () => {
    const small = createDefaultDocument(65);
    const full = createDefaultDocument();
    expect(full.field.width).toBe(DEFAULT_TERRAIN_SIZE);
    expect([small.field.width, small.field.depth, small.field.cellSize]).toEqual([65, 65, full.field.cellSize]);
    expect(small.stack.map((layer) => layer.kind)).toEqual(full.stack.map((layer) => layer.kind));
    expect(small.erosionMasks?.flow.length).toBe(65 * 65);
    // Real terrain, not a flat stand-in.
    expect(Math.max(...small.field.heights) - Math.min(...small.field.heights)).toBeGreaterThan(1);
  });
});
