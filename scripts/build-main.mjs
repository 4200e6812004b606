// Builds the Electron main process, the sandboxed preload and the CLI with esbuild.
// The preload must be ONE CommonJS file: a sandboxed preload cannot require anything but 'electron'.
import { build } from 'esbuild';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.env.NODE_ENV === 'production';

const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  sourcemap: production ? false : 'linked',
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
};

const targets = [
  { entryPoints: ['main/main.ts'], outfile: 'dist/main/main.cjs', target: 'node20', external: ['electron'] },
  { entryPoints: ['main/preload.ts'], outfile: 'dist/main/preload.cjs', target: ['chrome120', 'node20'], external: ['electron'] },
  {
    entryPoints: ['main/cli/index.ts'],
    outfile: 'dist/cli/faultline.cjs',
    target: 'node20',
    // The CLI runs in plain Node: it must never pull in Electron.
    external: [],
    banner: { js: '#!/usr/bin/env node' },
  },
  // Erosion worker threads of the CLI (main/services/erosionThreads.ts finds it beside the CLI).
  { entryPoints: ['main/services/erosionWorker.ts'], outfile: 'dist/cli/erosionWorker.cjs', target: 'node20', external: [] },
  // Priority-Flood worker threads of the CLI and benchmarks (main/services/floodThreads.ts finds it beside the CLI).
  { entryPoints: ['main/services/floodWorker.ts'], outfile: 'dist/cli/floodWorker.cjs', target: 'node20', external: [] },
  // The heightmap encoder of file:exportHeightmap (main/services/heightmapEncode.ts finds it beside main.cjs).
  { entryPoints: ['main/services/heightmapWorker.ts'], outfile: 'dist/main/heightmapWorker.cjs', target: 'node20', external: [] },
  // Project open, save and journal off main's event loop (main/services/projectThread.ts finds it beside main.cjs).
  { entryPoints: ['main/services/projectWorker.ts'], outfile: 'dist/main/projectWorker.cjs', target: 'node20', external: [] },
];

try {
  await Promise.all(targets.map((options) => build({ ...common, ...options })));
  await chmod(path.join(root, 'dist/cli/faultline.cjs'), 0o755);
  console.log(`build-main: ${targets.map((t) => t.outfile).join(', ')}`);
} catch (error) {
  // esbuild already printed the located errors; keep the exit code meaningful for npm test.
  console.error(`build-main failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exit(1);
}
