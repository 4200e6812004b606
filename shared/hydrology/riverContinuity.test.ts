import { describe, expect, it } from 'vitest';
import { priorityFlood } from './priorityFlood';
import { sampled } from './testing/surfaces';
import { FLOOR_ROW, SPLIT_FROM, SPLIT_GRID, SPLIT_RIVER_AREA, SPLIT_TO, splitValley } from './testing/splitValley';
import { evaluateWater, WATER_DRY, WATER_RIVER } from './water';
import { findWaterFeatures } from './waterFeatures';
import { DEFAULT_WATER_PARAMS, riverDepth, type WaterParams } from './waterParams';

const GRID = SPLIT_GRID;
const RIVER_AREA = SPLIT_RIVER_AREA;

function water(overrides: Partial<WaterParams>) {
  const input = splitValley();
  const out = new Float32Array(input.length);
  const params = { ...DEFAULT_WATER_PARAMS, riverArea: RIVER_AREA, lakes: false, ...overrides };
  return { input, out, params, ...evaluateWater(GRID, input, out, params)! };
}

/** The columns (x) where no floor vertex is wet, from the river's head column to the map's edge. */
function dryColumns(depth: Float32Array): number[] {
  const { width } = GRID;
  const wetColumn = (i: number) => depth[FLOOR_ROW * width + i] > 0 || depth[(FLOOR_ROW + 1) * width + i] > 0;
  let head = 0;
  while (head < width && !wetColumn(head)) head++;
  const dry: number[] = [];
  for (let i = head; i < width; i++) if (!wetColumn(i)) dry.push(i);
  return dry;
}

/** The 8-connected groups of river vertices. */
function riverGroups(kind: Uint8Array): number[][] {
  const { width, depth } = GRID;
  const seen = new Uint8Array(kind.length);
  const groups: number[][] = [];
  for (let start = 0; start < kind.length; start++) {
    if (kind[start] !== WATER_RIVER || seen[start]) continue;
    const group = [start];
    seen[start] = 1;
    for (let g = 0; g < group.length; g++) {
      const i = group[g] % width;
      const j = (group[g] - i) / width;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const n = (j + dj) * width + i + di;
          if (i + di < 0 || j + dj < 0 || i + di >= width || j + dj >= depth || seen[n] || kind[n] !== WATER_RIVER) continue;
          seen[n] = 1;
          group.push(n);
        }
      }
    }
    groups.push(group);
  }
  return groups;
}

describe('a river where the flow spreads over two cells', () => {
  it('runs dry across the split by the area rule alone (a layer saved before continueRivers)', () => {
    const { depth, params } = water({ continueRivers: undefined });
    expect(params.continueRivers).toBeUndefined();
    const dry = dryColumns(depth);
    expect(dry.length).toBeGreaterThan(10);
    for (const i of dry) {
      expect(i).toBeGreaterThanOrEqual(SPLIT_FROM);
      expect(i).toBeLessThanOrEqual(SPLIT_TO);
    }
  });

  it('gives one continuous river from its head to the map edge, no dry cell between', () => {
    const { depth, kind, out, surface } = water({});
    expect(dryColumns(depth)).toEqual([]);
    const groups = riverGroups(kind);
    expect(groups).toHaveLength(1);
    // It reaches the edge it drains to (x = 320 m) and starts above the split.
    const columns = groups[0].map((v) => v % GRID.width);
    expect(Math.max(...columns)).toBe(GRID.width - 1);
    expect(Math.min(...columns)).toBeLessThan(SPLIT_FROM);
    // Across the split the channel keeps the depth of the area it came with: at least the
    // threshold's (one row of the split carries less than that), and the bed is cut below the floor.
    const least = riverDepth(DEFAULT_WATER_PARAMS, RIVER_AREA);
    for (let i = SPLIT_FROM; i <= SPLIT_TO; i++) {
      const wet = [FLOOR_ROW, FLOOR_ROW + 1].map((j) => j * GRID.width + i).filter((v) => kind[v] === WATER_RIVER);
      expect(wet.length).toBeGreaterThan(0);
      for (const v of wet) {
        expect(depth[v]).toBeGreaterThanOrEqual(least * 0.999);
        expect(surface[v] - out[v]).toBeCloseTo(depth[v], 5);
      }
    }
  });

  it('never lets the water rise downstream and carves only next to water', () => {
    const { input, out, depth, kind, surface } = water({});
    const { drainage } = priorityFlood(GRID, input);
    const { width, depth: rows } = GRID;
    let steps = 0;
    for (let v = 0; v < kind.length; v++) {
      if (kind[v] === WATER_DRY) continue;
      const i = v % width;
      const j = (v - i) / width;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const n = (j + dj) * width + i + di;
          if ((!di && !dj) || i + di < 0 || j + dj < 0 || i + di >= width || j + dj >= rows) continue;
          if (kind[n] === WATER_DRY || !(drainage[n] < drainage[v])) continue;
          steps++;
          expect(surface[n]).toBeLessThanOrEqual(surface[v]);
        }
      }
    }
    expect(steps).toBeGreaterThan(100);
    // A vertex whose height changed is within a channel's reach (half the widest river, 3 m at the
    // most here, plus its bank) of water.
    for (let v = 0; v < input.length; v++) {
      if (Object.is(out[v], input[v])) continue;
      expect(out[v]).toBeLessThan(input[v]);
      const i = v % width;
      const j = (v - i) / width;
      let near = false;
      for (let dj = -3; dj <= 3; dj++) for (let di = -3; di <= 3; di++) if (depth[(j + dj) * width + i + di] > 0) near = true;
      expect(near).toBe(true);
    }
  });

  it('gives the Water list the same river as the list bridged before: one, head to the edge', () => {
    const before = water({ continueRivers: undefined });
    const after = water({});
    const riversOf = (w: typeof before) => findWaterFeatures(GRID, w, w.out).features.filter((f) => f.kind === 'river');
    const [listedBefore, listedAfter] = [riversOf(before), riversOf(after)];
    expect(listedBefore).toHaveLength(1);
    expect(listedAfter).toHaveLength(1);
    expect(listedAfter[0].bounds.i1).toBe(GRID.width);
    // The same line: the head where it was, so the same length within a cell's diagonal.
    expect(listedAfter[0].bounds.i0).toBe(listedBefore[0].bounds.i0);
    expect(Math.abs(listedAfter[0].length - listedBefore[0].length)).toBeLessThanOrEqual(Math.SQRT2 * GRID.cellSize);
    // Before, the list bridged the dry split (≤ GAP_CELLS); now every column of the line is wet.
    const columns = listedAfter[0].bounds.i1 - listedAfter[0].bounds.i0;
    expect(listedBefore[0].vertices).toBeLessThan(columns - 10);
    expect(listedAfter[0].vertices).toBe(columns);
  });
});

describe('a river stepping diagonally against the split of the grid’s triangles', () => {
  // A V valley along the diagonal i = j, falling towards the corner (64, 64): its floor steps from
  // (i, i) to (i + 1, i + 1), across each cell against the terrain's split (which joins (i + 1, i) and
  // (i, i + 1)), so the drawn ground and water meet there only at a point unless a side is wet.
  const grid = { width: 65, depth: 65, cellSize: 2 };
  const input = sampled(grid, (x, z) => 20 - 0.02 * (x + z) + 0.2 * Math.abs(x - z));
  // The channel by vertex, bridged at the split (the rule of layers saved before channelsAlongLines).
  const run = (continueRivers: boolean | undefined) => {
    const out = new Float32Array(input.length);
    const result = evaluateWater(grid, input, out, { ...DEFAULT_WATER_PARAMS, riverArea: 2000, lakes: false, continueRivers, channelsAlongLines: undefined })!;
    return { out, ...result };
  };
  /** The wet vertices joined to `from` through cell sides (4-connected): the water drawn on the triangles' shared edges. */
  const sideJoined = (depth: Float32Array, from: number): Set<number> => {
    const joined = new Set([from]);
    const queue = [from];
    while (queue.length) {
      const v = queue.pop()!;
      const i = v % grid.width;
      for (const n of [i > 0 ? v - 1 : -1, i < grid.width - 1 ? v + 1 : -1, v - grid.width, v + grid.width]) {
        if (n < 0 || n >= depth.length || joined.has(n) || !(depth[n] > 0)) continue;
        joined.add(n);
        queue.push(n);
      }
    }
    return joined;
  };
  const mouth = input.length - 1;

  it('is wet along cell sides from its head to its mouth', () => {
    const { depth, kind } = run(true);
    let head = 0;
    while (kind[head * (grid.width + 1)] !== WATER_RIVER) head++;
    expect(head).toBeGreaterThan(5);
    expect(head).toBeLessThan(40);
    expect(sideJoined(depth, head * (grid.width + 1)).has(mouth)).toBe(true);
    // One side corner per step, no more: the river's line, and a vertex beside each step of it.
    const wet = depth.reduce((n, d) => n + (d > 0 ? 1 : 0), 0);
    expect(wet).toBe(2 * (grid.width - head) - 1);
  });

  it('was beads joined at their corners by the rule before (kept for layers saved without continueRivers)', () => {
    const { depth, kind } = run(undefined);
    let head = 0;
    while (kind[head * (grid.width + 1)] !== WATER_RIVER) head++;
    expect(sideJoined(depth, head * (grid.width + 1)).size).toBe(1);
  });

  it('still never lets the water rise downstream', () => {
    const { surface, depth } = run(true);
    const { drainage } = priorityFlood(grid, input);
    let steps = 0;
    for (let v = 0; v < input.length; v++) {
      if (!(depth[v] > 0)) continue;
      const i = v % grid.width;
      for (const n of [i > 0 ? v - 1 : -1, i < grid.width - 1 ? v + 1 : -1, v - grid.width, v + grid.width, v + grid.width + 1, v - grid.width - 1]) {
        if (n < 0 || n >= input.length || !(depth[n] > 0) || !(drainage[n] < drainage[v])) continue;
        steps++;
        expect(surface[n]).toBeLessThanOrEqual(surface[v]);
      }
    }
    expect(steps).toBeGreaterThan(40);
  });
});
