import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const include = ['shared/**/*.test.ts', 'app/**/*.test.ts', 'main/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/perf/**/*.test.ts'];
// The CLI's tests start `tsx` child processes and erosion threads of their own: they run after the
// others, one file at a time, as before. Every other file runs in-process, on all the cores (vitest's
// default leaves one core idle: one worker on a 2-core machine). BENCHMARKS.md, "Session 9: CI time".
const CLI_TESTS = 'main/cli/**/*.test.ts';

export default defineConfig({
  test: {
    // The JSON report feeds the single summary line that CI prints (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include, exclude: [CLI_TESTS], maxWorkers: availableParallelism(), sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'cli', include: [CLI_TESTS], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
});
