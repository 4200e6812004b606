import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'app/**/*.test.ts', 'main/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/perf/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // The JSON report feeds the single summary line that CI prints (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
