import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../codecs/project';
import { evaluateWater } from '../../hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../../hydrology/waterParams';
import { sampled } from '../../hydrology/testing/surfaces';
import { createHeightfield } from '../../terrain/heightfield';
import { evaluateStack } from '../evaluate';
import { StackEvaluator } from '../incremental';
import { addSculptDeltas } from './sculpt';
import { stackFromJson, stackToJson } from '../json';
import type { Layer, LayerSize, SculptLayer, WaterLayer } from '../types';
import { stackProblem } from '../validate';

const SIZE: LayerSize = { width: 121, depth: 81, cellSize: 4 };
const mid = ((SIZE.depth - 1) * SIZE.cellSize) / 2;
/** A valley down +x with a bowl in it: a river and a lake. */
const ground = sampled(SIZE, (x, z) => {
  const r2 = (x - 200) ** 2 + (z - mid) ** 2;
  return 100 - 0.02 * x + 0.15 * Math.abs(z - mid) - (r2 < 900 ? 4 * (1 - r2 / 900) : 0);
});

const heightsLayer: Layer = { id: 'ground', name: 'Ground', kind: 'heights', enabled: true, opacity: 1, params: {}, heights: ground };
const waterLayer: WaterLayer = {
  id: 'water-1',
  name: 'Water',
  kind: 'water',
  enabled: true,
  opacity: 1,
  params: { ...DEFAULT_WATER_PARAMS, riverArea: 5000, widthScale: 10, depthScale: 5 },
};

describe('the water layer', () => {
  it('gives the carved heights of the water it finds on the layers below; the rest of the land is theirs bit for bit', () => {
    const below = evaluateStack([heightsLayer], SIZE)!;
    const result = evaluateStack([heightsLayer, waterLayer], SIZE)!;
    const expected = new Float32Array(below.length);
    const water = evaluateWater(SIZE, below, expected, waterLayer.params)!;
    expect(result).toEqual(expected);
    let dry = 0;
    let carved = 0;
    for (let v = 0; v < below.length; v++) {
      if (result[v] !== below[v]) carved++;
      if (water.depth[v] === 0 && result[v] === below[v]) dry++;
    }
    expect(carved).toBeGreaterThan(50);
    expect(dry).toBeGreaterThan(below.length / 2);
  });

  it('is saved in the project and replays the same bytes', () => {
    const stack = [heightsLayer, waterLayer];
    const heights = evaluateStack(stack, SIZE)!;
    const bytes = compileProject({
      field: createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, heights.slice()),
      recipe: null,
      history: [],
      props: [],
      view: {},
      layers: stack,
    });
    const read = parseProject(bytes, 'water.faultline');
    expect(read.layerStatus?.problem ?? null).toBeNull();
    expect(read.layers).toEqual(stack);
    expect(evaluateStack(read.layers!, read.field)).toEqual(heights);
    const json = stackToJson(stack);
    const back = stackFromJson(JSON.parse(JSON.stringify(json.json)), json.blobs, SIZE);
    expect(back).toEqual({ ok: true, stack });
  });

  it('names the layer and the parameter when a value is out of range', () => {
    const bad = { ...waterLayer, params: { ...waterLayer.params, minLakeArea: -5 } };
    expect(stackProblem([heightsLayer, bad], SIZE)).toMatch(/^layer 2 "Water" \(water\): minLakeArea must be a number from 0/);
    const json = stackToJson([heightsLayer, { ...waterLayer, params: { ...waterLayer.params, riverArea: 1e13 } }]);
    const read = stackFromJson(JSON.parse(JSON.stringify(json.json)), json.blobs, SIZE);
    expect(read).toEqual({ ok: false, problem: expect.stringMatching(/layer 2 "Water" \(water\): riverArea must be/) as unknown });
  });

  it('re-runs after a sculpt stroke below it with the bytes of an evaluation from scratch', () => {
    const sculpt: SculptLayer = { id: 'sculpt', name: 'Sculpt', kind: 'sculpt', enabled: true, opacity: 1, params: {}, tiles: [] };
    const stack: Layer[] = [heightsLayer, sculpt, waterLayer];
    const evaluator = new StackEvaluator(SIZE);
    evaluator.evaluate(stack);
    const rect = { i0: 40, j0: 30, i1: 60, j1: 50 };
    // A ridge across the valley: it dams the river into a new lake.
    addSculptDeltas(sculpt, SIZE, rect, (i) => (i >= 48 && i <= 50 ? 6 : 0));
    const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : null);
    const before = evaluateStack([heightsLayer, waterLayer], SIZE)!;
    const after = evaluator.evaluateRect(stack, 1, rect);
    expect(bytes(after)).toEqual(bytes(evaluateStack(stack, SIZE)));
    expect(evaluator.stats.wholeLayers).toBeGreaterThan(0);
    expect(bytes(after)).not.toEqual(bytes(before));
  });
});
