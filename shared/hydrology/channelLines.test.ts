import { describe, expect, it } from 'vitest';
import { MAX_BANK_RINGS, MAX_SILL } from './channelLines';
import { edgesOver } from './testing/bankSlopes';
import { DIAGONAL_GRID, diagonalValley } from './testing/diagonalValley';
import { evaluateWater, WATER_RIVER } from './water';
import { DEFAULT_WATER_PARAMS, riverWidth, type WaterParams } from './waterParams';

// The channel along the line on the diagonal valley (testing/diagonalValley.ts): a river 1–4.5 m wide
// whose every step crosses the triangles' split. Checked against the valley's closed form: its floor
// line x = z, the contributing area along² of a floor point `along` m down, the ground's heights.

const GRID = DIAGONAL_GRID;
const { width, cellSize } = GRID;
const params: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 5000, widthScale: 5, depthScale: 3, lakes: false, channelsAlongLines: true };

function carved(overrides: Partial<WaterParams> = {}) {
  const input = diagonalValley();
  const out = new Float32Array(input.length);
  return { input, out, ...evaluateWater(GRID, input, out, { ...params, ...overrides })! };
}

describe('a river’s channel carved along its line', () => {
  it('runs down the valley’s floor line: its own vertices are the floor’s, from where along² reaches the river area', () => {
    const { kind } = carved();
    for (let j = 0; j < width; j++) {
      for (let i = 0; i < width; i++) {
        if (kind[j * width + i] !== WATER_RIVER) continue;
        expect(i).toBe(j);
        // along = √2 · i · cell: at least √5,000 m, a cell's diagonal or so short of it where MFD gathers a little more.
        expect(Math.SQRT2 * i * cellSize).toBeGreaterThan(Math.sqrt(params.riverArea) - 2 * Math.SQRT2 * cellSize);
      }
    }
  });

  it('keeps the ground under the line below the water, but for a sill of at most MAX_SILL where the river is narrower than a cell’s diagonal', () => {
    const { out, surface, kind } = carved();
    let narrowSills = 0;
    for (let i = 0; i < width - 1; i++) {
      const v = i * width + i;
      const next = v + width + 1;
      if (kind[v] !== WATER_RIVER || kind[next] !== WATER_RIVER) continue;
      // Halfway along the step the terrain's triangles give the mean of the side corners (i + 1, i) and (i, i + 1).
      const ground = (out[v + 1] + out[v + width]) / 2;
      const water = (surface[v] + surface[next]) / 2;
      const along = Math.SQRT2 * (i + 0.5) * cellSize;
      if (riverWidth(params, along * along) >= 2 * Math.SQRT2 * cellSize) expect(ground).toBeLessThan(water);
      else {
        expect(ground - water).toBeLessThanOrEqual(MAX_SILL + 1e-4);
        if (ground > water) narrowSills++;
      }
      // At the vertices themselves the bed lies under the water.
      expect(out[v]).toBeLessThan(surface[v]);
    }
    expect(narrowSills).toBeGreaterThan(0);
  });

  it('never lets the water rise downstream, and leaves the ground far from the river as it was', () => {
    const { input, surface, depth } = carved();
    let steps = 0;
    for (let v = 0; v < input.length; v++) {
      if (!(depth[v] > 0)) continue;
      const i = v % width;
      // Downstream on the valley is towards larger i + j: the water at a lower neighbour along the floor is no higher.
      for (const n of [i < width - 1 ? v + 1 : -1, v + width, i < width - 1 ? v + width + 1 : -1]) {
        if (n < 0 || n >= input.length || !(depth[n] > 0)) continue;
        steps++;
        expect(surface[n]).toBeLessThanOrEqual(surface[v]);
      }
    }
    expect(steps).toBeGreaterThan(200);
    for (const blendBanks of [false, true]) {
      const { out: cut } = carved({ blendBanks, followWalls: undefined });
      // The widest river (4.5 m) meets its banks 2.25 m out, and a bank is cut a cell (2 m) on at most;
      // with blendBanks MAX_BANK_RINGS cells more at most, while it still cuts.
      const reach = 4.25 + (blendBanks ? MAX_BANK_RINGS * cellSize : 0);
      for (let j = 0; j < width; j++) {
        for (let i = 0; i < width; i++) {
          const v = j * width + i;
          if (Math.abs(i - j) * cellSize * Math.SQRT1_2 > reach + 1e-9) expect(cut[v]).toBe(input[v]);
          // Nothing is raised.
          expect(cut[v]).toBeLessThanOrEqual(input[v]);
        }
      }
    }
  });

  it('with followWalls stands walls of 45° back by no more than the V cuts: no edge steeper than the ground or the bank slope', () => {
    const { input, out, depth } = carved();
    const limit = Math.tan((params.bankSlopeDeg * Math.PI) / 180);
    // The water falls 0.02 along the floor.
    expect(edgesOver(GRID, input, out, depth, limit, 0.02)).toMatchObject({ count: 0 });
    // Walls of 45° all the way to the map's edges never ease under the bank slope, so the cut runs up
    // them to the edges; never deeper than the deepest cut within the widest V (4.25 m of the line).
    let nearest = 0;
    let farther = 0;
    let far = 0;
    for (let j = 0; j < width; j++) {
      for (let i = 0; i < width; i++) {
        const v = j * width + i;
        const cut = input[v] - out[v];
        expect(cut).toBeGreaterThanOrEqual(0);
        if (Math.abs(i - j) * cellSize * Math.SQRT1_2 <= 4.25) nearest = Math.max(nearest, cut);
        else {
          farther = Math.max(farther, cut);
          if (Math.abs(i - j) > 20 && cut > 0) far++;
        }
      }
    }
    expect(nearest).toBeGreaterThan(0);
    expect(farther).toBeLessThanOrEqual(nearest);
    expect(far).toBeGreaterThan(0);
  });
});
