import { describe, expect, it } from 'vitest';
import type { HydrologyGrid } from './grid';
import { priorityFlood } from './priorityFlood';
import { drainageSurfaceProblem } from './testing/drainageSurface';
import { drainageFromOutlets, raisedFlats, type RaisedFlat } from './testing/raisedFlats';
import { relaxationFill, roughGround, sampled } from './testing/surfaces';
import { runFloodTask, threadedPriorityFlood, type FloodThreads } from './threadedFlood';
import { floodPlan, tiledPriorityFlood } from './tiledFlood';

const bytes = (a: Float32Array | Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

const cases: { name: string; grid: HydrologyGrid; heights: Float32Array }[] = [
  ...[3, 17, 101, 2026].map((seed, n) => {
    const grid = { width: [97, 64, 130, 51][n], depth: [83, 129, 41, 177][n], cellSize: [1, 2.5, 0.75, 4][n] };
    return { name: `rough ground, seed ${seed} (${grid.width} × ${grid.depth})`, grid, heights: roughGround(grid, seed) };
  }),
  {
    // Sea all round (below 0 m) and rough hills with lakes inland: lakes spill to the sea, the sea to the edge.
    name: 'an island in the sea (90 × 120)',
    grid: { width: 90, depth: 120, cellSize: 1 },
    heights: (() => {
      const grid = { width: 90, depth: 120, cellSize: 1 };
      const rough = roughGround(grid, 44, 4);
      return sampled(grid, (x, z) => 30 - 0.012 * ((x - 45) ** 2 + (z - 60) ** 2) + rough[z * 90 + x]);
    })(),
  },
  {
    // A trough along z across every band, walled except for one gap on the map's west edge at z = 5:
    // one lake over all bands, drained through the edge.
    name: 'one long lake across the bands, draining off the west edge (40 × 150)',
    grid: { width: 40, depth: 150, cellSize: 1 },
    heights: sampled({ width: 40, depth: 150, cellSize: 1 }, (x, z) => {
      if (x >= 10 && x <= 30 && z >= 3 && z <= 146) return 1 + 0.5 * Math.sin(x * 1.3 + z * 0.7);
      if (z === 5 && x < 10) return 1.75;
      return 4;
    }),
  },
  {
    name: 'terraced flats at 0 m (60 × 45)',
    grid: { width: 60, depth: 45, cellSize: 1 },
    heights: sampled({ width: 60, depth: 45, cellSize: 1 }, (x, z) => Math.max(0, Math.round(Math.sin(x / 7) * Math.cos(z / 5) * 3))),
  },
  {
    name: 'terraces below sea level, with −0 (41 × 70)',
    grid: { width: 41, depth: 70, cellSize: 1 },
    heights: sampled({ width: 41, depth: 70, cellSize: 1 }, (x, z) => Math.min(-0, Math.round(Math.sin(x / 5) * Math.cos(z / 9) * 4) / 2)),
  },
  { name: 'a thin grid (7 × 9)', grid: { width: 7, depth: 9, cellSize: 1 }, heights: roughGround({ width: 7, depth: 9, cellSize: 1 }, 8) },
];

/** Checks `drainage` against the Priority-Flood+ε description (testing/raisedFlats.ts), built from an independent filler's levels. */
function expectValidDrainage(grid: HydrologyGrid, heights: Float32Array, drainage: Float64Array, single: Float64Array): void {
  const flats = raisedFlats(grid, relaxationFill(grid, heights));
  const chosen = new Map<RaisedFlat, number>();
  for (const flat of flats) {
    const fits = flat.outlets.filter((outlet) => {
      const candidate = drainageFromOutlets(grid, heights, [flat], () => outlet);
      return flat.vertices.every((v) => Object.is(candidate[v], drainage[v]));
    });
    expect(fits.length, `the flat at ${flat.level} m (${flat.vertices.length} vertices)`).toBeGreaterThan(0);
    // A flat with one outlet leaves no choice: the one-thread flood's bytes.
    if (flat.outlets.length === 1) for (const v of flat.vertices) expect(Object.is(drainage[v], single[v])).toBe(true);
    chosen.set(flat, fits[0]);
  }
  const rebuilt = drainageFromOutlets(grid, heights, flats, (flat) => chosen.get(flat) as number);
  expect(bytes(rebuilt)).toEqual(bytes(drainage));
}

describe('the Priority-Flood by bands of rows (Barnes 2016)', () => {
  for (const { name, grid, heights } of cases) {
    for (const bands of [2, 3, 5]) {
      it(`gives priorityFlood's levels bit for bit, and a valid ε drainage, on ${name} in ${bands} bands`, () => {
        const single = priorityFlood(grid, heights);
        const tiled = tiledPriorityFlood(grid, heights, floodPlan(grid.width, grid.depth, bands));
        expect(bytes(tiled.level)).toEqual(bytes(single.level));
        expectValidDrainage(grid, heights, tiled.drainage, single.drainage);
      });
    }
  }

  for (const { name, grid, heights } of cases) {
    it(`gives priorityFlood's levels bit for bit, and a valid ε drainage, on ${name} in 2, 3 and 5 bands of the lazy flood`, () => {
      const single = priorityFlood(grid, heights);
      for (const bands of [2, 3, 5]) {
        const tiled = tiledPriorityFlood(grid, heights, floodPlan(grid.width, grid.depth, bands, 2));
        expect(bytes(tiled.level)).toEqual(bytes(single.level));
        expect(drainageSurfaceProblem(grid, heights, tiled.level, tiled.drainage)).toBeNull();
      }
    });
  }

  it('is priorityFlood itself, bit for bit, on a map of one band', () => {
    const grid = { width: 120, depth: 90, cellSize: 1 };
    const heights = sampled(grid, (x, z) => Math.max(0, Math.round(Math.sin(x / 7) * Math.cos(z / 5) * 3)));
    expect(floodPlan(grid.width, grid.depth).bands).toHaveLength(1);
    const tiled = tiledPriorityFlood(grid, heights);
    const single = priorityFlood(grid, heights);
    expect(bytes(tiled.level)).toEqual(bytes(single.level));
    expect(bytes(tiled.drainage)).toEqual(bytes(single.drainage));
  });

  it('cuts bands from the map alone: about 2048 rows each, every row in one band', () => {
    const plan = floodPlan(4097, 4097);
    expect(plan.bands.map((band) => [band.start, band.rows])).toEqual([
      [0, 2048],
      [2048, 2049],
    ]);
    expect(plan.labelCount).toBe(1 + 2 * 4097);
    expect(floodPlan(1025, 1025).bands).toHaveLength(1);
  });

  it('names a height that is not finite', () => {
    const grid = { width: 5, depth: 4, cellSize: 1 };
    const heights = new Float32Array(20);
    heights[7] = NaN;
    expect(() => tiledPriorityFlood(grid, heights)).toThrow('height 7 is NaN');
  });
});

/** Threads on this one: each task runs when asked, after a turn of the event loop (so tasks interleave). */
const inThread = (threads: number): FloodThreads => ({
  threads,
  run: async (_index, task) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return runFloodTask(task);
  },
});

describe('the Priority-Flood on threads', () => {
  // Tall enough for two bands of the default plan (2048 rows each), narrow to stay quick.
  const grid = { width: 9, depth: 4200, cellSize: 1 };
  const heights = sampled(grid, (x, z) => Math.max(0, Math.round(4 + 3 * Math.sin(z / 40) * Math.sin(x + z / 3))));
  const rough = roughGround(grid, 12);

  for (const [name, map, version] of [
    ['terraces (tied outlets)', heights, 1],
    ['rough ground', rough, 1],
    ['terraces (tied outlets), by the lazy flood', heights, 2],
    ['rough ground, by the lazy flood', rough, 2],
  ] as const) {
    it(`gives the same bytes on 1, 2 and 3 threads as the bands on this thread, on ${name}`, async () => {
      const one = tiledPriorityFlood(grid, map, floodPlan(grid.width, grid.depth, undefined, version));
      expect(floodPlan(grid.width, grid.depth).bands).toHaveLength(2);
      for (const threads of [1, 2, 3]) {
        const filled = await threadedPriorityFlood(grid, map, inThread(threads), version);
        expect(bytes(filled.level)).toEqual(bytes(one.level));
        expect(bytes(filled.drainage)).toEqual(bytes(one.drainage));
      }
      expect(bytes(one.level)).toEqual(bytes(priorityFlood(grid, map).level));
    });
  }

  it('rejects bad input before a thread runs', async () => {
    let ran = 0;
    const pool: FloodThreads = { threads: 2, run: async (_index, task) => (ran++, runFloodTask(task)) };
    await expect(threadedPriorityFlood({ width: 3, depth: 1, cellSize: 1 }, new Float32Array(3), pool)).rejects.toThrow('at least 2 × 2');
    expect(ran).toBe(0);
  });
});
