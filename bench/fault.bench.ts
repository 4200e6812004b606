import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from './harness';
import { runFaultFormation } from '../shared/fault/fastFormation';
import { referenceFaultFormation } from '../shared/fault/reference';
import { DEFAULT_RECIPE, type FaultRecipe } from '../shared/fault/recipe';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';

const ITERATIONS = 1000;
const recipe: FaultRecipe = { ...DEFAULT_RECIPE, seed: 2024, iterations: ITERATIONS };

// The plain loop takes seconds per run at these sizes (about 2·10⁸ and 10⁹ side tests): one sample. Entries named `name@size` are
// what bench/run.ts matches `baseline` against, so each fast entry is compared at its own size.
function reference(size: number): Benchmark {
  return {
    name: 'fault-formation-reference',
    size,
    params: { iterations: ITERATIONS },
    samples: 1,
    warmup: 0,
    setup: () => createHeightfield(size, size, 1),
    run: (field) => referenceFaultFormation(field as Heightfield, recipe),
  };
}

function fast(size: number, baseline?: string): Benchmark {
  return {
    name: 'fault-formation',
    size,
    params: { iterations: ITERATIONS },
    samples: size > 2000 ? 7 : 15,
    warmup: 2,
    ...(baseline ? { baseline } : {}),
    setup: () => createHeightfield(size, size, 1),
    run: (field) => runFaultFormation(field as Heightfield, recipe),
  };
}

/**
 * A maximal recipe (10⁶ iterations) in a fresh process (bench/faultStreamMemory.ts), so that its peak
 * RSS is this run's alone: streamed (today's engine) and, as the baseline, every fault built first.
 */
function longRun(size: number, iterations: number, mode: 'stream' | 'one-pass'): Benchmark {
  let figures: Record<string, number> = {};
  return {
    name: mode === 'stream' ? 'fault-formation-long' : 'fault-formation-long-one-pass',
    size,
    params: { iterations },
    samples: 1,
    warmup: 0,
    ...(mode === 'stream' ? { baseline: 'fault-formation-long-one-pass' } : {}),
    run: () => {
      const script = fileURLToPath(new URL('./faultStreamMemory.ts', import.meta.url));
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, String(size), String(iterations), mode], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (child.status !== 0) throw new Error(`bench/faultStreamMemory.ts failed: ${child.stderr}`);
      const parsed = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
      figures = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
    },
    measure: () => figures,
  };
}

/**
 * Cancel of a maximal recipe (10⁶ iterations) on a 4097² map, in process as the in-process job
 * transport runs it: the time to the first progress report, the longest gap between two cancel polls
 * over the first 3 s of sweeping, and how long the run takes to return once a poll says cancel. (The
 * app's worker is cancelled by terminating it.)
 */
function cancelRun(size: number, profile: FaultRecipe['profile']): Benchmark {
  let figures: Record<string, number> = {};
  const iterations = 1_000_000;
  const long: FaultRecipe = { ...DEFAULT_RECIPE, seed: 2024, iterations, decay: { ...DEFAULT_RECIPE.decay, n: iterations }, profile };
  return {
    name: `fault-formation-cancel ${profile?.kind === 'smooth' ? `smooth w=${profile.width}` : 'step'}`,
    size,
    params: { iterations },
    samples: 1,
    warmup: 0,
    setup: () => createHeightfield(size, size, 1),
    run: (field) => {
      const start = performance.now();
      let firstReport = -1;
      let lastPoll = start;
      let longestGap = 0;
      let cancelledAt = 0;
      runFaultFormation(field as Heightfield, long, {
        onProgress: () => {
          if (firstReport < 0) firstReport = performance.now() - start;
        },
        shouldCancel: () => {
          const now = performance.now();
          longestGap = Math.max(longestGap, now - lastPoll);
          lastPoll = now;
          if (now - start < 3000) return false;
          cancelledAt = now;
          return true;
        },
      });
      figures = { first_report_ms: firstReport, longest_poll_gap_ms: longestGap, return_after_cancel_ms: performance.now() - cancelledAt };
    },
    measure: () => figures,
  };
}

export const benchmarks: Benchmark[] = [
  cancelRun(4097, { kind: 'step' }),
  cancelRun(4097, { kind: 'smooth', width: 100_000 }),
  longRun(513, 1_000_000, 'one-pass'),
  longRun(513, 1_000_000, 'stream'),
  reference(513),
  reference(1025),
  fast(513, 'fault-formation-reference@513'),
  fast(1025, 'fault-formation-reference@1025'),
  fast(4097),
];
