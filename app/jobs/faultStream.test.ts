import { describe, expect, it } from 'vitest';
import { faultBatchSize } from '../../shared/fault/fastFormation';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { referenceFaultFormation } from '../../shared/fault/reference';
import { presetStack } from '../../shared/layers/migrate';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { continuedStack } from './stackOps';
import { createInProcessTransport } from './inProcessTransport';
import type { TerrainJobRequest } from './protocol';
import { PROGRESS_UNITS_PER_STEP, runTerrainJob } from './runTerrainJob';

const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function request(recipe: FaultRecipe, width: number, depth: number, runMore = 0): TerrainJobRequest {
  const stack = presetStack(recipe, []);
  return { width, depth, cellSize: 1, heights: new Float32Array(0), stack: runMore > 0 ? continuedStack(stack, runMore)! : stack };
}

describe('the fault job streams: progress through the whole generation, cancel at once', () => {
  it('a job of several batches and a "Run more" reports rising progress through every batch and run, and gives the reference bytes', () => {
    const width = 40;
    const batch = faultBatchSize({ kind: 'step' }, width, 1);
    const recipe: FaultRecipe = {
      seed: 6,
      iterations: 2 * batch + 100,
      lineMethod: 'two-point',
      decay: { disp0: 2, dispN: 0.1, n: 3000 },
      profile: { kind: 'step' },
    };
    const more = batch + 50;
    const reports: number[] = [];
    const result = runTerrainJob(request(recipe, width, 33, more), (done, total) => {
      expect(total).toBe(PROGRESS_UNITS_PER_STEP);
      reports.push(done);
    });
    // The two runs, each rounded to float32 at its end, as "Run more" has always been.
    const expected = createHeightfield(width, 33, 1);
    referenceFaultFormation(expected, recipe, { start: 0, end: recipe.iterations });
    referenceFaultFormation(expected, { ...recipe, iterations: recipe.iterations + more }, { start: recipe.iterations, end: recipe.iterations + more });
    expect(bits(result!.heights).equals(bits(expected.heights))).toBe(true);
    for (let k = 1; k < reports.length; k++) expect(reports[k]).toBeGreaterThanOrEqual(reports[k - 1]);
    expect(reports.at(-1)).toBe(PROGRESS_UNITS_PER_STEP);
    // Four batches over the two runs, each reported as it ends (not one jump at the end).
    expect(new Set(reports).size).toBeGreaterThanOrEqual(4);
  });

  it('a million-iteration job is cancelled right after its first progress report, through the transport', async () => {
    const recipe: FaultRecipe = {
      seed: 1,
      iterations: 1_000_000,
      lineMethod: 'normal',
      decay: { disp0: 3, dispN: 0.01, n: 1_000_000 },
      profile: { kind: 'step' },
    };
    const transport = createInProcessTransport();
    let first = -1;
    let cancelledAt = 0;
    let grownBeforeFirst = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    const handle = transport.start(request(recipe, 65, 65), (done) => {
      if (first >= 0) return;
      first = done;
      // Only the first batch is built before the first report (the one-pass engine built every fault first).
      grownBeforeFirst = process.memoryUsage().heapUsed - heapBefore;
      cancelledAt = performance.now();
      handle.cancel();
    });
    const outcome = await handle.outcome;
    expect(outcome.status).toBe('cancelled');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(PROGRESS_UNITS_PER_STEP);
    expect(performance.now() - cancelledAt).toBeLessThan(1000);
    expect(grownBeforeFirst).toBeLessThan(48 * 2 ** 20);
  });
});
