import { describe, expect, it } from 'vitest';
import { WATER_RIVER } from '../hydrology/water';
import { DEFAULT_WATER_PARAMS, type WaterParams } from '../hydrology/waterParams';
import { createWaterSurface } from '../hydrology/waterSurface';
import { evaluateStack } from './evaluate';
import { stackWater, stackWaterDepth } from './stackWater';
import type { LayerMask, LayerSize, WaterLayer } from './types';

/**
 * A water layer's weight (opacity × mask) decides where its water is (`weightedWater`): kept at a vertex
 * only where the weight is at least ½; without the key the water is added whole, as before it existed.
 */
const pitSize: LayerSize = { width: 33, depth: 33, cellSize: 1 };
const at = (i: number, j: number) => j * pitSize.width + i;

/** Ground at 10 m with a 5×5 pit 2 m deep: its lake (spill height 10 m) is 2 m deep over the pit. */
function pit(): Float32Array {
  const input = new Float32Array(pitSize.width * pitSize.depth).fill(10);
  for (let j = 14; j <= 18; j++) for (let i = 14; i <= 18; i++) input[at(i, j)] = 8;
  return input;
}

const waterLayer = (params: WaterParams, opacity: number, mask?: LayerMask): WaterLayer => ({
  id: 'water-1',
  name: 'W',
  kind: 'water',
  enabled: true,
  opacity,
  ...(mask && { mask }),
  params,
});

const lakeParams: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 1e12, minLakeArea: 0 };
const { weightedWater: _new, ...oldLakeParams } = lakeParams;
/** A height mask that keeps the ground from 9 m up: the pit's floor (8 m) is out of it, its rim (10 m) in. */
const abovePit: LayerMask = { kind: 'height', min: 9, max: 1000, softness: 0 };

const pitDepth = (layer: WaterLayer) => stackWaterDepth([layer], pitSize, pit());
const wetCount = (depth: Float32Array) => depth.reduce((n, d) => n + (d > 0 ? 1 : 0), 0);

describe('a water layer’s weight decides where its water is (weightedWater)', () => {
  it('is written by new water layers', () => {
    expect(DEFAULT_WATER_PARAMS.weightedWater).toBe(true);
  });

  it('holds the pit’s 2 m lake at opacity 1 and at ½, none under ½ or masked out of the pit', () => {
    const full = pitDepth(waterLayer(lakeParams, 1));
    expect(full[at(16, 16)]).toBeCloseTo(2, 5);
    expect(wetCount(full)).toBe(25);
    // ½ is kept (the rule: weight ≥ ½): the same lake, the same bytes.
    expect(Array.from(pitDepth(waterLayer(lakeParams, 0.5)))).toEqual(Array.from(full));
    expect(wetCount(pitDepth(waterLayer(lakeParams, 0.49)))).toBe(0);
    expect(wetCount(pitDepth(waterLayer(lakeParams, 0)))).toBe(0);
    expect(wetCount(pitDepth(waterLayer(lakeParams, 1, abovePit)))).toBe(0);
    // A mask that keeps the pit keeps the lake.
    expect(Array.from(pitDepth(waterLayer(lakeParams, 1, { kind: 'height', min: -100, max: 9, softness: 0 })))).toEqual(Array.from(full));
  });

  it('without the key floods the pit whatever the weight (the water of layers saved before it), with the same heights', () => {
    const full = pitDepth(waterLayer(lakeParams, 1));
    for (const [opacity, mask] of [
      [0, undefined],
      [0.49, undefined],
      [1, abovePit],
    ] as const) {
      expect(Array.from(pitDepth(waterLayer(oldLakeParams, opacity, mask)))).toEqual(Array.from(full));
      const weighted = stackWater([waterLayer(lakeParams, opacity, mask)], pitSize, { input: pit() })!;
      const old = stackWater([waterLayer(oldLakeParams, opacity, mask)], pitSize, { input: pit() })!;
      expect(weighted.heights).toEqual(old.heights);
    }
  });

  describe('a river', () => {
    // A V valley down +x (walls of slope 0.2, its floor falling 1 %), rivers from 2,000 m²: one runs down the floor.
    const size: LayerSize = { width: 97, depth: 41, cellSize: 2 };
    const input = new Float32Array(size.width * size.depth);
    for (let j = 0; j < size.depth; j++)
      for (let i = 0; i < size.width; i++) input[j * size.width + i] = 20 - 0.01 * i * size.cellSize + 0.2 * Math.abs(j - 20) * size.cellSize;
    const riverParams: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 2000 };
    const { weightedWater: _key, ...oldRiverParams } = riverParams;
    // The floor below 19 m (its lower half, x past 100 m from the map's edge) is kept; above, masked out.
    const lowerHalf: LayerMask = { kind: 'height', min: -100, max: 19, softness: 0 };
    const found = (params: WaterParams, mask?: LayerMask) => stackWater([waterLayer(params, 1, mask)], size, { input })!;

    it('has water only where the mask keeps the layer, there the unmasked surface; the heights are the mask’s either way', () => {
      const whole = found(riverParams);
      const masked = found(riverParams, lowerHalf);
      const old = found(oldRiverParams, lowerHalf);
      let wetAbove = 0;
      let wetBelow = 0;
      for (let v = 0; v < input.length; v++) {
        const kept = input[v] <= 19;
        if (whole.depth[v] > 0 && kept) wetBelow++;
        if (whole.depth[v] > 0 && !kept) wetAbove++;
        if (kept) {
          // Where the weight is 1 the water is the unmasked layer's.
          expect(Object.is(masked.surface.surface[v], whole.surface.surface[v])).toBe(true);
          expect(masked.surface.kind[v]).toBe(whole.surface.kind[v]);
        } else {
          expect(masked.depth[v]).toBe(0);
          expect(masked.surface.kind[v]).toBe(0);
          expect(Number.isNaN(masked.surface.surface[v])).toBe(true);
        }
      }
      // The river runs through both halves, so the masked-out half had water before.
      expect(wetAbove).toBeGreaterThan(20);
      expect(wetBelow).toBeGreaterThan(20);
      expect(masked.surface.kind.some((k) => k === WATER_RIVER)).toBe(true);
      // Without the key the river's surface is added whole under the mask, as before; the heights are the same.
      expect(Array.from(old.surface.surface)).toEqual(Array.from(whole.surface.surface));
      expect(old.surface.surface.some((s, v) => !Number.isNaN(s) && input[v] > 19)).toBe(true);
      expect(masked.heights).toEqual(old.heights);
      // The automatic water's own result (the network's centrelines) is the weighted water too.
      expect(masked.automatic!.water.kind.every((k, v) => k === 0 || input[v] <= 19)).toBe(true);
    });

    it('is the water the editor’s evaluation collects for its views (the same weighted water)', () => {
      const stack = [waterLayer(riverParams, 1, lowerHalf)];
      const water = createWaterSurface(input.length);
      const heights = evaluateStack(stack, size, { water }, input)!;
      const masked = found(riverParams, lowerHalf);
      expect(Array.from(water.surface)).toEqual(Array.from(masked.surface.surface));
      expect(Array.from(water.kind)).toEqual(Array.from(masked.surface.kind));
      expect(heights).toEqual(masked.heights);
    });

    it('keeps the surface from rising downstream along the floor', () => {
      const masked = found(riverParams, lowerHalf);
      let last = Infinity;
      for (let i = 0; i < size.width; i++) {
        const s = masked.surface.surface[20 * size.width + i];
        if (Number.isNaN(s)) continue;
        expect(s).toBeLessThanOrEqual(last);
        last = s;
      }
      expect(last).toBeLessThan(Infinity);
    });
  });
});
