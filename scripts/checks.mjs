// The static checks of `npm test` (lint, import cycles, both type-checks, the build, the security scan of
// the build), run side by side on the machine's cores instead of one after another. Each step's output is
// printed whole when it ends, with its time; the exit status is 1 when any step failed.
//
// Usage: node scripts/checks.mjs [--jobs N]   (default: the cores, at least 2: tsc and eslint each wait on disk)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** name, command, and the steps it waits for. The commands are the package.json scripts' own. */
export const CHECK_STEPS = [
  { name: 'lint', command: 'eslint --max-warnings 0 .' },
  { name: 'typecheck', command: 'tsc -p tsconfig.json --noEmit' },
  { name: 'typecheck shared (ES library only)', command: 'tsc -p shared/tsconfig.json --noEmit' },
  { name: 'build:renderer', command: 'vite build --config renderer/vite.config.ts' },
  { name: 'build:main', command: 'node scripts/build-main.mjs' },
  { name: 'import cycles', command: 'node scripts/import-cycles.mjs' },
  { name: 'structure', command: 'node scripts/structure.mjs' },
  { name: 'format', command: 'prettier --check --log-level warn "{shared,app,renderer,main,e2e,bench,scripts}/**/*.{ts,tsx,mts,mjs}" "*.{ts,mjs}"' },
  { name: 'security scan', command: 'node scripts/electronegativity.mjs', after: ['build:renderer', 'build:main'] },
];

/**
 * Runs `steps` with at most `jobs` at once, each as soon as the steps it waits for have passed (a step
 * whose prerequisite failed is not run and counts as failed). `run(step)` resolves to true when it passed.
 */
export async function runSteps(steps, jobs, run) {
  const results = new Map();
  const pending = [...steps];
  const running = new Set();
  return new Promise((resolve) => {
    const launch = () => {
      for (let k = 0; k < pending.length && running.size < jobs;) {
        const step = pending[k];
        const waits = step.after ?? [];
        if (waits.some((name) => results.get(name) === false)) {
          pending.splice(k, 1);
          results.set(step.name, false);
          continue;
        }
        if (!waits.every((name) => results.get(name) === true)) {
          k += 1;
          continue;
        }
        pending.splice(k, 1);
        const job = Promise.resolve(run(step)).then((passed) => {
          running.delete(job);
          results.set(step.name, passed);
          launch();
        });
        running.add(job);
      }
      if (running.size === 0) {
        // Whatever is still pending waits on a step that never ran (a missing name): failed.
        for (const step of pending.splice(0)) results.set(step.name, false);
        resolve(results);
      }
    };
    launch();
  });
}

function runCommand(step) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n── ${step.name} (${step.command}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const jobsFlag = process.argv.indexOf('--jobs');
  const jobs = jobsFlag >= 0 ? Number(process.argv[jobsFlag + 1]) : Math.max(2, availableParallelism());
  if (!Number.isInteger(jobs) || jobs < 1) {
    console.error('checks: --jobs takes a whole number ≥ 1');
    process.exit(2);
  }
  // npm scripts put node_modules/.bin on PATH; direct runs (node scripts/checks.mjs) need it too.
  process.env.PATH = `${fileURLToPath(new URL('../node_modules/.bin', import.meta.url))}:${process.env.PATH}`;
  const started = performance.now();
  const results = await runSteps(CHECK_STEPS, jobs, runCommand);
  const failed = [...results].filter(([, passed]) => !passed).map(([name]) => name);
  console.log(
    `\nchecks: ${results.size - failed.length} of ${results.size} passed in ${((performance.now() - started) / 1000).toFixed(1)} ` +
      `s${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
  );
  process.exit(failed.length ? 1 : 0);
}
