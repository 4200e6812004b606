import { describe, expect, it } from 'vitest';
import { BANK_PER_DEPTH, widenChannels } from './channelTroughs';
import { runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';

/**
 * The fluvial layer's optional `channelWidth` (channelTroughs.ts): channels widened into flat-floored troughs.
 * Closed form: on a plane cut by D along one column of channel vertices, a vertex d m from the column ends
 * D·w(d) below the plane, w = 1 to d = W/2 and 1 − t²(3 − 2t), t = (d − W/2) / (1.8·D), to d = W/2 + 1.8·D;
 * nothing else moves (the nearest channel vertex is the one across: every other is farther and cut as deep).
 */
const size = 41;
const cellSize = 2;
const grid = { width: size, depth: size, cellSize };
const plane = new Float32Array(size * size);
for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) plane[j * size + i] = 50 + 0.1 * i * cellSize + 0.03 * j * cellSize;

describe('channel troughs (fluvial channelWidth)', () => {
  it('a column cut 3 m deep becomes a trough with a flat floor 16 m wide and banks 5.4 m wide (closed form)', () => {
    const column = 20;
    const depthCut = 3;
    const width = 16;
    const heights = Float64Array.from(plane);
    const area = new Float64Array(size * size);
    for (let j = 0; j < size; j++) {
      heights[j * size + column] -= depthCut;
      area[j * size + column] = 1000;
    }
    widenChannels(grid, heights, plane, area, 500, width);
    const weight = (d: number) => {
      if (d <= width / 2) return 1;
      const bank = BANK_PER_DEPTH * depthCut;
      if (d >= width / 2 + bank) return 0;
      const t = (d - width / 2) / bank;
      return 1 - t * t * (3 - 2 * t);
    };
    let banks = 0;
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        const v = j * size + i;
        const d = Math.abs(i - column) * cellSize;
        expect(heights[v], `vertex ${i}, ${j}`).toBeCloseTo(plane[v] - depthCut * weight(d), 9);
        if (weight(d) > 0 && weight(d) < 1) banks++;
      }
    }
    // Floor: columns 16 … 24 at the full depth (d ≤ 8 m); banks at d = 10 and 12 m on both sides (to 13.4 m).
    expect(banks).toBe(4 * size);
  });

  it('spreads only from channel vertices, and raises nothing', () => {
    const heights = Float64Array.from(plane);
    const area = new Float64Array(size * size);
    const lone = 20 * size + 20;
    heights[lone] -= 4; // cut, but its area is under the channel head's
    area[lone] = 100;
    const channel = 10 * size + 30;
    heights[channel] += 2; // a channel vertex raised (diffusion): no trough from it
    area[channel] = 1000;
    const before = heights.slice();
    widenChannels(grid, heights, plane, area, 500, 16);
    expect(Array.from(heights)).toEqual(Array.from(before));
  });

  it('refuses a width that is not a number from 0 to 1000 m', () => {
    expect(fluvialProblem({ ...DEFAULT_FLUVIAL, channelWidth: -1 })).toMatch(/channelWidth/);
    expect(fluvialProblem({ ...DEFAULT_FLUVIAL, channelWidth: Number.NaN })).toMatch(/channelWidth/);
    expect(fluvialProblem({ ...DEFAULT_FLUVIAL, channelWidth: 12 })).toBeNull();
  });

  /**
   * A plane falling 4 % to x = 0 with ripples across it: the water gathers into channels down the ripples'
   * troughs, cut to the incision depth (3 m). With channelWidth the layer lowers more ground (the troughs'
   * floors and banks), raises none, and no vertex lies below the input less the incision depth; without it,
   * the layer's old bytes.
   */
  it('on a rippled plane: troughs lower ground beside the channels, raise none, and keep the incision floor', () => {
    const g = { width: 65, depth: 65, cellSize: 2 };
    const input = new Float32Array(g.width * g.depth);
    for (let j = 0; j < g.depth; j++) for (let i = 0; i < g.width; i++) input[j * g.width + i] = 30 + 0.04 * i * 2 + 0.6 * Math.cos((2 * Math.PI * j) / 13);
    const params = (over: Partial<FluvialParams>): FluvialParams => ({
      ...DEFAULT_FLUVIAL,
      k: 2e-2,
      m: 0.5,
      n: 1,
      diffusion: 0,
      strata: null,
      uplift: 0,
      channelArea: 200,
      timeStep: 500,
      time: 5000,
      outletArea: 0,
      incisionDepth: 3,
      scheme: 'factored',
      ...over,
    });
    const plain = new Float32Array(input.length);
    runFluvial(g, input, plain, params({}));
    const wide = new Float32Array(input.length);
    runFluvial(g, input, wide, params({ channelWidth: 8 }));
    let lowered = 0;
    for (let v = 0; v < input.length; v++) {
      expect(wide[v]).toBeLessThanOrEqual(plain[v]);
      expect(wide[v]).toBeGreaterThanOrEqual(Math.fround(input[v] - 3) - 1e-4);
      if (wide[v] < plain[v] - 0.1) lowered++;
    }
    expect(lowered).toBeGreaterThan(100);
    // Nothing the troughs do outside the channels' reach: the layer without the key is its old bytes.
    const again = new Float32Array(input.length);
    runFluvial(g, input, again, params({ channelWidth: undefined }));
    expect(again).toEqual(plain);
  });
});
