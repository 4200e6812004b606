import { describe, expect, it } from 'vitest';
import { DEFAULT_WATER_PARAMS } from '../hydrology/waterParams';
import { riverParams } from '../rivers/params';
import { stackWaterAndHeights, stackWaterDepth } from './stackWaterDepth';
import type { Layer, LayerSize } from './types';

const size: LayerSize = { width: 33, depth: 33, cellSize: 1 };
const base = { enabled: true, opacity: 1, name: 'L' };
const at = (i: number, j: number) => j * size.width + i;

describe('stackWaterDepth', () => {
  it('is 0 everywhere without water layers', () => {
    expect(stackWaterDepth([], size).every((d) => d === 0)).toBe(true);
  });

  it('fills a pit to its rim with a water layer (a lake at its spill height)', () => {
    // Ground at 10 m with a 5×5 pit 2 m deep: the lake's surface is the rim, 10 m, so 2 m of water over the pit.
    const input = new Float32Array(size.width * size.depth).fill(10);
    for (let j = 14; j <= 18; j++) for (let i = 14; i <= 18; i++) input[at(i, j)] = 8;
    const water: Layer = { ...base, id: 'water-1', kind: 'water', params: { ...DEFAULT_WATER_PARAMS, riverArea: 1e12, minLakeArea: 0 } };
    const { depth, heights } = stackWaterAndHeights([water], size, input);
    expect(depth[at(16, 16)]).toBeCloseTo(2, 5);
    expect(depth[at(14, 18)]).toBeCloseTo(2, 5);
    expect(depth[at(5, 5)]).toBe(0);
    expect(depth[at(13, 16)]).toBe(0);
    expect(heights[at(16, 16)]).toBe(8);
    // Disabled, it gives no water.
    expect(stackWaterDepth([{ ...water, enabled: false }], size, input).every((d) => d === 0)).toBe(true);
  });

  it("gives a drawn river's bed depth at its centre on flat ground", () => {
    const river: Layer = {
      ...base,
      id: 'river-1',
      kind: 'river',
      params: riverParams(
        [
          { x: -16, z: 0 },
          { x: 16, z: 0 },
        ],
        { width: 6, depth: 1.5 },
      ),
    };
    const depth = stackWaterDepth([river], size);
    // The surface of a river on flat ground is the ground (0 m); its bed lies `depth` below it.
    expect(depth[at(16, 16)]).toBeCloseTo(1.5, 5);
    expect(depth[at(16, 17)]).toBeCloseTo(1.5, 5);
    expect(depth[at(16, 2)]).toBe(0);
  });
});
