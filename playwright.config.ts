import { defineConfig } from '@playwright/test';
import { E2E_ORIGIN, E2E_PORT } from './e2e/bridge/origin';

// Debian's Chromium (never `npx playwright install`); software GL so WebGL works headless.
const chromiumPath = process.env.FAULTLINE_CHROMIUM || '/usr/bin/chromium';
const chromiumArgs = [
  '--use-gl=angle',
  '--use-angle=gl-egl',
  '--ignore-gpu-blocklist',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const browserUse = {
  browserName: 'chromium' as const,
  baseURL: `${E2E_ORIGIN}/`,
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
};

// One worker: WebGL is software-rendered and the machine has 2 cores. Two workers were measured both
// faster and slower under the shared machine's load, and used 37 % more CPU for the same tests
// (BENCHMARKS.md, "Session 10: CI time"); FAULTLINE_E2E_WORKERS or --workers to try more. Figures (the
// report project) are always taken on one worker, alone.
const browserWorkers = Number(process.env.FAULTLINE_E2E_WORKERS) || 1;

export default defineConfig({
  testDir: 'e2e',
  // Unit tests of the e2e helpers (*.test.ts) run in vitest.
  testMatch: '**/*.spec.ts',
  outputDir: 'e2e/.artifacts',
  fullyParallel: false,
  workers: browserWorkers,
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // The CI summary (scripts/test-summary.mjs) reads the JSON report.
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // Recording a trace of every test (kept only when it fails) costs about a sixth of the e2e time
    // (BENCHMARKS.md, "Session 9: CI time"): CI records none unless FAULTLINE_E2E_TRACE=1, and a failing
    // test still leaves its screenshot and error; a local run keeps the trace of a failing test.
    trace: process.env.CI && !process.env.FAULTLINE_E2E_TRACE ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 60_000,
  },
  webServer: {
    command: 'node e2e/bridge/staticServer.mjs',
    url: `${E2E_ORIGIN}/index.html`,
    env: { FAULTLINE_E2E_PORT: String(E2E_PORT) },
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  projects: [
    {
      name: 'browser',
      testIgnore: ['electron.spec.ts'],
      // Tests tagged @report only measure (nothing they check is not checked elsewhere): `npm run bench:e2e`.
      grepInvert: /@report/,
      use: browserUse,
    },
    {
      name: 'report',
      testIgnore: ['electron.spec.ts'],
      grep: /@report/,
      workers: 1,
      use: browserUse,
    },
    {
      name: 'electron',
      testMatch: ['electron.spec.ts'],
      workers: 1,
    },
  ],
});
