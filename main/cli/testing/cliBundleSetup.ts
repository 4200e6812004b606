/**
 * The `cli` test project's global setup (vitest.config.ts): bundles the CLI once for the run into a
 * temporary folder (cliProcess.ts `bundleCli`), gives its path to the tests, and removes it at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleCli } from './cliProcess';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-cli-bundle-'));
  project.provide('cliBundle', await bundleCli(folder));
  return () => rm(folder, { recursive: true, force: true });
}
