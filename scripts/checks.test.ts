import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECK_STEPS, runSteps } from './checks.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A run whose steps end when the test says so; records what ran at once. */
function controlledRun() {
  const finish = new Map<string, (passed: boolean) => void>();
  const started: string[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const run = (step: { name: string }) =>
    new Promise<boolean>((resolve) => {
      started.push(step.name);
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      finish.set(step.name, (passed) => {
        active -= 1;
        resolve(passed);
      });
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { run, finish, started, settle, mostAtOnce: () => mostAtOnce };
}

describe('static checks side by side', () => {
  it('runs at most `jobs` steps at once, each after the steps it waits for', async () => {
    const c = controlledRun();
    const steps = [{ name: 'a' }, { name: 'b' }, { name: 'c', after: ['a'] }, { name: 'd' }];
    const done = runSteps(steps, 2, c.run);
    await c.settle();
    expect(c.started).toEqual(['a', 'b']);
    c.finish.get('b')!(true);
    await c.settle();
    // c still waits for a: d goes first.
    expect(c.started).toEqual(['a', 'b', 'd']);
    c.finish.get('a')!(true);
    await c.settle();
    expect(c.started).toEqual(['a', 'b', 'd', 'c']);
    c.finish.get('d')!(true);
    c.finish.get('c')!(false);
    const results = await done;
    expect(Object.fromEntries(results)).toEqual({ a: true, b: true, c: false, d: true });
    expect(c.mostAtOnce()).toBe(2);
  });

  it('does not run a step whose prerequisite failed, and counts it failed', async () => {
    const ran: string[] = [];
    const results = await runSteps([{ name: 'build' }, { name: 'scan', after: ['build'] }, { name: 'lint' }], 1, (step) => {
      ran.push(step.name);
      return step.name !== 'build';
    });
    expect(ran).toEqual(['build', 'lint']);
    expect(Object.fromEntries(results)).toEqual({ build: false, scan: false, lint: true });
  });

  it('counts a step that waits on a step that does not exist as failed instead of hanging', async () => {
    const results = await runSteps([{ name: 'scan', after: ['missing'] }], 2, () => true);
    expect(results.get('scan')).toBe(false);
  });

  it("runs the same commands as package.json's lint, typecheck and build scripts, and the security scan after the build", () => {
    const scripts = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const commands = CHECK_STEPS.map((step) => step.command);
    const expected = [scripts.lint, scripts.typecheck, scripts.build.replace(/npm run (\S+)/g, (_m, name: string) => scripts[name]), scripts['test:security']]
      .flatMap((script) => script.split('&&'))
      .map((command) => command.trim());
    expect([...commands].sort()).toEqual([...expected].sort());
    const scan = CHECK_STEPS.find((step) => step.command === scripts['test:security'])!;
    expect(scan.after?.sort()).toEqual(['build:main', 'build:renderer']);
  });
});
