// Test helper run as a separate process by projectService.kill.test.ts: saves two distinct projects
// to one target over and over (as Save does: atomic write with a .bak) until it is killed.
import { readFileSync } from 'node:fs';
import { atomicWrite } from '../atomicWrite';

async function main(): Promise<void> {
  const [target, first, second] = process.argv.slice(2);
  const versions = [readFileSync(first), readFileSync(second)];
  for (let n = 0; ; n++) {
    await atomicWrite(target, versions[n % 2], { keepBackup: true });
    if (n === 0) process.stdout.write('ready\n');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
