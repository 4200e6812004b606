import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { gridFromField } from './grid';
import { coverBytes } from '../erosion/cover';
import {
  availableSources,
  defaultMaskSet,
  layerCoverage,
  layerWeights,
  MaskSetError,
  MaskSources,
  parseMaskSet,
  quantiseWeights,
  ruleWeight,
  streamLayerBytes,
  vertexCurvature,
} from './masks';

function cone(size: number, cellSize: number, sign: 1 | -1) {
  const field = createHeightfield(size, size, cellSize);
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) field.heights[j * size + i] = sign * (100 - 2 * Math.hypot(vertexX(field, i), vertexZ(field, j)));
  return field;
}

describe('mask rules', () => {
  it('weigh a band with soft or hard edges', () => {
    const band = { source: 'height' as const, min: 10, max: 20, softness: 4 };
    expect([6, 8, 10, 15, 20, 22, 24].map((v) => ruleWeight(band, v))).toEqual([0, 0.5, 1, 1, 1, 0.5, 0]);
    expect([9.99, 10, 20, 20.01].map((v) => ruleWeight({ source: 'slope', min: 10, max: 20 }, v))).toEqual([0, 1, 1, 0]);
    expect(ruleWeight({ source: 'curvature' }, -5)).toBe(1);
  });

  it('slope comes from the exact triangles: a plane at 45° is 45° everywhere', () => {
    const field = createHeightfield(5, 5, 2);
    for (let j = 0; j < 5; j++) for (let i = 0; i < 5; i++) field.heights[j * 5 + i] = vertexX(field, i);
    const slopes = new MaskSources(gridFromField(field)).values('slope');
    for (const s of slopes) expect(s).toBeCloseTo(45, 4);
  });

  it('curvature is positive on a peak and negative in a bowl', () => {
    const peak = vertexCurvature(gridFromField(cone(9, 1, 1)));
    const bowl = vertexCurvature(gridFromField(cone(9, 1, -1)));
    expect(peak[4 * 9 + 4]).toBeGreaterThan(0);
    expect(bowl[4 * 9 + 4]).toBeLessThan(0);
    expect(peak[4 * 9 + 4]).toBeCloseTo(-bowl[4 * 9 + 4], 6);
    // A plane has none, borders included.
    const plane = createHeightfield(4, 4, 1);
    plane.heights.set([0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6]);
    expect([...vertexCurvature(gridFromField(plane))].every((c) => c === 0)).toBe(true);
  });

  it('the default snow layer starts at a given snow line (the view’s), else at 80 % of the range', () => {
    const snow = (set: ReturnType<typeof defaultMaskSet>) => set.layers.find((layer) => layer.name === 'snow')!.rules[0];
    expect(snow(defaultMaskSet(0, 36)).min).toBe(28.8);
    expect(snow(defaultMaskSet(0, 36, false, 350)).min).toBe(350);
  });

  it('stack layers so that the weights sum to 1, and bytes to exactly 255', () => {
    const field = cone(17, 1, 1);
    const set = defaultMaskSet(36, 100);
    const sources = new MaskSources(gridFromField(field));
    const weights = layerWeights(set, sources, 17 * 17);
    const bytes = quantiseWeights(weights);
    const layer = (name: string) => set.layers.findIndex((l) => l.name === name);
    for (let k = 0; k < 17 * 17; k++) {
      expect(weights.reduce((sum, w) => sum + w[k], 0)).toBeCloseTo(1, 6);
      expect(bytes.reduce((sum, b) => sum + b[k], 0)).toBe(255);
    }
    // The top of the cone is snow; its steep flanks (slope atan 2 ≈ 63°) below the snow line rock.
    expect(bytes[layer('snow')][8 * 17 + 8]).toBe(255);
    expect(bytes[layer('rock')][8 * 17]).toBe(255);
    // 86 m is within the snow's soft edge, but snow does not hold on a 63° flank (SNOW_SLOPE_RULE: gone by 60°).
    expect(bytes[layer('rock')][8 * 17 + 1]).toBe(255);
  });

  it('use erosion flow when the document has it (synthetic flow along a channel)', () => {
    const field = createHeightfield(8, 8, 1);
    const raw = new Float32Array(64);
    for (let j = 0; j < 8; j++) raw[j * 8 + 3] = 40 + j; // a channel down column 3
    const flow = coverBytes(raw);
    const sources = new MaskSources(gridFromField(field), { flow });
    const set = parseMaskSet({ layers: [{ name: 'dirt' }, { name: 'river', rules: [{ source: 'flow', min: 0.5 }] }] }, availableSources({ flow }));
    const [dirt, river] = quantiseWeights(layerWeights(set, sources, 64));
    for (let k = 0; k < 64; k++) expect(river[k]).toBe(k % 8 === 3 ? 255 : 0);
    expect(dirt[0]).toBe(255);
    expect(layerCoverage(set.layers[1], sources, 64)[3]).toBe(1);
  });

  it("read erosion results as bytes: byte / 255 of the map's largest, the same values from bytes or those bytes as floats", () => {
    const grid = gridFromField(createHeightfield(4, 2, 1));
    const flow = Uint8Array.from([0, 1, 127, 128, 254, 255, 64, 200]);
    const values = new MaskSources(grid, { flow }).values('flow');
    flow.forEach((byte, k) => expect(values[k]).toBe(Math.fround(byte / 255)));
    expect(new MaskSources(grid, { flow: Float32Array.from(flow) }).values('flow')).toEqual(values);
    // A band at 0.5 splits 127 (0.498) from 128 (0.502).
    const set = parseMaskSet({ layers: [{ name: 'dry' }, { name: 'wet', rules: [{ source: 'flow', min: 0.5 }] }] }, ['flow']);
    expect(Array.from(layerCoverage(set.layers[1], new MaskSources(grid, { flow }), 8))).toEqual([0, 0, 0, 1, 1, 1, 0, 1]);
    expect(() => new MaskSources(grid, { deposition: new Uint8Array(7) }).values('deposition')).toThrow(/7 values for 8 vertices/);
  });

  it('refuse bad rule files with the place of the problem', () => {
    const bad = (value: unknown, message: RegExp) => expect(() => parseMaskSet(value)).toThrow(message);
    bad(null, /"layers" list/);
    bad({ layers: [] }, /at least one layer/);
    bad({ layers: [{ name: 'a b' }] }, /layers\[0\]\.name/);
    bad({ layers: [{ name: 'a' }, { name: 'A' }] }, /used twice/);
    bad({ layers: [{ name: 'a', rules: [{ source: 'wind' }] }] }, /layers\[0\]\.rules\[0\]\.source must be one of/);
    bad({ layers: [{ name: 'a', rules: [{ source: 'flow' }] }] }, /needs erosion results/);
    bad({ layers: [{ name: 'a', rules: [{ source: 'slope', min: 5, max: 1 }] }] }, /min ≤ max/);
    bad({ layers: [{ name: 'a', rules: [{ source: 'slope', softness: -1 }] }] }, /softness must be ≥ 0/);
    expect(() => new MaskSources(gridFromField(createHeightfield(2, 2, 1))).values('deposition')).toThrow(MaskSetError);
  });
});

describe('rules files', () => {
  it('refuse a key they do not know, naming it and where it is', () => {
    const ok = { layers: [{ name: 'grass', rules: [{ source: 'height', min: 1, softness: 2 }] }] };
    expect(parseMaskSet(ok).layers[0].rules[0]).toEqual({ source: 'height', min: 1, softness: 2 });
    expect(() => parseMaskSet({ ...ok, colour: 'red' })).toThrow(/unknown key "colour"/);
    expect(() => parseMaskSet({ layers: [{ name: 'grass', rules: [], weight: 2 }] })).toThrow(/layers\[0\] has an unknown key "weight"/);
    expect(() => parseMaskSet({ layers: [{ name: 'grass', rules: [{ source: 'height', min: 1, sofness: 2 }] }] })).toThrow(MaskSetError);
    expect(() => parseMaskSet({ layers: [{ name: 'grass', rules: [{ source: 'height', min: 1, sofness: 2 }] }] })).toThrow(
      /layers\[0\]\.rules\[0\] has an unknown key "sofness"/,
    );
  });
});

describe('weights a block and a layer at a time', () => {
  const field = createHeightfield(70, 150, 1.5);
  for (let j = 0; j < 150; j++) for (let i = 0; i < 70; i++) field.heights[j * 70 + i] = 30 * Math.sin(i / 7) * Math.cos(j / 11) + ((i * 13 + j * 7) % 5) * 0.3;
  const grid = gridFromField(field);

  it('slope, curvature and normals per block of rows are exactly the whole map’s', () => {
    const whole = new MaskSources(grid);
    for (const [j0, j1] of [
      [0, 1],
      [0, 64],
      [64, 128],
      [128, 150],
      [149, 150],
      [37, 38],
    ]) {
      const streamed = new MaskSources(grid);
      for (const source of ['slope', 'curvature'] as const)
        expect([...streamed.blockValues(source, j0, j1)]).toEqual([...whole.values(source).subarray(j0 * 70, j1 * 70)]);
      expect([...streamed.blockNormals(j0, j1)]).toEqual([...whole.vertexNormals().subarray(3 * j0 * 70, 3 * j1 * 70)]);
    }
  });

  it('bytes sum to 255 and are within one of 255 × the stacked float weights', () => {
    const set = defaultMaskSet(-30, 30);
    const floats = layerWeights(set, new MaskSources(grid), 70 * 150);
    const bytes: Uint8Array[] = [];
    const order: number[] = [];
    streamLayerBytes(set, new MaskSources(grid), 70, 150, (l, b) => {
      order.push(l);
      bytes[l] = b.slice(); // the array is reused for the next layer
    });
    const layers = set.layers.length;
    expect(order).toEqual(Array.from({ length: layers }, (_, l) => layers - 1 - l));
    const rockLayer = set.layers.findIndex((l) => l.name === 'rock');
    let rock = 0;
    let worst = 0;
    const sums = new Set<number>();
    for (let k = 0; k < 70 * 150; k++) {
      sums.add(bytes.reduce((sum, b) => sum + b[k], 0));
      for (let l = 0; l < layers; l++) worst = Math.max(worst, Math.abs(bytes[l][k] - 255 * floats[l][k]));
      if (bytes[rockLayer][k] > 0) rock++;
    }
    expect([...sums]).toEqual([255]);
    expect(worst).toBeLessThan(1);
    expect(rock).toBeGreaterThan(0);
  });
});

describe('aspect and cavity sources', () => {
  /** A plane whose downhill direction is the compass bearing `deg` (clockwise from north = −z, east = +x). */
  function facing(deg: number, size = 9) {
    const field = createHeightfield(size, size, 2);
    const rad = (deg * Math.PI) / 180;
    for (let j = 0; j < size; j++)
      for (let i = 0; i < size; i++) field.heights[j * size + i] = -0.5 * (vertexX(field, i) * Math.sin(rad) - vertexZ(field, j) * Math.cos(rad));
    return field;
  }

  function layerBytesOf(field: ReturnType<typeof createHeightfield>, set: ReturnType<typeof parseMaskSet>): Uint8Array[] {
    const out: Uint8Array[] = [];
    streamLayerBytes(set, new MaskSources(gridFromField(field)), field.width, field.depth, (layer, bytes) => (out[layer] = bytes.slice()));
    return out;
  }

  it('aspect is the bearing a plane faces, everywhere on it, borders included', () => {
    for (const deg of [0, 30, 90, 135, 250, 330]) {
      for (const a of new MaskSources(gridFromField(facing(deg))).values('aspect'))
        expect(Math.abs(((a - deg + 540) % 360) - 180), `${deg}`).toBeLessThan(1e-3);
    }
    expect([...new MaskSources(gridFromField(createHeightfield(5, 5, 1))).values('aspect')].every(Number.isNaN)).toBe(true);
  });

  it('an aspect rule covers its arc (wrapping through north when min > max) with 255, and nothing outside it', () => {
    const cases: [number, number, number, boolean][] = [
      [90, 60, 120, true],
      [30, 60, 120, false],
      [250, 200, 300, true],
      [135, 200, 300, false],
      [0, 340, 20, true],
      [10, 340, 20, true],
      [330, 300, 20, true],
      [30, 340, 20, false],
      [250, 340, 20, false],
    ];
    for (const [deg, min, max, inside] of cases) {
      const set = parseMaskSet({ layers: [{ name: 'other' }, { name: 'facing', rules: [{ source: 'aspect', min, max }] }] });
      const [other, face] = layerBytesOf(facing(deg), set);
      expect(
        [...face].every((b) => b === (inside ? 255 : 0)),
        `${deg} in ${min}..${max}`,
      ).toBe(true);
      expect([...other].every((b) => b === (inside ? 0 : 255))).toBe(true);
    }
    // Flat ground faces nowhere.
    const set = parseMaskSet({ layers: [{ name: 'other' }, { name: 'facing', rules: [{ source: 'aspect', min: 0, max: 360 }] }] });
    expect([...layerBytesOf(createHeightfield(5, 5, 1), set)[1]].every((b) => b === 0)).toBe(true);
  });

  it('an aspect rule fades over its softness the shorter way round', () => {
    const rule = { source: 'aspect' as const, min: 80, max: 100, softness: 20 };
    expect([60, 70, 80, 100, 110, 120, 270].map((v) => ruleWeight(rule, v))).toEqual([0, 0.5, 1, 1, 0.5, 0, 0]);
    const north = { source: 'aspect' as const, min: 350, max: 10, softness: 20 };
    expect([0, 355, 10, 20, 340, 30, 180].map((v) => ruleWeight(north, v))).toEqual([1, 1, 1, 0.5, 0.5, 0, 0]);
  });

  it('an aspect rule needs both ends; other sources still refuse min > max', () => {
    expect(() => parseMaskSet({ layers: [{ name: 'a', rules: [{ source: 'aspect', min: 90 }] }] })).toThrow(/needs both min and max/);
    expect(() => parseMaskSet({ layers: [{ name: 'a', rules: [{ source: 'slope', min: 90, max: 10 }] }] })).toThrow(/min ≤ max/);
  });

  it('cavity of a paraboloid is a·c²·(rᵢ(rᵢ+1) + rⱼ(rⱼ+1))/3: a bowl is cavity, a dome is not, a plane has none', () => {
    const size = 17;
    const cell = 2;
    const a = 0.05;
    for (const sign of [1, -1]) {
      const field = createHeightfield(size, size, cell);
      for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) field.heights[j * size + i] = sign * a * (vertexX(field, i) ** 2 + vertexZ(field, j) ** 2);
      const cavity = new MaskSources(gridFromField(field)).values('cavity');
      for (let j = 0; j < size; j++) {
        for (let i = 0; i < size; i++) {
          const ri = Math.min(4, i, size - 1 - i);
          const rj = Math.min(4, j, size - 1 - j);
          expect(cavity[j * size + i]).toBeCloseTo((sign * a * cell * cell * (ri * (ri + 1) + rj * (rj + 1))) / 3, 3);
        }
      }
      const set = parseMaskSet({ layers: [{ name: 'open' }, { name: 'hollow', rules: [{ source: 'cavity', min: 0.1 }] }] });
      const hollow = layerBytesOf(field, set)[1];
      expect(hollow[8 * size + 8]).toBe(sign === 1 ? 255 : 0);
      expect([...hollow].every((b) => b === 0 || sign === 1)).toBe(true);
    }
    for (const c of new MaskSources(gridFromField(facing(40))).values('cavity')) expect(Math.abs(c)).toBeLessThan(1e-4);
  });
});
