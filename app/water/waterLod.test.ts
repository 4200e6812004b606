import { describe, expect, it } from 'vitest';
import { WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { analyseWaterBlock } from './waterBlockDetail';
import { buildWaterBlock, WATER_BLOCK_CELLS, WATER_LEVEL_COUNT, type EdgeSteps, type WaterBlock } from './waterMesh';
import { WaterLevels, WATER_TRIANGLE_BUDGET } from './waterLevels';

interface Map {
  grid: HydrologyGrid;
  heights: Float32Array;
  water: WaterSurface;
}

/** A map whose ground is `ground(i, j)` and whose water (kind `kind`) is `surface(i, j)` where that is above the ground. */
function mapOf(
  width: number,
  depth: number,
  cellSize: number,
  ground: (i: number, j: number) => number,
  surface: (i: number, j: number) => number,
  kind: number,
): Map {
  const heights = new Float32Array(width * depth);
  const water = createWaterSurface(width * depth);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const v = j * width + i;
      heights[v] = ground(i, j);
      const s = surface(i, j);
      if (s > heights[v]) {
        water.surface[v] = s;
        water.kind[v] = kind;
      }
    }
  }
  return { grid: { width, depth, cellSize }, heights, water };
}

/** The mesh's vertices as [x, y, z] (world metres). */
function verticesOf(block: WaterBlock): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let n = 0; n < block.positions.length / 3; n++) out.push([block.positions[3 * n], block.positions[3 * n + 1], block.positions[3 * n + 2]]);
  return out;
}

/** The mesh's triangle edges lying on the line x = `x`, as [z0, y0, z1, y1] with z0 < z1. */
function edgesOnLine(block: WaterBlock, x: number): Array<[number, number, number, number]> {
  const p = block.positions;
  const out: Array<[number, number, number, number]> = [];
  for (let t = 0; t < block.indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = block.indices[t + e];
      const b = block.indices[t + ((e + 1) % 3)];
      if (p[3 * a] !== x || p[3 * b] !== x) continue;
      const [za, ya, zb, yb] = [p[3 * a + 2], p[3 * a + 1], p[3 * b + 2], p[3 * b + 1]];
      out.push(za < zb ? [za, ya, zb, yb] : [zb, yb, za, ya]);
    }
  }
  return out;
}

/**
 * The largest vertical gap along the shared line x = `x` between two blocks' sheets: every vertex
 * of either block on the line, against the other's edges that span it.
 */
function largestSeamGap(a: WaterBlock, b: WaterBlock, x: number): { gap: number; checked: number } {
  let gap = 0;
  let checked = 0;
  for (const [first, second] of [
    [a, b],
    [b, a],
  ]) {
    const edges = edgesOnLine(second, x);
    for (const [vx, vy, vz] of verticesOf(first)) {
      if (vx !== x) continue;
      for (const [z0, y0, z1, y1] of edges) {
        if (vz < z0 || vz > z1) continue;
        gap = Math.max(gap, Math.abs(y0 + ((vz - z0) / (z1 - z0)) * (y1 - y0) - vy));
        checked++;
      }
    }
  }
  return { gap, checked };
}

describe('the water’s level of detail', () => {
  it('keeps every vertex of a lake at the lake’s level, at every level, shore corners included', () => {
    // A paraboloid bowl 2 m a side per cell, filled to 12.5 m: a lake about 110 m across.
    const side = 257;
    const level = 12.5;
    const map = mapOf(
      side,
      side,
      2,
      (i, j) => 0.002 * ((i - 128) ** 2 + (j - 128) ** 2),
      () => level,
      WATER_LAKE,
    );
    for (let l = 0; l < WATER_LEVEL_COUNT; l++) {
      let vertices = 0;
      for (let bj = 0; bj < 2; bj++) {
        for (let bi = 0; bi < 2; bi++) {
          const block = buildWaterBlock(map.grid, map.water, map.heights, null, bi, bj, l)!;
          expect(block.level).toBe(l);
          for (const [, y] of verticesOf(block)) expect(y).toBe(level);
          vertices += block.positions.length / 3;
        }
      }
      expect(vertices).toBeGreaterThan(0);
    }
  });

  it('keeps a river’s surface monotone down the river at every level, across blocks of different levels', () => {
    // A valley along x falling 2 cm a metre, the river 5 cells wide in its bottom, 0.8 m deep.
    const width = 385;
    const depth = 129;
    const ground = (i: number, j: number) => 50 - 0.02 * i + 0.3 * Math.abs(j - 64) - 0.8 * (Math.abs(j - 64) <= 2 ? 1 : 0);
    const map = mapOf(width, depth, 1, ground, (i) => 50 - 0.02 * i, WATER_RIVER);
    const levelSets: number[][] = [
      [0, 0, 0],
      [5, 5, 5],
      [0, 3, 5],
      [5, 1, 2],
    ];
    for (const levels of levelSets) {
      const points: Array<[number, number]> = [];
      for (let bi = 0; bi < 3; bi++) {
        const steps = (other: number | undefined): number => (other !== undefined && other > levels[bi] ? 2 ** other : 1);
        const edges: EdgeSteps = [steps(levels[bi - 1]), steps(levels[bi + 1]), 1, 1];
        const block = buildWaterBlock(map.grid, map.water, map.heights, null, bi, 0, levels[bi], edges)!;
        for (const [x, y] of verticesOf(block)) points.push([x, y]);
      }
      points.sort((p, q) => p[0] - q[0]);
      for (let k = 1; k < points.length; k++) {
        if (points[k][0] > points[k - 1][0]) expect(points[k][1]).toBeLessThanOrEqual(points[k - 1][1]);
      }
      // The wet vertices lie on the river's own surface: 50 − 0.02 (x + 192) at x metres from the map's centre.
      const wet = verticesOf(buildWaterBlock(map.grid, map.water, map.heights, null, 1, 0, levels[1])!).filter(([, , z]) => Math.abs(z) <= 2);
      expect(wet.length).toBeGreaterThan(0);
      for (const [x, y] of wet) expect(y).toBeCloseTo(50 - 0.02 * (x + 192), 4);
    }
  });

  it('meets a coarser neighbour along its edge without a crack', () => {
    // Water everywhere on a curved surface, so a coarse edge is not the fine one: 2 blocks side by side.
    const width = 2 * WATER_BLOCK_CELLS + 1;
    const depth = WATER_BLOCK_CELLS + 1;
    const map = mapOf(
      width,
      depth,
      2,
      () => 0,
      (i, j) => 10 + 2 * Math.sin(j / 7) + 0.01 * i + Math.cos(i / 5),
      WATER_RIVER,
    );
    const x = 0; // The shared edge, vertex column 128, lies at the map's centre.
    for (const [fine, coarse] of [
      [0, 3],
      [1, 5],
      [2, 4],
    ]) {
      const left = buildWaterBlock(map.grid, map.water, map.heights, null, 0, 0, fine, [1, 2 ** coarse, 1, 1])!;
      const right = buildWaterBlock(map.grid, map.water, map.heights, null, 1, 0, coarse)!;
      const { gap, checked } = largestSeamGap(left, right, x);
      expect(checked).toBeGreaterThan(WATER_BLOCK_CELLS / 2 ** fine);
      expect(gap).toBeLessThan(1e-4);
      // Without the neighbour's step the edges part (what the stitching prevents).
      const unstitched = buildWaterBlock(map.grid, map.water, map.heights, null, 0, 0, fine)!;
      expect(largestSeamGap(unstitched, right, x).gap).toBeGreaterThan(0.01);
    }
  });

  it('puts the shore where the ground rises through a lake: the depth reaches 0 at the true water line', () => {
    // Ground rising 0.5 m a metre along x, a lake at 2.25 m: the water line at x = 4.5 m from the map's edge.
    const map = mapOf(
      17,
      5,
      2,
      (i) => 0.5 * 2 * i,
      () => 2.25,
      WATER_LAKE,
    );
    const block = buildWaterBlock(map.grid, map.water, map.heights, null, 0, 0, 0)!;
    const row = verticesOf(block)
      .map(([x, y, z], n) => ({ x: x + 16, y, z, depth: block.depth[n] }))
      .filter((p) => p.z === 0);
    const wet = row.filter((p) => p.depth > 0).sort((p, q) => q.x - p.x)[0];
    const dry = row.filter((p) => p.x === wet.x + 2)[0];
    // Depth read linearly between the last wet and the first dry corner.
    const zero = wet.x + (2 * wet.depth) / (wet.depth - dry.depth);
    expect(zero).toBeCloseTo(4.5, 6);
    expect(dry.y).toBe(2.25);
  });

  it('fades a river out at its banks where its sheet would float over them, and keeps a coarse sheet’s colour to the shore', () => {
    // A river one vertex wide, 0.5 m deep, falling 0.1 m a metre; its banks 5 cm below its surface (dry: no water there).
    const width = 17;
    const map = mapOf(
      width,
      9,
      1,
      (i, j) => (j === 4 ? 9.5 - 0.1 * i : 9.95 - 0.1 * i),
      (i, j) => (j === 4 ? 10 - 0.1 * i : -Infinity),
      WATER_RIVER,
    );
    const fine = buildWaterBlock(map.grid, map.water, map.heights, null, 0, 0, 0)!;
    const rows = verticesOf(fine).map(([, , z], n) => ({ z, depth: fine.depth[n] }));
    for (const { z, depth } of rows) expect(depth).toBeCloseTo(z === 0 ? 0.5 : 0, 5);
    expect(rows.some((r) => r.z !== 0)).toBe(true);
    // Two cells a step: the bank corners continue the river's 0.5 m.
    const coarse = buildWaterBlock(map.grid, map.water, map.heights, null, 0, 0, 1)!;
    for (const depth of coarse.depth) expect(depth).toBeCloseTo(0.5, 5);
  });

  it('at 4097², draws at most the triangle budget from any camera, finer near the camera than far from it', () => {
    // Water everywhere, 1 m deep, on hills: every block wants detail close up; full resolution would be 33.5 M triangles.
    const side = 4097;
    const hills = (i: number, j: number) => 40 * Math.sin(i / 53) * Math.cos(j / 41) + 15 * Math.sin((i + j) / 17);
    const map = mapOf(side, side, 1, hills, (i, j) => hills(i, j) + 1, WATER_RIVER);
    const table = new WaterLevels(map.grid);
    const columns = (side - 1) / WATER_BLOCK_CELLS;
    for (let key = 0; key < columns * columns; key++)
      table.set(key, analyseWaterBlock(map.grid, map.water, map.heights, key % columns, Math.floor(key / columns)));
    const cameras = [
      { position: { x: 0, y: 3000, z: 4000 }, fovYDegrees: 50, viewportHeight: 1000 },
      { position: { x: 0, y: 60, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 },
      { position: { x: 500, y: 10, z: -300 }, fovYDegrees: 50, viewportHeight: 1000 },
    ];
    const drawn = cameras.map((camera) => table.triangles(table.select(camera)));
    for (const triangles of drawn) expect(triangles).toBeLessThanOrEqual(WATER_TRIANGLE_BUDGET);
    const levels = table.select(cameras[1]);
    const middle = (columns / 2) * columns + columns / 2;
    expect(levels[middle]).toBeLessThan(levels[0]);
    // Built meshes hold what the table counted: one block at its chosen level, vertices at most (cells + 1)² per block.
    const block = buildWaterBlock(map.grid, map.water, map.heights, null, middle % columns, Math.floor(middle / columns), levels[middle])!;
    const detail = analyseWaterBlock(map.grid, map.water, map.heights, middle % columns, Math.floor(middle / columns))!;
    expect(block.indices.length / 3).toBe(detail.triangles[levels[middle]]);
    expect(block.positions.length / 3).toBeLessThanOrEqual((WATER_BLOCK_CELLS / 2 ** levels[middle] + 1) ** 2);
  }, 120_000);
});
