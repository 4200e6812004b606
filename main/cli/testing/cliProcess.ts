/**
 * The CLI as a process on disk, as users run it: `main/cli/index.ts` and its worker threads bundled with
 * esbuild the way scripts/build-main.mjs builds `dist/cli` (CommonJS for Node 20, the erosion and flood
 * workers beside the CLI, where main/services/workerSource.ts looks for them), then run with this Node.
 * The `cli` test project bundles it once a run from this run's sources, never a stale `dist`
 * (cliBundleSetup.ts, its global setup), and removes it at the end. A `tsx main/cli/index.ts` start
 * transpiled the CLI's modules at every start (about 1 s of CPU a process against 0.2 s for the bundle;
 * BENCHMARKS.md, "Session 28: CI time").
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI's path (cliBundleSetup.ts). */
    cliBundle: string;
  }
}

const repoRoot = path.resolve(__dirname, '../../..');
const exec = promisify(execFile);

/** The entry points of `dist/cli` (scripts/build-main.mjs) and their file names there. */
const CLI_FILES: readonly (readonly [entry: string, file: string])[] = [
  ['main/cli/index.ts', 'faultline.cjs'],
  ['main/services/erosionWorker.ts', 'erosionWorker.cjs'],
  ['main/services/floodWorker.ts', 'floodWorker.cjs'],
];

/** Bundles the CLI and its workers into `folder`; resolves to the CLI's path there. */
export async function bundleCli(folder: string): Promise<string> {
  await Promise.all(
    CLI_FILES.map(([entry, file]) =>
      build({
        absWorkingDir: repoRoot,
        entryPoints: [entry],
        outfile: path.join(folder, file),
        bundle: true,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        logLevel: 'silent',
      }),
    ),
  );
  return path.join(folder, 'faultline.cjs');
}

/**
 * Runs the bundled CLI with `args` in `cwd` (the repository by default): execFile's promise, which rejects
 * on a non-zero exit with the error's `code`, `stdout` and `stderr`.
 */
export function execCli(args: readonly string[], cwd: string = repoRoot): Promise<{ stdout: string; stderr: string }> {
  const bundle = inject('cliBundle');
  if (!bundle) throw new Error('no bundled CLI: run the test in the cli project (vitest.config.ts), whose global setup makes it');
  return exec(process.execPath, [bundle, ...args], { cwd });
}
