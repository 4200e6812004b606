/**
 * Where a Node worker thread's code comes from: the built file beside the bundle that starts it
 * (scripts/build-main.mjs builds each worker entry there), or, run from sources (tests,
 * `npm run bench`), a bundle made on first use with esbuild, a dev dependency.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type WorkerSource = { file: string } | { code: string };

const cache = new Map<string, WorkerSource>();

/** The worker entry `name` (e.g. 'heightmapWorker'): `NAME.cjs` beside this bundle, else `NAME.ts` bundled now. */
export function workerSource(name: string): WorkerSource {
  const known = cache.get(name);
  if (known) return known;
  const built = path.join(__dirname, `${name}.cjs`);
  let source: WorkerSource;
  // Inside a packaged app's .asar archive only Electron's patched fs can read it: the worker gets the text.
  if (existsSync(built)) source = built.includes(`.asar${path.sep}`) ? { code: readFileSync(built, 'utf8') } : { file: built };
  else {
    const esbuild = createRequire(__filename)('esbuild') as typeof import('esbuild');
    const result = esbuild.buildSync({
      entryPoints: [path.join(__dirname, `${name}.ts`)],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      logLevel: 'silent',
    });
    source = { code: result.outputFiles[0].text };
  }
  cache.set(name, source);
  return source;
}

export function startWorker(source: WorkerSource): Worker {
  return 'file' in source ? new Worker(source.file) : new Worker(source.code, { eval: true });
}
