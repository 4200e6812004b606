import { afterAll, describe, expect, it } from 'vitest';
import { priorityFlood } from '../../shared/hydrology/priorityFlood';
import { roughGround } from '../../shared/hydrology/testing/surfaces';
import { threadedPriorityFlood } from '../../shared/hydrology/threadedFlood';
import { floodPlan, tiledPriorityFlood } from '../../shared/hydrology/tiledFlood';
import { createFloodPool } from './floodThreads';

const bytes = (a: Float32Array | Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe('the Priority-Flood on worker threads', () => {
  const pool = createFloodPool(2);
  afterAll(() => pool.close());
  // Tall enough for two bands of the default plan, narrow to stay quick.
  const grid = { width: 11, depth: 4300, cellSize: 1 };
  const heights = roughGround(grid, 31);

  it("gives the bands' bytes on one thread, and priorityFlood's levels, from two workers", async () => {
    expect(floodPlan(grid.width, grid.depth).bands).toHaveLength(2);
    const filled = await threadedPriorityFlood(grid, heights, pool);
    const one = tiledPriorityFlood(grid, heights);
    expect(bytes(filled.level)).toEqual(bytes(one.level));
    expect(bytes(filled.drainage)).toEqual(bytes(one.drainage));
    expect(bytes(filled.level)).toEqual(bytes(priorityFlood(grid, heights).level));
  });

  it("gives the bands' bytes on one thread from two workers by the lazy flood (flood 2), and priorityFlood's levels", async () => {
    const filled = await threadedPriorityFlood(grid, heights, pool, 2);
    const one = tiledPriorityFlood(grid, heights, floodPlan(grid.width, grid.depth, undefined, 2));
    expect(bytes(filled.level)).toEqual(bytes(one.level));
    expect(bytes(filled.drainage)).toEqual(bytes(one.drainage));
    expect(bytes(filled.level)).toEqual(bytes(priorityFlood(grid, heights).level));
    // Not flood 1's bands: the version reached the workers.
    expect(bytes(filled.drainage)).not.toEqual(bytes(tiledPriorityFlood(grid, heights).drainage));
  });

  it("passes a worker's error on", async () => {
    const plan = floodPlan(grid.width, grid.depth);
    // Buffers too short for the plan: the worker's typed arrays end before the band does.
    const tiny = { heights: new SharedArrayBuffer(4), level: new SharedArrayBuffer(4), drainage: new SharedArrayBuffer(8), labels: new SharedArrayBuffer(4) };
    await expect(pool.run(0, { kind: 'flood-band', plan, band: 1, buffers: tiny })).rejects.toThrow();
  });
});
