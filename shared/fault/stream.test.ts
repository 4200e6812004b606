import { describe, expect, it } from 'vitest';
import { createHeightfield, terrainExtent, type Heightfield } from '../terrain/heightfield';
import { applyFaults, faultBatchSize, FaultLineStream, generateFaults, runFaultFormation, streamFaults } from './fastFormation';
import { RowSweep } from './rowSweep';
import { LINE_METHODS, type FaultProfile, type FaultRecipe, type LineMethod } from './recipe';
import { referenceFaultFormation } from './reference';
import { bumpy, compareBytes, copyField } from './testing/fields';

const STEP: FaultProfile = { kind: 'step' };
const smooth = (width: number): FaultProfile => ({ kind: 'smooth', width });

function recipeOf(seed: number, lineMethod: LineMethod, iterations: number, profile: FaultProfile): FaultRecipe {
  return { seed, iterations, lineMethod, decay: { disp0: 3.7, dispN: 0.13, n: Math.floor(iterations * 0.7) }, profile };
}

/** Today's one-pass formation: every fault built, then one sweep. */
function onePass(field: Heightfield, recipe: FaultRecipe, start = 0, end = recipe.iterations): void {
  applyFaults(field, generateFaults(recipe, terrainExtent(field), start, end));
}

const BATCH = 16;
// Batch boundaries: a single fault, one short of a batch, exactly one, one over, and a ragged last batch.
const COUNTS = [1, BATCH - 1, BATCH, BATCH + 1, 3 * BATCH + 7];

describe('streamed faults give the bytes of the reference loop and of the one-pass formation', () => {
  // Non-square maps, rows more than a sweep block, cells that are not whole metres.
  const grids: [number, number, number][] = [
    [33, 70, 1],
    [70, 21, 0.37],
    [2, 2, 1],
  ];
  for (const profile of [STEP, smooth(0.8), smooth(9), smooth(5000)]) {
    for (const lineMethod of LINE_METHODS) {
      it(`${profile.kind === 'smooth' ? `smooth ${profile.width} m` : 'step'}, ${lineMethod}: every batch boundary, three grids`, () => {
        for (const [width, depth, cellSize] of grids) {
          for (const count of COUNTS) {
            const recipe = recipeOf(count + width, lineMethod, count, profile);
            const streamed = bumpy(width, depth, cellSize, count);
            const reference = copyField(streamed);
            const today = copyField(streamed);
            expect(streamFaults(streamed, recipe, 0, count, BATCH)).toBe(true);
            referenceFaultFormation(reference, recipe);
            onePass(today, recipe);
            expect(compareBytes(streamed, reference), `${width}×${depth}, ${count} faults vs reference`).toBe('identical');
            expect(compareBytes(streamed, today), `${width}×${depth}, ${count} faults vs one pass`).toBe('identical');
          }
        }
      });
    }
  }

  it('ranges: [start, end) starting mid-batch replays the stream, and [0, n) + [n, m) is the reference in those two steps', () => {
    for (const profile of [STEP, smooth(6)]) {
      for (const lineMethod of LINE_METHODS) {
        const recipe = recipeOf(77, lineMethod, 3 * BATCH + 7, profile);
        const n = BATCH + 5;
        const streamed = bumpy(41, 29, 1.25, 4);
        const reference = copyField(streamed);
        const today = copyField(streamed);
        expect(streamFaults(streamed, recipe, 0, n, BATCH)).toBe(true);
        expect(streamFaults(streamed, recipe, n, recipe.iterations, BATCH)).toBe(true);
        referenceFaultFormation(reference, recipe, { start: 0, end: n });
        referenceFaultFormation(reference, recipe, { start: n, end: recipe.iterations });
        onePass(today, recipe, 0, n);
        onePass(today, recipe, n, recipe.iterations);
        expect(compareBytes(streamed, reference), `${profile.kind} ${lineMethod}`).toBe('identical');
        expect(compareBytes(streamed, today), `${profile.kind} ${lineMethod}`).toBe('identical');
      }
    }
  });

  it('[0, n) + [n, m) equals [0, m) when every partial sum is exact in float32', () => {
    // Whole-metre displacements from flat ground with the step: every sum is a small integer (the
    // smooth ramp's values are not, so its runs round to float32 at each end).
    for (const profile of [STEP]) {
      const recipe: FaultRecipe = { seed: 5, iterations: 3 * BATCH + 7, lineMethod: 'normal', decay: { disp0: 2, dispN: 1, n: 0 }, profile };
      const split = createHeightfield(30, 45, 1);
      const once = createHeightfield(30, 45, 1);
      streamFaults(split, recipe, 0, BATCH + 3, BATCH);
      streamFaults(split, recipe, BATCH + 3, recipe.iterations, BATCH);
      streamFaults(once, recipe, 0, recipe.iterations, BATCH);
      expect(compareBytes(split, once), profile.kind).toBe('identical');
    }
  });

  it('runFaultFormation streams runs longer than a batch and gives the same bytes', () => {
    for (const profile of [STEP, smooth(4)]) {
      const batch = faultBatchSize(profile, 40, 1);
      const recipe = recipeOf(3, 'cross', batch + 300, profile);
      const streamed = bumpy(40, 37, 1, 8);
      const reference = copyField(streamed);
      const today = copyField(streamed);
      const reports: number[] = [];
      expect(runFaultFormation(streamed, recipe, { onProgress: (done) => reports.push(done) })).toBe(true);
      referenceFaultFormation(reference, recipe);
      onePass(today, recipe);
      expect(compareBytes(streamed, reference), profile.kind).toBe('identical');
      expect(compareBytes(streamed, today), profile.kind).toBe('identical');
      // Two batches: a report in the middle of the run at the first batch's end.
      expect(reports).toContain(batch);
    }
  });
});

describe('the row sweep in pieces', () => {
  it('rows swept a few at a time (not whole blocks) give the bytes of one sweep, into heights or an accumulator', () => {
    const field = bumpy(45, 101, 1, 12);
    const recipe = recipeOf(14, 'cross', 60, STEP);
    const faults = [...generateFaults(recipe, terrainExtent(field), 0, 30), ...generateFaults({ ...recipe, profile: smooth(7) }, terrainExtent(field), 30, 60)];
    const lines = faults.map((f) => f.line);
    const displacements = faults.map((f) => f.displacement);
    const widths = faults.map((f) => (f.profile?.kind === 'smooth' ? f.profile.width : 0));
    const whole = new Float32Array(field.heights.length);
    new RowSweep(field, lines, displacements, widths).sweepRows(0, field.depth, field.heights, whole);
    const pieces = new Float32Array(field.heights.length);
    const acc = new Float64Array(field.heights.length);
    const sweep = new RowSweep(field, lines, displacements, widths);
    const inAcc = new RowSweep(field, lines, displacements, widths);
    for (let j0 = 0, step = 1; j0 < field.depth; j0 += step, step = (step * 5) % 37 || 1) {
      const j1 = Math.min(field.depth, j0 + step);
      sweep.sweepRows(j0, j1, field.heights, pieces);
      inAcc.accumulateRows(j0, j1, acc);
    }
    expect(Buffer.from(pieces.buffer).equals(Buffer.from(whole.buffer))).toBe(true);
    const fromAcc = Float32Array.from(field.heights, (h, k) => h + acc[k]);
    expect(Buffer.from(fromAcc.buffer).equals(Buffer.from(whole.buffer))).toBe(true);
    expect(() => sweep.sweepRows(5, 6, field.heights, pieces)).toThrow(/in order/);
  });
});

describe('streamed faults: progress and cancel', () => {
  it('a heavy smooth sweep reports and polls for cancel between single rows', () => {
    // Bands as wide as the map: a row of a batch is 1100 vertices for each of its lines.
    const field = createHeightfield(1100, 90, 1);
    const reports: number[] = [];
    const finished = streamFaults(field, recipeOf(3, 'normal', 3000, smooth(1e5)), 0, 3000, 1024, {
      onProgress: (done) => reports.push(done),
      shouldCancel: () => reports.length >= 3,
    });
    expect(finished).toBe(false);
    expect(reports).toEqual([1024 / 90, (2 * 1024) / 90, (3 * 1024) / 90]);
    expect(field.heights.every((h) => h === 0)).toBe(true);
  });

  it('progress counts faults over the whole run: rising, one total, ending at it', () => {
    const field = createHeightfield(50, 700, 1);
    const reports: [number, number][] = [];
    streamFaults(field, recipeOf(2, 'normal', 200, STEP), 20, 200, 32, { onProgress: (done, total) => reports.push([done, total]) });
    // Six batches, each reporting within its rows too.
    expect(reports.length).toBeGreaterThan(12);
    expect(new Set(reports.map(([, total]) => total))).toEqual(new Set([180]));
    for (let k = 1; k < reports.length; k++) expect(reports[k][0]).toBeGreaterThan(reports[k - 1][0]);
    expect(reports.at(-1)).toEqual([180, 180]);
  });

  it('a cancel between batches or within a batch leaves the heights untouched', () => {
    for (const discardOnCancel of [false, true]) {
      for (const stopAfter of [1, 3, 6]) {
        const field = bumpy(60, 300, 1, 3);
        const before = copyField(field);
        let reports = 0;
        const finished = streamFaults(field, recipeOf(9, 'two-point', 200, smooth(5)), 0, 200, 40, {
          onProgress: () => reports++,
          shouldCancel: () => reports >= stopAfter,
          discardOnCancel,
        });
        expect(finished).toBe(false);
        expect(reports).toBe(stopAfter);
        expect(compareBytes(field, before)).toBe('identical');
      }
    }
  });

  it('rejects bad ranges, batches and recipes before touching the heights', () => {
    const field = bumpy(10, 10, 1, 1);
    const before = copyField(field);
    const recipe = recipeOf(1, 'normal', 10, STEP);
    expect(() => streamFaults(field, recipe, 5, 4, 2)).toThrow(RangeError);
    expect(() => streamFaults(field, recipe, 0, 4, 0)).toThrow(RangeError);
    expect(() => streamFaults(field, { ...recipe, decay: { disp0: 2 ** 20, dispN: 2 ** 20, n: 0 } }, 0, 100, 8)).toThrow(/not exact/);
    expect(() => streamFaults(field, { ...recipe, profile: smooth(-1) }, 0, 4, 2)).toThrow(RangeError);
    expect(compareBytes(field, before)).toBe('identical');
  });

  it('a million faults on 65² stream in bounded memory, and a cancel after the first report returns at once', () => {
    const recipe: FaultRecipe = { seed: 42, iterations: 1_000_000, lineMethod: 'normal', decay: { disp0: 2, dispN: 0.01, n: 1_000_000 }, profile: STEP };
    const field = createHeightfield(65, 65, 1);
    // What the run holds, not the garbage it leaves: heapUsed without a collection first read 48–170 MB
    // in a worker whose heap earlier files had grown (the collector waits longer there). The unit
    // project runs with --expose-gc (vitest.config.ts).
    const collect = (globalThis as { gc?: () => void }).gc;
    if (!collect) throw new Error('this test needs --expose-gc (vitest.config.ts, the unit project)');
    const live = (): number => {
      collect();
      return process.memoryUsage().heapUsed;
    };
    const baseline = live();
    let peak = 0;
    let last = 0;
    let reports = 0;
    expect(
      runFaultFormation(field, recipe, {
        onProgress: (done) => {
          last = done;
          if (reports++ % 8 === 0) peak = Math.max(peak, live() - baseline);
        },
      }),
    ).toBe(true);
    expect(last).toBe(1_000_000);
    expect(reports).toBeGreaterThan(8);
    // The one-pass formation holds every fault (an object and its line) and four sweep arrays of 76 bytes
    // per line: over 300 MB here. Streaming holds one batch (4096 lines) and the accumulator (33 KB).
    expect(peak).toBeLessThan(16 * 2 ** 20);
    expect(field.heights.some((h) => h !== 0)).toBe(true);

    const cancelled = createHeightfield(65, 65, 1);
    let reported = false;
    const started = performance.now();
    expect(runFaultFormation(cancelled, recipe, { onProgress: () => (reported = true), shouldCancel: () => reported })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(cancelled.heights.every((h) => h === 0)).toBe(true);
  });
});

describe('a line stream read on across runs', () => {
  it('runs that share one FaultLineStream give the bytes of runs that replay the PRNG, streamed or not', () => {
    for (const profile of [STEP, smooth(5)]) {
      const recipe = recipeOf(21, 'two-point', 3 * 4096 + 50, profile);
      const ends = [7, 300, 4500, 4501, recipe.iterations];
      const shared = bumpy(30, 26, 1, 5);
      const replayed = copyField(shared);
      const lines = new FaultLineStream(recipe, terrainExtent(shared));
      let start = 0;
      for (const end of ends) {
        expect(runFaultFormation(shared, recipe, { start, end, lines })).toBe(true);
        expect(runFaultFormation(replayed, recipe, { start, end })).toBe(true);
        start = end;
      }
      expect(compareBytes(shared, replayed), profile.kind).toBe('identical');
      // The stream only reads on.
      expect(() => lines.lineAt(0)).toThrow(RangeError);
    }
  });
});
