/**
 * `npm run bench [-- --json] [-- --filter NAME]`: runs every benchmark in bench/*.bench.ts and prints
 * a table (or one JSON object per line). Ratios compare entries measured in this same run.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runBenchmark, type Benchmark, type BenchResult } from './harness';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const filterIndex = args.indexOf('--filter');
  const filter = filterIndex >= 0 ? args[filterIndex + 1] : undefined;
  const dir = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort();
  const results: BenchResult[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { benchmarks: Benchmark[] };
    for (const bench of mod.benchmarks) {
      if (filter && !bench.name.includes(filter)) continue;
      const result = runBenchmark(bench);
      if (bench.baseline) {
        const base = results.find((r) => r.name === bench.baseline || `${r.name}@${r.size}` === bench.baseline);
        if (base) {
          result.baseline = bench.baseline;
          result.ratio_to_baseline = base.median_ms / result.median_ms;
        }
      }
      results.push(result);
      if (json) console.log(JSON.stringify(result));
      else printRow(result);
    }
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
  if (ratio_to_baseline !== undefined) parts.push(`${ratio_to_baseline.toFixed(1)}× faster than ${baseline}`);
  const rest = Object.entries(extra).map(([k, v]) => `${k}=${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : String(v)}`);
  console.log([...parts, ...rest].join('  '));
}

void main();
