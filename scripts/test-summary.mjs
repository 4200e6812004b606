// Prints "N passed, N failed" summing the unit (vitest JSON) and end-to-end (Playwright JSON) reports.
// A failing step that produced no test report (lint, type-check, build, security scan) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const exitStatus = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;

function readJson(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    failed += 1;
    console.log(`test-summary: ${path} is not valid JSON`);
    return undefined;
  }
}

const unit = readJson('test-results/unit.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  // A test file that fails to load counts as a failure even when it has no tests.
  for (const file of unit.testResults ?? []) if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1;
}
const e2e = readJson('test-results/e2e.json');
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
  for (const error of e2e.errors ?? []) {
    failed += 1;
    console.log(`e2e error outside tests: ${error.message?.split('\n')[0] ?? 'unknown'}`);
  }
}
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
