import { describe, expect, it } from 'vitest';
import { evaluateWater } from '../hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../hydrology/waterParams';
import { createWaterSurface, waterDepths } from '../hydrology/waterSurface';
import { roughGround } from '../hydrology/testing/surfaces';
import { riverParams } from '../rivers/params';
import { evaluateStack } from './evaluate';
import { stackWater, stackWaterDepth, stackWaterWithout } from './stackWater';
import type { Layer, LayerSize } from './types';

const stackWaterAndHeights = (stack: Layer[], size: LayerSize, input?: Float32Array) => {
  const found = stackWater(stack, size, input ? { input } : {})!;
  return { depth: found.depth, heights: found.heights };
};

const size: LayerSize = { width: 33, depth: 33, cellSize: 1 };
const base = { enabled: true, opacity: 1, name: 'L' };
const at = (i: number, j: number) => j * size.width + i;

describe('stackWater (the one water of a stack: exports, car, road report, scatter)', () => {
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

  it("gives a drawn river each point's own depth and width (issue 31 §2: per point), blended between them", () => {
    // Flat ground at 0 m, so the surface is 0 and the depth is the bed's: a flat bed out to half the width.
    // Points at x = −14 (0.5 m deep), 0 (2 m deep, 10 m wide) and 14 m (the river's 1 m, 6 m wide).
    const river: Layer = {
      ...base,
      id: 'river-1',
      kind: 'river',
      params: riverParams(
        [
          { x: -14, z: 0, depth: 0.5 },
          { x: 0, z: 0, depth: 2, width: 10 },
          { x: 14, z: 0 },
        ],
        { width: 6, depth: 1 },
      ),
    };
    const depth = stackWaterDepth([river], size);
    const d = (x: number, z: number) => depth[at(x + 16, z + 16)];
    expect([d(-14, 0), d(0, 0), d(14, 0)]).toEqual([0.5, 2, 1].map((v) => expect.closeTo(v, 4)));
    for (let x = -14; x < 0; x++) expect(d(x + 1, 0)).toBeGreaterThanOrEqual(d(x, 0));
    for (let x = 0; x < 14; x++) expect(d(x + 1, 0)).toBeLessThanOrEqual(d(x, 0));
    // The bed is flat across half the point's width, the bank shallower past it.
    for (const z of [-5, 5]) expect(d(0, z)).toBeCloseTo(2, 4);
    for (const x of [-14, 14]) {
      for (const z of [-3, 3]) expect(d(x, z)).toBeCloseTo(d(x, 0), 4);
      for (const z of [-4, 4]) expect(d(x, z)).toBeLessThan(d(x, 0) - 0.05);
    }
  });

  it('gives, on a plane tilted along a straight drawn river, the drawn depth at its centre and across its bed; dry one cell past its banks', () => {
    // 1 m cells; the ground falls 0.05 m a metre towards +x; the river runs from x = −40 (source) to
    // x = 40 along z = 0, 6 m wide and 1.5 m deep. Its surface is the running minimum of the ground
    // along it: the ground itself (it only falls), so the bed lies 1.5 m below the ground across the
    // 6 m bed, and the banks climb back to the ground (the water's edge) within the bank's reach.
    const plane: LayerSize = { width: 101, depth: 41, cellSize: 1 };
    const input = new Float32Array(plane.width * plane.depth);
    for (let j = 0; j < plane.depth; j++) for (let i = 0; i < plane.width; i++) input[j * plane.width + i] = 10 - 0.05 * (i - 50);
    const params = riverParams(
      [
        { x: -40, z: 0 },
        { x: 40, z: 0 },
      ],
      { width: 6, depth: 1.5, falloff: 4 },
    );
    const river: Layer = { ...base, id: 'river-1', kind: 'river', params };
    const depth = stackWaterDepth([river], plane, input);
    const v = (i: number, j: number) => j * plane.width + i;
    // The bank: a smoothstep from the bed up to the ground over max(falloff, 1.5 × 1.5 m / tan 30°) =
    // 4 m, so at e metres past the bed's edge the water is 1.5 × (1 − smoothstep(e / 4)) deep.
    const smooth = (t: number) => t * t * (3 - 2 * t);
    for (const i of [30, 50, 70]) {
      // The centre row (z = 0) and the bed out to its edge (|z| ≤ 3 m).
      for (const j of [17, 18, 20, 22, 23]) expect(depth[v(i, j)]).toBeCloseTo(1.5, 4);
      for (const e of [1, 2, 3]) {
        expect(depth[v(i, 20 + 3 + e)]).toBeCloseTo(1.5 * (1 - smooth(e / 4)), 4);
        expect(depth[v(i, 20 - 3 - e)]).toBeCloseTo(1.5 * (1 - smooth(e / 4)), 4);
      }
      // The bank meets the ground 4 m past the bed's edge, and a cell beyond it is dry.
      for (const z of [7, 8]) {
        expect(depth[v(i, 20 + z)]).toBe(0);
        expect(depth[v(i, 20 - z)]).toBe(0);
      }
    }
    // A cell past the banks' run beyond the source and the mouth, dry.
    expect(depth[v(50 - 45, 20)]).toBe(0);
    expect(depth[v(50 + 45, 20)]).toBe(0);
  });

  it('is, for automatic water alone, the bytes read before: the water layer’s depth over its carved ground, its surface less the final heights', () => {
    const grid: LayerSize = { width: 65, depth: 65, cellSize: 4 };
    const ground = roughGround(grid, 7);
    const heights: Layer = { ...base, id: 'ground', kind: 'heights', params: {}, heights: ground };
    const water: Layer = { ...base, id: 'water-1', kind: 'water', params: { ...DEFAULT_WATER_PARAMS, riverArea: 5000, minLakeArea: 0 } };
    const found = stackWater([heights, water], grid)!;
    // The exports wrote the water layer's own evaluation on the heights below it.
    const carved = new Float32Array(ground.length);
    const own = evaluateWater(grid, ground, carved, water.params)!;
    const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    expect(own.kind.some((k) => k !== 0)).toBe(true);
    expect(bytes(found.depth).equals(bytes(own.depth))).toBe(true);
    expect(bytes(found.heights).equals(bytes(carved))).toBe(true);
    expect(
      bytes(found.automatic!.water.area.length ? Float32Array.from(found.automatic!.water.area) : new Float32Array(0)).equals(
        bytes(Float32Array.from(own.area)),
      ),
    ).toBe(true);
    // The car read the highest surface less the final heights; with a road-like layer above
    // (a heights layer raising one corner) that dries what it covers.
    const raised = ground.slice();
    for (let k = 0; k < raised.length; k += 3) raised[k] += 50;
    const above: Layer = { ...base, id: 'above', kind: 'heights', params: {}, heights: raised };
    const surface = createWaterSurface(ground.length);
    const final = evaluateStack([heights, water, above], grid, { water: surface })!;
    expect(bytes(stackWaterDepth([heights, water, above], grid)).equals(bytes(waterDepths(surface, final)))).toBe(true);
    // A layer switched off is left out (the road report's water under a road).
    expect(bytes(stackWaterWithout([heights, water, above], 'above', grid)).equals(bytes(own.depth))).toBe(true);
  });
});
