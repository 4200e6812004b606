/** A benchmark entry: `run` is timed `samples` times after `warmup` untimed runs; the median is reported. */
export interface Benchmark {
  name: string;
  /** Vertices per side, where it applies. */
  size?: number;
  /** Extra parameters reported with the result (e.g. iterations). */
  params?: Record<string, number | string>;
  /** Name of another entry measured in the same run that this one is compared against. */
  baseline?: string;
  /** Optional throughput: operations done by one `run`, reported as ops per second. */
  opsPerRun?: number;
  samples?: number;
  warmup?: number;
  /** Prepares state outside the timing; `run` receives what it returns. */
  setup?: () => unknown;
  /** What it returns is ignored, except a promise (an async encoder), awaited inside the timing. */
  run: (state: unknown) => unknown;
  /** Extra figures measured once (e.g. memory in bytes), reported alongside. */
  measure?: () => Record<string, number>;
}

export interface BenchResult {
  name: string;
  size?: number;
  median_ms: number;
  min_ms: number;
  samples: number;
  ops_per_sec?: number;
  ratio_to_baseline?: number;
  baseline?: string;
  [extra: string]: unknown;
}

/** Median of a list of timings. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function runBenchmark(bench: Benchmark): Promise<BenchResult> {
  const state = bench.setup?.();
  const samples = bench.samples ?? 7;
  for (let k = 0; k < (bench.warmup ?? 2); k++) {
    const pending = bench.run(state);
    if (pending instanceof Promise) await pending;
  }
  const times: number[] = [];
  for (let k = 0; k < samples; k++) {
    const start = performance.now();
    const pending = bench.run(state);
    // Only an async run pays for an await: synchronous benches are timed exactly as before.
    if (pending instanceof Promise) await pending;
    times.push(performance.now() - start);
  }
  const median_ms = median(times);
  const result: BenchResult = { name: bench.name, median_ms, min_ms: Math.min(...times), samples, ...bench.params };
  if (bench.size !== undefined) result.size = bench.size;
  if (bench.opsPerRun) result.ops_per_sec = (bench.opsPerRun / median_ms) * 1000;
  if (bench.measure) Object.assign(result, bench.measure());
  return result;
}

/** CPU time (user + system) of each run; reported as the median and the least of the timed ones (after the warm-ups). */
export function cpuTimed(samples: number, run: (state: unknown) => unknown): { run: (state: unknown) => unknown; measure: () => Record<string, number> } {
  const used: number[] = [];
  return {
    run: (state) => {
      const start = process.cpuUsage();
      run(state);
      const spent = process.cpuUsage(start);
      used.push((spent.user + spent.system) / 1000);
    },
    measure: () => {
      const timed = used.slice(-samples);
      return { cpu_median_ms: median(timed), cpu_min_ms: Math.min(...timed) };
    },
  };
}
