import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { groundTexturesPlugin } from './renderer/groundTexturesPlugin';

const include = [
  'shared/**/*.test.ts',
  'app/**/*.test.ts',
  'main/**/*.test.ts',
  'renderer/**/*.test.ts',
  'scripts/**/*.test.ts',
  'e2e/perf/**/*.test.ts',
  'e2e/lattice/**/*.test.ts',
];
// The CLI's tests start `tsx` child processes and erosion threads of their own: they run after the
// others, one file at a time, as before. Every other file runs in-process, on all the cores (vitest's
// default leaves one core idle: one worker on a 2-core machine). BENCHMARKS.md, "Session 9: CI time".
const CLI_TESTS = 'main/cli/**/*.test.ts';
// A file that mocks a module (vi.mock) gets a module graph of its own; every other file shares its
// worker's loaded modules with the files before it (`isolate: false`): importing the editor, three and
// the codecs again for each of 200 files was most of the unit tests' time (BENCHMARKS.md, "Session 11:
// CI time"). Tests must not rely on module state another file left: each makes what it uses.
const OWN_MODULES = ['app/editorSession.features.test.ts'];

export default defineConfig({
  // The window's code reads the build's ground textures; unit tests serve, so it makes them as in development.
  plugins: [groundTexturesPlugin()],
  test: {
    // The JSON report feeds the single summary line that CI prints (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include,
          exclude: [CLI_TESTS, ...OWN_MODULES],
          isolate: false,
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 0 },
          // Memory bounds read the heap after a collection (shared/fault/stream.test.ts), not its garbage.
          execArgv: ['--expose-gc'],
        },
      },
      {
        extends: true,
        test: { name: 'mocks', include: OWN_MODULES, maxWorkers: availableParallelism(), sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // The CLI's process tests run it bundled as dist/cli has it, made once for the run (main/cli/testing/cliProcess.ts).
        test: {
          name: 'cli',
          include: [CLI_TESTS],
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          globalSetup: ['main/cli/testing/cliBundleSetup.ts'],
        },
      },
    ],
    // toEqual on typed arrays in one loop (scripts/testing/typedArrayEquality.ts).
    setupFiles: ['scripts/testing/typedArrayEquality.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
