/**
 * The CLI as a process on disk, as users run it: `main/cli/index.ts` and its worker threads bundled with
 * esbuild the way scripts/build-main.mjs builds `dist/cli` (CommonJS for Node 20, the erosion and flood
 * workers beside the CLI, where main/services/workerSource.ts looks for them), once per test worker into a
 * temporary folder, then run with this Node. The bundle is made from the sources of this run, never a
 * stale `dist`. A `tsx main/cli/index.ts` start transpiled the CLI's modules at every start (about 1 s
 * of CPU a process against 0.2 s for the bundle; BENCHMARKS.md, "Session 28: CI time").
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const repoRoot = path.resolve(__dirname, '../../..');
const exec = promisify(execFile);

/** The entry points of `dist/cli` (scripts/build-main.mjs) and their file names there. */
const CLI_FILES: readonly (readonly [entry: string, file: string])[] = [
  ['main/cli/index.ts', 'faultline.cjs'],
  ['main/services/erosionWorker.ts', 'erosionWorker.cjs'],
  ['main/services/floodWorker.ts', 'floodWorker.cjs'],
];

let bundled: Promise<string> | undefined;

/** The bundled CLI's path, made on first use (removed when the test worker exits). */
export function cliBundle(): Promise<string> {
  bundled ??= (async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'faultline-cli-bundle-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
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
  })();
  return bundled;
}

/**
 * Runs the CLI with `args` in `cwd` (the repository by default): execFile's promise, which rejects on a
 * non-zero exit with the error's `code`, `stdout` and `stderr`.
 */
export async function execCli(args: readonly string[], cwd: string = repoRoot): Promise<{ stdout: string; stderr: string }> {
  return exec(process.execPath, [await cliBundle(), ...args], { cwd });
}
