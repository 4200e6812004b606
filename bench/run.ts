/**
 * `npm run bench [-- --json] [-- --filter NAME]`: runs every benchmark in bench/*.bench.ts and prints
 * a table (or one JSON object per line on stdout). Ratios compare entries measured in this same run.
 *
 * Each bench file runs in its own child process: otherwise the JIT's type feedback from one file's
 * workload (other field shapes, other call sites) slows down the hot functions measured by the next.
 */
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runBenchmark, type Benchmark, type BenchResult } from './harness';

const CHILD_FLAG = '--child';

interface Options {
  json: boolean;
  filter: string | undefined;
}

function parseOptions(args: string[]): Options {
  const filterIndex = args.indexOf('--filter');
  return { json: args.includes('--json'), filter: filterIndex >= 0 ? args[filterIndex + 1] : undefined };
}

/** Child: runs the matching benchmarks of one file and sends each result to the parent. */
async function runFile(file: string, filter: string | undefined): Promise<void> {
  const mod = (await import(pathToFileURL(file).href)) as { benchmarks: Benchmark[] };
  for (const bench of mod.benchmarks) {
    if (filter && !bench.name.includes(filter)) continue;
    const result = await runBenchmark(bench);
    if (bench.baseline) result.baseline = bench.baseline;
    await new Promise<void>((resolve, reject) => process.send?.(result, (error: Error | null) => (error ? reject(error) : resolve())));
  }
}

function runFileInChild(file: string, filter: string | undefined, onResult: (result: BenchResult) => void): Promise<void> {
  const args = [CHILD_FLAG, file, ...(filter ? ['--filter', filter] : [])];
  const child = fork(fileURLToPath(import.meta.url), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', (message) => onResult(message as BenchResult));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file}: benchmark process exited with code ${code}`))));
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { json, filter } = parseOptions(args);
  const childIndex = args.indexOf(CHILD_FLAG);
  if (childIndex >= 0) return runFile(args[childIndex + 1], filter);

  const dir = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const results: BenchResult[] = [];
  for (const file of files) {
    await runFileInChild(join(dir, file), filter, (result) => {
      if (result.baseline) {
        const base = results.find((r) => r.name === result.baseline || `${r.name}@${r.size}` === result.baseline);
        if (base) result.ratio_to_baseline = base.median_ms / result.median_ms;
        else delete result.baseline;
      }
      results.push(result);
      if (json) console.log(JSON.stringify(result));
      else printRow(result);
    });
  }
}

function printRow(r: BenchResult): void {
  const { name, size, median_ms, min_ms, samples, ops_per_sec, ratio_to_baseline, baseline, ...extra } = r;
  const parts = [
    name.padEnd(34),
    (size !== undefined ? `${size}²` : '').padStart(7),
    `${median_ms.toFixed(2)} ms`.padStart(12),
    `(min ${min_ms.toFixed(2)}, n=${samples})`.padEnd(22),
  ];
  if (ops_per_sec !== undefined) parts.push(`${(ops_per_sec / 1e6).toFixed(1)} M ops/s`);
  if (ratio_to_baseline !== undefined) {
    parts.push(
      ratio_to_baseline >= 1 ? `${ratio_to_baseline.toFixed(1)}× faster than ${baseline}` : `${(1 / ratio_to_baseline).toFixed(1)}× slower than ${baseline}`,
    );
  }
  const rest = Object.entries(extra).map(([k, v]) => `${k}=${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : String(v)}`);
  console.log([...parts, ...rest].join('  '));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
