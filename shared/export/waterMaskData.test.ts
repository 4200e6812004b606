import { describe, expect, it } from 'vitest';
import { tiltedPit } from '../hydrology/testing/pit';
import { DEFAULT_WATER_PARAMS } from '../hydrology/waterParams';
import type { LayerStack } from '../layers/types';
import { gridFromField } from './grid';
import { availableSources, layerWeights, MaskSources, parseMaskSet } from './masks';
import { usesWaterSources, waterSourcesOf, withWaterData } from './waterMaskData';

const base = { enabled: true, opacity: 1 };

function pitStack(): { stack: LayerStack; pit: ReturnType<typeof tiltedPit> } {
  const pit = tiltedPit();
  const stack: LayerStack = [
    { ...base, id: 'heights-1', name: 'Pit', kind: 'heights', params: {}, heights: pit.heights },
    { ...base, id: 'water-1', name: 'Water 1', kind: 'water', params: { ...DEFAULT_WATER_PARAMS, riverArea: 1e12, minLakeArea: 10 } },
  ];
  return { stack, pit };
}

describe('the water mask sources', () => {
  it('water is the depth of the closed-form pit lake; a "wet" layer covers exactly the pit', () => {
    const { stack, pit } = pitStack();
    const { width, depth, cellSize } = pit.grid;
    expect(waterSourcesOf(stack)).toEqual(['water', 'shore']);
    const data = withWaterData({}, stack, pit.grid);
    expect(availableSources(data)).toContain('water');
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) expect(data.water![j * width + i]).toBeCloseTo(pit.depthAt(i, j), 5);
    const set = parseMaskSet({ layers: [{ name: 'dry' }, { name: 'wet', rules: [{ source: 'water', min: 0.01 }] }] }, availableSources(data));
    expect(usesWaterSources(set)).toBe(true);
    const field = { width, depth, cellSize, heights: pit.heights };
    const [, wet] = layerWeights(set, new MaskSources(gridFromField(field), data), width * depth);
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) expect(wet[j * width + i]).toBe(pit.inPit(i, j) ? 1 : 0);
  });

  it('shore is 1 on the lake and fades to 0 twenty metres from its edge', () => {
    const { stack, pit } = pitStack();
    const { width } = pit.grid;
    const data = withWaterData({}, stack, pit.grid);
    // Along the pit's middle row, right of its last column (i = 35): (i − 35)·2 m from the water.
    for (let i = 30; i < width; i++) expect(data.shore![24 * width + i]).toBeCloseTo(Math.max(0, 1 - (Math.max(0, i - 35) * 2) / 20), 6);
  });

  it('a stack without a water layer has neither source, and a rule asking for one is refused', () => {
    const { stack } = pitStack();
    const dry = stack.slice(0, 1);
    expect(waterSourcesOf(dry)).toEqual([]);
    expect(withWaterData({}, dry, tiltedPit().grid)).toEqual({});
    expect(() => parseMaskSet({ layers: [{ name: 'a' }, { name: 'b', rules: [{ source: 'shore', min: 0.5 }] }] })).toThrow(
      /source shore needs a water layer, which this terrain does not have/,
    );
  });
});
