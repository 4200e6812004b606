import { describe, expect, it } from 'vitest';
import { priorityFlood } from './priorityFlood';
import { sampled, roughGround } from './testing/surfaces';
import { edgesOver } from './testing/bankSlopes';
import { MAX_BANK_RINGS } from './channelLines';
import { evaluateWater, WATER_DRY, WATER_LAKE, WATER_RIVER } from './water';
import { DEFAULT_MIN_LAKE_DEPTH, DEFAULT_WATER_PARAMS, riverDepth, riverWidth, waterProblem, type WaterParams } from './waterParams';
import type { HydrologyGrid } from './grid';

function water(grid: HydrologyGrid, input: Float32Array, overrides: Partial<WaterParams> = {}) {
  const out = new Float32Array(input.length);
  const result = evaluateWater(grid, input, out, { ...DEFAULT_WATER_PARAMS, ...overrides })!;
  return { out, ...result };
}

/** A valley running down +x: a V across z (walls 0.2) on a 1 % slope, with a wavy floor so water gathers. */
function valley(grid: HydrologyGrid): Float32Array {
  const mid = ((grid.depth - 1) * grid.cellSize) / 2;
  return sampled(grid, (x, z) => 200 - 0.01 * x + 0.2 * Math.abs(z - mid) + 3 * Math.sin(z / 40) * Math.sin(x / 90));
}

describe('automatic water', () => {
  it('makes no rivers on a gentle 512 m map with the default river area', () => {
    const grid = { width: 257, depth: 257, cellSize: 2 };
    const input = sampled(grid, (x, z) => 50 - 0.03 * x - 0.02 * z + 1.5 * Math.sin(x / 70) * Math.cos(z / 55));
    const { out, kind } = water(grid, input);
    expect(kind.includes(WATER_RIVER)).toBe(false);
    expect(out).toEqual(input);
  });

  it('leaves the land bit for bit where no channel reaches and carves only next to water', () => {
    const grid = { width: 181, depth: 121, cellSize: 4 };
    const input = valley(grid);
    // Wide, deep channels, so that banks reach past the river's own vertices; with blendBanks a bank runs
    // on at most MAX_BANK_RINGS cells more, while it still cuts. With followWalls (new layers) the bank is
    // the grid's: the cut shrinks by at least (tan 30° − the ground's slope) · 4 m a cell, the ground's
    // slope here at most 0.2 + 0.01 + 3/40 + 3/90 (the wall, the fall, the waves' largest slopes).
    const bankRise = Math.tan((DEFAULT_WATER_PARAMS.bankSlopeDeg * Math.PI) / 180);
    for (const banks of [{ blendBanks: false, followWalls: undefined }, { blendBanks: true, followWalls: undefined }, { followWalls: true }]) {
      const params = { ...DEFAULT_WATER_PARAMS, riverArea: 20_000, widthScale: 12, depthScale: 8, ...banks };
      const { out, depth, kind } = water(grid, input, params);
      const rivers = kind.reduce((n, k) => n + (k === WATER_RIVER ? 1 : 0), 0);
      expect(rivers).toBeGreaterThan(100);
      // The widest reach of any channel: half the widest river plus its deepest cut's bank.
      const widest = riverWidth(params, 181 * 121 * 16) / 2 + riverDepth(params, 181 * 121 * 16) / bankRise;
      let deepest = 0;
      for (let v = 0; v < input.length; v++) deepest = Math.max(deepest, input[v] - out[v]);
      const grades = Math.ceil(deepest / ((bankRise - (0.2 + 0.01 + 3 / 40 + 3 / 90)) * grid.cellSize));
      const reach = Math.ceil(widest / grid.cellSize) + 1 + (banks.followWalls ? grades : banks.blendBanks ? MAX_BANK_RINGS : 0);
      let changed = 0;
      let farChanged = 0;
      for (let j = 0; j < grid.depth; j++) {
        for (let i = 0; i < grid.width; i++) {
          const v = j * grid.width + i;
          if (Object.is(out[v], input[v])) continue;
          changed++;
          expect(out[v]).toBeLessThan(input[v]);
          let nearWater = false;
          for (let dj = -reach; dj <= reach && !nearWater; dj++) {
            for (let di = -reach; di <= reach && !nearWater; di++) {
              const n = (j + dj) * grid.width + (i + di);
              if (i + di >= 0 && j + dj >= 0 && i + di < grid.width && j + dj < grid.depth && depth[n] > 0) nearWater = true;
            }
          }
          if (!nearWater) farChanged++;
        }
      }
      expect(changed).toBeGreaterThan(2 * rivers);
      expect(farChanged).toBe(0);
    }
  });

  it('blends the banks to the ground: no carved edge steeper than the ground there or the bank slope (blendBanks)', () => {
    // A V valley whose walls (0.5, 26.6°) are under the bank slope (30°) and steeper than a creek's V:
    // the beds are functions no steeper than tan(bankSlopeDeg) across the river (and the water's own
    // fall along it), so the lowest of them and the ground changes along a grid edge by no more than
    // the larger of the two (on a slanting edge the bank's rise and the water's fall add: √(tan² + 0.05²);
    // without that 2 edges of 6,383 are over by it). Without the key: 336 edges over, by up to 0.19 (the
    // bank stopped one cell past the V, 1.07 m below the uncut ground beside it).
    const grid = { width: 181, depth: 121, cellSize: 4 };
    const mid = ((grid.depth - 1) * grid.cellSize) / 2;
    const input = sampled(grid, (x, z) => 200 - 0.05 * x + 0.5 * Math.abs(z - mid));
    const limit = Math.tan((DEFAULT_WATER_PARAMS.bankSlopeDeg * Math.PI) / 180);
    const over = (blendBanks: boolean | undefined) => {
      const { out, depth } = water(grid, input, { riverArea: 20_000, blendBanks, followWalls: undefined });
      // The water's fall along the valley (0.05) adds to the bank's rise on a slanting edge.
      return edgesOver(grid, input, out, depth, limit, 0.05);
    };
    const before = over(undefined);
    expect(before.count).toBeGreaterThan(100);
    expect(before.worst).toBeGreaterThan(0.1);
    const after = over(true);
    expect(after.edges).toBeGreaterThan(before.edges);
    expect(after).toMatchObject({ count: 0 });
  });

  it('stops the banks a cell past the V, as before, on walls steeper than the bank slope (blendBanks)', () => {
    // Walls of 0.8 (38.7°): a bank at 30° would never meet them, each ring cutting deeper into the wall
    // (by (0.8 − tan 30°) · 4 m = 0.89 m a ring); so no ring past the first is cut and the bytes are those
    // without the key.
    const grid = { width: 181, depth: 121, cellSize: 4 };
    const mid = ((grid.depth - 1) * grid.cellSize) / 2;
    const input = sampled(grid, (x, z) => 200 - 0.05 * x + 0.8 * Math.abs(z - mid));
    const before = water(grid, input, { riverArea: 20_000, blendBanks: undefined, followWalls: undefined });
    const after = water(grid, input, { riverArea: 20_000, blendBanks: true, followWalls: undefined });
    expect(before.kind.includes(WATER_RIVER)).toBe(true);
    expect(after.out).toEqual(before.out);
  });

  it('makes the banks up a gorge with walls steeper than the bank slope: no carved edge steeper than the ground there or the bank slope (followWalls)', () => {
    // A gorge across the grid at 30° (so the river steps diagonally too), its floor falling 0.05, its walls
    // rising at tan 40° (0.839) for 24 m each side, then a plateau rising at 0.1. A bank at the bank slope
    // (30°) would never meet walls of 40°: the cut runs up them at their own slope and meets the plateau.
    const grid = { width: 161, depth: 121, cellSize: 4 };
    const wall = Math.tan((40 * Math.PI) / 180);
    const rim = 24;
    const plateau = 0.1;
    const cos = Math.cos(Math.PI / 6);
    const sin = Math.sin(Math.PI / 6);
    const across = (x: number, z: number) => Math.abs(-(x - 40) * sin + (z - 100) * cos);
    const input = sampled(grid, (x, z) => {
      const d = across(x, z);
      return 300 - 0.05 * ((x - 40) * cos + (z - 100) * sin) + wall * Math.min(d, rim) + plateau * Math.max(0, d - rim);
    });
    const limit = Math.tan((DEFAULT_WATER_PARAMS.bankSlopeDeg * Math.PI) / 180);
    const before = water(grid, input, { riverArea: 20_000, followWalls: undefined });
    const after = water(grid, input, { riverArea: 20_000 });
    expect(after.kind.reduce((n, k) => n + (k === WATER_RIVER ? 1 : 0), 0)).toBeGreaterThan(100);
    // The river's vertices lie on the gorge's floor line.
    for (let v = 0; v < input.length; v++)
      if (after.kind[v] === WATER_RIVER) expect(across((v % grid.width) * 4, Math.floor(v / grid.width) * 4)).toBeLessThan(4);
    // blendBanks's banks stop a cell past the V on such walls: the uncut wall stands above the last cut vertex.
    const old = edgesOver(grid, input, before.out, before.depth, limit, 0.05);
    expect(old.count).toBeGreaterThan(50);
    expect(old.worst).toBeGreaterThan(0.3);
    const now = edgesOver(grid, input, after.out, after.depth, limit, 0.05);
    expect(now.edges).toBeGreaterThan(old.edges);
    expect(now).toMatchObject({ count: 0 });
    let deepest = 0;
    let farthest = 0;
    for (let v = 0; v < input.length; v++) {
      const cut = input[v] - after.out[v];
      expect(cut).toBeGreaterThanOrEqual(0);
      if (!(cut > 0)) continue;
      deepest = Math.max(deepest, cut);
      farthest = Math.max(farthest, across((v % grid.width) * 4, Math.floor(v / grid.width) * 4));
    }
    // No deeper than the cut beside the water: the V runs out to a diagonal step's side corners (e = 4 m / √2)
    // at most the river's depth below the water, then its bank rises at tan 30° for a cell; the wall rises
    // at tan 40° from the water: the cut is at most (wall − tan 30°) · (e + 4 m) + tan 30° · e + the depth.
    const deepestRiver = riverDepth({ ...DEFAULT_WATER_PARAMS, riverArea: 20_000 }, 161 * 121 * 16);
    const e = 4 * Math.SQRT1_2;
    expect(deepest).toBeLessThanOrEqual((wall - limit) * (e + 4) + limit * e + deepestRiver + 1e-3);
    let deepestBefore = 0;
    for (let v = 0; v < input.length; v++) deepestBefore = Math.max(deepestBefore, input[v] - before.out[v]);
    expect(deepest).toBeLessThanOrEqual(deepestBefore);
    // The walls stand back up to their rim, and the cut ends on the plateau: it shrinks there by at least
    // (tan 30° − 0.1) a metre across (the plateau rises no faster than 0.1 along any edge).
    expect(farthest).toBeGreaterThan(rim);
    expect(farthest).toBeLessThanOrEqual(rim + deepest / (limit - plateau) + 4 * Math.SQRT2);
  });

  it('keeps the water surface from rising downstream', () => {
    for (const [grid, input] of [
      [{ width: 181, depth: 121, cellSize: 4 }, valley({ width: 181, depth: 121, cellSize: 4 })],
      [{ width: 150, depth: 97, cellSize: 8 }, roughGround({ width: 150, depth: 97, cellSize: 8 }, 7)],
    ] as const) {
      const { surface, kind } = water(grid, input, { riverArea: 20_000 });
      // Downstream: to a lower vertex of the drainage surface of the ground the water was found on.
      const { drainage } = priorityFlood(grid, input);
      let steps = 0;
      let rises = 0;
      for (let j = 0; j < grid.depth; j++) {
        for (let i = 0; i < grid.width; i++) {
          const v = j * grid.width + i;
          if (kind[v] === WATER_DRY) continue;
          for (let dj = -1; dj <= 1; dj++) {
            for (let di = -1; di <= 1; di++) {
              const ni = i + di;
              const nj = j + dj;
              if ((!di && !dj) || ni < 0 || nj < 0 || ni >= grid.width || nj >= grid.depth) continue;
              const n = nj * grid.width + ni;
              if (kind[n] === WATER_DRY || !(drainage[n] < drainage[v])) continue;
              steps++;
              if (surface[n] > surface[v]) rises++;
            }
          }
        }
      }
      expect(steps).toBeGreaterThan(100);
      expect(rises).toBe(0);
    }
  });

  it('cuts each river vertex’s bed the hydraulic-geometry depth below its surface', () => {
    const grid = { width: 181, depth: 121, cellSize: 4 };
    const input = valley(grid);
    const params = { ...DEFAULT_WATER_PARAMS, riverArea: 20_000, depthScale: 3 };
    const { out, depth, surface, kind } = water(grid, input, params);
    let rivers = 0;
    for (let v = 0; v < input.length; v++) {
      if (kind[v] !== WATER_RIVER) continue;
      rivers++;
      expect(depth[v]).toBeCloseTo(surface[v] - out[v], 5);
      // At least its own depth (a bigger river next to it may cut deeper), never more than the largest.
      expect(depth[v]).toBeGreaterThanOrEqual(riverDepth(params, params.riverArea) * 0.999);
      expect(depth[v]).toBeLessThanOrEqual(riverDepth(params, 181 * 121 * 16) + 1e-3);
    }
    expect(rivers).toBeGreaterThan(100);
  });

  it('fills a bowl with a lake at its spill height and digs nothing there', () => {
    const grid = { width: 97, depth: 81, cellSize: 2 };
    const input = sampled(grid, (x, z) => {
      const r2 = (x - 96) ** 2 + (z - 80) ** 2;
      return 0.125 * (x - 96) - (r2 < 1024 ? 6 * (1 - r2 / 1024) : 0);
    });
    const { out, depth, surface, kind } = water(grid, input, { minLakeArea: 500 });
    let lake = 0;
    for (let v = 0; v < input.length; v++) {
      if (kind[v] !== WATER_LAKE) continue;
      lake++;
      expect(surface[v]).toBe(-4);
      expect(depth[v]).toBe(Math.fround(-4 - input[v]));
    }
    expect(lake).toBeGreaterThan(300);
    expect(out).toEqual(input);
    expect(water(grid, input, { lakes: false }).kind.includes(WATER_LAKE)).toBe(false);
    expect(water(grid, input, { minLakeArea: 2000 }).kind.includes(WATER_LAKE)).toBe(false);
  });

  it('keeps a lake only as deep as minLakeDepth: a dish on level ground, its spill height the ground around it', () => {
    // Level ground at 0 with a paraboloid dish of depth d and radius 30 m centred on a vertex: the dish
    // spills at 0 (the ground round it), holds water d deep at its centre and covers the vertices inside
    // r < 30 m (π·30² ≈ 2,830 m², over minLakeArea's 1,000).
    const grid = { width: 61, depth: 61, cellSize: 2 };
    const dish = (d: number) =>
      sampled(grid, (x, z) => {
        const r2 = (x - 60) ** 2 + (z - 60) ** 2;
        return r2 < 900 ? -d * (1 - r2 / 900) : 0;
      });
    const lakeVertices = (kind: Uint8Array) => kind.reduce((n, k) => n + (k === WATER_LAKE ? 1 : 0), 0);
    const inside = dish(1).reduce((n, h) => n + (h < 0 ? 1 : 0), 0);
    expect(DEFAULT_WATER_PARAMS.minLakeDepth).toBe(DEFAULT_MIN_LAKE_DEPTH);
    expect(DEFAULT_MIN_LAKE_DEPTH).toBe(0.1);
    for (const d of [0.008, 0.05, 0.09]) {
      // Shallower than the limit: no lake, the ground as it was (no river drains this map).
      const input = dish(d);
      const { kind, out, depth } = water(grid, input);
      expect(lakeVertices(kind)).toBe(0);
      expect(depth.every((w) => w === 0)).toBe(true);
      expect(out).toEqual(input);
      // A layer saved before minLakeDepth (absent) keeps the film as a lake at the spill height, as before.
      const old = water(grid, input, { minLakeDepth: undefined });
      expect(lakeVertices(old.kind)).toBe(inside);
      for (let v = 0; v < input.length; v++) if (old.kind[v] === WATER_LAKE) expect(old.surface[v]).toBe(0);
    }
    for (const d of [0.11, 0.3, 3]) {
      const input = dish(d);
      const { kind, surface, depth } = water(grid, input);
      expect(lakeVertices(kind)).toBe(inside);
      let deepest = 0;
      for (let v = 0; v < input.length; v++) {
        if (kind[v] !== WATER_LAKE) continue;
        expect(surface[v]).toBe(0);
        deepest = Math.max(deepest, depth[v]);
      }
      expect(deepest).toBeCloseTo(d, 6);
    }
    // The limit is the layer's: 0 keeps every depression, 0.5 m drops the 0.3 m dish.
    expect(lakeVertices(water(grid, dish(0.008), { minLakeDepth: 0 }).kind)).toBe(inside);
    expect(lakeVertices(water(grid, dish(0.3), { minLakeDepth: 0.5 }).kind)).toBe(0);
  });

  it('refuses parameters out of range, naming them', () => {
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, minLakeDepth: -0.1 })).toMatch(/minLakeDepth must be a number from 0/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, minLakeDepth: Number.NaN })).toMatch(/minLakeDepth/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, minLakeDepth: undefined })).toBeNull();
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, riverArea: 0 })).toMatch(/riverArea must be a number from 100/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, minLakeArea: Number.NaN })).toMatch(/minLakeArea/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, lakes: 'yes' as unknown as boolean })).toMatch(/lakes must be true or false/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, depth: 3 } as unknown as WaterParams)).toMatch(/unknown water parameter "depth"/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, continueRivers: 1 as unknown as boolean })).toMatch(/continueRivers must be true or false/);
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, floodVersion: 3 as unknown as 2 })).toBe('floodVersion must be 1 or 2, got 3');
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, floodVersion: '2' as unknown as 2 })).toBe('floodVersion must be 1 or 2, got "2"');
    // Absent: a layer saved before it (the rule then).
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, continueRivers: undefined })).toBeNull();
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, floodVersion: undefined })).toBeNull();
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS, floodVersion: 1 })).toBeNull();
    expect(waterProblem({ ...DEFAULT_WATER_PARAMS })).toBeNull();
  });
});
